import Foundation

/// Rebuilds visual table rows from word boxes: words whose vertical centres fall inside each other's extent are one
/// row, ordered left to right. OCR engines often return a table row as several lines (label, then each value
/// cell); joining them restores "label value value" rows, and never merges label and value tokens (bug case 16).
enum VisualRows {
    struct Row {
        var text: String
        var box: TextBox
        var wordBoxes: [(start: Int, end: Int, box: TextBox)]
    }

    /// `nil` unless at least 80 % of the words carry boxes.
    static func rows(from lines: [TextLine]) -> [Row]? {
        let words = lines.flatMap(\.words).filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        let boxed = words.compactMap { word in word.box.map { (word.text, $0) } }
        guard !boxed.isEmpty, Double(boxed.count) >= 0.8 * Double(words.count) else { return nil }
        let sorted = boxed.sorted { $0.1.midY < $1.1.midY }
        var groups: [[(String, TextBox)]] = []
        var groupBox: [TextBox] = []
        for word in sorted {
            if let last = groupBox.last {
                let height = min(last.height, word.1.height)
                let centreInside = word.1.midY >= last.y && word.1.midY <= last.maxY
                let overlap = min(last.maxY, word.1.maxY) - max(last.y, word.1.y)
                if centreInside && overlap >= 0.5 * height {
                    groups[groups.count - 1].append(word)
                    // Grow horizontally only, so a tall word does not swallow the next row.
                    groupBox[groupBox.count - 1] = TextBox(x: min(last.x, word.1.x), y: last.y,
                                                           width: max(last.maxX, word.1.maxX) - min(last.x, word.1.x),
                                                           height: last.height)
                    continue
                }
            }
            groups.append([word])
            groupBox.append(word.1)
        }
        return groups.map { group in
            let ordered = group.sorted { $0.1.x < $1.1.x }
            var text = ""
            var boxes: [(start: Int, end: Int, box: TextBox)] = []
            for (index, word) in ordered.enumerated() {
                if index > 0 { text += " " }
                let start = text.count
                text += word.0
                boxes.append((start, text.count, word.1))
            }
            let box = ordered.dropFirst().reduce(ordered[0].1) { $0.union($1.1) }
            return Row(text: text, box: box, wordBoxes: boxes)
        }
    }
}
