import Foundation
import NutriLensImaging

/// A quadrilateral in image pixels: corners top-left, top-right, bottom-right, bottom-left in reading direction
/// (the line's text runs from the left edge to the right edge). Coordinates are pixel-centre based and may be
/// fractional.
public struct TextQuad: Sendable, Equatable, Codable {
    /// Where the text starts, at its top (image pixels).
    public var topLeft: PixelPoint
    /// Where the text ends, at its top.
    public var topRight: PixelPoint
    /// Where the text ends, at its bottom.
    public var bottomRight: PixelPoint
    /// Where the text starts, at its bottom.
    public var bottomLeft: PixelPoint

    /// A quad from its four corners in reading order (any convex or degenerate shape is accepted).
    /// `topLeft`, `topRight`, `bottomRight`, `bottomLeft`: image pixels, where the text starts and ends at its top and
    /// bottom.
    public init(topLeft: PixelPoint, topRight: PixelPoint, bottomRight: PixelPoint, bottomLeft: PixelPoint) {
        (self.topLeft, self.topRight, self.bottomRight, self.bottomLeft) = (topLeft, topRight, bottomRight, bottomLeft)
    }

    /// An axis-aligned quad covering `rect`.
    public init(_ rect: PixelRect) {
        let x0 = Double(rect.x), y0 = Double(rect.y), x1 = Double(rect.maxX), y1 = Double(rect.maxY)
        self.init(topLeft: PixelPoint(x: x0, y: y0), topRight: PixelPoint(x: x1, y: y0),
                  bottomRight: PixelPoint(x: x1, y: y1), bottomLeft: PixelPoint(x: x0, y: y1))
    }

    /// The corners in order (top-left first).
    public var corners: [PixelPoint] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Smallest integer rectangle containing the corners.
    public var boundingRect: PixelRect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = Int(xs.min()!.rounded(.down)), y0 = Int(ys.min()!.rounded(.down))
        return PixelRect(x: x0, y: y0, width: Int(xs.max()!.rounded(.up)) - x0, height: Int(ys.max()!.rounded(.up)) - y0)
    }

    /// Mean of the left and right edge lengths (the text height for a horizontal line), pixels.
    public var height: Double {
        (Self.distance(topLeft, bottomLeft) + Self.distance(topRight, bottomRight)) / 2
    }

    /// Mean of the top and bottom edge lengths, pixels.
    public var width: Double {
        (Self.distance(topLeft, topRight) + Self.distance(bottomLeft, bottomRight)) / 2
    }

    /// Angle of the reading direction (mean of top and bottom edges) in degrees, clockwise from the +x axis
    /// (image y grows downwards); 0 for horizontal text.
    public var angleDegrees: Double {
        let dx = (topRight.x - topLeft.x) + (bottomRight.x - bottomLeft.x)
        let dy = (topRight.y - topLeft.y) + (bottomRight.y - bottomLeft.y)
        return atan2(dy, dx) * 180 / .pi
    }

    /// The part of the quad between `start` and `end` along the reading direction (fractions 0...1 of the way
    /// from the left edge to the right edge), e.g. one character's box or one word of a glued line.
    public func slice(from start: Double, to end: Double) -> TextQuad {
        func lerp(_ a: PixelPoint, _ b: PixelPoint, _ t: Double) -> PixelPoint {
            PixelPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
        return TextQuad(topLeft: lerp(topLeft, topRight, start), topRight: lerp(topLeft, topRight, end),
                        bottomRight: lerp(bottomLeft, bottomRight, end), bottomLeft: lerp(bottomLeft, bottomRight, start))
    }

    static func distance(_ a: PixelPoint, _ b: PixelPoint) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
}

/// One character of a recognised line: the CTC label it read, its probability and where it lies along the line.
public struct RecognizedCharacter: Sendable, Equatable, Codable {
    /// The dictionary entry (one Unicode character for PP-OCR dictionaries; " " for a space).
    public var text: String
    /// Softmax probability of this label at the first time step that read it, 0...1 (PaddleOCR's per-character score).
    public var confidence: Float
    /// First and last CTC time step that read this label (each step covers 8 columns of the 48-px-high line).
    public var steps: ClosedRange<Int>
    /// Extent along the line, fractions 0...1 of the box from its left to its right edge: from the middle of the
    /// blank gap before this character to the middle of the gap after it (the first starts at its first step,
    /// the last ends after its last step).
    public var span: ClosedRange<Double>
    /// `span` as a quadrilateral in image pixels (the line's quad sliced along the reading direction).
    public var quad: TextQuad
    /// What the recogniser would have read instead: the most probable other non-blank label at the steps that read
    /// this character, with its highest probability over those steps (0...1). `nil` when the dictionary has no other
    /// label. PP-OCRv6 tiny reads the unit "g" as "9" and then gives "g" real probability behind it (docs/text.md),
    /// which the scanner's lines for the grammar use.
    public var alternative: Alternative? = nil

    /// The runner-up label of one character: its dictionary entry and softmax probability (0...1).
    public struct Alternative: Sendable, Equatable, Codable {
        /// The dictionary entry (one Unicode character; " " for a space).
        public var text: String
        /// Its highest softmax probability over the character's time steps, 0...1.
        public var confidence: Float

        /// An alternative reading `text` with probability `confidence` (0...1).
        public init(text: String, confidence: Float) { (self.text, self.confidence) = (text, confidence) }
    }
}

/// One line of text read from an image.
public struct RecognizedText: Sendable, Equatable, Codable {
    /// Where the line is, in the pixels of the image passed to `TextReader.read` (also when a region of interest
    /// was given).
    public var quad: TextQuad
    /// The decoded text (CTC greedy decoding: repeated labels merged, blanks removed).
    public var text: String
    /// Mean of the characters' confidences, 0...1 (PaddleOCR's line score); 0 for an empty line.
    public var confidence: Float
    /// The least confident character's confidence, 0...1 (1 for an empty line): a single doubtful digit shows here.
    public var minimumCharacterConfidence: Float
    /// Mean detector probability inside the box before it was expanded, 0...1.
    public var detectionScore: Float
    /// The characters of `text` in order, with their confidences and positions.
    public var characters: [RecognizedCharacter]
}
