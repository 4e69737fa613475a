import Foundation

/// An axis-aligned rectangle in image pixel coordinates (origin top-left, y grows downwards).
///
/// Values are `Double` so sub-pixel boxes from any OCR engine (Tesseract, Apple Vision after
/// denormalisation, cloud OCR) map without rounding. `width` and `height` are ≥ 0.
public struct TextBox: Sendable, Codable, Hashable {
    /// Left edge in pixels.
    public var x: Double
    /// Top edge in pixels.
    public var y: Double
    /// Width in pixels (≥ 0).
    public var width: Double
    /// Height in pixels (≥ 0).
    public var height: Double

    /// Creates a box; negative sizes are clamped to 0 so later geometry never divides by a negative extent.
    /// `x`, `y`: top-left corner, `width`, `height`: size, all in image pixels (sub-pixel allowed).
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// Right edge (`x + width`).
    public var maxX: Double { x + width }
    /// Bottom edge (`y + height`).
    public var maxY: Double { y + height }
    /// Horizontal centre.
    public var midX: Double { x + width / 2 }
    /// Vertical centre.
    public var midY: Double { y + height / 2 }

    /// The smallest box containing both boxes.
    public func union(_ other: TextBox) -> TextBox {
        let minX = min(x, other.x), minY = min(y, other.y)
        return TextBox(x: minX, y: minY, width: max(maxX, other.maxX) - minX, height: max(maxY, other.maxY) - minY)
    }
}

/// A point in image pixel coordinates (origin top-left, y grows downwards).
public struct TextPoint: Sendable, Codable, Hashable {
    /// Pixels from the left edge.
    public var x: Double
    /// Pixels from the top edge.
    public var y: Double

    /// Creates a point.
    /// `x`, `y`: pixels from the top-left corner of the image.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The four corners of a piece of text as the OCR engine found it, in the text's own reading order: `topLeft` →
/// `topRight` runs along the text's baseline direction, `topLeft` → `bottomLeft` across it. Tilted, turned or curved
/// packs give quadrilaterals whose axis-aligned ``TextBox`` is much taller than the text; the quadrilateral keeps the
/// text's direction and height (Apple Vision's `VNRectangleObservation` corners, PP-OCR's detector boxes).
public struct TextQuad: Sendable, Codable, Hashable {
    /// Where the text starts, at its top (image pixels).
    public var topLeft: TextPoint
    /// Where the text ends, at its top.
    public var topRight: TextPoint
    /// Where the text ends, at its bottom.
    public var bottomRight: TextPoint
    /// Where the text starts, at its bottom.
    public var bottomLeft: TextPoint

