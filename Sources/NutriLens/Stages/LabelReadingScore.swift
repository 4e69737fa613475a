import NutriLensLabel

/// How well the label grammar can read one OCR hypothesis of a page (e.g. the page as photographed vs the page
/// levelled by deskew): the parse of its lines, scored so that two readings of the same photo can be compared.
///
/// Why a grammar score and not OCR confidence: a wrong skew estimate (a photo whose strongest lines are pack edges,
/// not text) still gives confident words, but they no longer line up into "name … value unit" rows, so fewer
/// nutrients parse. Measured on ../shared/corpus/labels (docs/ocr.md, "Deskew"): always levelling lost 10 points of
/// field recall, choosing by this score gains on both sets.
struct LabelReadingScore: Comparable, Sendable {
    /// Distinct Open Food Facts keys parsed (`fat_100g`, `fat_serving`, …), each weighted by the parser's confidence
    /// (0…1), minus 0.5 per failed consistency check. 0 when the lines parse to no table.
    let value: Double
    /// Distinct keys parsed.
    let fields: Int
    /// Failed consistency checks (`energy-ratio`, `saturates-exceed-fat`, …).
    let findings: Int
    /// Every column (per 100 g, per serving, …) has the same nutrients: no row lost a value in one column.
    let columnsComplete: Bool
    /// Languages (ISO 639-1) of the row names the grammar recognised, most frequent first (`NutritionTable.languages`);
    /// empty when nothing parsed. Used by ``LanguageRouting``.
    let languages: [String]

    /// Scores `lines` with `parser`; a parse that throws (input over the parser's size limits) scores 0.
    init(lines: [TextLine], parser: NutritionParser) {
        // The grammar's confidence alone: OCR word confidence (which the parser also folds into entries for the
        // user) is left out so that the choice between readings stays what it was measured as.
        var grammarOnly = parser
        grammarOnly.options.wordConfidenceWeight = 0
        guard let table = (try? grammarOnly.parse(lines: lines)) ?? nil else {
            value = 0; fields = 0; findings = 0; columnsComplete = false; languages = []
            return
        }
        var best: [String: Double] = [:]
        for entry in table.entries { best[entry.key] = max(best[entry.key] ?? 0, entry.confidence) }
        fields = best.count
        let columns = Dictionary(grouping: table.entries, by: { "\($0.basis)/\($0.preparation)" })
            .mapValues { Set($0.map(\.nutrient)) }
        columnsComplete = Set(columns.values).count <= 1
        findings = table.findings.count
        languages = table.languages
        value = best.values.reduce(0, +) - 0.5 * Double(findings)
    }

    /// A reading good enough that a second hypothesis is not worth its OCR time: at least as many keys as the EU
    /// mandatory seven (energy, fat, saturates, carbohydrate, sugars, protein, salt), every check passed, and no
    /// column missing a nutrient another column has (TestImages `deg_png_en`: per 100 g read whole, two per-serving
    /// values lost; the second hypothesis read all 18).
    var isConvincing: Bool { fields >= 7 && findings == 0 && columnsComplete }

    static func < (a: LabelReadingScore, b: LabelReadingScore) -> Bool { a.value < b.value }
}
