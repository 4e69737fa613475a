import NutriLensImaging

/// One recognised word.
///
/// Geometry is in the coordinates of the image passed to ``NutritionOCR/read(_:options:)`` (the *original*
/// pixels, before any rotation or scaling the reader applied), top-left origin.
public struct OCRWord: Sendable, Equatable, Hashable, Codable {
    /// The recognised text, UTF-8, no surrounding whitespace, never empty.
    public var text: String
    /// Axis-aligned bounding box in original image pixels.
    public var box: PixelRect
    /// Tesseract's word confidence mapped to 0...1.
    public var confidence: Double
    /// Index of the Tesseract block (column/region) the word belongs to, 0-based, in reading order.
    public var blockID: Int
    /// Index of the text line, 0-based over the whole page (same value for all words of one ``OCRLine``).
    public var lineID: Int
    /// Left and right end of the text line's baseline under this word, in original image pixels, when Tesseract
    /// reported one. Digits and capitals sit on it; `g`, `p`, `y` descend below it.
    public var baseline: OCRBaseline?

    /// `text` non-empty, no surrounding whitespace; `box` and `baseline` in original image pixels; `confidence` 0...1;
    /// `blockID`, `lineID` 0-based indices in reading order.
    public init(text: String, box: PixelRect, confidence: Double, blockID: Int, lineID: Int, baseline: OCRBaseline? = nil) {
        self.text = text; self.box = box; self.confidence = confidence
        self.blockID = blockID; self.lineID = lineID; self.baseline = baseline
    }
}

/// A baseline segment from `start` (left end in reading direction) to `end`, in original image pixels.
public struct OCRBaseline: Sendable, Equatable, Hashable, Codable {
    /// Left end of the baseline in reading direction, original image pixels.
    public var start: PixelPoint
    /// Right end of the baseline in reading direction, original image pixels.
    public var end: PixelPoint
    /// `start`, `end`: the baseline's left and right ends in reading direction, original image pixels.
    public init(start: PixelPoint, end: PixelPoint) { self.start = start; self.end = end }

    /// The baseline's y at column `x` (linear inter/extrapolation; `start.y` for a vertical segment).
    public func y(atX x: Double) -> Double {
        let dx = end.x - start.x
        guard abs(dx) > 1e-9 else { return start.y }
        return start.y + (x - start.x) * (end.y - start.y) / dx
    }
}

/// A text line: words in reading order (left to right on the upright page), as Tesseract segmented them.
public struct OCRLine: Sendable, Equatable, Hashable, Codable {
    /// Words joined with single spaces.
    public var text: String { words.map(\.text).joined(separator: " ") }
    /// The words, left to right, non-empty.
    public var words: [OCRWord]
    /// Union of the word boxes.
    public var box: PixelRect
    /// Line index (equals each word's `lineID`).
    public var lineID: Int
    /// Block index (equals each word's `blockID`).
    public var blockID: Int
    /// Mean word confidence, 0...1.
    public var confidence: Double { words.isEmpty ? 0 : words.map(\.confidence).reduce(0, +) / Double(words.count) }
    /// The line's baseline (from the first word that has one).
    public var baseline: OCRBaseline? { words.lazy.compactMap(\.baseline).first }

    /// `words` left to right (non-empty for a real line); `lineID`, `blockID` their shared indices. The ``box`` is the
    /// union of the word boxes (a zero rectangle at the origin for no words).
    public init(words: [OCRWord], lineID: Int, blockID: Int) {
        self.words = words
        self.lineID = lineID
        self.blockID = blockID
        self.box = words.map(\.box).reduce(nil as PixelRect?) { acc, r in acc.map { $0.union(r) } ?? r }
            ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }
}

/// How the page content was turned in the input image, as a clockwise rotation from upright.
///
/// `.clockwise90` means the text runs top-to-bottom (the photo was taken with the phone turned right); the
/// reader rotated the pixels 90° counter-clockwise before recognising and mapped boxes back.
public enum PageOrientation: Int, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// The page is upright (no turn).
    case upright = 0
    case clockwise90 = 90
    /// The page is upside down (turned 180°).
    case upsideDown = 180
    /// The page is turned 270° clockwise (90° counter-clockwise): text runs bottom to top.
    case clockwise270 = 270

    /// Clockwise quarter turns, 0...3.
    public var quarterTurns: Int { rawValue / 90 }

    /// The orientation for `turns` clockwise quarter turns (any integer, taken modulo 4).
    public init(quarterTurns turns: Int) {
        self = PageOrientation(rawValue: (((turns % 4) + 4) % 4) * 90)!
    }
}

