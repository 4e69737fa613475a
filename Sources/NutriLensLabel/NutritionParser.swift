import Foundation

/// Reads a nutrition declaration from OCR text: EU/UK tables in EN, DE, FR, ES, IT, NL, PL, PT, SV, DA, FI (and
/// more), multilingual rows, and US/CA/AU "Nutrition Facts/Information" panels.
///
/// ```swift
/// let parser = NutritionParser()
/// if let table = try parser.parse(text: "Energy 1046 kJ / 250 kcal\nFat 3,2 g\nSalt <0.01 g") {
///     table["fat_100g"]?.value   // 3.2 (Decimal)
/// }
/// ```
/// The parser is a value type with no shared state: `Sendable`, safe to use from many tasks at once.
public struct NutritionParser: Sendable {
    /// Parser settings.
    public struct Options: Sendable, Hashable {
        /// Entries below this confidence (0…1) get `needsReview = true`. Default `nil`: the threshold of the
        /// ``ReviewModel`` that reads the table (``ReviewModel/reviewThreshold(_:)``: one for text with recogniser
        /// confidences, one for plain text), chosen so that values not flagged are right at least 99 % of the time.
        public var reviewThreshold: Double?
        /// Fewer distinct nutrients than this means "not a nutrition table" (`parse` returns `nil`). Default 2.
        public var minimumRows: Int
        /// Inputs longer than this throw ``NutritionParsingError/inputTooLarge(characters:limit:)``. Default 200 000.
        public var maximumCharacters: Int
        /// Inputs with more lines throw ``NutritionParsingError/tooManyLines(count:limit:)``. Default 5 000.
        public var maximumLines: Int
        /// Whether entry confidence is the calibrated probability (any value above 0, the default 0.5: the OCR
        /// engine's word confidence ``TextWord/confidence`` is one of its features) or, at 0, the grammar's own
        /// confidence from its checks alone, uncalibrated (used to compare OCR hypotheses by what the grammar reads).
        public var wordConfidenceWeight: Double
        /// Whether values whose removal would end a per-100 g mass sum over 100 g (fat + carbohydrate + fibre +
        /// protein + salt, past the slack of the EC rounding guidance) lose confidence. Default `true`: the sum says a
        /// value is wrong, not which, so it flags them for review. `false` when the grammar's confidence compares two
        /// texts of one cell (`--ocr-engine both`'s re-reads): there every value the sum lowers is raised again by a
        /// text that deletes or shrinks any one of them, so a misread that loses the value would win (fresh renders
        /// whose macros sum to 105-113 g: 14 fields lost to Tesseract's "Sf g" for "6,7g" and the like, session 21).
        public var massSumLowersConfidence: Bool

        /// Creates options; every parameter has the default described on its property.
        /// `reviewThreshold` 0...1 or nil (the review model's), `minimumRows` >= 1 (smaller is raised to 1),
        /// `maximumCharacters` and `maximumLines` the input limits (counts), `wordConfidenceWeight` 0...1 (clamped),
        /// `massSumLowersConfidence` whether the per-100 g mass sum lowers confidence.
        public init(reviewThreshold: Double? = nil, minimumRows: Int = 2,
                    maximumCharacters: Int = 200_000,
                    maximumLines: Int = 5_000, wordConfidenceWeight: Double = 0.5,
                    massSumLowersConfidence: Bool = true) {
            self.reviewThreshold = reviewThreshold
            self.minimumRows = max(1, minimumRows)
            self.maximumCharacters = maximumCharacters
            self.maximumLines = maximumLines
            self.wordConfidenceWeight = min(1, max(0, wordConfidenceWeight))
            self.massSumLowersConfidence = massSumLowersConfidence
        }
    }

    /// The settings in use.
    public var options: Options

    /// Creates a parser.
    /// - Parameter options: review threshold, size limits and confidence mode (``Options``).
    public init(options: Options = Options()) {
        self.options = options
    }

