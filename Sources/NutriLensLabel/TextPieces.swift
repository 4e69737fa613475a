import Foundation

/// A piece of text with geometry: the unit visual rows are built from. One OCR word, or one part of a word that
/// held several (a neural reader's segment "1550 kJ 370 kcal", a glued "perServing").
struct TextPiece: Sendable {
    var text: String
    /// Image box (axis-aligned).
    var box: TextBox
    /// Image quadrilateral when the engine reported one.
    var quad: TextQuad?
    /// The engine's recognition confidence (0…1) of the word the piece came from.
    var confidence: Double?
}

/// Splits OCR words into pieces: whitespace inside a word, and words a recogniser glued together.
///
/// Why: neural readers (PP-OCR, Apple Vision) return one box per text segment and often drop the space between
/// tightly set words ("perServing", "Protein3.3g", "TotalFat"; docs/text-reader.md: without re-spacing the grammar
/// missed per-serving headers and swapped columns). Each part gets the share of the word's box (or quadrilateral)
/// that its characters occupy, so cells keep their own positions for column placement.
enum TextPieces {
    /// The boxed words of `lines` as pieces, in input order; words without a box are left out.
    static func pieces(from lines: [TextLine]) -> [TextPiece] {
        lines.flatMap(\.words).flatMap { word -> [TextPiece] in
            guard let box = word.box else { return [] }
            return split(word.text).map { part in
                let share = (Double(part.start) / Double(part.total), Double(part.end) / Double(part.total))
                let quad = word.quad?.slice(from: share.0, to: share.1)
                let partBox = quad?.boundingBox ?? Self.slice(box, share.0, share.1)
                return TextPiece(text: part.text, box: partBox, quad: quad, confidence: word.confidence)
            }
        }
    }

    /// An axis-aligned box cut along its longer side (the text's direction for a word of several characters).
    private static func slice(_ box: TextBox, _ start: Double, _ end: Double) -> TextBox {
        if box.height > box.width * 1.5 {   // text turned 90°: characters follow each other along y
            return TextBox(x: box.x, y: box.y + box.height * start, width: box.width, height: box.height * (end - start))
        }
        return TextBox(x: box.x + box.width * start, y: box.y, width: box.width * (end - start), height: box.height)
    }

    /// The parts of one word's text with their character offsets (`total` = the word's length): split at
    /// whitespace, where a capitalised word starts after a lower-case letter ("perServing", "TotalFat",
    /// "3.3gProtein"), between a run of three or more letters and a digit ("Protein3.3g", "Fat12g"; "B12", "D3"
    /// and "E330" keep their digits), and inside panel phrases glued in one case ("Perserving", "ofwhich").
    ///
    /// A capital counts as a word start only when two lower-case letters follow it, and a capital whose shape is its
    /// lower-case letter's (C K O P S U V W X Z) only after one of the short words labels set tight ("per", "of",
    /// "daily", …) or before "Vitamin" ("RiboflavineVitamine B2" on product sheets): recognisers misread "Tłuszcz" as "ThuszCz" and "mehanickim" as "mehaniCkim", which must stay
    /// whole for the lexicon's fuzzy match.
    static func split(_ text: String) -> [(text: String, start: Int, end: Int, total: Int)] {
        let chars = Array(text)
        var cuts: [Int] = []
        var letterRun = 0
        for index in chars.indices {
            let character = chars[index]
            if index > 0, letterRun >= 1, character.isUppercase, chars[index - 1].isLowercase,
               index + 2 < chars.count, chars[index + 1].isLowercase, chars[index + 2].isLowercase {
                let before = String(chars[(index - min(letterRun, index))..<index]).lowercased()
                let after = String(chars[index...].prefix { $0.isLetter }).lowercased()
                if !"CKOPSUVWXZ".contains(character) || Self.gluedWords.contains(before)
                    || after.hasPrefix("vitamin") || after.hasPrefix("witamin") {
                    cuts.append(index)
                }
            } else if index > 0, character.isNumber, letterRun >= 3 {
                cuts.append(index)
            }
            letterRun = character.isLetter ? letterRun + 1 : 0
        }
        cuts += gluedPhraseCuts(chars)
        cuts.sort()
        var parts: [(text: String, start: Int, end: Int, total: Int)] = []
        var start = 0
        func emit(_ end: Int) {
            var from = start
            while from < end, chars[from].isWhitespace { from += 1 }
            var to = end
            while to > from, chars[to - 1].isWhitespace { to -= 1 }
            if from < to { parts.append((String(chars[from..<to]), from, to, chars.count)) }
        }
        for (index, character) in chars.enumerated() where character.isWhitespace || cuts.contains(index) {
            emit(index)
            start = index
        }
        emit(chars.count)
        return parts
    }

    /// Cuts inside all-letter words that are two panel words set tight in one case ("Perserving", "perportion",
    /// "ofwhich", "Lessthan", "dailyvalue"): a per-word followed by a serving or package word, or one of the fixed
    /// pairs.
    private static func gluedPhraseCuts(_ chars: [Character]) -> [Int] {
        var cuts: [Int] = []
        var start = 0
        while start < chars.count {
            guard chars[start].isLetter else { start += 1; continue }
            var end = start
            while end < chars.count, chars[end].isLetter { end += 1 }
            let word = String(chars[start..<end]).lowercased()
            for first in ["per", "pro", "pour", "par", "por", "of", "less", "daily"] where word.hasPrefix(first) {
                let rest = String(word.dropFirst(first.count))
                let pairs: [String: Set<String>] = ["of": ["which"], "less": ["than"], "daily": ["value", "values"]]
                let seconds = pairs[first] ?? Lexicon.servingWords.union(Lexicon.packageWords)
                if seconds.contains(TextFolding.fold(rest)) { cuts.append(start + first.count) }
            }
            start = end
        }
        return cuts
    }

    /// Short words a recogniser glues to the capitalised word after them on nutrition panels.
    private static let gluedWords: Set<String> = ["per", "of", "which", "daily", "total", "less", "than", "amount",
                                                  "g", "mg", "kcal", "kj", "added", "dietary"]
}
