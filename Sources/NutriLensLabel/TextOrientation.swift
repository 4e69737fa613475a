import Foundation

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
