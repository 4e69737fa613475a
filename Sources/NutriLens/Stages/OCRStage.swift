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
    /// budget ran out (the lines are then what was read before it did).
    /// - Throws: `ScanError.stageFailed(stage: "ocr")` for an image Tesseract cannot take.
    func recognize(_ working: WorkingImage) throws -> (lines: [TextLine], warning: String?) {
        let page: OCRPage
        do { page = try ocr.read(working.image.grayscale, options: readOptions) } catch let error as OCRError {
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
        return (lines, warning)
    }

    /// The warning for a read the budget cut short, naming the budget and the CLI flag that raises it.
    static func budgetWarning(_ budget: Double) -> String {
        let seconds = budget == budget.rounded() && budget < 1e6 ? String(Int(budget)) : String(budget)
        return "OCR stopped at its \(seconds) s budget; the table may be incomplete; raise --ocr-budget"
    }
}
