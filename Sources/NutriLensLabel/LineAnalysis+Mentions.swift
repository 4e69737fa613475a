import Foundation

// Row names: longest-match lookup of the lexicon in a line's words, with the OCR damage real labels show.
extension LineAnalyzer {
    /// Longest-match lexicon lookup. Multi-word terms also match when OCR dropped the spaces ("dontsucres").
    static func matchMentions(_ words: [Word]) -> [LineAnalysis.Mention] {
        var mentions: [LineAnalysis.Mention] = []
        let wordBytes = words.map(\.bytes)
        let breaks = words.map(\.followsNumber)
        var index = 0
        while index < words.count {
            guard let first = wordBytes[index].first else {
                index += 1
                continue
            }
            var best: (term: Lexicon.Term, length: Int, edits: Int, span: Int)?
            for prepared in termsByFirstByte[first] ?? [] {
                if let (span, edits) = match(prepared, wordBytes, at: index),
                   !breaks[(index + 1)..<(index + span)].contains(true) {
                    let length = prepared.length
                    if best == nil || length > best!.length || (length == best!.length && edits < best!.edits) {
                        best = (prepared.term, length, edits, span)
                    }
                }
            }
            if best == nil, let stripped = strippingOfWhich(wordBytes[index]),
               let strippedFirst = stripped.first, let strippedCandidates = termsByFirstByte[strippedFirst] {
                // "dontsucres", "davonZucker": the "of which" word glued to the row name.
                for prepared in strippedCandidates where prepared.bytes.count == 1
                    && TextFolding.matches(stripped, prepared.bytes[0]) {
                    if best == nil || prepared.length > best!.length { best = (prepared.term, prepared.length, 1, 1) }
                }
            }
            if best == nil, let (term, lost) = termLosingItsStart(wordBytes[index]) {
                best = (term.term, term.length, lost, 1)
            }
            // "lron 0.1mg": a glyph read as its look-alike (capital I as l, m as rn); the corrected word spells a name.
            if best == nil, let (term, span, replaced) = termThroughGlyphConfusion(wordBytes, at: index, match: match),
               !breaks[(index + 1)..<(index + span)].contains(true) {
                best = (term.term, term.length, replaced, span)
            }
            // "P rotein", "Sod ium": OCR split a one-word name (a gap after a capital, a wide letter). Names of five
            // or more letters only, spelt exactly when more than one letter was split off, so that no short word
            // joined to another passes for one; not a unit after an amount ("2,6 g - gras saturés"), nor before a
            // word that starts a name itself.
            if best == nil, (1...3).contains(wordBytes[index].count), index + 1 < words.count, !breaks[index],
               !breaks[index + 1], let next = wordBytes[index + 1].first,
               !(termsByFirstByte[next] ?? []).contains(where: { match($0, wordBytes, at: index + 1) != nil }) {
                let joined = wordBytes[index] + wordBytes[index + 1]
                for prepared in termsByFirstByte[first] ?? [] where prepared.bytes.count == 1
                    && prepared.bytes[0].count >= 5
                    && (wordBytes[index].count == 1 ? TextFolding.matches(joined, prepared.bytes[0])
                        : joined == prepared.bytes[0])
                    && (best == nil || prepared.length > best!.length) {
                    best = (prepared.term, prepared.length, 1, 2)
                }
            }
            guard let found = best else {
                index += 1
                continue
            }
            if let nutrient = found.term.nutrient, !found.term.isIgnored {
                mentions.append(LineAnalysis.Mention(nutrient: nutrient, language: found.term.language,
                                                     unitHint: found.term.unitHint, start: words[index].start,
                                                     end: words[index + found.span - 1].end, edits: found.edits,
                                                     needsTraceAmount: found.term.needsTraceAmount))
            }
            index += found.span
        }
        return mentions
    }

    /// `true` when the first amount after `mention`, before the next row name, is in mg or µg: "Fer 3,4 mg 24%" names
    /// iron, "fer" before a gram amount or in running text does not (``Lexicon/Term/needsTraceAmount``).
    static func tracedAmountFollows(_ mention: LineAnalysis.Mention, in mentions: [LineAnalysis.Mention],
                                    _ quantities: [ScannedQuantity]) -> Bool {
        let nextName = mentions.first { $0.start > mention.start }?.start ?? Int.max
        guard let first = quantities.first(where: { $0.start >= mention.end && $0.start < nextName }) else { return false }
        return first.unit == .milligram || first.unit == .microgram
    }

    /// Single-word names of ten or more letters, for `termLosingItsStart`.
    private static let longSingleWordTerms: [Lexicon.PreparedTerm] = termsByFirstByte.values.joined()
        .filter { $0.bytes.count == 1 && $0.bytes[0].count >= 10 && !$0.term.isIgnored }

    /// "edingsvezel" for "Voedingsvezel": noise at the left edge of the table ate the first letters of a long
    /// compound row name. The word must be the name's last eight or more letters, at most three lost; the edit count
    /// is the number of lost letters. `nil` when no name ends with the word, or when names of two nutrients do.
    private static func termLosingItsStart(_ word: [UInt8]) -> (Lexicon.PreparedTerm, Int)? {
        guard word.count >= 8 else { return nil }
        let found = longSingleWordTerms.filter { term in
            let name = term.bytes[0]
            return name.count > word.count && name.count - word.count <= 3 && name.suffix(word.count).elementsEqual(word)
        }
        guard let first = found.first, found.allSatisfy({ $0.term.nutrient == first.term.nutrient }) else { return nil }
        let closest = found.min { $0.bytes[0].count < $1.bytes[0].count }!
        return (closest, closest.bytes[0].count - word.count)
    }

    private static let ofWhichPrefixes: [[UInt8]] = Lexicon.ofWhichWords.filter { $0.count >= 4 }.map { Array($0.utf8) }

    private static func strippingOfWhich(_ word: [UInt8]) -> [UInt8]? {
        for prefix in ofWhichPrefixes where word.count >= prefix.count + 4 && word.starts(with: prefix) {
            return Array(word[prefix.count...])
        }
        return nil
    }

    /// Matches a term's words at `index`; returns the number of line words used and total edits.
    private static func match(_ term: Lexicon.PreparedTerm, _ words: [[UInt8]], at index: Int) -> (Int, Int)? {
        if !term.term.isFuzzy {
            guard index + term.bytes.count <= words.count,
                  term.bytes.indices.allSatisfy({ words[index + $0] == term.bytes[$0] }) else { return nil }
            return (term.bytes.count, 0)
        }
        // Joined form only for words at least as long ("dontsucres"); "vitamin" must not pass for "vitamin d".
        if term.bytes.count > 1, words[index].count >= term.joined.count, TextFolding.matches(words[index], term.joined) {
            return (1, TextFolding.editDistance(words[index], term.joined, limit: 2))
        }
        guard index + term.bytes.count <= words.count else { return nil }
        var edits = 0
        for (offset, termWord) in term.bytes.enumerated() {
            let word = words[index + offset]
            if TextFolding.matches(word, termWord) {
                if word != termWord { edits += TextFolding.editDistance(word, termWord, limit: 2) }
                continue
            }
            // "Asid Lemak Tepul / Saturated fatty acids": the "/" after a bilingual name's last word read as an l
            // glued to it; the phrase's other words already matched, so the l counts as one edit.
            if offset > 0, offset == term.bytes.count - 1, termWord.count >= 3, word.count == termWord.count + 1,
               word.last == UInt8(ascii: "l"), word.starts(with: termWord) {
                edits += 1
                continue
            }
            return nil
        }
        return (term.bytes.count, edits)
    }
}
