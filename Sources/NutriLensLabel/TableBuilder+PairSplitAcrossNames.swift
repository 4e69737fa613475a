import Foundation

// A row whose values OCR lost, printed in one block of names with the next row: the next row's per-100 g |
// per-serving pair was dealt one amount per name.
extension TableBuilder {
    /// Gives a per-100 g | per-serving pair that the assembler split over two names back to the second name, and
    /// leaves the first row without a value.
    ///
    /// When OCR loses every figure of a row (its amounts and their units) the row's name lines run straight into the
    /// next row's name ("davon gesättigte Fettsäuren" / "dont acides gras saturés" / "Kohlenhydrate" / "67 g" /
    /// "17g"): the assembler reads one block of two names followed by two amounts and deals one amount per name, so
    /// the lost row takes the next row's per-100 g amount and the next row keeps only its per-serving amount, which
    /// becomes its per-100 g value (FoodLabel full photo and large crop 0452: carbohydrate 17 g, the 25 g portion's,
    /// instead of 67 g; the saturates "67 g" above fat's 16 g then failed its check and was dropped).
    ///
    /// Recognised by what a table row with its own value never shows: the row holds exactly one amount, read below
    /// the *next* row's name line; the next row (another nutrient) holds one amount fewer than the table's rows with
    /// two or more amounts (at least three such rows), none read before that amount; and the two amounts are one
    /// per-100 g | per-serving pair by the table's serving ratio (energy columns or printed serving size), neither a
    /// zero nor a bound; no nutrient is named twice. The amount moves to the front of the next row's cells and the row is
    /// marked as one whose value OCR lost (``AssembledRow/valueLost``), only when the first-column consistency checks
    /// (energy against the macros, sub-rows under their parents) are strictly better after the move: a table read a
    /// row late shows the same shape with the pair rightly the first name's (FoodLabel large crop 0350, sugars). ``returningStrayNameCells(_:kcal:)`` covers the same shape when the first row is a stray
    /// name of a nutrient the table names again; this rule needs no second name but the ratio's witness.
    /// - Parameters:
    ///   - ratio: per-serving / per-100 g ratio of the table (`nil`: no witness, rows unchanged).
    ///   - kcal: the first column's kcal, for the consistency checks (`nil`: rows unchanged).
    static func returningPairsSplitAcrossNames(_ rows: [AssembledRow], ratio: Double?, kcal: Double?) -> [AssembledRow] {
        guard let ratio, let typical = typicalAmountsPerRow(rows),
              // Each nutrient named once: a name read twice (a wrapped continuation, a stray word) means rows read out
              // of step, which the rules before this one settle.
              Set(rows.map(\.nutrient)).count == rows.count else { return rows }
        var result = rows
        for index in result.indices.dropLast() {
            let lost = result[index], next = result[index + 1]
            guard holdsFirstAmountOfNextRow(lost, next: next, typical: typical), let serving = next.cells.first,
                  isInformative(lost.cells[0]), isInformative(serving),
                  fits(lost.cells[0], serving, ratio: ratio) else { continue }
            var moved = result
            moved[index + 1].cells.insert(lost.cells[0], at: 0)
            moved[index].cells = []
            moved[index].valueLost = true
            // The move must make the first column fit its checks strictly better: the same two names and two amounts
            // are also what a table read a row late shows ("davon Zucker" / "Ballaststoffe" / "12 g" / "14g": sugars'
            // pair, fibre's read below the next name), where giving the pair to the second name fits no better.
            guard let before = firstColumnPenalty(result, kcal: kcal),
                  let after = firstColumnPenalty(moved, kcal: kcal), after < before else { continue }
            result = moved
        }
        return result
    }
}
