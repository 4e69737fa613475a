import NutriLensLabel
import NutriLensOCR

extension ReadingScore {
    /// How well the label grammar reads `lines`: the scanner's ``ReadingScorer`` (NutriLensOCR compares readings by
    /// it without depending on the grammar). A parse that throws (input over the parser's size limits) scores
    /// ``ReadingScore/none``.
    ///
    /// The grammar's confidence alone: OCR word confidence (which the parser also folds into entries for the user) is
    /// left out, so that the choice between readings stays what it was measured as.
    init(grammarOf lines: [TextLine], parser: NutritionParser) {
        var grammarOnly = parser
        grammarOnly.options.wordConfidenceWeight = 0
        guard let table = (try? grammarOnly.parse(lines: lines)) ?? nil else {
            self = .none
            return
        }
        var best: [String: Double] = [:]
        for entry in table.entries { best[entry.key] = max(best[entry.key] ?? 0, entry.confidence) }
        let columns = Dictionary(grouping: table.entries, by: { "\($0.basis)/\($0.preparation)" })
            .mapValues { Set($0.map(\.nutrient)) }
        self.init(value: best.values.reduce(0, +) - 0.5 * Double(table.findings.count), fields: best.count,
                  findings: table.findings.count, columnsComplete: Set(columns.values).count <= 1,
                  languages: table.languages)
    }
}

extension TextLine {
    /// `line` (boxes on the upright page, ``OCRReadingResult/lines``) as the label grammar takes it.
    init(_ line: OCRLine) {
        self.init(words: line.words.map { word in
            TextWord(text: word.text,
                     box: TextBox(x: Double(word.box.x), y: Double(word.box.y), width: Double(word.box.width),
                                  height: Double(word.box.height)),
                     confidence: word.confidence)
        })
    }
}