    /// Parses plain OCR text, one line per line (UTF-8 text as Swift `String`; `\r\n` accepted).
    /// - Returns: the table, or `nil` when the text is not a nutrition table.
    /// - Throws: ``NutritionParsingError`` when the input exceeds the size limits in ``Options``.
    public func parse(text: String) throws -> NutritionTable? {
        guard text.count <= options.maximumCharacters else {
            throw NutritionParsingError.inputTooLarge(characters: text.count, limit: options.maximumCharacters)
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { TextLine(text: String($0)) }
        return try parse(lines: lines)
    }

    /// Parses OCR lines. When the words carry boxes, rows are rebuilt from geometry (words on one visual row joined
    /// left to right); otherwise the lines are read in the order given.
    /// - Returns: the table, or `nil` when the lines are not a nutrition table (fewer than
    ///   ``Options/minimumRows`` nutrients with values).
    /// - Throws: ``NutritionParsingError`` when the input exceeds the size limits in ``Options``.
    public func parse(lines: [TextLine]) throws -> NutritionTable? {
        guard var table = try parsedWithEvidence(lines: lines) else { return nil }
        if options.wordConfidenceWeight > 0 {
            WordConfidence.apply(to: &table, lines: lines, reviewThreshold: options.reviewThreshold)
        }
        return table
    }

    /// Parses `lines` and compares each value with a second reading of the same label (another OCR engine, or
    /// another pass of the same one): a value both readings give is more often right, one they disagree on less
    /// (``ReviewEvidence/secondReading``). The table is the first reading's; `secondReading` only adds evidence.
    /// - Returns: the table, or `nil` when `lines` are not a nutrition table.
    /// - Throws: ``NutritionParsingError`` when either input exceeds the size limits in ``Options``.
    public func parse(lines: [TextLine], secondReading: [TextLine]) throws -> NutritionTable? {
        try parse(lines: lines, secondReading: secondReading, keys: nil)
    }

    /// As ``parse(lines:secondReading:)`` when the second reading re-read only some cells (a second engine reading
    /// the value cells the first was unsure of, the rest of its lines copied from the first): only the fields in
    /// `keys` (``NutritionEntry/key``) take its agreement or disagreement as evidence; `nil` = every field.
    /// - Throws: ``NutritionParsingError`` when either input exceeds the size limits in ``Options``.
    public func parse(lines: [TextLine], secondReading: [TextLine], keys: Set<String>?) throws -> NutritionTable? {
        guard var table = try parsedWithEvidence(lines: lines) else { return nil }
        let other = try parsedWithEvidence(lines: secondReading)
        for index in table.entries.indices {
            let entry = table.entries[index]
            guard keys?.contains(entry.key) ?? true, let otherEntry = other?[entry.key] else { continue }
            let same = otherEntry.valueInKeyUnit == entry.valueInKeyUnit && otherEntry.qualifier == entry.qualifier
            table.entries[index].evidence?.secondReading = same ? .agrees : .disagrees
        }
        if options.wordConfidenceWeight > 0 {
            WordConfidence.apply(to: &table, lines: lines, reviewThreshold: options.reviewThreshold)
        }
        return table
    }

    /// The table with the grammar's confidence and the evidence of its own checks, before ``ReviewModel``.
    private func parsedWithEvidence(lines: [TextLine]) throws -> NutritionTable? {
        guard lines.count <= options.maximumLines else {
            throw NutritionParsingError.tooManyLines(count: lines.count, limit: options.maximumLines)
        }
        let characters = lines.reduce(0) { $0 + $1.text.count }
        guard characters <= options.maximumCharacters else {
            throw NutritionParsingError.inputTooLarge(characters: characters, limit: options.maximumCharacters)
        }
        let analyses: [LineAnalysis]
        if let rows = VisualRows.rows(from: lines) {
            analyses = SideBySidePanels.reordered(rows.enumerated().map { index, row in
                LineAnalyzer.analyze(row.text, lineIndex: index, box: row.box, wordBoxes: row.wordBoxes,
                                     oversizedSpans: row.oversizedSpans)
            })
        } else {
            analyses = lines.enumerated().map { index, line in
                let text = line.text.split(whereSeparator: { $0.isWhitespace })
                    .flatMap { TextPieces.split(String($0)).map(\.text) }.joined(separator: " ")
                return LineAnalyzer.analyze(text, lineIndex: index)
            }
        }
        return parse(analyses: analyses)
    }

    func parse(analyses: [LineAnalysis]) -> NutritionTable? {
        let footnoteLines = Self.dailyValueFootnoteLines(analyses)
        if let second = Self.secondTableStart(analyses, footnoteLines: footnoteLines) {
            return Self.merged(parse(analyses: Array(analyses[..<second])), parse(analyses: Array(analyses[second...])))
        }
        var assembler = RowAssembler()
        var languageCounts: [String: Int] = [:]
        var firstRowLine: Int?
        var energyLine: Int?
        var printsKilojoules = false
        var isUSStyle = false
        let skippedBeforeSummary = footnoteLines.union(Self.productNameLines(analyses))
        let skippedLines = skippedBeforeSummary.union(Self.summaryLinesAboveTable(analyses, skipped: skippedBeforeSummary))
        for line in analyses where !line.isNonTable && !skippedLines.contains(line.lineIndex) {
            for mention in line.mentions {
                languageCounts[mention.language, default: 0] += 1
                if mention.nutrient == .energyKcal && mention.unitHint == .kilocalorie { isUSStyle = true }
            }
            if line.quantities.contains(where: { $0.unit == .kilojoule }) { printsKilojoules = true }
            if firstRowLine == nil, !line.mentions.isEmpty { firstRowLine = line.lineIndex }
            if energyLine == nil, line.mentions.contains(where: { $0.nutrient.isEnergy }) { energyLine = line.lineIndex }
            assembler.consume(line)
        }
        assembler.finish()
        let analyses = analyses.filter { !skippedLines.contains($0.lineIndex) }
        let hasPer100 = analyses.contains { $0.namesPer100 && !$0.isNonTable }
        let tableStart = energyLine ?? firstRowLine
        // US/CA panels declare Calories per serving and never kJ; AU/EU panels print kJ and per 100 g.
        // US panels are English; "Total fat/Matières grasses" on a multilingual EU/Canadian pack is not one.
        let mentionCount = languageCounts.values.reduce(0, +)
        if !isUSStyle, (languageCounts["en"] ?? 0) * 4 >= mentionCount * 3 {
            isUSStyle = Self.namesUSPanelRows(analyses)
        }
        let layout = ColumnLayout.detect(lines: analyses, tableStart: tableStart,
                                         isUSStyle: isUSStyle && !hasPer100 && !printsKilojoules)
        let languages = languageCounts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
        let builder = TableBuilder(rows: assembler.rows, energyCells: assembler.energyCells,
                                   leadingCells: assembler.leadingCells, energyLine: assembler.energyLineIndex,
                                   layout: layout,
                                   languages: languages, options: options)
        return builder.build()
    }

    /// Row names only US/CA "Nutrition Facts" panels print (21 CFR 101.9(c): "Total Fat", "Total Carbohydrate") or
    /// their "% Daily Value" / "Amount Per Serving" headings: a panel whose "Calories" row OCR lost is still per
    /// serving. EU and AU tables say "Fat" / "Fat, total" and "Carbohydrate"; the title "Nutrition Facts" alone is
    /// no sign (Indian and Gulf labels title per-100 g tables so).
    static func namesUSPanelRows(_ analyses: [LineAnalysis]) -> Bool {
        let markers = ["total fat", "total carbohydrate", "daily value", "amount per serving"]
        return analyses.contains { line in
            let folded = TextFolding.fold(line.text)
            return markers.contains { folded.contains($0) }
        }
    }

    /// Row names alone on a line above the table's title are product names or claims, not rows ("SKROBIA" —
    /// Polish for starch — over "Informacja o wartości odżywczej"; "SUGAR FREE"): lines before the first title line
    /// that name a nutrient but carry no amount, when at least two rows follow the title, and above the energy row.
    static func productNameLines(_ analyses: [LineAnalysis]) -> Set<Int> {
        guard let title = analyses.first(where: { $0.hasTitleWord && $0.mentions.isEmpty && !$0.isNonTable }),
              analyses.filter({ $0.lineIndex > title.lineIndex && !$0.mentions.isEmpty }).count >= 2 else { return [] }
        // Tables declare energy first: row names below an energy row with its amount ("Energie" / "2174 kJ/521
        // kcal") are the table's own, whatever header word a whole pack's reading order puts after them ("Fett" …
        // "davon Zucker" above "= 1 Portion"). A lone "Energy" above the title is still a claim.
        func hasEnergyAmount(_ line: LineAnalysis) -> Bool {
            line.quantities.contains { $0.unit?.isEnergy == true || $0.isEnergyOfUnknownUnit }
        }
        let energyLine = analyses.indices.first { index in
            analyses[index].mentions.contains { $0.nutrient.isEnergy }
                && analyses[index...].prefix(2).contains(where: hasEnergyAmount)
        }.map { analyses[$0].lineIndex } ?? .max
        return Set(analyses.filter {
            $0.lineIndex < title.lineIndex && $0.lineIndex < energyLine && !$0.mentions.isEmpty && $0.quantities.isEmpty
        }.map(\.lineIndex))
    }

    /// The US %DV footnote table ("Calories: 2,000 2,500 / Total Fat Less than 65g 80g / Sodium Less than 2,400mg
    /// …", 21 CFR 101.9(d)(9)) repeats row names with the reference amounts: rows after its "2,000 2,500" header whose
    /// every amount is one of those references are no values. Lines without amounts ("Calories per gram:") do not
    /// end the block; the first line with another amount does. OCR reads the "g" of "65g" as 9 ("659", "3759"), and
    /// after "Calories per gram" the factors "Fat 9 • Carbohydrate 4 • Protein 4" belong to the footnote too.
    /// Footnote rows read without that header are found by their own amounts (``headerlessFootnoteLines(_:excluding:)``).
    static func dailyValueFootnoteLines(_ analyses: [LineAnalysis]) -> Set<Int> {
        let references: Set<String> = ["65", "80", "20", "25", "300", "375", "2400", "30", "3500", "4700", "50", "18"]
        var lines = Set<Int>()
        var inFootnote = false
        var perGram = false
        for line in analyses {
            let compact = line.text.replacingOccurrences(of: " ", with: "")
            if compact.range(of: #"2[,.]?000[^0-9]*2[,.]?500"#, options: .regularExpression) != nil {
                inFootnote = true
                lines.insert(line.lineIndex)
                continue
            }
            guard inFootnote else { continue }
            if TextFolding.fold(line.text).contains("per gram") { perGram = true }
            let amounts = line.quantities.filter { !$0.isPercent }.map { $0.text.filter(\.isNumber) }
            if amounts.isEmpty { continue }
            let isReference: (String) -> Bool = { digits in
                references.contains(footnoteDigits(digits, references: references))
                    || (perGram && ["4", "9"].contains(digits))
            }
            if amounts.allSatisfy(isReference) {
                lines.insert(line.lineIndex)
            } else {
                inFootnote = false
            }
        }
        return lines.union(headerlessFootnoteLines(analyses, excluding: lines))
    }
}
