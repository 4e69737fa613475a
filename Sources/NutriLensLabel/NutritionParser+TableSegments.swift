import Foundation

// Two tables on one photo: a US/CA "Nutrition Facts" panel and, below its %DV footnote, the pack's other
// declaration (a Malaysian or EU per-100 g table). Read as one stream, the second table's "Per 100g" header turned
// the panel's per-serving values into per-100 g ones and its rows landed on the panel's rows.
extension NutritionParser {
    /// Index (into `analyses`) of the first line of a second table: the first header line (title word or "per
    /// 100 g") after the US %DV footnote, when at least two lines with a row name or a kJ/kcal amount follow it. `nil` when the text holds one
    /// table (no footnote, or nothing table-like after it).
    static func secondTableStart(_ analyses: [LineAnalysis], footnoteLines: Set<Int>) -> Int? {
        guard let footnoteEnd = footnoteLines.max(),
              let footnoteStart = footnoteLines.min(),
              analyses.contains(where: { $0.lineIndex < footnoteStart && !$0.mentions.isEmpty }),
              let start = analyses.firstIndex(where: {
                  $0.lineIndex > footnoteEnd && !$0.isNonTable && $0.mentions.isEmpty
                      && ($0.hasTitleWord || $0.namesPer100)
              }) else { return nil }
        let rowLines = analyses[start...].filter { line in
            !line.isNonTable && (!line.mentions.isEmpty || line.quantities.contains { $0.primary.unit?.isEnergy == true })
        }.count
        return rowLines >= 2 ? start : nil
    }

    /// The panel read first keeps its entries; the second table adds only the keys the first lacks (its per-100 g
    /// column, mostly), so a value is never replaced by one from another table.
    static func merged(_ first: NutritionTable?, _ second: NutritionTable?) -> NutritionTable? {
        guard var table = first else { return second }
        guard let second else { return table }
        let keys = Set(table.entries.map(\.key))
        table.entries += second.entries.filter { !keys.contains($0.key) }
        table.findings += second.findings
        for language in second.languages where !table.languages.contains(language) { table.languages.append(language) }
        if table.servingSize == nil { table.servingSize = second.servingSize }
        return table
    }
}