/// Wall-clock time spent per stage of one ``NutritionOCR/read(_:options:)`` call, in seconds.
public struct OCRTimings: Sendable, Equatable, Codable {
    /// Building the working image (copy into Leptonica, downscale).
    public var prepare: Double = 0
    /// Orientation detection (OSD), 0 when disabled.
    public var orientation: Double = 0
    /// Text-size estimation (binarisation + connected components of the survey image).
    public var textSize: Double = 0
    /// Recognition passes (survey + table re-read).
    public var recognition: Double = 0
    /// Every Tesseract call of the read (page passes, table re-read, orientation detection) in order, with its
    /// thread CPU time.
    public var passes: [OCRPass] = []
    /// Sum of the stages.
    public var total: Double { prepare + orientation + textSize + recognition }
    /// Thread CPU seconds of all ``passes``.
    public var passesCPU: Double { passes.map(\.cpuSeconds).reduce(0, +) }
    /// All stages zero, no passes; the reader adds to each as it goes.
    public init() {}
}

/// The result of reading one image.
public struct OCRPage: Sendable, Equatable {
    /// Original image width in pixels.
    public var imageWidth: Int
    /// Original image height in pixels.
    public var imageHeight: Int
    /// All words, in reading order (block, line, left to right). Words inside ``tableRegion`` come from the
    /// table re-read; words outside it from the survey pass.
    public var words: [OCRWord]
    /// `words` grouped into lines, top to bottom within each block.
    public var lines: [OCRLine]
    /// The nutrition table's bounding box in original pixels, or `nil` when no nutrition anchor word was found.
    public var tableRegion: PixelRect?
    /// Nutrition anchor words found (e.g. "Energy", "kcal", "Fett"), their boxes in original pixels.
    public var anchors: [OCRWord]
    /// Orientation the reader detected and corrected.
    public var orientation: PageOrientation
    /// Median x-height of the words read, in original pixels (the pre-OCR estimate when no word was read; 0 when
    /// there was no text at all).
    public var xHeight: Double
    /// Per-stage time.
    public var timings: OCRTimings
    /// True when ``OCRReadOptions/timeBudget`` ran out: a recognition pass was stopped part-way or skipped (OSD
    /// retries, second page pass, table re-read), so ``words`` may miss text that is on the page.
    public var budgetExhausted: Bool = false
    /// Whether the light-on-dark check (``PolarityMap``) found light-on-dark text, so the page was read by
    /// ``NutritionOCR/invertingPool``; `nil` when no check was asked for (``OCRReadOptions/Polarity/tesseractLineRetry``).
    /// Pass it to a later read of the same image as ``OCRReadOptions/knownLightOnDark``.
    public var lightOnDark: Bool?

    /// True when no word was recognised.
    public var isEmpty: Bool { words.isEmpty }
    /// All line texts joined with newlines.
    public var text: String { lines.map(\.text).joined(separator: "\n") }
}

extension OCRWord {
    /// Whether at least half the word's box area lies inside `region` (same pixels as the box): the test by which
    /// a re-read of a region replaces the words of an earlier pass there.
    func liesMostlyInside(_ region: PixelRect) -> Bool {
        region.intersection(box).map { $0.width * $0.height * 2 >= box.width * box.height } ?? false
    }
}

extension PixelRect {
    /// The smallest rectangle containing both.
    public func union(_ other: PixelRect) -> PixelRect {
        let x0 = Swift.min(x, other.x), y0 = Swift.min(y, other.y)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The overlap, or `nil` when they do not overlap.
    func intersection(_ other: PixelRect) -> PixelRect? {
        let x0 = Swift.max(x, other.x), y0 = Swift.max(y, other.y)
        let x1 = Swift.min(maxX, other.maxX), y1 = Swift.min(maxY, other.maxY)
        return x1 > x0 && y1 > y0 ? PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0) : nil
    }

    /// Grown by `dx`/`dy` on each side, then clipped to `0..<width`, `0..<height`.
    func insetClipped(dx: Int, dy: Int, width w: Int, height h: Int) -> PixelRect {
        let x0 = Swift.max(0, x - dx), y0 = Swift.max(0, y - dy)
        let x1 = Swift.min(w, maxX + dx), y1 = Swift.min(h, maxY + dy)
        return PixelRect(x: x0, y: y0, width: Swift.max(0, x1 - x0), height: Swift.max(0, y1 - y0))
    }

    var centerX: Double { Double(x) + Double(width) / 2 }
    var centerY: Double { Double(y) + Double(height) / 2 }
}
