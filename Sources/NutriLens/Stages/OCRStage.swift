import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// Adapter over `NutriLensOCR`: grey image → text lines with word boxes, reusing pools of Tesseract engines
/// (the primary language's loaded once per `NutriLensScanner`, other model lists on first use).
struct OCRStage: Sendable {
    static let isAvailable = true
    /// Engines every hypothesis reads with: the primary language (`ScannerConfiguration.languages[0]`) when routing
    /// or when the set only gives a second opinion on unsure words (``secondOpinion``), else the whole configured set.
    let ocr: NutritionOCR
    /// Engines for the configured models in the lists ``routing`` picks (the whole set, the label's language first),
    /// each created on first use; `nil` when only one language is configured or the policy never routes.
    let languageReaders: LanguageReaders?
    /// When the configured set is read (``LanguageRouting``).
    let routing: LanguageRouting
    /// Scores competing readings of one page (``LabelReadingScore``).
    let parser = NutritionParser()
    /// ``baseReadOptions`` with the configured `ScannerConfiguration.ocrTimeBudget`.
    let readOptions: OCRReadOptions
    /// Which later readings are worth their predicted work (``LaterReadingGate``); `nil` = every one the other
    /// rules allow (`NUTRILENS_OCR_GATE=off`).
    let laterReadingGate: LaterReadingGate?
    /// ``ScannerConfiguration/ocrReadings``.
    let readings: ScannerConfiguration.OCRReadings

    /// Loads the first engine of the pool every hypothesis reads with now, and checks that the packs of the other
    /// configured languages exist (their models load on the first page that needs them, ``languageReaders``), so a
    /// missing language pack or tessdata folder fails at set-up, not per image.
    /// - Parameter environment: the measuring knobs read at set-up (`NUTRILENS_OCR_LABEL_SET`,
    ///   `NUTRILENS_OCR_FINAL_SET`, `NUTRILENS_TESS_VARS`, `NUTRILENS_OCR_HYPOTHESES`, `NUTRILENS_DESKEW`,
    ///   `NUTRILENS_OCR_GATE`, `NUTRILENS_OCR_GATE_WORK`; ``LanguageRouting/init(codes:mode:environment:)``,
    ///   ``hypotheses(first:readings:environment:)``, ``laterReadingGate(environment:)``).
    /// - Throws: `ScanError.setup(stage: "ocr")` with the OCR module's message (which Debian package to install), or
    ///   for an `ocrTimeBudget` that is not a positive number of seconds.
    init(configuration: ScannerConfiguration,
         environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        if let budget = configuration.ocrTimeBudget, !(budget > 0 && budget.isFinite) {
            throw ScanError.setup(stage: "ocr", message: "ocrTimeBudget must be more than 0 seconds (nil = unlimited), got \(budget)")
        }
        let routing = LanguageRouting(codes: configuration.languages, mode: configuration.languageRouting,
                                      environment: environment)
        self.routing = routing
        do {
            let languages = try OCRLanguages(codes: configuration.languages)
            var variables = Self.tesseractVariables(environment: environment)
            let polarity = Self.baseReadOptions.polarity
            // Tesseract's inverted line retry is an engine-load setting: off for the engines that read every page
            // when polarity is checked per page; the pages that need it get engines loaded with it on.
            if polarity != .tesseractLineRetry { variables["tessedit_do_invert"] = "0" }
            func reader(_ configuration: OCRConfiguration) throws -> NutritionOCR {
                try Self.reader(configuration, polarity: polarity, preload: true)
            }
            let configured = OCRConfiguration(languages: languages, tessdataPath: configuration.tessdataPath,
                                              tesseractVariables: variables)
            // Only the pools the policy can use are loaded (each engine holds its models in memory).
            let primary = OCRConfiguration(languages: try OCRLanguages(codes: [languages.codes[0]]),
                                           tessdataPath: configuration.tessdataPath, tesseractVariables: variables)
            if routing.hypothesesUseConfiguredSet || !routing.isMultilingual {
                languageReaders = nil
                ocr = try reader(configured)
            } else {
                ocr = try reader(primary)
                if routing.mayRouteToConfiguredSet {
                    // A missing pack fails here, at set-up; the models load on the first page that needs them.
                    try TessdataLocator.verify(languages, in: TessdataLocator.locate(explicit: configuration.tessdataPath))
                    languageReaders = LanguageReaders { languages in
                        var models = configured
                        models.languages = languages
                        return try Self.reader(models, polarity: polarity, preload: false)
                    }
                } else {
                    languageReaders = nil
                }
            }
        } catch let error as OCRError {
            throw ScanError.setup(stage: "ocr", message: error.description)
        }
        var options = Self.baseReadOptions
        options.timeBudget = configuration.ocrTimeBudget
        readOptions = options
        readings = configuration.ocrReadings
        hypotheses = Self.hypotheses(first: options.pageSegmentation, readings: readings, environment: environment)
        laterReadingGate = Self.laterReadingGate(environment: environment)
    }

