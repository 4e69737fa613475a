import Foundation

// Energy figures of another column taken for the per-100 g energy: a portion's energy printed above the table, and
// a portion's kcal paired with the per-100 g kJ because the per-100 g kcal was lost.
extension TableBuilder {
    /// The energy cells without those read above the table's energy row name, when the cells on and after that
    /// name already hold one agreeing kJ/kcal pair for each of the table's `columnCount` value columns.
    ///
    /// Class: a portion's energy printed as a summary above the table, with no row name of its own ("1x = 49.5 ml" /
    /// "551kJ" / "132kcal" / "7%" over "Energie / Énergie 1425kJ 717kJ 341 kcal 172kcal"; "Pro/Par Portion (250 ml)" /
    /// "49 kJ" / "12 kcal" over "Pro/Par 100 ml … Energie/énergie 20 kJ 49 kJ 5 kcal 12 kcal"). Read as one stream,
    /// the summary's pair became the first energy column and the portion's kcal was given as the per-100 g kcal.
    /// Values printed above their names (a table read half a row early) leave the energy row short of a full pair
    /// per column, so they are kept. `energyLine` is the line of the first energy row name; cells are
    /// ``AssembledCell``s in reading order. Pairs agree by ``ConsistencyChecks/energyPairAgrees(kj:kcal:)``
    /// (Annex XIV ratios). Nutrient rows of such a summary are ``NutritionParser/summaryLinesAboveTable(_:skipped:)``'s.
    static func droppingEnergyAboveTable(_ cells: [AssembledCell], energyLine: Int?,
                                         columnCount: Int) -> [AssembledCell] {
        guard let energyLine, columnCount >= 1, cells.contains(where: { $0.lineIndex < energyLine }) else { return cells }
        let table = cells.filter { $0.lineIndex >= energyLine }
        let kj = table.filter { $0.quantity.unit == .kilojoule && $0.quantity.qualifier == nil }
        let kcal = table.filter { $0.quantity.unit == .kilocalorie && $0.quantity.qualifier == nil }
        guard kj.count == columnCount, kcal.count == columnCount,
              zip(kj, kcal).allSatisfy({ ConsistencyChecks.energyPairAgrees(kj: double($0.0), kcal: double($0.1)) })
        else { return cells }
        return table
    }

    /// Energy columns with a lone kcal (or kJ) moved to the column of its one ratio partner.
    ///
    /// Class: a two-column energy row whose per-100 g kcal OCR lost ("1564 kJ" / "(368" lost / "391 kJ (92 kcal)"):
    /// dealt in order, the portion's 92 kcal became the partner of the per-100 g 1564 kJ, and the leading-digit
    /// repair then read it as 392 kcal. When the first column's pair disagrees, its kcal has no partner in its own
    /// column but exactly one other column's kJ without a kcal agrees with it (Annex XIV ratio,
    /// ``ConsistencyChecks/energyPairAgrees(kj:kcal:)``), it is that column's kcal; likewise a lone kJ. The first
    /// column is then left without that unit (not derived), rather than given another column's figure.
    static func movingLoneEnergyToRatioPartner(_ pairs: [EnergyPair]) -> [EnergyPair] {
        guard pairs.count >= 2, let kj = pairs[0].kj, let kcal = pairs[0].kcal,
              !ConsistencyChecks.energyPairAgrees(kj: double(kj), kcal: double(kcal)) else { return pairs }
        var result = pairs
        let kcalHomes = pairs.indices.dropFirst().filter { index in
            pairs[index].kcal == nil && pairs[index].kj.map { ConsistencyChecks.energyPairAgrees(kj: double($0),
                                                                                              kcal: double(kcal)) } == true
        }
        let kjHomes = pairs.indices.dropFirst().filter { index in
            pairs[index].kj == nil && pairs[index].kcal.map { ConsistencyChecks.energyPairAgrees(kj: double(kj),
                                                                                              kcal: double($0)) } == true
        }
        if kcalHomes.count == 1, kjHomes.isEmpty {
            result[kcalHomes[0]].kcal = kcal
            result[0].kcal = nil
        } else if kjHomes.count == 1, kcalHomes.isEmpty {
            result[kjHomes[0]].kj = kj
            result[0].kj = nil
        }
        return result
    }

    private static func double(_ cell: AssembledCell) -> Double { NSDecimalNumber(decimal: cell.quantity.value).doubleValue }
}
