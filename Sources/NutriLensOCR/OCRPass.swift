import Foundation

/// One Tesseract call made by ``NutritionOCR/read(_:options:)``: what it was for and what it cost.
///
/// Why per pass: LSTM recognition is almost all of a scan's CPU (docs/speed.md, profile), and its cost grows with the
/// amount of text recognised times the number of models tried, so the count and kind of passes explain a slow photo
/// better than the stage total does.
public struct OCRPass: Sendable, Equatable, Codable {
    /// What a pass was for.
    public enum Kind: String, Sendable, Equatable, Codable {
        /// The whole upright page at the working scale.
        case page
        /// The whole page once more, at the scale the first pass's words showed (the survey's estimate was far off).
        case pageRescaled
        /// The located table region alone, at its own x-height.
        case table
        /// The table region widened towards its value columns, background-flattened and with its ruling lines
        /// removed, read because more than a quarter of the table's named rows showed no value
        /// (``OCRReadOptions/cleanedTableReread``).
        case tableCleaned
        /// Orientation and script detection (`osd` model, legacy engine).
        case orientation
        /// Not a Tesseract call: the light-on-dark check of ``OCRReadOptions/Polarity/lineRetryWhereFound`` on the
        /// survey; ``words`` counts the light-on-dark glyphs found (``PolarityMap/lightGlyphs(in:)``).
        case polarity
    }

    /// What the pass was for (page, rescaled page, table, cleaned table, orientation, polarity check).
    public var kind: Kind
    /// Tesseract page segmentation mode number used (3, 6, 11; 0 for orientation detection).
    public var pageSegmentationMode: Int
    /// Size of the image handed to Tesseract, pixels.
    public var width: Int, height: Int
    /// Words the pass returned (0 for orientation detection; light-on-dark glyphs for ``Kind/polarity``).
    public var words: Int
    /// CPU time of the calling thread during the pass, seconds (Tesseract runs on the calling thread: OpenMP is
    /// serialised, ``OpenMPLimit``). Unlike wall time it does not grow when other processes hold the cores.
    public var cpuSeconds: Double

    /// `kind`; `pageSegmentationMode` Tesseract's PSM number (0 for orientation); `width`, `height` of the image read,
    /// pixels; `words` returned (>= 0); `cpuSeconds` the calling thread's CPU time, seconds.
    public init(kind: Kind, pageSegmentationMode: Int, width: Int, height: Int, words: Int, cpuSeconds: Double) {
        self.kind = kind; self.pageSegmentationMode = pageSegmentationMode
        self.width = width; self.height = height; self.words = words; self.cpuSeconds = cpuSeconds
    }
}

extension OCRSegmentation {
    /// Tesseract's PSM number (3, 6, 11).
    public var tesseractMode: Int { Int(tess.rawValue) }
}
