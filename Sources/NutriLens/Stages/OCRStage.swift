import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// Adapter over `NutriLensOCR`: the working image read with ``ScannerConfiguration/ocr`` (an `OCRStrategy`) by the
/// engine ``ScannerConfiguration/ocrEngine`` names, each reading scored by the label grammar; the best reading's
/// lines as the grammar takes them.
struct OCRStage: Sendable {
    let strategy: OCRStrategy
    /// The engines (`OCRPageReaders`): the primary reader loaded now, other model lists on first use.
    let readers: any OCRPageReaders
    let parser = NutritionParser()

    /// What one photo's OCR gives the pipeline.
    struct Output {
        /// The best reading's lines, boxes on the page as read upright (`mapping` takes them to working pixels).
        var lines: [TextLine]
        /// Set when the time budget cut the best reading short.
        var warning: ScanWarning?
        var mapping: ReadPageMapping
        /// Every reading made and skipped, for a ``ScanObserver``.
        var trace: OCRReadingTrace
    }

    /// Loads the engines the strategy can use (a missing language pack or tessdata folder fails here, not per image).
    /// - Throws: `ScanError.setup(stage: "ocr")` with the OCR module's message (which Debian package to install, which
    ///   strategy field is out of range).
    init(configuration: ScannerConfiguration) throws {
        strategy = configuration.ocr
        do {
            try strategy.validate(languages: configuration.languages)
            let languages = try OCRLanguages(codes: configuration.languages)
            switch configuration.ocrEngine {
            case .tesseract:
                readers = try TesseractReaders(languages: languages, tessdataPath: configuration.tessdataPath,
                                               strategy: strategy)
            }
        } catch let error as OCRError {
            throw ScanError.setup(stage: "ocr", message: error.description)
        }
    }

    /// Reads `working` (``OCRStrategy/read(_:with:scoring:)``): lines for the label grammar, a warning when the OCR
    /// time budget ran out (the lines are then what was read before it did), and where the page read lies in the
    /// working image.
    /// - Throws: `ScanError.stageFailed(stage: "ocr")` for an image Tesseract cannot take.
    func recognize(_ working: WorkingImage) throws -> Output {
        let parser = parser
        let result: OCRReadingResult
        do {
            result = try strategy.read(working.gray, with: readers) { lines in
                ReadingScore(grammarOf: lines.map(TextLine.init), parser: parser)
            }
        } catch let error as OCRError {
            throw ScanError.stageFailed(stage: "ocr", message: error.description)
        }
        let mapping = ReadPageMapping(levelling: result.levelling, quarterTurns: result.orientation.quarterTurns,
                                      inputWidth: result.inputWidth, inputHeight: result.inputHeight)
        let warning = result.budgetExhausted ? strategy.readOptions.timeBudget.map(ScanWarning.ocrBudget) : nil
        return Output(lines: result.lines.map(TextLine.init), warning: warning, mapping: mapping, trace: result.trace)
    }
}
