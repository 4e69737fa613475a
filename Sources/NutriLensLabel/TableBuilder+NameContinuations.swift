import Foundation

// Rows that are only the wrapped rest of the row above's multilingual name.
extension TableBuilder {
    /// "of which Sugars/ davon Zucker/" / "85.4g" / "dont sucres/ waarvan suikers" / "<0.1g" / "Protein/…" / "2.1g" /
    /// "Salt/…": a name continuation (``AssembledRow/continuesRowAbove``) took the cells printed between the wrapped
    /// name lines, which are the next row's, read before its name; every row below then holds the value of the row
    /// above it, and the table's last row none. When the rows after the continuation each hold as many cells as it
    /// does, down to an empty row after which no row has cells, the continuation is dropped and those cells move one
    /// row down (FoodLabel full photo 0032: protein took sugars' continuation's "<0.1g", salt protein's "2.1g"),
    /// unless the first-column consistency checks get worse. When every row below has its values, the continuation's
    /// cells are a row whose name OCR lost ("davon gesättigte Fettsäuren /" / "6.3 g" / "dontacides gras saturés" /
    /// "0.3 g" with "Kohlenhydrate" lost), which ``inferLostRowNames(_:)`` handles.
    /// - Parameter kcal: the first column's kcal, for the consistency checks (`nil`: no check).
    static func shiftingPastNameContinuations(_ rows: [AssembledRow], kcal: Double?) -> [AssembledRow] {
        var rows = rows
        var index = 0
        while index < rows.count {
            defer { index += 1 }
            guard rows[index].continuesRowAbove, !rows[index].cells.isEmpty else { continue }
            let size = rows[index].cells.count
            var chain = [index]
            var next = index + 1
            while next < rows.count, !rows[next].nutrient.isEnergy, !rows[next].continuesRowAbove,
                  rows[next].cells.count == size {
                chain.append(next)
                next += 1
            }
            // At least one named row between: cells right before the empty last row may be a row whose name OCR
            // lost ("dont sucres / amelybol cukrok" / "1,2g" / "1.7g" / "Zout/Salz": protein's name lost).
            guard chain.count >= 2, next < rows.count, rows[next].cells.isEmpty, !rows[next].isValueLost,
                  !rows[next].nutrient.isEnergy else { continue }
            // Rows with values after the empty row: the values were read early only down to it (see
            // ``forwardIntoMiddleRow(_:_:before:after:kcal:)``).
            let intoMiddle = !rows[(next + 1)...].allSatisfy({ $0.cells.isEmpty || $0.nutrient.isEnergy })
            chain.append(next)
            let receivers = chain.dropFirst().map { rows[$0].nutrient }
            guard Set(receivers).count == receivers.count else { continue }
            var shifted = rows
            for position in stride(from: chain.count - 1, to: 0, by: -1) {
                shifted[chain[position]].cells = rows[chain[position - 1]].cells
            }
            shifted.remove(at: index)
            let before = firstColumnPenalty(rows, kcal: kcal), after = firstColumnPenalty(shifted, kcal: kcal)
            if intoMiddle {
                guard forwardIntoMiddleRow(rows, shifted, before: before, after: after, kcal: kcal) else { continue }
            } else if let before, let after, after > before {
                continue
            }
            rows = shifted
            index -= 1
        }
        return rows
    }
}
