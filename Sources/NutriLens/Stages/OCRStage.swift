import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// Adapter over `NutriLensOCR`: grey image → text lines with word boxes, reusing a pool of Tesseract engines
/// (loaded once per `Scanner`).
struct OCRStage: Sendable {
    static let isAvailable = true
    let ocr: NutritionOCR
    /// ``baseReadOptions`` with the configured `ScannerConfiguration.ocrTimeBudget`.
    let readOptions: OCRReadOptions

    /// Loads the first engine now so a missing language pack or tessdata folder fails at set-up, not per image.
    /// - Throws: `ScanError.setup(stage: "ocr")` with the OCR module's message (which Debian package to install), or
    ///   for an `ocrTimeBudget` that is not a positive number of seconds.
    init(configuration: ScannerConfiguration) throws {
        if let budget = configuration.ocrTimeBudget, !(budget > 0 && budget.isFinite) {
            throw ScanError.setup(stage: "ocr", message: "ocrTimeBudget must be more than 0 seconds (nil = unlimited), got \(budget)")
        }
        do {
            let languages = try OCRLanguages(codes: configuration.languages)
            ocr = try NutritionOCR(configuration: OCRConfiguration(languages: languages, tessdataPath: configuration.tessdataPath))
        } catch let error as OCRError {
            throw ScanError.setup(stage: "ocr", message: error.description)
        }
        var options = Self.baseReadOptions
        options.timeBudget = configuration.ocrTimeBudget
        readOptions = options
    }

    /// Read options; the environment knobs exist for measuring alternatives with `nutrilens eval`
    /// (`NUTRILENS_OCR_PAGE` / `NUTRILENS_OCR_TABLE` = auto|block|sparse, `NUTRILENS_OCR_REREAD` = never|always).
    ///
    /// Sparse-text segmentation (Tesseract PSM 11) for both passes: measured with `nutrilens eval --lang eng
    /// --no-classifier` (release, 2 jobs), against the single-block default: ../shared/corpus/labels field recall 50.0%
    /// vs 35.5%, precision 71.7% vs 62.1%; TestImages recall 77.5% vs 14.5% (single-block reads ruled tables as noise).
    static let baseReadOptions: OCRReadOptions = {
        var options = OCRReadOptions()
        options.pageSegmentation = .sparse
        options.tableSegmentation = .sparse
        let env = ProcessInfo.processInfo.environment
        func segmentation(_ name: String?) -> OCRSegmentation? {
            switch name {
            case "auto": return .auto
            case "block": return .singleBlock
            case "sparse": return .sparse
            default: return nil
            }
        }
        if let s = segmentation(env["NUTRILENS_OCR_PAGE"]) { options.pageSegmentation = s }
        if let s = segmentation(env["NUTRILENS_OCR_TABLE"]) { options.tableSegmentation = s }
        switch env["NUTRILENS_OCR_REREAD"] {
        case "never": options.tableReread = .never
        case "always": options.tableReread = .always
        default: break
        }
        return options
    }()

    /// Lines with word boxes in working-image pixels, for the label grammar, plus a warning when the OCR time
    /// budget ran out (the lines are then what was read before it did). When the page was skewed, the boxes are in
    /// the levelled page's pixels, so the grammar sees level rows; `levelling` maps them back (`unlevelled`).
    /// - Throws: `ScanError.stageFailed(stage: "ocr")` for an image Tesseract cannot take.
    func recognize(_ working: WorkingImage) throws -> (lines: [TextLine], warning: String?, levelling: RotationMapping?) {
        let page: OCRPage
        let (input, levelling) = Self.deskewed(working.image.grayscale)
        do { page = try ocr.read(input, options: readOptions) } catch let error as OCRError {
            throw ScanError.stageFailed(stage: "ocr", message: error.description)
        }
        let lines = page.lines.map { line in
            TextLine(words: line.words.map { word in
                TextWord(text: word.text,
                         box: TextBox(x: Double(word.box.x), y: Double(word.box.y),
                                      width: Double(word.box.width), height: Double(word.box.height)),
                         confidence: word.confidence)
            })
        }
        let warning = page.budgetExhausted ? readOptions.timeBudget.map(Self.budgetWarning) : nil
        return (lines, warning, levelling)
    }

    /// Skew at which the page is straightened before OCR, in degrees. Tesseract's line finding copes with a degree or
    /// so; at 4-7 degrees the rows of a ruled table run into each other and nothing is read (TestImages
    /// `deg_rotate_small_*`).
    static let minimumSkewDegrees = 1.0
    /// Below this `SkewEstimate.confidence` there is no line structure worth trusting (photos of food, blank pages).
    static let minimumSkewConfidence = 0.1

    /// The grey image with its text lines levelled (`NutriLensImaging.estimateSkew`, ±10 degrees, then a bilinear
    /// rotation that keeps every pixel), and the mapping back to the input; the input itself when it is level.
    ///
    /// Opt-in (`NUTRILENS_DESKEW=on`) until it helps real photos too. Measured with `nutrilens eval` (release, 1 job):
    /// TestImages field recall 82.9% → 89.1% with it, but ../shared/corpus/labels 54.6% → 44.2% (50.3% with a
    /// 2-degree / 0.5-confidence gate), so real phone photos lose more than rendered ones gain.
    static func deskewed(_ gray: GrayImage) -> (GrayImage, RotationMapping?) {
        guard ProcessInfo.processInfo.environment["NUTRILENS_DESKEW"] == "on", let skew = try? gray.estimateSkew(), abs(skew.angle) >= minimumSkewDegrees,
              skew.confidence >= minimumSkewConfidence,
              let level = try? gray.rotated(byDegrees: -skew.angle, expand: true),
              let mapping = try? gray.rotationMapping(byDegrees: -skew.angle, expand: true) else { return (gray, nil) }
        return (level, mapping)
    }

    /// A box on the levelled page as the bounding box of its corners on the page as given (itself without levelling).
    static func unlevelled(_ box: TextBox, through levelling: RotationMapping?) -> TextBox {
        guard let levelling else { return box }
        let corners = [(box.x, box.y), (box.x + box.width, box.y), (box.x, box.y + box.height),
                       (box.x + box.width, box.y + box.height)].map { levelling.sourcePoint(x: $0.0, y: $0.1) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return TextBox(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The warning for a read the budget cut short, naming the budget and the CLI flag that raises it.
    static func budgetWarning(_ budget: Double) -> String {
        let seconds = budget == budget.rounded() && budget < 1e6 ? String(Int(budget)) : String(budget)
        return "OCR stopped at its \(seconds) s budget; the table may be incomplete; raise --ocr-budget"
    }
}
