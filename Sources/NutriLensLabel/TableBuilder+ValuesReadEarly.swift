import Foundation

// Values read a row early inside the table: a run of rows each holding the value of the row below, ending in an
// empty row that has named rows with values after it.
extension TableBuilder {
    /// Whether values read a row early may move forward one row each into an empty row in the middle of the table
    /// (named rows with values follow it), not only into the table's last row: "Fat / 0g / of which saturates / 0 /
    /// … / 14 g / Carbohydrate / 12g / of which sugars / Fibre / 1g" (carbohydrate 14 g and sugars 12 g printed half
    /// a row above their names, the rows below level). An empty middle row is as often a row printed without a value
    /// or a lost value with the surplus a stray number, so the move needs evidence from the first column: the
    /// energy and sum checks (``firstColumnPenalty(_:kcal:)``) must run on both readings and be strictly better
    /// after it, or equal with the macros' energy (Annex XIV factors) at most half as far from the declared kcal as
    /// before (0.15 × kcal is within the checks' tolerance: 48 kcal of macros against 61 declared passes it, and so
    /// does 56 kcal after the move).
    /// - Parameters:
    ///   - rows: the rows as read; `shifted`: with the values moved forward.
    ///   - before, after: `firstColumnPenalty` of `rows` and of `shifted`, as the caller computed them (`nil`: no
    ///     move).
    ///   - kcal: the first column's kcal (`nil`: no move).
    static func forwardIntoMiddleRow(_ rows: [AssembledRow], _ shifted: [AssembledRow], before: Double?, after: Double?,
                                     kcal: Double?) -> Bool {
        guard let before, let after else { return false }
        if after != before { return after < before }
        guard let gapBefore = firstColumnEnergyGap(rows, kcal: kcal),
              let gapAfter = firstColumnEnergyGap(shifted, kcal: kcal) else { return false }
        return gapAfter * 2 < gapBefore
    }

    /// Distance in kcal between the declared kcal and the energy of the rows' first-column fat, carbohydrate and
    /// protein (with or without fibre, whichever is nearer); `nil` when one of the three or the kcal is missing.
    static func firstColumnEnergyGap(_ rows: [AssembledRow], kcal: Double?) -> Double? {
        guard let kcal, let estimate = ConsistencyChecks.macroEnergyKcal(firstColumnValues(rows)) else { return nil }
        return min(abs(kcal - estimate.withFiber), abs(kcal - estimate.withoutFiber))
    }
}
