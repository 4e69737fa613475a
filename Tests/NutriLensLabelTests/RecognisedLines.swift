@testable import NutriLensLabel

/// Rendered rows as a recogniser's lines, for tests of the recognised-text review: one word per space-separated
/// token, 14 px a character and 12 px between words from x 10, one row every 40 px from y 10, 24 px high, each word
/// at `confidence` (0…1).
enum RecognisedLines {
    static func lines(_ rows: [String], confidence: Double = 0.97) -> [TextLine] {
        rows.enumerated().map { row, text in
            var x = 10.0
            return TextLine(words: text.split(separator: " ").map { word in
                let width = Double(word.count) * 14
                defer { x += width + 12 }
                return TextWord(text: String(word), box: TextBox(x: x, y: 10 + Double(row) * 40, width: width,
                                                                 height: 24), confidence: confidence)
            })
        }
    }
}
