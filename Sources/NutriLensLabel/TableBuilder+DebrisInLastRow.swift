import Foundation

// Values read half a row above their names down to the table's last row, whose own value was read before its name
// and which took a number from the text below the table instead.
extension TableBuilder {
    /// Rebalances rows whose values were read a row early down to the table's last row, when that row took a number
    /// from the text below the table (``isDebrisRow(_:)``) rather than staying empty.
    ///
    /// From some row onward a single-column table's values can be printed (or read) half a row above their names:
    /// the last row read level collects its own value and the next row's, each row below takes the value of the row
    /// under it, and the last row's own value goes to the row above it. ``rebalance(_:kcal:forward:)`` moves such
    /// values forward one row each into the table's last row when that row is empty ("… / 4g / 0g / Nahrungsfasern /
    /// weiss . Protéines / 2,8g / 0,23g / alz . Sel": sugars 4g 0g, fibre 2,8g, protein 0,23g). But the last row
    /// (salt) is rarely left empty on a whole pack: with no value of its own it takes the next number below the
    /// table, a lot number "2406" (FoodLabel full 0438) or a second panel's "100g" (0406), and then no move runs
    /// and fibre, protein and salt each keep the value of a neighbour (or the rebalance moves the surplus back up
    /// instead).
    ///
    /// A last row holding only such debris is read as empty: the rows are rebalanced with its cells set aside, and
    /// the result is kept when the rebalance gave the last row one of the table's values (forward, on the same
    /// first-column consistency checks as an empty last row); otherwise the rows stay as read and the debris is left
    /// to the later checks (``settleContradictions``).
    /// - Parameters:
    ///   - rows: assembled rows in reading order (energy rows are not among them).
    ///   - kcal: the first column's kcal for the consistency checks (`nil`: the rebalance only moves what it would
    ///     without a kcal).
    ///   - forward: as for ``rebalance(_:kcal:forward:)`` (`false` on US panels, which print no salt row).
    /// - Returns: the rebalanced rows, the debris gone, or `nil` when the rule does not apply.
    static func rebalancingPastDebrisInLastRow(_ rows: [AssembledRow], kcal: Double?, forward: Bool) -> [AssembledRow]? {
        guard forward, let last = rows.indices.last, !rows[last].nutrient.isEnergy, isDebrisRow(rows[last]) else {
            return nil
        }
        var cleared = rows
        cleared[last].cells = []
        cleared[last].surplusBefore = []
        cleared[last].surplusAfter = []
        let balanced = rebalance(cleared, kcal: kcal, forward: forward)
        // Kept only when a value of the table reached the last row: otherwise the debris stays for the checks.
        guard balanced.count == rows.count, !balanced[last].cells.isEmpty else { return nil }
        return balanced
    }

    /// `true` for a row whose every cell is a number from outside the table rather than its value: read two lines
    /// or more below the row's name, and either the bare "100 g" / "100 ml" of a column header or a mass over 100 g
    /// as printed (a lot number "2406", a postcode), which no per-100 g row can hold (Regulation 1169/2011 gives
    /// masses per 100 g). A value printed half a row below its name sits on the next line; one further down, after
    /// the text below the table, is no value of the table's.
    static func isDebrisRow(_ row: AssembledRow) -> Bool {
        guard !row.cells.isEmpty, row.nutrient.isMass else { return false }
        return row.cells.allSatisfy { cell in
            let quantity = cell.quantity
            guard cell.lineIndex >= row.lineIndex + 2, !quantity.isPercent, quantity.qualifier == nil else {
                return false
            }
            if quantity.isHundredGramsOrMillilitres { return true }
            guard quantity.unit == nil || quantity.unit == .gram else { return false }
            return quantity.value > 100
        }
    }
}
