import Foundation

/// Normalisation used for every lexicon comparison: lower case, diacritics removed, ligatures and special letters
/// spelled out (ß→ss, æ→ae, ø→o, ł→l, œ→oe), everything that is not a letter or digit turned into a word break.
enum TextFolding {
    /// Letters that `folding(options: .diacriticInsensitive)` leaves alone but that OCR and labels use interchangeably.
    private static let specialLetters: [Character: String] = [
        "ß": "ss", "æ": "ae", "ø": "o", "œ": "oe", "ł": "l", "đ": "d", "þ": "th", "ı": "i",
    ]

    /// Folds `text` to lower-case ASCII-ish words separated by single spaces.
    static func fold(_ text: String) -> String {
        words(text).joined(separator: " ")
    }

    /// The folded words of `text`.
    static func words(_ text: String) -> [String] {
        let lowered = text.lowercased().folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var result: [String] = []
        var current = ""
        for character in lowered {
            if let replacement = specialLetters[character] {
                current += replacement
            } else if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                result.append(current)
                current = ""
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Levenshtein distance, stopping early once it must exceed `limit` (returns `limit + 1` then).
    static func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
        editDistance(Array(a.utf8), Array(b.utf8), limit: limit)
    }

    /// Levenshtein distance on folded UTF-8 bytes (folded words are ASCII apart from rare letters), with two
    /// rows of scratch space on the stack; stops once the distance must exceed `limit`.
    static func editDistance(_ s: [UInt8], _ t: [UInt8], limit: Int) -> Int {
        if abs(s.count - t.count) > limit { return limit + 1 }
        if s.isEmpty { return t.count }
        if t.isEmpty { return s.count }
        let width = t.count + 1
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * width) { buffer -> Int in
            var previous = buffer.baseAddress!
            var current = previous + width
            for j in 0..<width { previous[j] = j }
            for i in 1...s.count {
                current[0] = i
                var rowMinimum = i
                let character = s[i - 1]
                for j in 1..<width {
                    let substitution = previous[j - 1] + (character == t[j - 1] ? 0 : 1)
                    let value = min(substitution, min(previous[j], current[j - 1]) + 1)
                    current[j] = value
                    if value < rowMinimum { rowMinimum = value }
                }
                if rowMinimum > limit { return limit + 1 }
                swap(&previous, &current)
            }
            return previous[t.count]
        }
    }

    /// How many edits OCR noise may explain in a word of this length: none below 5 letters (short words such as
    /// "fat", "sel", "sal" are too easily confused with others), 1 up to 8 letters, 2 from 9.
    static func tolerance(forLength length: Int) -> Int {
        switch length {
        case ..<5: return 0
        case 5...8: return 1
        default: return 2
        }
    }

    /// `true` when an OCR word matches a lexicon word within the length-dependent tolerance. The first letter must
    /// agree for fuzzy matches, so "unsaturates" never passes for "saturates".
    /// Byte-array form of ``matches(_:_:)`` for the hot lexicon loop.
    static func matches(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        if a == b { return true }
        // Tolerance follows the shorter word: "gras" (4 letters) must not pass for "grasa".
        let allowed = tolerance(forLength: min(a.count, b.count))
        guard allowed > 0, a.first == b.first, abs(a.count - b.count) <= allowed else { return false }
        return editDistance(a, b, limit: allowed) <= allowed
    }

    static func matches(_ word: String, _ lexiconWord: String) -> Bool {
        matches(Array(word.utf8), Array(lexiconWord.utf8))
    }
}
