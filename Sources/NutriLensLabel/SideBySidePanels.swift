import Foundation

/// A table printed as two half-tables side by side, each with its own name column and its own "Per 100 g" header
/// (Indian FSSAI panels: "Energy kcal 468 | Total Fat g 17.5", "Protein g 3.6 | Saturated Fat g 17.3"). Visual rows
/// join the two halves level with each other, so one line holds two rows and both halves' headers; the cells of the
/// right half were read as a second (per-serving) column of the left. The halves are read one after the other:
/// every row from the first joined one down is cut at the right half's name column, the left parts first, then
/// the right parts; the header lines above stay as they are (both halves print the same columns).
enum SideBySidePanels {
    /// `analyses` in the order to read them, renumbered, when they hold two half-tables side by side; otherwise
    /// `analyses` unchanged. Needs word boxes (rows rebuilt from geometry).
    ///
    /// Side by side when (a) three or more lines name a nutrient after another row's amount and those names
    /// start at one x (within one and a half median word heights): the right half's name column, and
    /// (b) above the first such line, a "100 g"/"100 ml" header amount stands left of that column and another right
    /// of it: each half has its own per-100 g header. Words left of the left half's name column (placed by the
    /// distance between the two headers) are left out of the joined lines.
    static func reordered(_ analyses: [LineAnalysis]) -> [LineAnalysis] {
        var starts: [(line: Int, x: Double)] = []
        var heights: [Double] = []
        for (index, line) in analyses.enumerated() where !line.wordBoxes.isEmpty {
            heights += line.wordBoxes.map(\.box.height)
            guard let second = secondRowName(line), let box = wordBox(at: second, in: line) else { continue }
            starts.append((index, box.x))
        }
        guard starts.count >= 3, !heights.isEmpty else { return analyses }
        let height = heights.sorted()[heights.count / 2]
        let xs = starts.map(\.x)
        guard let low = xs.min(), let high = xs.max(), high - low <= 1.5 * height else { return analyses }
        let cut = low - height / 2
        let first = starts[0].line
        let hundreds = analyses[..<first].flatMap { line in
            line.quantities.filter(\.isHundredGramsOrMillilitres).compactMap { wordBox(at: $0.start, in: line) }
        }
        guard let leftHeader = hundreds.filter({ $0.maxX <= cut }).map(\.x).min(),
              let rightHeader = hundreds.filter({ $0.x >= cut }).map(\.x).min() else { return analyses }
        // The halves are printed alike: the left half's name column lies as far left of its header as the right
        // half's does. Words further left are a neighbouring panel's, cut by the photo ("114 42," "10),").
        let leftEdge = cut - (rightHeader - leftHeader)
        let last = starts[starts.count - 1].line
        var left: [LineAnalysis] = [], right: [LineAnalysis] = []
        for line in analyses[first...last] {
            let (a, b) = split(line, at: cut, leftEdge: leftEdge)
            if let a { left.append(a) }
            if let b { right.append(b) }
        }
        let order = Array(analyses[..<first]) + left + right + Array(analyses[(last + 1)...])
        return order.enumerated().map { index, line in
            LineAnalyzer.analyze(line.text, lineIndex: index, box: line.box, wordBoxes: line.wordBoxes,
                                 oversizedSpans: line.oversizedSpans)
        }
    }

    /// Offset of a row name that follows an amount on the line, when the amount is not its own (a name before the
    /// amount names another nutrient, or OCR lost the left half's name: "10), ng 3.6 Saturated Fat g 17.3").
    private static func secondRowName(_ line: LineAnalysis) -> Int? {
        var current: Nutrient?
        var sawAmount = false
        for event in line.events {
            switch event {
            case .mention(let mention):
                if sawAmount, mention.nutrient != current { return mention.start }
                if current != mention.nutrient { sawAmount = false }
                current = mention.nutrient
            case .quantity(let quantity):
                if !quantity.isPercent { sawAmount = true }
            default:
                break
            }
        }
        return nil
    }

    private static func wordBox(at offset: Int, in line: LineAnalysis) -> TextBox? {
        line.wordBoxes.first { $0.start <= offset && offset < $0.end }?.box
    }

    /// The words of `line` between x = `leftEdge` and `cut` and those right of `cut` (by each word's centre), as two
    /// lines; `nil` for a side with no words.
    private static func split(_ line: LineAnalysis, at cut: Double, leftEdge: Double) -> (LineAnalysis?, LineAnalysis?) {
        let chars = Array(line.text)
        func part(_ keep: (TextBox) -> Bool) -> LineAnalysis? {
            var text = ""
            var boxes: [(start: Int, end: Int, box: TextBox)] = []
            var oversized: [Range<Int>] = []
            for piece in line.wordBoxes where piece.end <= chars.count && keep(piece.box) {
                if !text.isEmpty { text += " " }
                let start = text.count
                text += String(chars[piece.start..<piece.end])
                boxes.append((start, text.count, piece.box))
                // Oversized figures inside a kept word move with it (`OversizedFigures`).
                for span in line.oversizedSpans where span.lowerBound >= piece.start && span.upperBound <= piece.end {
                    oversized.append((span.lowerBound - piece.start + start)..<(span.upperBound - piece.start + start))
                }
            }
            guard let firstBox = boxes.first?.box else { return nil }
            let box = boxes.dropFirst().reduce(firstBox) { $0.union($1.box) }
            return LineAnalyzer.analyze(text, lineIndex: line.lineIndex, box: box, wordBoxes: boxes,
                                        oversizedSpans: oversized)
        }
        return (part { $0.midX >= leftEdge && $0.midX < cut }, part { $0.midX >= cut })
    }
}
