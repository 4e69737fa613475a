import Foundation

// The column counts a whole-table realignment (TableBuilder+RowRealignment.swift) tries.
extension TableBuilder {
    /// The cells per row a whole-table realignment (``realign(_:leading:kcal:after:servingRatio:)``) tries: the most
    /// common cell count of the rows as read, and any larger column count k ≤ 4 that the cells fill exactly
    /// (`cellCount` = k × `nameCount`). Realigned so, the table is taken when it passes every first-column check that
    /// the rows as read fail, even by less than the usual margin. On a two-column table read half a row off, most
    /// rows hold one cell of their own and one of the next row ("Kohlenhydrate / 3,5 g / davon Zucker / 3,5g 1% /
    /// 3,5 g / 3,5g 4%" … "Salz / 13g / 13g 26% / 0,8 g / 0,8g 13%"), so the most common count is 1 while the cells
    /// are exactly two per row name. Not where the two energy columns differ by 20 % or more (`servingRatio`, per
    /// serving ÷ per 100 g): there the cells' own ratio pairs them
    /// (``pairedByServingRatio(_:leading:ratio:kcal:after:)``), which a count cannot overrule (a 133 g serving read
    /// "0,8g" / "Fett" / "0,6 g" …: cut in twos, the pairs come in different column orders).
    static func realignmentCellsPerRow(typical: Int, cellCount: Int, nameCount: Int, servingRatio: Double?) -> [Int] {
        guard nameCount > 0, typical < 4, servingRatio.map({ abs($0 - 1) < 0.2 }) ?? true else { return [typical] }
        return [typical] + (typical + 1...4).filter { cellCount == $0 * nameCount }
    }
}
