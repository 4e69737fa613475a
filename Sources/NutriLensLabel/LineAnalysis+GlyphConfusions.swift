import Foundation

// Row names the recogniser misread by a glyph it confuses with a look-alike ("lron" for "Iron": a sans-serif capital I
// and a lower-case l are one glyph), and vitamin indices printed as subscript or superscript digits ("B₆", "B¹²").
extension LineAnalyzer {
    /// Glyph sequences the recogniser reads for one another, as folded bytes: a capital I read as a lower-case l (one
    /// glyph in sans-serif faces, the commonest confusion in the corpus: "lron 0.1mg", "lodide"), only as a word's
    /// first letter, where capitals are printed (a lower-case i inside a word has its dot; Malay "Saiz" must not
    /// become German "Salz"); "rn" / "m" and "cl" / "d" (letters printed close together), "vv" / "w". Digit
    /// look-alikes (0/O, 1/l) are left out: digits split words before the lexicon sees them.
    static let glyphConfusions: [(read: [UInt8], meant: [UInt8], firstLetterOnly: Bool)] = [
        ("l", "i", true), ("rn", "m", false), ("m", "rn", false), ("cl", "d", false), ("vv", "w", false),
    ].map { (Array($0.0.utf8), Array($0.1.utf8), $0.2) }

    /// Every folded word the lexicon knows, in any of its languages: row names, "of which" words, column-header,
    /// serving, preparation and title words. A line word that is one of these is never corrected into another.
    static let lexiconWords: Set<[UInt8]> = {
        var words = Set(Lexicon.allTerms.flatMap(\.words))
        words.formUnion(Lexicon.ofWhichWords)
        for set in [Lexicon.perWords, Lexicon.servingWords, Lexicon.packageWords, Lexicon.householdMeasureWords,
                    Lexicon.preparedWords, Lexicon.preparationIngredients, Lexicon.withWords, Lexicon.tableTitleWords] {
            words.formUnion(set)
        }
        words.formUnion(Lexicon.nonTablePhrases.joined())
        return Set(words.map { Array($0.utf8) })
    }()

    /// The readings of `word` with one or two of its confusable glyphs replaced by their look-alike, each with the
    /// number of replacements. Words under four letters have none ("ron", "lon": too little left to tell a name).
    static func glyphConfusionReadings(_ word: [UInt8]) -> [(word: [UInt8], replaced: Int)] {
        guard word.count >= 4 else { return [] }
        var sites: [(at: Int, read: [UInt8], meant: [UInt8])] = []
        for (read, meant, firstLetterOnly) in glyphConfusions {
            var index = 0
            while index + read.count <= word.count, !firstLetterOnly || index == 0 {
                if word[index..<(index + read.count)].elementsEqual(read) { sites.append((index, read, meant)) }
                index += 1
            }
        }
        func applying(_ chosen: [(at: Int, read: [UInt8], meant: [UInt8])]) -> [UInt8] {
            var result = word
            for site in chosen.sorted(by: { $0.at > $1.at }) {
                result.replaceSubrange(site.at..<(site.at + site.read.count), with: site.meant)
            }
            return result
        }
        var readings: [(word: [UInt8], replaced: Int)] = sites.map { (applying([$0]), 1) }
        for first in sites.indices {
            for second in sites.indices where second > first {
                let a = sites[first], b = sites[second]
                // Overlapping sites ("rn" and its "n") cannot both be the misread glyph.
                guard a.at + a.read.count <= b.at || b.at + b.read.count <= a.at else { continue }
                readings.append((applying([a, b]), 2))
            }
        }
        return readings
    }

    /// A row name at `index` once a confusable glyph of its first word is read as its look-alike: the corrected words
    /// must spell the name exactly (no further edit), the word as read must be no lexicon word and must not name a
    /// row itself (the caller tries this only when nothing else matched), and every correction that spells a name
    /// must name the same nutrient. Returns the term, the words used and the number of glyphs replaced (the
    /// mention's edits, so the row's confidence is lowered as for any fuzzy name).
    static func termThroughGlyphConfusion(_ words: [[UInt8]], at index: Int,
                                          match: (Lexicon.PreparedTerm, [[UInt8]], Int) -> (Int, Int)?)
        -> (term: Lexicon.PreparedTerm, span: Int, replaced: Int)? {
        let word = words[index]
        guard !lexiconWords.contains(word) else { return nil }
        var found: [(term: Lexicon.PreparedTerm, span: Int, replaced: Int)] = []
        var corrected = words
        for reading in glyphConfusionReadings(word) {
            guard let first = reading.word.first else { continue }
            corrected[index] = reading.word
            for prepared in termsByFirstByte[first] ?? [] where prepared.bytes[0].count >= 4 {
                if let (span, edits) = match(prepared, corrected, index), edits == 0 {
                    found.append((prepared, span, reading.replaced))
                }
            }
        }
        guard let firstFound = found.first,
              found.allSatisfy({ $0.term.term.nutrient == firstFound.term.term.nutrient
                  && $0.term.term.isIgnored == firstFound.term.term.isIgnored }) else { return nil }
        return found.max { ($0.term.length, -$0.replaced) < ($1.term.length, -$1.replaced) }
    }

    /// Subscript and superscript digits (U+2080–2089, U+2070, U+00B9, U+00B2, U+00B3, U+2074–2079) read as the digits
    /// they are, when they follow a "B" that starts a word: a vitamin's index ("Vitamin B₆ 0.2mg", "B₁₂"). Elsewhere
    /// they are left alone (a superscript after a name is a footnote mark). One character for one, so offsets hold.
    static func vitaminIndexDigits(_ chars: [Character]) -> [Character] {
        var result = chars
        var index = 1
        while index < result.count {
            let afterB = (result[index - 1] == "B" || result[index - 1] == "b")
                && (index < 2 || !result[index - 2].isLetter)
            if afterB, asciiDigit(result[index]) != nil {
                var run = index
                while run < result.count, let digit = asciiDigit(result[run]) {
                    result[run] = digit
                    run += 1
                }
                index = run
            } else {
                index += 1
            }
        }
        return result
    }

    /// The ASCII digit a subscript or superscript digit stands for; `nil` for any other character.
    private static func asciiDigit(_ character: Character) -> Character? {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return nil }
        let value: UInt32
        switch scalar.value {
        case 0x2080...0x2089: value = scalar.value - 0x2080
        case 0x2070: value = 0
        case 0x00B9: value = 1
        case 0x00B2: value = 2
        case 0x00B3: value = 3
        case 0x2074...0x2079: value = scalar.value - 0x2070
        default: return nil
        }
        return Character(String(value))
    }
}
