/// Per-call settings of ``NutritionOCR/read(_:options:)``. The defaults are the ones the scanner reads with
/// (``OCRStrategy/thorough``'s ``OCRStrategy/readOptions`` is `OCRReadOptions()`), chosen by the measurements in
/// docs/history/ocr-sessions.md; `nutrilens-bench ocr` takes flags for each.
public struct OCRReadOptions: Sendable, Equatable {
    /// When to re-read the located table region with ``tableSegmentation`` at its own scale.
    public enum TableReread: Sendable, Equatable {
        /// Never: the table words are the survey's.
        case never
        /// Only when the table's x-height in the survey is more than 25 % off ``targetXHeight``, or the table
        /// covers less than half the page (so re-reading it costs little).
        case whenUseful
        /// Always when a table was found.
        case always
    }

    /// Tesseract's global binarisation (`thresholding_method`): Otsu (Tesseract's default), adaptive Otsu or
    /// Sauvola (Tesseract ≥ 5.0).
    public enum Thresholding: Int, Sendable, Equatable {
        /// The `thresholding_method` values of Tesseract 5: `otsu` 0 (global Otsu, its default), `adaptiveOtsu` 1 (Otsu
        /// per tile), `sauvola` 2 (local mean and deviation).
        case otsu = 0, adaptiveOtsu = 1, sauvola = 2
    }

    /// How text printed light on dark (a white-on-black or white-on-green table) gets read.
    public enum Polarity: Sendable, Equatable {
        /// Tesseract's own retry (`tessedit_do_invert`): every line recognised with under 0.7 mean confidence is
        /// recognised a second time inverted. Costs 16 % of the OCR CPU on the corpus, on every photo.
        case tesseractLineRetry
        /// The retry only on pages where the survey shows light-on-dark text (``PolarityMap``): those are read by
        /// ``NutritionOCR/invertingPool`` (engines loaded with the retry on), exactly as with ``tesseractLineRetry``;
        /// every other page by ``NutritionOCR/pool``, whose engines should be loaded with `tessedit_do_invert=0`.
        case lineRetryWhereFound
    }

    /// How light-on-dark text is read. Default ``Polarity/lineRetryWhereFound``: measured against
    /// ``Polarity/tesseractLineRetry`` (docs/history/ocr-sessions.md, "Session 3, round 2"), corpus OCR CPU 0.90×,
    /// 936 vs 933 correct fields (7 photos moved, both ways), TestImages 414/422 both.
    public var polarity: Polarity = .lineRetryWhereFound
    /// Under ``Polarity/lineRetryWhereFound``: the verdict of an earlier read of the same image
    /// (``OCRPage/lightOnDark``), so the light-on-dark check is not run again; `nil` = check.
    public var knownLightOnDark: Bool?
    /// Detect 90/180/270° page rotation with the `osd` model and correct it before recognition.
    public var detectOrientation = true
    /// The page's orientation when the caller already knows it (e.g. from an earlier read of the same photo):
    /// the page is read turned back by it, without orientation detection or trying other turns. `nil` = detect
    /// (when ``detectOrientation``).
    public var knownOrientation: PageOrientation?
    /// OSD confidence below which the page is kept as is (Tesseract's own OSD threshold for rotating is ~2).
    public var minimumOrientationConfidence = 2.0
    /// Look for nutrition anchor words and report ``OCRPage/tableRegion``.
    public var localiseTable = true
    /// x-height in pixels text is scaled to before recognition. Tesseract's LSTM reads best at ~20–30 px
    /// (tessdoc FAQ "Is there a Minimum / Maximum Text Size?").
    public var targetXHeight = 24.0
    /// Longest side, in pixels, of the image used for orientation detection and layout analysis.
    public var surveyMaxSide = 1600
    /// Largest side, in pixels, a recognition image may have (caps memory and time on huge photos).
    public var maxWorkingSide = 4200
    /// Largest recognition image in pixels (width × height). Tesseract's time grows with pixels once small text
    /// is enlarged (measured: a 796×1023 photo with 5 px x-height took 2.9 s at 19 MP); above the cap the page
    /// pass reads at a smaller scale and only the located table is re-read at ``targetXHeight``.
    public var maxWorkingPixels = 3_000_000
    /// Largest enlargement factor (text below ~3 px x-height is not legible at any scale).
    public var maxUpscale = 3.0
    /// Segmentation of the whole-page pass. Default sparse text (PSM 11), measured with `nutrilens eval --lang eng
    /// --no-classifier` against a single block (PSM 6): ../shared/corpus/labels field recall 50.0 % vs 35.5 %,
    /// precision 71.7 % vs 62.1 %; TestImages recall 77.5 % vs 14.5 % (single-block reads ruled tables as noise).
    /// Automatic layout (PSM 3) reads fewer fields as a first reading (50.0 % vs 57.0 % recall) but wins some photos
    /// as a later one (``OCRStrategy/readings``).
    public var pageSegmentation: OCRSegmentation = .sparse
    /// Segmentation of the table re-read (default PSM 11, as the page pass).
    public var tableSegmentation: OCRSegmentation = .sparse
    /// When to re-read the table region.
    public var tableReread: TableReread = .whenUseful
    /// When more than a quarter of the table region's named rows ("Fat", "Energy") show no value token ("9.5g",
    /// "553kJ", "<0.1"), read the region once more, widened towards the value columns, with its background
    /// flattened (``BackgroundFlattening``) and its ruling lines removed (``RulingLineRemoval``); the cleaned words
    /// replace the page's there only when they give ≥ 2 more values and more named rows with a value
    /// (``TableValueCount``). Costs one table-sized pass on the readings that trigger it (docs/ocr.md, "Session 4").
    public var cleanedTableReread = true
    /// Binarisation method Tesseract applies.
    public var thresholding: Thresholding = .otsu
    /// Seconds of the reading thread's CPU time the whole read may take (survey, orientation, every recognition
    /// pass), `> 0`; `nil` = unlimited. CPU time, so a busy machine does not cut a read short (the wall time grows, the
    /// work does not). Each Tesseract recognition runs under a monitor (`ETEXT_DESC`) whose cancel callback stops it
    /// once the budget is spent, keeping the words read so far; passes that would start after it are skipped. Layout analysis
    /// and OSD cannot be interrupted, so a read may overrun by one such step. The result says so in
    /// ``OCRPage/budgetExhausted``. Default 5 s (a busy 3 MP working image reads in ~1–3 s in release builds).
    public var timeBudget: Double? = 5
    /// The defaults each property gives (``timeBudget`` 5 s, ``thresholding`` Otsu, …); set fields afterwards.
    public init() {}
}
