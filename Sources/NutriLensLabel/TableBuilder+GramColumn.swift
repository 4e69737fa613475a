import Foundation

// Tables that print the unit in a column of its own, after the amounts ("Total Fat | 5.5 | g", Hong Kong and
// Singapore stickers) or between the names and the amounts ("Protein | g | 7.2", Indian FSSAI panels), read with
// every "g" as a 9 (PP-OCR v6 tiny and Tesseract on small print: shared/docs/text-reader.md). Each 9 is a word
// of its own there, apart from its amount, so neither the reader's lone-9 rule (`RecognizedLines.unitTexts`, within
// one recognised segment) nor `droppingDetachedGramNines` (a row with one cell too many) sees it: the 9s became a
// value column of their own (every row "9 g" per serving, or per 100 g with the amounts moved to per serving);
// a label that prints the unit after each of two columns ("5.5 | g | 1.4 | g") the same, twice.
extension TableBuilder {
    /// Least number of rows whose 9s make a unit column: two could be a real column that reads 9 and 9.
    static let gramColumnMinimumRows = 3

    /// `rows` with the columns of gram units read as 9s left out. A cell is such a 9 when it is printed exactly
    /// "9" (no unit, qualifier, percentage or %RI). A row of bare cells (none with a unit, qualifier or
    /// percentage) matches the units-after layout when its cells alternate amount, 9 (amount, 9, amount, 9, ...),
    /// and the units-before layout when its first cell is a 9 and the rest amounts. Energy rows are not counted
    /// (they print kJ/kcal). A layout's 9s go when at least ``gramColumnMinimumRows`` rows match it and they are at
    /// least four in five of the rows of two or more bare cells: a real value column prints other figures too, and
    /// one that reads 9 in every row but the energy is a unit column (a per-serving column of nines is no food).
    static func droppingGramColumnNines(_ rows: [AssembledRow]) -> [AssembledRow] {
        func isBare(_ cell: AssembledCell) -> Bool {
            cell.quantity.isBare && cell.referenceIntakePercent == nil && !cell.isOversized
        }
        // Only asked of the cells of rows whose every cell is bare.
        func isNine(_ cell: AssembledCell) -> Bool { cell.quantity.isLoneNine }
        let eligible = rows.indices.filter { index in
            !rows[index].nutrient.isEnergy && rows[index].cells.count >= 2 && rows[index].cells.allSatisfy(isBare)
        }
        let unitsAfter = eligible.filter { index in
            let cells = rows[index].cells
            return cells.count % 2 == 0 && cells.indices.allSatisfy { isNine(cells[$0]) == ($0 % 2 == 1) }
        }
        let unitsBefore = eligible.filter { index in
            let cells = rows[index].cells
            return isNine(cells[0]) && !cells.dropFirst().contains(where: isNine)
        }
        var out = rows
        for (matching, keep) in [(unitsAfter, { (position: Int) in position % 2 == 0 }),
                                 (unitsBefore, { (position: Int) in position > 0 })]
        where matching.count >= gramColumnMinimumRows && matching.count * 5 >= eligible.count * 4 {
            for index in matching {
                out[index].cells = out[index].cells.indices.filter(keep).map { out[index].cells[$0] }
            }
            break
        }
        return out
    }
}
