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

/// One OCR word: its text, optional box and optional recognition confidence.
public struct TextWord: Sendable, Codable, Hashable {
    /// The recognised characters (no surrounding whitespace).
    public var text: String
    /// Where the word is in the image, when the OCR engine reports geometry.
    public var box: TextBox?
    /// Recognition confidence in 0…1 (Tesseract reports 0…100: divide by 100), `nil` when unknown.
    public var confidence: Double?

    /// Creates a word.
    public init(text: String, box: TextBox? = nil, confidence: Double? = nil) {
        self.text = text
        self.box = box
        self.confidence = confidence
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
