import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// Adapter over the text engines: the working image read by the engine(s) ``ScannerConfiguration/ocrEngine`` names —
/// Tesseract as ``ScannerConfiguration/ocr`` (an `OCRStrategy`) says, the neural reader (``NeuralTextStage``), or
/// both — each reading scored by the label grammar; the best reading's lines as the grammar takes them.
struct OCRStage: Sendable {
    let engine: ScannerConfiguration.TextEngine
    let strategy: OCRStrategy
    /// Tesseract (`OCRPageReaders`: the primary reader loaded now, other model lists on first use); `nil` for
    /// `.neural`.
    let readers: (any OCRPageReaders)?
    /// The neural reader; `nil` for `.tesseract`.
    let neural: NeuralTextStage?
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
        /// The engine whose reading `lines` is.
        var engine: ScannerConfiguration.TextEngine
        /// `.both`: the cells Tesseract re-read, what it kept and its reading as second-reading evidence.
        var cellRereads: CellRereads.Outcome? = nil
    }

    /// Loads the engines `configuration.ocrEngine` uses (a missing language pack, tessdata folder or text model
    /// fails here, not per image).
    /// - Throws: `ScanError.setup(stage: "ocr")` with the OCR module's message (which Debian package to install, which
    ///   strategy field is out of range) or the text reader's (model paths searched, which file is bad and how).
    init(configuration: ScannerConfiguration) throws {
        engine = configuration.ocrEngine
        strategy = configuration.ocr
        neural = engine == .tesseract ? nil : try NeuralTextStage(configuration: configuration)
        guard engine != .neural else {
            readers = nil
            return
        }
        do {
            try strategy.validate(languages: configuration.languages)
            let languages = try OCRLanguages(codes: configuration.languages)
            readers = try TesseractReaders(languages: languages, tessdataPath: configuration.tessdataPath,
                                           strategy: strategy)
        } catch let error as OCRError {
            throw ScanError.setup(stage: "ocr", message: error.description)
        }
    }

    /// Reads `working`: lines for the label grammar, a warning when the OCR time budget ran out (Tesseract; the
    /// lines are then what was read before it did), where the page read lies in the working image, and which engine
    /// read it. `.both` reads with the neural engine, then Tesseract re-reads the value cells the review model flags
    /// (``CellRereads``) and the lines carry what it kept.
    /// - Throws: `ScanError.stageFailed(stage: "ocr")` for an image an engine cannot take.
    func recognize(_ working: WorkingImage) throws -> Output {
        switch engine {
        case .tesseract: return try readTesseract(working)
        case .neural: return try readNeural(working)
        case .both:
            var output = try readNeural(working)
            guard let readers else { preconditionFailure("Tesseract readers are loaded for .both") }
            let start = ThreadCPUClock.now()
            if let rereads = try CellRereads.reread(lines: output.lines, working: working, mapping: output.mapping,
                                                    parser: parser, reader: readers.primary) {
                output.lines = rereads.lines
                output.cellRereads = rereads
            }
            output.trace.cpuSeconds += ThreadCPUClock.now() - start
            return output
        }
    }

    private func readTesseract(_ working: WorkingImage) throws -> Output {
        guard let readers else { preconditionFailure("Tesseract readers are loaded for .tesseract and .both") }
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
        return Output(lines: result.lines.map(TextLine.init), warning: warning, mapping: mapping, trace: result.trace,
                      engine: .tesseract)
    }

    private func readNeural(_ working: WorkingImage) throws -> Output {
        guard let neural else { preconditionFailure("the neural reader is loaded for .neural and .both") }
        let parser = parser
        let read = try neural.read(working) { ReadingScore(grammarOf: $0, parser: parser) }
        let mapping = ReadPageMapping(levelling: nil, quarterTurns: read.best.quarterTurns, inputWidth: read.width,
                                      inputHeight: read.height)
        return Output(lines: read.best.lines, warning: nil, mapping: mapping, trace: read.trace, engine: .neural)
    }
}
