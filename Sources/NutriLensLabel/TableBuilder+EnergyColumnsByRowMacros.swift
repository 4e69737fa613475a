import Foundation

// Two energy columns read in the other column's order, told apart by the mass rows' own two cells.
extension TableBuilder {
    /// The first two energy columns swapped when the mass rows, read in column order, say OCR read the energy cells
    /// of the other column first.
    ///
    /// Class: per 100 ml | per bottle tables on whole-pack photos whose energy cells come out of the other column
    /// first ("357kJ" / "119kJ" / "84kcal" / "28 kcal" under "100 ml" / "bottle"), while each mass row's two cells
    /// stay on their own line in column order ("7g" / "21g"). Each kJ pairs with its kcal by the Annex XIV ratio, so
    /// ``pairedByRatio(kj:kcal:servingGrams:servingFirst:)`` can order the columns only when a serving size was read;
    /// without it the per-bottle energy became the per-100 column's, and its 1/3 ratio then paired the mass rows
    /// the wrong way round too (``pairedByServingRatio(_:leading:ratio:kcal:after:)``).
    ///
    /// The evidence is the macros (Annex XIV factors, ``ConsistencyChecks/macrosConfirm(kcal:_:)``): the fat,
    /// carbohydrate, protein, fibre and polyol rows that hold exactly two cells give each column's macros in
    /// reading order (a row's lone exact zero counts in both: per serving = per 100 × a ratio, so the other was a
    /// zero too); the pairs are swapped only when each column's macros confirm the other column's kcal and neither
    /// its own. Other rows with one cell, or with three, say nothing about which column a cell is, so they are left out;
    /// a serving size, when read, already ordered the pairs, so the rule stays out then.
    /// - Parameter pairs: the energy columns as paired, left to right (kcal present in the first two).
    /// - Returns: `pairs` with the first two swapped when the row macros say so; else `pairs`.
    func orderedByRowMacros(_ pairs: [EnergyPair]) -> [EnergyPair] {
        guard pairs.count >= 2, layout.servingSize?.quantity == nil,
              let first = pairs[0].kcal?.quantity.doubleValue, let second = pairs[1].kcal?.quantity.doubleValue
        else { return pairs }
        let macroRows: Set<Nutrient> = [.fat, .carbohydrates, .proteins, .fiber, .polyols]
        var columns: [[Nutrient: CandidateValue]] = [[:], [:]]
        for row in rows where macroRows.contains(row.nutrient) && columns[0][row.nutrient] == nil {
            var cells = row.cellsInReadingOrder
            // A lone exact zero is both columns' (per serving = per 100 × a ratio): the other zero was lost.
            if cells.count == 1, cells[0].quantity.value == 0 { cells.append(cells[0]) }
            guard cells.count == 2, cells.allSatisfy({ $0.quantity.qualifier == nil }) else { continue }
            for column in 0..<2 {
                columns[column][row.nutrient] = candidate(for: cells[column], nutrient: row.nutrient)
            }
        }
        func confirms(_ kcal: Double, _ column: Int) -> Bool { ConsistencyChecks.macrosConfirm(kcal: kcal, columns[column]) }
        guard confirms(second, 0), confirms(first, 1), !confirms(first, 0), !confirms(second, 1) else { return pairs }
        var result = pairs
        result.swapAt(0, 1)
        return result
    }
}
