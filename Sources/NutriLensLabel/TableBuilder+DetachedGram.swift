import Foundation

// "Glucides 27,3 9 0,5", "Matières grasses 8,9 9 0,2g": a table that prints its units after the amounts, read with
// the "g" of a per-100 g amount detached by a space and taken for a 9. The lone 9 was a cell of its own, one more
// than the table has columns, and pushed the per-serving value out (carbohydrate per 2 g serving read as 9 g).
extension TableBuilder {
    /// `rows` with each detached "g" read as 9 left out: in a row holding more cells than the table's typical row
    /// (`typicalCount`, two or more), a cell printed exactly "9" (no unit, no qualifier, not a percentage) right
    /// after a bare decimal amount on the same line ("27,3", not "27" nor "27,3 g"), with another cell after it.
    static func droppingDetachedGramNines(_ rows: [AssembledRow], typicalCount: Int) -> [AssembledRow] {
        guard typicalCount >= 2 else { return rows }
        return rows.map { row in
            guard row.cells.count > typicalCount else { return row }
            var kept = row
            kept.cells = row.cells.indices.filter { index in
                guard index > 0, index + 1 < row.cells.count else { return true }
                let (previous, cell) = (row.cells[index - 1], row.cells[index])
                let isNine = cell.quantity.isLoneNine && cell.referenceIntakePercent == nil
                let afterBareDecimal = previous.lineIndex == cell.lineIndex && previous.quantity.isBare
                    && previous.quantity.primary.fractionDigits > 0 && previous.quantity.end <= cell.quantity.start
                return !(isNine && afterBareDecimal)
            }.map { row.cells[$0] }
            return kept
        }
    }
}
