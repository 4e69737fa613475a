/// Fixes Tesseract's commonest nutrition-table error, the unit "g" read as the digit "9" ("8.5 g" → "8.59",
/// "0.2 g" → "0.29"; see docs/eu-label-facts.md and bug-cases B.14), from glyph geometry the LSTM ignores:
/// a digit spans cap height and sits on the baseline, while "g" starts at the x-height and descends below it.
///
/// A trailing "9" (of a word like "8.59", or a lone "9" word) becomes "g" when, compared with the other digits of
/// its line, its top is lower by > 20 % of the digit height *and* its bottom is lower by > 12 %. A real "9" is
/// level with its neighbours and never qualifies. Needs ≥ 2 other digits in the line as reference.
enum DescenderCorrection {
    static func apply(to words: [RawWord]) -> [RawWord] {
        var out = words
        let byLine = Dictionary(grouping: words.indices, by: { words[$0].line })
        for (_, indices) in byLine {
            // Reference: tops and bottoms of digits that are not a trailing 9 (the candidates themselves).
            var tops: [Double] = [], bottoms: [Double] = []
            for i in indices {
                let syms = words[i].symbols
                for (k, s) in syms.enumerated() where s.text.first?.isNumber == true && !(k == syms.count - 1 && s.text == "9") {
                    tops.append(Double(s.box.y)); bottoms.append(Double(s.box.maxY))
                }
            }
            guard tops.count >= 2, let top = median(tops), let bottom = median(bottoms), bottom - top > 3 else { continue }
            let digitHeight = bottom - top
            for i in indices {
                guard let last = words[i].symbols.last, last.text == "9" else { continue }
                let syms = words[i].symbols
                // "8.59": a number followed by the 9; or a lone "9" word.
                guard syms.count == 1 || syms[syms.count - 2].text.first?.isNumber == true else { continue }
                let lowTop = Double(last.box.y) - top > 0.2 * digitHeight
                let descends = Double(last.box.maxY) - bottom > 0.12 * digitHeight
                if lowTop && descends {
                    out[i].text = String(out[i].text.dropLast()) + "g"
                    out[i].symbols[syms.count - 1].text = "g"
                }
            }
        }
        return out
    }
}
