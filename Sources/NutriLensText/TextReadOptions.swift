import NutriLensImaging

/// How `TextReader.read` detects and filters. Defaults reproduce PaddleOCR's pipeline with the model's own
/// post-processing settings, except the detector size (PaddleOCR's default is "short side at least 736").
public struct TextReadOptions: Sendable, Equatable {
    /// The detector sees the image (or the region) scaled so its long side is this many pixels (then rounded to
    /// multiples of 32), 32...4096. 960 reads the shared corpus as well as 1280 at about half the detector cost;
    /// 1280 finds more small text on busy packs (shared/docs/text-reader.md). Re-detect a located table with a
    /// `regionOfInterest` and a larger value rather than raising this for the whole photo.
    public var detectorLongSide: Int
    /// Only this part of the image is detected (results stay in whole-image pixels); `nil` = the whole image.
    public var regionOfInterest: PixelRect?
    /// DB binarisation threshold on the probability map; `nil` = the model's (PP-OCRv6: 0.2).
    public var binarizationThreshold: Float?
    /// Minimum mean probability inside a box; `nil` = the model's (PP-OCRv6 tiny 0.4, small 0.45).
    public var boxThreshold: Float?
    /// Box growth ratio (distance = area * ratio / perimeter); `nil` = the model's (1.4).
    public var unclipRatio: Float?
    /// Lines whose mean character confidence is below this are dropped (PaddleOCR's `drop_score` 0.5); 0 keeps
    /// every line, including empty ones.
    public var minimumConfidence: Float

    /// How far each line is zero-padded before recognition (`.paddleOCR` reproduces the reference readings).
    public var linePadding: LinePadding

    /// Whether a box holding two or more text lines stacked a pixel or two apart (table cells such as "4,9 g" over
    /// "2,8 g", which DBNet's map joins into one component) is split into one box per line before recognition, by the
    /// row profile of the image's gradient inside it (docs/text.md, "Stacked lines"). `true` by default; `false`
    /// gives PaddleOCR's boxes exactly.
    public var splitsStackedLines: Bool

    /// Options with PaddleOCR's settings and the model's thresholds (each parameter is the property of that name).
    /// Defaults: `detectorLongSide` 960 px, `regionOfInterest` nil (whole image), `binarizationThreshold`,
    /// `boxThreshold` and `unclipRatio` nil (the model's), `minimumConfidence` 0.5, `linePadding` `.paddleOCR`,
    /// `splitsStackedLines` true.
    public init(detectorLongSide: Int = 960, regionOfInterest: PixelRect? = nil, binarizationThreshold: Float? = nil,
                boxThreshold: Float? = nil, unclipRatio: Float? = nil, minimumConfidence: Float = 0.5,
                linePadding: LinePadding = .paddleOCR, splitsStackedLines: Bool = true) {
        self.linePadding = linePadding
        self.splitsStackedLines = splitsStackedLines
        self.detectorLongSide = detectorLongSide
        self.regionOfInterest = regionOfInterest
        self.binarizationThreshold = binarizationThreshold
        self.boxThreshold = boxThreshold
        self.unclipRatio = unclipRatio
        self.minimumConfidence = minimumConfidence
    }

    static let longSideRange = 32...4096
}

/// Width a text line is zero-padded to before the recogniser reads it.
public enum LinePadding: Sendable, Equatable {
    /// To at least the model's minimum width (320 for PP-OCR: PaddleOCR's `rec_image_shape`), as the models were
    /// trained and as the reference pipeline reads; the default.
    case paddleOCR
    /// Only to the next multiple of 8 (at least 32): short lines cost a fraction (one "12.6 g" cell is ~100 columns,
    /// not 320). The squeeze-excitation means then see less padding: on the 300 test lines 39 readings change, nearly
    /// all in spacing ("30 g" / "30g"); docs/text.md has the corpus figures.
    case tight
    /// To the next multiple of 8, but at least `columns` (clamped to 32...320): between the two above. At 160 the
    /// scanner's OCR CPU falls to ~0.80x of `.paddleOCR`, but the fields of some label sources fall too
    /// (openfoodfacts-dart 14 → 6 of 18); docs/text.md, "Padding to at least 160", has the per-folder figures.
    case atLeast(Int)
}
