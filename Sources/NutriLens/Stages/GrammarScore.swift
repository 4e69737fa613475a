import NutriLensLabel
import NutriLensOCR

extension ReadingScore {
    /// How well the label grammar reads `lines`: the scanner's ``ReadingScorer`` (NutriLensOCR compares readings by
    /// it without depending on the grammar). A parse that throws (input over the parser's size limits) scores
    /// ``ReadingScore/none``.
    ///
    /// The grammar's confidence alone: OCR word confidence (which the parser also folds into entries for the user) is
    /// left out, so that the choice between readings stays what it was measured as.
    ///
    /// The value is a function of the lines alone, bit for bit: the keys' confidences are summed smallest first
    /// (``sum(ofConfidences:)``), never in a hash table's order, so two readings whose keys have the same confidences
    /// score exactly equal and a tie stays a tie (`CellRereads` keeps a cell's second text only when the score
    /// rises; the readings of one photo are chosen by this score).
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
        // Review notes (the columns' bases in doubt) are no failed check of the text read.
        let findings = table.findings.filter { !$0.isReviewNote }.count
        self.init(value: Self.sum(ofConfidences: best.values) - 0.5 * Double(findings), fields: best.count,
                  findings: findings, columnsComplete: Set(columns.values).count <= 1,
                  languages: table.languages)
    }

    /// `confidences` summed in ascending order: the same multiset gives the same bits whatever order it comes in.
    ///
    /// Why not `reduce` over the dictionary: Swift seeds every hash table from its storage's address, so the same keys
    /// iterate in a different order from one dictionary to the next, even within one process, and floating-point
    /// addition in another order can differ in the last bit (0.9 + 0.7 + 0.3 + 0.1 + 0.2 + 0.6 gives 2.8 or
    /// 2.8000000000000003). That turned exact ties between a cell's two texts into coin flips that depended on the
    /// heap, hence on which photos another thread was scanning (issues 21/22: `--ocr-engine both` with two jobs
    /// changed julielee9067 `eng_real_5`'s fields between runs; docs/history/session-17-both.md).
    static func sum(ofConfidences confidences: some Sequence<Double>) -> Double {
        confidences.sorted().reduce(0, +)
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
