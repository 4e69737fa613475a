import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// Adapter over `NutriLensOCR`: grey image → text lines with word boxes, reusing a pool of Tesseract engines
/// (loaded once per `Scanner`).
struct OCRStage: Sendable {
    static let isAvailable = true
    /// Engines every hypothesis reads with: the primary language (`ScannerConfiguration.languages[0]`) when routing,
    /// the whole configured set under `.allLanguages`.
    let ocr: NutritionOCR
    /// Engines for the whole configured set, `nil` when only one language is configured: read only when
    /// ``routing`` says the page needs them.
    let configuredOCR: NutritionOCR?
    /// When the configured set is read (``LanguageRouting``).
    let routing: LanguageRouting
    /// Scores competing readings of one page (``LabelReadingScore``).
    let parser = NutritionParser()
    /// ``baseReadOptions`` with the configured `ScannerConfiguration.ocrTimeBudget`.
    let readOptions: OCRReadOptions

    /// Loads the first engine of each pool now so a missing language pack or tessdata folder fails at set-up, not
    /// per image.
    /// - Throws: `ScanError.setup(stage: "ocr")` with the OCR module's message (which Debian package to install), or
    ///   for an `ocrTimeBudget` that is not a positive number of seconds.
    init(configuration: ScannerConfiguration) throws {
        if let budget = configuration.ocrTimeBudget, !(budget > 0 && budget.isFinite) {
            throw ScanError.setup(stage: "ocr", message: "ocrTimeBudget must be more than 0 seconds (nil = unlimited), got \(budget)")
        }
        let routing = LanguageRouting(codes: configuration.languages, mode: configuration.languageRouting)
        self.routing = routing
        do {
            let languages = try OCRLanguages(codes: configuration.languages)
            let configured = OCRConfiguration(languages: languages, tessdataPath: configuration.tessdataPath)
            // Only the pools the policy can use are loaded (each engine holds its models in memory).
            if routing.hypothesesUseConfiguredSet || !routing.isMultilingual {
                configuredOCR = nil
                ocr = try NutritionOCR(configuration: configured)
            } else {
                let primary = try OCRLanguages(codes: [languages.codes[0]])
                ocr = try NutritionOCR(configuration: OCRConfiguration(languages: primary,
                                                                       tessdataPath: configuration.tessdataPath))
                configuredOCR = routing.mayRouteToConfiguredSet ? try NutritionOCR(configuration: configured) : nil
            }
        } catch let error as OCRError {
            throw ScanError.setup(stage: "ocr", message: error.description)
        }
        var options = Self.baseReadOptions
        options.timeBudget = configuration.ocrTimeBudget
        readOptions = options
        hypotheses = Self.hypotheses(first: options.pageSegmentation, environment: ProcessInfo.processInfo.environment)
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
    /// budget ran out (the lines are then what was read before it did). Boxes are on the page as read upright
    /// (levelled when ``levelled(_:)`` was chosen, turned when OCR found the page sideways or upside down), so the
    /// grammar sees level rows; `mapping` takes them back to working-image pixels (``ReadPageMapping/working(_:)``).
    ///
    /// Several hypotheses (``ReadingHypothesis``), tried in order only while the best reading so far is not
    /// convincing (``LabelReadingScore/isConvincing``) and the time budget lasts; the reading the label grammar
    /// scores highest wins (ties keep the earlier one). A clean label costs one read. Readings use the primary
    /// language's engines; ``routing`` (``LanguageRouting``) decides when the configured set reads the page.
    /// - Throws: `ScanError.stageFailed(stage: "ocr")` for an image Tesseract cannot take.
    func recognize(_ working: WorkingImage) throws -> (lines: [TextLine], warning: String?, mapping: ReadPageMapping) {
        let started = DispatchTime.now().uptimeNanoseconds
        let gray = working.image.grayscale
        var level: (image: GrayImage, mapping: RotationMapping)??
        /// The page as `hypothesis` reads it; `nil` when it needs a levelled page and the page is level.
        func input(for hypothesis: ReadingHypothesis) -> (image: GrayImage, mapping: RotationMapping?)? {
            guard hypothesis.levelled else { return (gray, nil) }
            if level == nil { level = Self.levelled(gray) }
            return (level ?? nil).map { ($0.image, $0.mapping) }
        }
        var best = try read(gray, levelling: nil, options: readOptions, with: ocr)
        var bestScore = LabelReadingScore(lines: best.lines, parser: parser)
        var bestHypothesis = hypotheses[0]
        var engines = ocr
        /// Reads `hypothesis` with `engines` on what is left of the budget; the better reading is kept.
        func attempt(_ hypothesis: ReadingHypothesis, with engines: NutritionOCR) throws {
            guard let budget = remainingBudget(since: started), let page = input(for: hypothesis) else { return }
            let reading = try read(page.image, levelling: page.mapping,
                                   options: options(for: hypothesis, budget: budget), with: engines)
            let score = LabelReadingScore(lines: reading.lines, parser: parser)
            if score > bestScore { (best, bestScore, bestHypothesis) = (reading, score, hypothesis) }
        }
        /// Once the grammar finds the label is in another configured language: the best way of reading so far
        /// again with the configured set, which every later hypothesis then uses.
        func routeToConfiguredSet() throws {
            guard engines === ocr, let configuredOCR, routing.needsConfiguredSet(bestScore) else { return }
            engines = configuredOCR
            try attempt(bestHypothesis, with: configuredOCR)
        }
        try routeToConfiguredSet()
        for hypothesis in hypotheses.dropFirst() where !bestScore.isConvincing {
            try attempt(hypothesis, with: engines)
            try routeToConfiguredSet()
        }
        // Last and costliest: an unconvincing table in the primary language, its best way of reading once more with
        // the configured set (the further models re-read the digits the first one was unsure of).
        if engines === ocr, let configuredOCR, routing.needsFinalConfiguredReading(bestScore) {
            try attempt(bestHypothesis, with: configuredOCR)
        }
        let warning = best.budgetExhausted ? readOptions.timeBudget.map(Self.budgetWarning) : nil
        return (best.lines, warning, best.mapping)
    }

    /// ``readOptions`` with `hypothesis`'s segmentation and what is left of the budget.
    private func options(for hypothesis: ReadingHypothesis, budget: Double?) -> OCRReadOptions {
        var options = readOptions
        options.timeBudget = budget
        options.pageSegmentation = hypothesis.segmentation
        options.tableSegmentation = hypothesis.segmentation
        return options
    }

    /// One way of reading a page: as photographed or levelled by deskew, with a Tesseract segmentation mode.
    struct ReadingHypothesis: Sendable, Equatable {
        var levelled: Bool
        var segmentation: OCRSegmentation
    }

    /// The hypotheses in the order they are tried (the first always runs, with ``readOptions``' segmentation).
    ///
    /// Measured on ../shared/corpus/labels (release, `nutrilens eval --jobs 1 --ocr-budget 0`, docs/ocr.md):
    /// sparse text (PSM 11) alone 57.0 % field recall, automatic layout (PSM 3) alone 50.0 %, but PSM 3 reads 15
    /// photos better (+46 fields if always picked right: ruled tables read row by row); levelling first when the
    /// page is skewed fixes TestImages `deg_rotate_small_*` and, compared rather than forced, costs no real photo.
    let hypotheses: [ReadingHypothesis]

    /// The hypotheses for `mode` (`NUTRILENS_OCR_HYPOTHESES`: `all` default, `first` = one read, `deskew` = no
    /// PSM 3 fallback; `NUTRILENS_DESKEW=off` drops the levelled one), for measuring alternatives with `nutrilens eval`.
    static func hypotheses(first: OCRSegmentation, environment env: [String: String]) -> [ReadingHypothesis] {
        var list = [ReadingHypothesis(levelled: false, segmentation: first)]
        let mode = env["NUTRILENS_OCR_HYPOTHESES"] ?? "all"
        if mode == "first" { return list }
        if env["NUTRILENS_DESKEW"] != "off" { list.append(ReadingHypothesis(levelled: true, segmentation: first)) }
        if mode == "all" && first != .auto { list.append(ReadingHypothesis(levelled: false, segmentation: .auto)) }
        return list
    }

    /// One OCR pass over `gray` (the working image, or the page levelled by `levelling`): its lines as the label
    /// grammar takes them, with boxes on the upright page.
    private func read(_ gray: GrayImage, levelling: RotationMapping?, options: OCRReadOptions,
                      with engines: NutritionOCR) throws -> (lines: [TextLine], budgetExhausted: Bool, mapping: ReadPageMapping) {
        let page: OCRPage
        do { page = try engines.read(gray, options: options) } catch let error as OCRError {
            throw ScanError.stageFailed(stage: "ocr", message: error.description)
        }
        let mapping = ReadPageMapping(levelling: levelling, quarterTurns: page.orientation.quarterTurns,
                                      inputWidth: gray.width, inputHeight: gray.height)
        let lines = page.lines.map { line in
            TextLine(words: line.words.map { word in
                TextWord(text: word.text,
                         box: mapping.upright(TextBox(x: Double(word.box.x), y: Double(word.box.y),
                                                      width: Double(word.box.width), height: Double(word.box.height))),
                         confidence: word.confidence)
            })
        }
        return (lines, page.budgetExhausted, mapping)
    }

    /// What is left of the configured OCR budget after the first pass (`.some(nil)` = unlimited), `nil` when it
    /// is spent, so a second hypothesis never runs past the budget the caller asked for.
    private func remainingBudget(since start: UInt64) -> Double?? {
        guard let total = readOptions.timeBudget else { return .some(nil) }
        let left = total - Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return left > 0.05 ? .some(left) : nil
    }

    /// Skew at which the page is straightened before OCR, in degrees. Tesseract's line finding copes with a degree or
    /// so; at 4-7 degrees the rows of a ruled table run into each other and nothing is read (TestImages
    /// `deg_rotate_small_*`).
    static let minimumSkewDegrees = 1.0
    /// Below this `SkewEstimate.confidence` there is no line structure worth trusting (photos of food, blank pages).
    static let minimumSkewConfidence = 0.1

    /// The grey image with its text lines levelled (`NutriLensImaging.estimateSkew`, ±10 degrees, then a bilinear
    /// rotation that keeps every pixel) and the mapping back to the input; `nil` when the page is level or shows
    /// no line structure.
    static func levelled(_ gray: GrayImage) -> (GrayImage, RotationMapping)? {
        guard let skew = try? gray.estimateSkew(), abs(skew.angle) >= minimumSkewDegrees,
              skew.confidence >= minimumSkewConfidence,
              let level = try? gray.rotated(byDegrees: -skew.angle, expand: true),
              let mapping = try? gray.rotationMapping(byDegrees: -skew.angle, expand: true) else { return nil }
        return (level, mapping)
    }

    /// The warning for a read the budget cut short, naming the budget and the CLI flag that raises it.
    static func budgetWarning(_ budget: Double) -> String {
        let seconds = budget == budget.rounded() && budget < 1e6 ? String(Int(budget)) : String(budget)
        return "OCR stopped at its \(seconds) s budget; the table may be incomplete; raise --ocr-budget"
    }
}
