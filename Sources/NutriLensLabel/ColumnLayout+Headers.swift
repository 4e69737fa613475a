import Foundation

/// Column headers read from word geometry: the header words above each value column, over as many header lines as the
/// label prints ("Avg Quantity / per Serving", "per Serving with / ½ cup skim milk", "% Daily Intake* / (per
/// Serving)", "Avg Quantity / per 100 g"). Reading order alone cannot tell which words head which column once a header
/// wraps: both lines' words come one after the other, and a %DI column between two amount columns has no cells of its
/// own (its percentages are kept with the amount before them).
///
/// Each value column owns the stretch of the rows' direction from halfway to the column on its left to halfway to the
/// one on its right; a header word belongs to the column whose stretch holds its centre. Within a stretch the word
/// nearest the column's figures that names a basis decides it: an amount of 100 g / 100 ml is per 100 g; a serving word
/// ("Serving", "Portion", "pot", "slice"), or an amount in g or ml other than 100 ("pour 1 pot de 125 g") is per
/// serving (amounts as the grammar's one reader of header amounts reads them, ``NumberGrammar/headerAmount(word:next:
/// bareHundred:)``). Percentage headers (%DI, %RI, "% des AQR", "Daily Intake") name no basis, so "(per Serving)" under
/// "% Daily Intake" decides nothing when the column's own "per 100 g" stands nearer its figures. Positions are measured
/// along the rows (a tilted photo's header words project onto the rows' direction like its figures), and a figure
/// right-aligned under a left-aligned header still lies in its column's stretch.
///
/// Class: 2–5 column panels whose header names the columns, in any order (FSANZ Standard 1.2.8 "Quantity per serving
/// | % Daily Intake | Quantity per 100 g", with a "per serving with ½ cup skim milk" column; French dairy "pour 1 pot
/// de 125 g | % des AQR | pour 100 g"; EU "per 100 g | per portion | %RI"), headers on one line or more (session 22,
/// `HeaderBasisTests`, `HeaderColumnsTests`).
enum HeaderColumns {
    /// One header word along the rows' direction.
    private struct Word {
        var line: Int
        var low: Double
        var high: Double
        var text: String
        var centre: Double { (low + high) / 2 }
    }

    /// `named` (``columnSpecs(headerLines:positions:)``) as every column's spec: all named and distinct, or two
    /// columns of which the header names one per 100 g as sold (the other is per serving: "pour 1 pot" read without
    /// its amount); otherwise `nil`. A serving word over one of two columns is not enough: US side-by-side panels
    /// print "Per serving | Per container" centred over each amount and its %DV, so a column's header can stand
    /// in its neighbour's stretch (jonaszell97 `TwoColumns`).
    static func completed(_ named: [ColumnSpec?]) -> [ColumnSpec]? {
        let specs = named.compactMap { $0 }
        if !named.isEmpty, specs.count == named.count { return Set(specs).count == specs.count ? specs : nil }
        let per100 = ColumnSpec(basis: .per100g, preparation: .asSold)
        guard named.count == 2, specs == [per100] else { return nil }
        return named.map { $0 ?? ColumnSpec(basis: .perServing, preparation: .asSold) }
    }

    /// The spec each value column's header names (left to right; `nil` where the header names no basis, or names
    /// both as near). Empty when no header words stand over the value columns.
    /// - Parameters:
    ///   - headerLines: the lines above the table's first row (no row names), top first, with word boxes; the block
    ///     used ends at the first line (going up) that stands mostly over the row names.
    ///   - positions: the value columns' centres and extents along the rows' direction (from full rows' cell boxes).
    static func columnSpecs(headerLines: [LineAnalysis], positions: ColumnPlacement.Positions) -> [ColumnSpec?] {
        guard let first = positions.centres.first, positions.spacing > 0 else { return [] }
        let words = headerWords(headerLines, positions: positions, first: first)
        guard !words.isEmpty else { return [] }
        let heights = headerLines.flatMap(\.wordBoxes).map { positions.thickness($0.box) }.sorted()
        let gap = 0.6 * heights[heights.count / 2]
        let count = positions.centres.count
        return (0..<count).map { column in
            let extent = positions.extent(column)
            // The column's stretch: halfway to its neighbours' figures (half a spacing beyond the outer columns).
            let lower = column == 0 ? extent.low - positions.spacing / 2
                : (positions.extent(column - 1).high + extent.low) / 2
            let upper = column == count - 1 ? extent.high + positions.spacing / 2
                : (extent.high + positions.extent(column + 1).low) / 2
            let own = words.filter { $0.centre >= lower && $0.centre < upper }
            // The anchor nearest the figures; of two as near naming different bases, the one on the line nearer the
            // table ("per 100g" under "Serving Size: 125 g"); on the same line, neither.
            var best: (distance: Double, line: Int, anchor: NutritionBasis, index: Int)?
            var tied = false
            for (index, word) in own.enumerated() {
                guard let anchor = basisAnchor(of: word, in: own) else { continue }
                let distance = max(0, extent.low - word.centre, word.centre - extent.high)
                guard let current = best else {
                    best = (distance, word.line, anchor, index)
                    continue
                }
                if abs(current.distance - distance) <= 0.1 * positions.spacing, current.anchor != anchor {
                    if word.line == current.line {
                        tied = true
                    } else if word.line > current.line {
                        best = (distance, word.line, anchor, index)
                        tied = false
                    }
                } else if distance < current.distance {
                    best = (distance, word.line, anchor, index)
                    tied = false
                }
            }
            guard let best, !tied else { return nil }
            // The words printed with the deciding word (one header cell, over its lines) say whether it is prepared.
            let cell = cellWords(around: own[best.index], in: own, gap: gap)
            let text = cell.sorted { ($0.line, $0.low) < ($1.line, $1.low) }.map(\.text).joined(separator: " ")
            let preparation: Preparation = namesPreparation(text) ? .prepared : .asSold
            return ColumnSpec(basis: best.anchor, preparation: preparation)
        }
    }

