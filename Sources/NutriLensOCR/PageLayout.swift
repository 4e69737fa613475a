import CTesseract
import NutriLensImaging

/// What Tesseract's layout analysis alone (``OCREngine/analyseLayout(_:segmentation:)``, no recognition) says about a
/// page: its blocks and the boxes of the words it would read, in the pixels of the image analysed.
public struct PageLayout: Sendable, Equatable {
    /// Tesseract's kind of a block (`TessPolyBlockType`), reduced to what a table locator can use.
    public enum BlockKind: String, Sendable, Equatable {
        /// Flowing, heading, pull-out or caption text.
        case text
        /// Tesseract's table finder marked the block a table (`PT_TABLE`; automatic layout, PSM 3, only).
        case table
        /// Text running vertically (`PT_VERTICAL_TEXT`).
        case verticalText
        /// A ruling line (`PT_HORZ_LINE`, `PT_VERT_LINE`).
        case rule
        /// A picture (`PT_*_IMAGE`).
        case image
        /// Noise, equations, unknown.
        case other

        init(_ type: TessPolyBlockType) {
            switch type {
            case PT_FLOWING_TEXT, PT_HEADING_TEXT, PT_PULLOUT_TEXT, PT_CAPTION_TEXT: self = .text
            case PT_TABLE: self = .table
            case PT_VERTICAL_TEXT: self = .verticalText
            case PT_HORZ_LINE, PT_VERT_LINE: self = .rule
            case PT_FLOWING_IMAGE, PT_HEADING_IMAGE, PT_PULLOUT_IMAGE: self = .image
            default: self = .other
            }
        }
    }

    /// One block of the layout: its kind and box.
    public struct Block: Sendable, Equatable {
        public var kind: BlockKind
        public var box: PixelRect
    }

    /// One word box Tesseract found before reading it: its box, Tesseract's text-line index (page-wide, in its
    /// order) and the index of its block in ``blocks``.
    public struct Word: Sendable, Equatable {
        public var box: PixelRect
        public var line: Int
        public var block: Int
    }

    public var blocks: [Block]
    public var words: [Word]

    /// The words of text and table blocks (not of rules, pictures or noise).
    var textWords: [Word] {
        words.filter { blocks.indices.contains($0.block) ? [.text, .table, .other].contains(blocks[$0.block].kind) : true }
    }
}
