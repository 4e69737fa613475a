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
        guard !words.isEmpty, Double(words.filter { $0.box != nil }.count) >= 0.8 * Double(words.count) else {
            return nil
        }
        // Grouping runs in the text's reading frame; the rows keep the image boxes.
        let orientation = TextOrientation.detect(lines)
        let boxed = words.compactMap { word in word.box.map { (text: word.text, frame: orientation.readingFrame($0), image: $0) } }
        // A table's vertical rule read as a glyph ("|" 120 px tall among 20 px words) would anchor a row that swallows
        // the several rows it crosses (us_panel_pack_upc: "Includes 0g Added Sugars" + "Protein 2g"). Such rules join
        // the row their centre falls in once the rows stand.
        let heights = boxed.map(\.frame.height).sorted()
        let medianHeight = heights[heights.count / 2]
        func isVerticalRule(_ frame: TextBox) -> Bool {
            frame.height > 2.5 * medianHeight && 3 * frame.width < frame.height
        }
        let sorted = boxed.filter { !isVerticalRule($0.frame) }.sorted { $0.frame.midY < $1.frame.midY }
        var groups: [[(text: String, frame: TextBox, image: TextBox)]] = []
        var groupBox: [TextBox] = []
        for word in sorted {
            if let last = groupBox.last {
                let height = min(last.height, word.frame.height)
                let centreInside = word.frame.midY >= last.y && word.frame.midY <= last.maxY
                let overlap = min(last.maxY, word.frame.maxY) - max(last.y, word.frame.y)
                if centreInside && overlap >= 0.5 * height {
                    groups[groups.count - 1].append(word)
                    // Grow horizontally only, so a tall word does not swallow the next row.
                    groupBox[groupBox.count - 1] = TextBox(x: min(last.x, word.frame.x), y: last.y,
                                                           width: max(last.maxX, word.frame.maxX) - min(last.x, word.frame.x),
                                                           height: last.height)
                    continue
                }
            }
            groups.append([word])
            groupBox.append(word.frame)
        }
        for rule in boxed where isVerticalRule(rule.frame) {
            if let index = groupBox.firstIndex(where: { rule.frame.midY >= $0.y && rule.frame.midY <= $0.maxY }) {
                groups[index].append(rule)
            } else {
                let position = groupBox.firstIndex { $0.midY > rule.frame.midY } ?? groupBox.count
                groups.insert([rule], at: position)
                groupBox.insert(rule.frame, at: position)
            }
        }
        return groups.map { group in
            let ordered = group.sorted { $0.frame.x < $1.frame.x }
            var text = ""
            var boxes: [(start: Int, end: Int, box: TextBox)] = []
            for (index, word) in ordered.enumerated() {
                if index > 0 { text += " " }
                let start = text.count
                text += word.text
                boxes.append((start, text.count, word.image))
            }
            let box = ordered.dropFirst().reduce(ordered[0].image) { $0.union($1.image) }
            return Row(text: text, box: box, wordBoxes: boxes)
        }
    }
}

/// Which way the text runs in the image. A label photographed sideways reaches the parser with word boxes taller than
/// wide (the OCR engine read the text turned but reports boxes in the image's own axes); rows must then be grouped
/// along x, not y.
enum TextOrientation: Equatable {
    /// Left to right, lines downwards (y grows from line to line).
    case upright
    /// Turned 90° anticlockwise: words read bottom to top, lines follow each other to the right.
    case bottomToTop
    /// Turned 90° clockwise: words read top to bottom, lines follow each other to the left.
    case topToBottom

    /// Vertical when most boxed words of three or more characters are at least 1.5 × taller than wide; the reading
    /// direction comes from the order the engine gives the words of a line in.
    static func detect(_ lines: [TextLine]) -> TextOrientation {
        var tall = 0, wide = 0
        for word in lines.flatMap(\.words) where word.text.count >= 3 {
            guard let box = word.box else { continue }
            if box.height >= 1.5 * box.width { tall += 1 } else if box.width > box.height { wide += 1 }
        }
        guard tall >= 4, Double(tall) > 2 * Double(wide) else { return .upright }
        var upwards = 0, downwards = 0
        for line in lines {
            let boxes = line.words.compactMap(\.box)
            guard let first = boxes.first, let last = boxes.last, boxes.count >= 2 else { continue }
            if last.midY < first.midY { upwards += 1 } else if last.midY > first.midY { downwards += 1 }
        }
        if upwards == downwards {
            // Single-word lines only: lines of turned text follow each other across x in reading order.
            let xs = lines.compactMap { $0.box?.midX }
            let rising = zip(xs, xs.dropFirst()).filter { $0 < $1 }.count
            return rising * 2 >= max(1, xs.count - 1) ? .bottomToTop : .topToBottom
        }
        return upwards > downwards ? .bottomToTop : .topToBottom
    }

    /// `box` in the reading frame: x along the words of a line, y from line to line (extents stay ≥ 0).
    func readingFrame(_ box: TextBox) -> TextBox {
        switch self {
        case .upright: return box
        case .bottomToTop: return TextBox(x: -box.maxY, y: box.x, width: box.height, height: box.width)
        case .topToBottom: return TextBox(x: box.y, y: -box.maxX, width: box.height, height: box.width)
        }
    }
}