    /// Header words over the value columns, from the lines right above the table going up while most of a line's
    /// words stand over them (a title or "Serving size: 60 g" line starts over the names).
    private static func headerWords(_ headerLines: [LineAnalysis], positions: ColumnPlacement.Positions,
                                    first: Double) -> [Word] {
        var words: [Word] = []
        for line in headerLines.reversed() {
            let chars = Array(line.text)
            let lineWords = line.wordBoxes.filter { $0.end <= chars.count }.map { piece in
                let centre = positions.position(piece.box)
                let half = positions.length(piece.box) / 2
                return Word(line: line.lineIndex, low: centre - half, high: centre + half,
                            text: String(chars[piece.start..<piece.end]))
            }
            // A column rule read as a glyph ("|", "l", "[") would join the header cells on both sides of it.
            let over = lineWords.filter { $0.high >= first - positions.spacing / 2 && !isRule($0.text) }
            guard !lineWords.isEmpty, over.count * 2 >= lineWords.count + 1 else { break }
            words += over
        }
        return words
    }

    /// The words of one header cell: those joined to `word` by overlapping or nearly touching extents, on any line.
    private static func cellWords(around word: Word, in words: [Word], gap: Double) -> [Word] {
        var low = word.low, high = word.high
        var cell: [Word] = []
        for other in words.sorted(by: { abs($0.centre - word.centre) < abs($1.centre - word.centre) }) {
            if other.low <= high + gap && other.high >= low - gap {
                cell.append(other)
                low = min(low, other.low)
                high = max(high, other.high)
            }
        }
        return cell
    }

    /// The basis `word` names, judged with the words beside it on its line: a header amount that starts in it
    /// (``NumberGrammar/headerAmount(word:next:bareHundred:)``: "100 g", "125g", "33.3gWith", a bare "100" after
    /// "per"), else a serving word or a household measure after a leading count or fraction ("1/2Cup", "½cup").
    private static func basisAnchor(of word: Word, in words: [Word]) -> NutritionBasis? {
        let sameLine = words.filter { $0.line == word.line }.sorted { $0.low < $1.low }
        guard let index = sameLine.firstIndex(where: { $0.low == word.low && $0.text == word.text }) else { return nil }
        let strip = CharacterSet(charactersIn: "()[]:;,.*")
        let text = word.text.trimmingCharacters(in: strip)
        let next = index + 1 < sameLine.count ? sameLine[index + 1].text.trimmingCharacters(in: strip) : ""
        let previous = index > 0 ? TextFolding.fold(sameLine[index - 1].text) : ""
        if let header = NumberGrammar.headerAmount(word: text, next: next,
                                                   bareHundred: Lexicon.perWords.contains(previous)) {
            return header.basis
        }
        // Letters after a leading count or fraction ("1/2Cup", "½cup", "2biscuits"): the measure.
        let folded = TextFolding.fold(String(text.drop { !$0.isLetter }))
        let measure = Lexicon.servingWords.contains(folded) || Lexicon.householdMeasureWords.contains(folded)
        return measure ? .perServing : nil
    }

    /// A header cell naming a preparation: a preparation word ("prepared", "zubereitet"), a food prepared with
    /// something ("with ½ cup skim milk", "+ 125 ml lait"), or "with" before a household measure ("With 1/2 Cup",
    /// the milk misread).
    private static func namesPreparation(_ text: String) -> Bool {
        if LineAnalyzer.analyze(text, lineIndex: 0).namesPrepared { return true }
        let folded = TextFolding.words(text).map { String($0.drop { !$0.isLetter }) }
        guard let with = folded.firstIndex(where: { Lexicon.withWords.contains($0) }) else { return false }
        return folded[(with + 1)...].contains { Lexicon.householdMeasureWords.contains($0) }
    }

    /// A word that is a table rule read as text.
    private static func isRule(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && trimmed.count <= 2 && trimmed.allSatisfy { "|lI![]/\\".contains($0) }
    }
}
