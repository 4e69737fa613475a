import Foundation

// Energy figures of another column taken for the per-100 g energy: a portion's energy printed above the table.
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
              zip(kj, kcal).allSatisfy({
                  ConsistencyChecks.energyPairAgrees(kj: $0.0.quantity.doubleValue, kcal: $0.1.quantity.doubleValue) })
        else { return cells }
        return table
    }
}
