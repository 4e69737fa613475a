import NutriLensImaging

/// Groups words into ``OCRLine``s and numbers lines and blocks in reading order.
enum LineAssembly {
    /// A word with the provisional line (`key`) and block ids of the pass that read it.
    typealias Tagged = (key: Int, block: Int, word: OCRWord)

    /// `tagged` without its words mostly inside `region` (``OCRWord/liesMostlyInside(_:)``), followed by
    /// `incoming` with line and block ids moved past the ones left, so the lines of the two passes never merge:
    /// a re-read of a region put in place of an earlier pass's words there.
    static func replacing(inside region: PixelRect, of tagged: [Tagged], with incoming: [Tagged]) -> [Tagged] {
        var kept = tagged.filter { !$0.word.liesMostlyInside(region) }
        let keyOffset = (kept.map(\.key).max() ?? 0) + 1, blockOffset = (kept.map(\.block).max() ?? 0) + 1
        kept += incoming.map { (key: $0.key + keyOffset, block: $0.block + blockOffset, word: $0.word) }
        return kept
    }

    /// `words` carry provisional ids (unique per pass via `key`); returns words re-numbered and the lines,
    /// ordered by block (top-most line first), then line top, each line left to right — all judged on
    /// `upright(box)`, the box on the upright page (for a rotated photo, original x/y are not reading order).
    static func assemble(_ words: [(key: Int, block: Int, word: OCRWord)],
                         upright: (PixelRect) -> PixelRect = { $0 }) -> (words: [OCRWord], lines: [OCRLine]) {
        var groups: [Int: [(OCRWord, PixelRect)]] = [:]
        var blockOf: [Int: Int] = [:]
        for (key, block, word) in words {
            groups[key, default: []].append((word, upright(word.box)))
            blockOf[key] = block
        }
        let rawLines = groups.map { g in (key: g.key, words: g.value.sorted { $0.1.x < $1.1.x }) }
        let tops = Dictionary(uniqueKeysWithValues: rawLines.map { ($0.key, $0.words.map(\.1.y).min()!) })
        // Blocks ordered by their top-most line; lines inside a block top to bottom.
        var blockTop: [Int: Int] = [:]
        for l in rawLines { blockTop[blockOf[l.key]!] = min(blockTop[blockOf[l.key]!] ?? .max, tops[l.key]!) }
        let ordered = rawLines.sorted {
            let (ba, bb) = (blockOf[$0.key]!, blockOf[$1.key]!)
            if ba != bb { return (blockTop[ba]!, ba) < (blockTop[bb]!, bb) }
            return (tops[$0.key]!, $0.words[0].1.x) < (tops[$1.key]!, $1.words[0].1.x)
        }
        var blockIDs: [Int: Int] = [:]
        var lines: [OCRLine] = []
        for (lineID, raw) in ordered.enumerated() {
            let b = blockOf[raw.key]!
            let blockID = blockIDs[b] ?? blockIDs.count
            blockIDs[b] = blockID
            let ws = raw.words.map { pair -> OCRWord in var w = pair.0; w.lineID = lineID; w.blockID = blockID; return w }
            lines.append(OCRLine(words: ws, lineID: lineID, blockID: blockID))
        }
        return (lines.flatMap(\.words), lines)
    }
}
