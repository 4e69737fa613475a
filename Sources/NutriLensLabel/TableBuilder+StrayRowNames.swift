import Foundation

// A row name read out of the table (an ingredient list's "Zucker mit", "alz, Salz.") that took the next row's first
// amount.
extension TableBuilder {
    /// Gives back the amount a stray row name took from the row below it.
    ///
    /// On full-pack photos a nutrient word from the ingredient list or the side text ("Zucker mit", "alz, Salz.",
    /// a wrapped "Protéines" after its row's values) is read between table rows and opens a row of its own. The
    /// assembler deals amounts to open rows in name order (names printed in a block above their values), so the
    /// first amount read below the next row's name goes to the stray row, and the next row keeps only its
    /// per-serving cell: FoodLabel full photo 0388 "Zucker mit" / … / "Fett …" / "26g" / "5,7 g" / "8%" gave fat
    /// 5,7 g (the 22 g portion) and lost the 26 g.
    ///
    /// The stray row is recognised by what a table row never shows together: it holds exactly one amount, that amount
    /// was read below the *next* row's name line, the next row (another nutrient) holds one amount fewer than the
    /// table's rows usually do, and the stray row's nutrient has another row in the table with amounts (the table's
    /// own row, which ``chooseRowInstances()`` keeps, so the taken amount would be lost with the stray row). The
    /// amount moves to the front of the next row's cells, unless the first-column consistency checks get worse.
    /// Rows names printed in a block above their values keep their amounts: there no nutrient is named twice.
    /// - Parameter kcal: the first column's kcal, for the consistency checks (`nil`: no check).
    static func returningStrayNameCells(_ rows: [AssembledRow], kcal: Double?) -> [AssembledRow] {
        guard let typical = typicalAmountsPerRow(rows) else { return rows }
        var result = rows
        for index in result.indices.dropLast() {
            let stray = result[index], next = result[index + 1]
            guard holdsFirstAmountOfNextRow(stray, next: next, typical: typical),
                  result.indices.contains(where: { $0 != index && result[$0].nutrient == stray.nutrient
                      && !result[$0].cells.isEmpty }) else { continue }
            var moved = result
            moved[index + 1].cells.insert(stray.cells[0], at: 0)
            moved[index].cells = []
            if let kcal, let before = firstColumnPenalty(result, kcal: kcal),
               let after = firstColumnPenalty(moved, kcal: kcal), after > before {
                continue
            }
            result = moved
        }
        return result
    }

    /// The table's amounts per row, from rows with two or more amounts (at least three such rows; energy rows left
    /// out), `nil` when fewer: a row that took another's amount and the row it robbed both hold one amount, so
    /// counting every row would let the damage outvote the table.
    static func typicalAmountsPerRow(_ rows: [AssembledRow]) -> Int? {
        guard let (typical, rowCount) = mostCommonCellCount(rows.lazy.filter { $0.cells.count >= 2 && !$0.nutrient.isEnergy }),
              rowCount >= 3 else { return nil }
        return typical
    }

    /// `true` when `row` holds exactly one amount, read below the name line of `next` (the row after it, another
    /// nutrient, neither energy), and `next` holds one amount fewer than `typical` with none read before that amount:
    /// the shape of a row that took the next row's first amount (a stray name's, or a lost row's in one names block).
    static func holdsFirstAmountOfNextRow(_ row: AssembledRow, next: AssembledRow, typical: Int) -> Bool {
        row.cells.count == 1 && !row.nutrient.isEnergy && !next.nutrient.isEnergy && row.nutrient != next.nutrient
            && next.cells.count == typical - 1 && !next.isValueLost
            && next.lineIndex > row.lineIndex && row.cells[0].lineIndex > next.lineIndex
            && (next.cells.first.map { $0.lineIndex >= row.cells[0].lineIndex } ?? true)
    }
}