    /// Creates a quadrilateral from its corners in reading order.
    /// `topLeft`, `topRight`, `bottomRight`, `bottomLeft`: image pixels; any shape is accepted (degenerate ones too).
    public init(topLeft: TextPoint, topRight: TextPoint, bottomRight: TextPoint, bottomLeft: TextPoint) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    /// The axis-aligned box around the corners.
    public var boundingBox: TextBox {
        let xs = [topLeft.x, topRight.x, bottomRight.x, bottomLeft.x]
        let ys = [topLeft.y, topRight.y, bottomRight.y, bottomLeft.y]
        return TextBox(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Direction of the text in radians, from the image's x axis towards its y axis (0 = upright text read left to
    /// right, π/2 = text running downwards): the mean direction of the top and bottom edges.
    public var angle: Double {
        let dx = (topRight.x - topLeft.x) + (bottomRight.x - bottomLeft.x)
        let dy = (topRight.y - topLeft.y) + (bottomRight.y - bottomLeft.y)
        return atan2(dy, dx)
    }

    /// Length along the text (mean of the top and bottom edges), pixels.
    public var length: Double {
        (hypot(topRight.x - topLeft.x, topRight.y - topLeft.y)
            + hypot(bottomRight.x - bottomLeft.x, bottomRight.y - bottomLeft.y)) / 2
    }

    /// Text height across the text (mean of the left and right edges), pixels.
    public var height: Double {
        (hypot(bottomLeft.x - topLeft.x, bottomLeft.y - topLeft.y)
            + hypot(bottomRight.x - topRight.x, bottomRight.y - topRight.y)) / 2
    }

    /// The centre (mean of the corners).
    public var centre: TextPoint {
        TextPoint(x: (topLeft.x + topRight.x + bottomRight.x + bottomLeft.x) / 4,
                  y: (topLeft.y + topRight.y + bottomRight.y + bottomLeft.y) / 4)
    }

    /// The part of the quadrilateral from fraction `start` to `end` (0…1) along the text (a word of a neural
    /// reader's segment, from its characters' positions).
    public func slice(from start: Double, to end: Double) -> TextQuad {
        func along(_ a: TextPoint, _ b: TextPoint, _ t: Double) -> TextPoint {
            TextPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        return TextQuad(topLeft: along(topLeft, topRight, start), topRight: along(topLeft, topRight, end),
                        bottomRight: along(bottomLeft, bottomRight, end), bottomLeft: along(bottomLeft, bottomRight, start))
    }
}

/// One OCR word: its text, optional box and optional recognition confidence.
///
/// Neural text readers (PP-OCR, Apple Vision) report a text *segment* ("1550 kJ 370 kcal", "perServing") rather
/// than a word: such a word may contain spaces and glued words, and the parser splits it (boxes shared out along the
/// segment in proportion to the characters).
public struct TextWord: Sendable, Codable, Hashable {
    /// The recognised characters (no surrounding whitespace).
    public var text: String
    /// Where the word is in the image, when the OCR engine reports geometry.
    public var box: TextBox?
    /// Recognition confidence in 0…1 (Tesseract reports 0…100: divide by 100), `nil` when unknown. For a neural
    /// reader the lowest probability of the word's characters is the most useful value.
    public var confidence: Double?
    /// The word's corners when the engine reports a (possibly tilted) quadrilateral; `box` should then be its
    /// ``TextQuad/boundingBox``. `nil` for engines that report axis-aligned boxes only (Tesseract).
    public var quad: TextQuad?

    /// Creates a word.
    /// `text` without surrounding whitespace; `box` in image pixels (`nil`: the `quad`'s bounding box, if any);
    /// `confidence` 0...1 (`nil`: unknown); `quad` the corners in reading order when the engine reports them.
    public init(text: String, box: TextBox? = nil, confidence: Double? = nil, quad: TextQuad? = nil) {
        self.text = text
        self.box = box ?? quad?.boundingBox
        self.confidence = confidence
        self.quad = quad
    }
}

/// One line of OCR text, optionally with its words and their boxes.
///
/// When `words` carry boxes, the parser rebuilds table rows and columns from geometry (words of one visual row
/// that the OCR engine split into several lines are joined again); otherwise it uses `text` in reading order.
public struct TextLine: Sendable, Codable, Hashable {
    /// The line's text as the OCR engine produced it.
    public var text: String
    /// The line's words; may be empty when only text is known.
    public var words: [TextWord]

    /// Creates a line from words; `text` is the words joined by single spaces.
    public init(words: [TextWord]) {
        self.words = words
        self.text = words.map(\.text).joined(separator: " ")
    }

    /// Creates a line from plain text; `words` are the whitespace-separated pieces without boxes.
    public init(text: String) {
        self.text = text
        self.words = text.split(whereSeparator: { $0.isWhitespace }).map { TextWord(text: String($0)) }
    }

    /// Creates a line with explicit text and words (e.g. OCR engines that report both).
    public init(text: String, words: [TextWord]) {
        self.text = text
        self.words = words
    }

    /// The union of the word boxes, or `nil` when no word has a box.
    public var box: TextBox? {
        words.compactMap(\.box).reduce(nil) { partial, box in partial.map { $0.union(box) } ?? box }
    }
}
