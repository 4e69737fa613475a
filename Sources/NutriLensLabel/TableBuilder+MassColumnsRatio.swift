import Foundation

// Two value columns (per 100 g | per portion) whose ratio neither the energy columns nor a printed serving size give:
// the mass rows' own pairs state it.
extension TableBuilder {
    /// Fewest pairs of neighbouring amounts that must agree on one ratio before it counts as the columns' ratio.
    static let massColumnsRatioMinimumPairs = 4

    /// Per-portion ÷ per-100 g as the mass rows' amounts state it, for a two-column table whose energy gives no ratio
    /// (its per-portion energy not printed, or lost by OCR) and whose serving size was not read.
    ///
    /// Class: per 100 g | per portion tables on whole-pack photos whose cells OCR read out of row order ("43g" /
    /// "6.5g" / "39g" / "50" / "sucres / davon Zucker" / "Fibres" / "10.9" / "1.6g": sugars' 39 g read above its
    /// name, fibre's pair under the next name) with one energy column only ("2250 kJ (535 kcal)"): the
    /// serving-ratio pairing (``pairedByServingRatio(_:leading:ratio:kcal:after:)``) that rebuilds such rows needs
    /// the ratio, which the energy row does not give. Every row prints per portion = per 100 g × portion / 100, so
    /// the amounts read one after the other pair at one ratio over most rows ("38g 5.7g", "22g 3.3g", "43g 6.5g",
    /// "10.9 1.6g", "5.2g 0.8g": 0.15).
    ///
    /// Each ratio two neighbouring amounts give (the second ÷ the first, both more than a zero or a bound, the first
    /// at most 100 g, a ratio at least 20 % from 1 as the pairing requires) is tried: the amounts are walked in reading
    /// order taking each neighbouring pair that fits it (``fits(_:_:ratio:)``, the EC rounding of both figures)
    /// and moving past both. The ratio the most disjoint pairs fit is taken when at least
    /// ``massColumnsRatioMinimumPairs`` do, at least two of them a row's own two cells, and no ratio more than 10 % away
    /// is fitted by as many; it is the median of its pairs' ratios. A one-column table does not show four disjoint
    /// neighbouring pairs at one ratio by chance often enough to matter, and the pairing still has to deal every
    /// row name a pair and not worsen the first-column checks.
    /// - Parameters:
    ///   - rows: assembled rows in reading order.
    ///   - energyLine: the energy row name's line; rows above it are not the table's.
    /// - Returns: the ratio, or `nil` when the rows do not state one.
    static func massColumnsRatio(_ rows: [AssembledRow], after energyLine: Int?) -> Double? {
        let massRows = rows.filter { !$0.nutrient.isEnergy && $0.lineIndex > (energyLine ?? -1) }
        // Each amount with the index of the row that holds it.
        let stream = massRows.enumerated().flatMap { index, row in row.cellsInReadingOrder.map { ($0, index) } }
            .filter { cell, _ in
                let quantity = cell.quantity
                return !quantity.isPercent && (quantity.unit == nil || quantity.unit == .gram) && !isWeakCell(cell)
            }
        let cells = stream.map(\.0)
        guard cells.count >= 2 * massColumnsRatioMinimumPairs else { return nil }
        // Amounts `index` and `index + 1` may be one row's per 100 g | per portion cells: neither a zero nor a bound,
        // the first at most 100 g. The candidate ratios and the walk below must agree on this.
        func pairable(_ index: Int) -> Bool {
            isInformative(cells[index]) && isInformative(cells[index + 1]) && cells[index].quantity.doubleValue <= 100
        }
        func pairRatio(_ index: Int) -> Double { cells[index + 1].quantity.doubleValue / cells[index].quantity.doubleValue }
        let candidates = cells.indices.dropLast().filter(pairable).map(pairRatio).filter { abs($0 - 1) >= 0.2 }
        // The pairs a ratio fits, walked in reading order; `own`: how many are one row's two cells.
        func pairs(at ratio: Double) -> (ratios: [Double], own: Int) {
            var found: [Double] = [], own = 0, index = 0
            while index + 1 < cells.count {
                if pairable(index), fits(cells[index], cells[index + 1], ratio: ratio) {
                    found.append(pairRatio(index))
                    if stream[index].1 == stream[index + 1].1 { own += 1 }
                    index += 2
                } else {
                    index += 1
                }
            }
            return (found, own)
        }
        let scored = candidates.map { (ratio: $0, pairs: pairs(at: $0)) }
        guard let best = scored.max(by: { $0.pairs.ratios.count < $1.pairs.ratios.count }),
              best.pairs.ratios.count >= massColumnsRatioMinimumPairs, best.pairs.own >= 2,
              !scored.contains(where: { abs($0.ratio - best.ratio) > 0.1 * best.ratio
                  && $0.pairs.ratios.count >= best.pairs.ratios.count }) else { return nil }
        let sorted = best.pairs.ratios.sorted()
        return sorted[sorted.count / 2]
    }
}