    /// A reader of `configuration`'s models. Under `.lineRetryWhereFound` it gets a second pool, loaded with
    /// Tesseract's inverted-line retry on, for the pages with light-on-dark text (23 of 128 corpus photos); that
    /// pool's engines load on first use. `preload`: load the first engine of the main pool now (`OCREnginePool`).
    private static func reader(_ configuration: OCRConfiguration, polarity: OCRReadOptions.Polarity,
                               preload: Bool) throws -> NutritionOCR {
        let pool = try OCREnginePool(configuration: configuration, preload: preload)
        guard polarity == .lineRetryWhereFound else { return NutritionOCR(pool: pool) }
        var inverting = configuration
        inverting.tesseractVariables["tessedit_do_invert"] = "1"
        return NutritionOCR(pool: pool, invertingPool: try OCREnginePool(configuration: inverting, preload: false))
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
        // Tesseract's inverted line retry only on pages with light-on-dark text (`PolarityMap`), by engines loaded
        // with it; the rest by engines loaded without. Measured (docs/ocr.md, "Session 3, round 2"), with the PSM 3
        // skip below, against main in the same hour: corpus OCR CPU 0.90×, 936 vs 933 correct fields (7 photos
        // moved, both ways), TestImages 414/422 both, 0.91×. `NUTRILENS_OCR_POLARITY=retry` = Tesseract's retry on
        // every page.
        options.polarity = .lineRetryWhereFound
        if env["NUTRILENS_OCR_POLARITY"] == "retry" { options.polarity = .tesseractLineRetry }
        // `NUTRILENS_OCR_XHEIGHT` = the x-height in pixels (8–64) pages and tables are scaled to. Measured in session 6
        // (docs/ocr.md): 20 or 18 instead of 24 saves no OCR CPU and loses fields.
        if let x = env["NUTRILENS_OCR_XHEIGHT"].flatMap(Double.init), (8...64).contains(x) { options.targetXHeight = x }
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
    /// scores highest wins (ties keep the earlier one). A clean label costs one read, a photo whose first reading
    /// finds no table at all too (``stopsWithoutTable``). Later readings keep the first one's orientation
    /// (``reusesOrientation``) and light-on-dark verdict. A later reading whose predicted work would take the photo
    /// past ``laterReadingGate``'s limit is not read (``LaterReadingGate``: busy pages are read fewer times).
    /// ``routing`` (``LanguageRouting``) decides which language models read. With `NUTRILENS_OCR_TRACE` set, one
    /// line per scan on stderr lists every Tesseract call and its CPU (``OCRStageTrace``).
    /// - Throws: `ScanError.stageFailed(stage: "ocr")` for an image Tesseract cannot take.
    func recognize(_ working: WorkingImage) throws -> (lines: [TextLine], warning: String?, mapping: ReadPageMapping) {
        // The budget is the thread's CPU time, as in each read (OCRReadOptions.timeBudget).
        let started = ThreadCPUClock.now()
        let gray = working.gray
        var trace = OCRStageTrace.isEnabled ? OCRStageTrace() : nil
        var best = try read(gray, levelling: nil, options: readOptions, with: ocr)
        var bestScore = LabelReadingScore(lines: best.lines, parser: parser)
        trace?.add(hypotheses[0].name, languages: OCRStageTrace.languages(of: ocr), passes: best.passes, score: bestScore)
        var bestHypothesis = hypotheses[0]
        let firstScore = bestScore
        let first = best
        // Later readings of the same photo keep the first one's quarter turn instead of detecting it again (OSD
        // and, when OSD is unsure, reading both quarter turns cost one to three recognitions per hypothesis).
        let orientation = Self.reusesOrientation ? PageOrientation(quarterTurns: best.mapping.quarterTurns) : nil
        // ... and its light-on-dark verdict (the check costs up to ~45 ms per reading).
        let lightOnDark = best.lightOnDark
        var level: (image: GrayImage, mapping: RotationMapping)??
        /// The page as `hypothesis` reads it; `nil` when it needs a levelled page and the page is level.
        func input(for hypothesis: ReadingHypothesis) -> (image: GrayImage, mapping: RotationMapping?)? {
            guard hypothesis.levelled else { return (gray, nil) }
            if level == nil { level = Self.levelled(gray) }
            return (level ?? nil).map { ($0.image, $0.mapping) }
        }
        var engines = ocr
        /// The readings by `ocr` (the primary language under routing), in the order read.
        var primaryReadings = [(hypothesis: hypotheses[0], score: firstScore)]
        // Predicted work of the readings so far, in first-reading words (LaterReadingGate).
        let firstWords = Double(LaterReadingGate.words(of: first.passes))
        var predictedWork = firstWords
        /// Reads `hypothesis` with `engines` on what is left of the budget; the better reading is kept.
        func attempt(_ hypothesis: ReadingHypothesis, with engines: NutritionOCR) throws {
            guard let budget = remainingBudget(since: started), let input = input(for: hypothesis) else { return }
            let models = engines.pool.configuration.languages.codes.count
            let predicted = firstWords * LaterReadingGate.workFactor(of: hypothesis, models: models)
            if let gate = laterReadingGate, !gate.allows(predicted: predicted, spent: predictedWork, models: models,
                                                         firstFindings: firstScore.findings) {
                trace?.gate(hypothesis.name, languages: OCRStageTrace.languages(of: engines), predicted: predicted)
                return
            }
            predictedWork += predicted
            var options = options(for: hypothesis, budget: budget, orientation: orientation, lightOnDark: lightOnDark)
            if engines !== ocr { Self.setReadingTable.apply(to: &options) }
            let reading = try read(input.image, levelling: input.mapping, options: options, with: engines)
            let score = LabelReadingScore(lines: reading.lines, parser: parser)
            trace?.add(hypothesis.name, languages: OCRStageTrace.languages(of: engines), passes: reading.passes, score: score)
            if engines === ocr { primaryReadings.append((hypothesis, score)) }
            if score > bestScore {
                (best, bestScore, bestHypothesis) = (reading, score, hypothesis)
            }
        }
        /// Once the grammar finds the label is in another configured language: the best way of reading so far
        /// again with the configured set, which every later hypothesis then uses.
        func routeToConfiguredSet() throws {
            guard engines === ocr, let codes = routing.labelReadingCodes(for: bestScore),
                  let set = try reader(for: codes) else { return }
            engines = set
            try attempt(bestHypothesis, with: set)
        }
        try routeToConfiguredSet()
        // A first reading that found no nutrition table at all (no anchor group, no key parsed) is a photo without
        // one (food, a pack's front): other ways of reading the same text did not find one either.
        let tableless = Self.stopsWithoutTable && Self.foundNoTable(bestScore, tableRegion: best.tableRegion)
        for hypothesis in hypotheses.dropFirst() where !bestScore.isConvincing && !tableless
            && !(Self.keylessSkipsAutoLayout && Self.skipsAfterKeyless(hypothesis, first: firstScore))
            && !Self.skipsLevelled(hypothesis, first: firstScore, readings: readings) {
            try attempt(hypothesis, with: engines)
            try routeToConfiguredSet()
        }
        // Last and costliest: an unconvincing table in the primary language is read once more with the configured
        // set (the further models re-read the digits the first one was unsure of), ``finalConfiguredHypotheses``.
        if engines === ocr, routing.needsFinalConfiguredReading(bestScore),
           let set = try reader(for: routing.finalReadingCodes) {
            for (index, hypothesis) in Self.finalConfiguredHypotheses(primaryReadings).enumerated()
                where index == 0 || !bestScore.isConvincing {
                try attempt(hypothesis, with: set)
            }
        }
        trace?.emit(width: gray.width, height: gray.height, best: bestScore)
        let warning = best.budgetExhausted ? readOptions.timeBudget.map(Self.budgetWarning) : nil
        return (best.lines, warning, best.mapping)
    }

    /// The reader of `codes` (configured tessdata names, in load order), created on first use; `nil` without
    /// ``languageReaders``.
    /// - Throws: `ScanError.stageFailed(stage: "ocr")` for a list the OCR module rejects.
    private func reader(for codes: [String]) throws -> NutritionOCR? {
        guard let languageReaders else { return nil }
        do { return try languageReaders.reader(for: OCRLanguages(codes: codes)) } catch let error as OCRError {
            throw ScanError.stageFailed(stage: "ocr", message: error.description)
        }
    }

    /// ``readOptions`` with `hypothesis`'s segmentation and what is left of the budget.
    private func options(for hypothesis: ReadingHypothesis, budget: Double?, orientation: PageOrientation?,
                         lightOnDark: Bool?) -> OCRReadOptions {
        var options = readOptions
        options.knownOrientation = orientation
        options.knownLightOnDark = lightOnDark
        options.timeBudget = budget
        options.pageSegmentation = hypothesis.segmentation
        options.tableSegmentation = hypothesis.segmentation
        return options
    }

    /// One way of reading a page: as photographed or levelled by deskew, with a Tesseract segmentation mode.
    struct ReadingHypothesis: Sendable, Equatable {
        var levelled: Bool
        var segmentation: OCRSegmentation

        /// Short name for traces: `levelled` and/or `psmN`.
        var name: String { (levelled ? "levelled " : "") + "psm\(segmentation.tesseractMode)" }
    }

    /// The hypotheses in the order they are tried (the first always runs, with ``readOptions``' segmentation).
    ///
    /// Measured on ../shared/corpus/labels (release, `nutrilens eval --jobs 1 --ocr-budget 0`, docs/ocr.md):
    /// sparse text (PSM 11) alone 57.0 % field recall, automatic layout (PSM 3) alone 50.0 %, but PSM 3 reads 15
    /// photos better (+46 fields if always picked right: ruled tables read row by row); levelling first when the
    /// page is skewed fixes TestImages `deg_rotate_small_*` and, compared rather than forced, costs no real photo.
    let hypotheses: [ReadingHypothesis]

    /// The hypotheses for `readings` (``ScannerConfiguration/OCRReadings``; `.single`: the first and the levelled
    /// page, which ``skipsLevelled(_:first:readings:)`` keeps for keyless first readings) and the measuring knobs
    /// (`NUTRILENS_OCR_HYPOTHESES`: `all` default, `first` = the first alone, `deskew` = no PSM 3 fallback;
    /// `NUTRILENS_DESKEW=off` drops the levelled one).
    static func hypotheses(first: OCRSegmentation, readings: ScannerConfiguration.OCRReadings = .thorough,
                           environment env: [String: String]) -> [ReadingHypothesis] {
        var list = [ReadingHypothesis(levelled: false, segmentation: first)]
        let mode = env["NUTRILENS_OCR_HYPOTHESES"] ?? "all"
        if mode == "first" { return list }
        if env["NUTRILENS_DESKEW"] != "off" { list.append(ReadingHypothesis(levelled: true, segmentation: first)) }
        if readings == .single { return list }
        if mode == "all" && first != .auto { list.append(ReadingHypothesis(levelled: false, segmentation: .auto)) }
        return list
    }

    /// One OCR reading of a page, its lines as the label grammar takes them.
    struct Reading {
        /// Boxes on the upright page (``ReadPageMapping/upright(_:)``).
        var lines: [TextLine]
        var budgetExhausted: Bool
        var mapping: ReadPageMapping
        /// Every Tesseract call of the reading, for ``OCRStageTrace``.
        var passes: [OCRPass]
        /// `OCRPage.tableRegion`, OCR input pixels.
        var tableRegion: PixelRect?
        var lightOnDark: Bool?
        /// The page as read (a region read merged into the page it completes).
        var page: OCRPage
    }

    /// One OCR pass over `gray` (the working image, or the page levelled by `levelling`): its lines as the label
    /// grammar takes them, with boxes on the upright page.
    func read(_ gray: GrayImage, levelling: RotationMapping?, options: OCRReadOptions,
              with engines: NutritionOCR) throws -> Reading {
        let page: OCRPage
        do { page = try engines.read(gray, options: options) } catch let error as OCRError {
            throw ScanError.stageFailed(stage: "ocr", message: error.description)
        }
        let mapping = ReadPageMapping(levelling: levelling, quarterTurns: page.orientation.quarterTurns,
                                      inputWidth: gray.width, inputHeight: gray.height)
        let lines = page.lines.map { line in TextLine(words: line.words.map { Self.textWord($0, mapping: mapping) }) }
        return Reading(lines: lines, budgetExhausted: page.budgetExhausted, mapping: mapping, passes: page.timings.passes,
                       tableRegion: page.tableRegion, lightOnDark: page.lightOnDark, page: page)
    }

    /// `word` as the grammar takes it: its box on the upright page.
    static func textWord(_ word: OCRWord, mapping: ReadPageMapping) -> TextWord {
        TextWord(text: word.text,
                 box: mapping.upright(TextBox(x: Double(word.box.x), y: Double(word.box.y),
                                              width: Double(word.box.width), height: Double(word.box.height))),
                 confidence: word.confidence)
    }

    /// What is left of the configured OCR budget after the first pass (`.some(nil)` = unlimited), `nil` when it
    /// is spent, so a second hypothesis never runs past the budget the caller asked for.
    private func remainingBudget(since start: Double) -> Double?? {
        guard let total = readOptions.timeBudget else { return .some(nil) }
        let left = total - (ThreadCPUClock.now() - start)
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
