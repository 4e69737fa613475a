import Foundation

// A per-portion summary printed above the table (UK/EU front-of-pack style: "Each 2 cookies contain" / "Energy
// 438kJ 104kcal" / "Fat 4.7g" / "Saturates 2.4g", then "Typical values Per 100g Per serving"): read as one stream,
// its energy row became the table's energy row and its rows the table's first rows, and every row below took a
// neighbour's values (openfoodfacts-dart `nutrition_en` as text: fibre 13.9 g, the carbohydrate's serving cell).
extension NutritionParser {
    /// Lines of a per-portion summary above the table: the row lines (a row name on them) before the table's column
    /// header ("per 100 g"), when
    /// - one of them names energy with an energy amount on its own line (a summary states energy first, as the
    ///   front-of-pack repeat of Regulation 1169/2011 Art. 30(3) does),
    /// - the lines after the header name energy with an energy amount too, and
    /// - every nutrient those lines name is named again, with an amount, after the header, on at least as many row
    ///   lines (the table below is the full declaration, the block above a repeat of part of it).
    ///
    /// Empty when no header follows a row line, or the block above is the table itself (a header read after the
    /// rows: nothing below repeats them). `skipped` lines (footnotes, product names) take no part.
    static func summaryLinesAboveTable(_ analyses: [LineAnalysis], skipped: Set<Int>) -> Set<Int> {
        let lines = analyses.filter { !$0.isNonTable && !skipped.contains($0.lineIndex) }
        guard let firstRow = lines.firstIndex(where: { !$0.mentions.isEmpty }),
              let header = lines[firstRow...].firstIndex(where: { $0.namesPer100 && $0.mentions.isEmpty }) else {
            return []
        }
        let above = lines[..<header].filter { !$0.mentions.isEmpty }
        let below = lines[(header + 1)...].filter { !$0.mentions.isEmpty && !$0.quantities.isEmpty }
        func statesEnergy(_ line: LineAnalysis) -> Bool {
            line.mentions.contains { $0.nutrient.isEnergy }
                && line.quantities.contains { $0.unit?.isEnergy == true || $0.isEnergyOfUnknownUnit }
        }
        guard above.contains(where: statesEnergy), below.contains(where: statesEnergy), below.count >= above.count
        else { return [] }
        let namedBelow = Set(below.flatMap { $0.mentions.map(\.nutrient) })
        guard above.allSatisfy({ $0.mentions.allSatisfy { namedBelow.contains($0.nutrient) } }) else { return [] }
        return Set(above.map(\.lineIndex))
    }
}
