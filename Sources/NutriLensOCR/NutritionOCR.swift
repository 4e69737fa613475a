import Foundation
import NutriLensImaging

/// Reads a label photo: orientation, text size, nutrition-table localisation, recognition.
///
/// Thread-safe: concurrent ``read(_:options:)`` calls each check an engine out of the ``pool``.
///
/// Stages (one engine, single-threaded):
/// 1. *survey*: the image downscaled to ``OCRReadOptions/surveyMaxSide``; glyph-like connected components give
///    the x-height and hint at a 90/270° turn (then OSD decides the quarter turn).
/// 2. *page pass*: the upright image scaled so that x-height ≈ ``OCRReadOptions/targetXHeight`` and recognised.
///    Recognition cost grows with the amount of text, not pixels, so this is the one full pass (a second one only
///    when the words read show the estimate was far off, or when a low-confidence page turns out upside down).
/// 3. *table*: anchor words ("Nährwerte", "Energy", "kcal", "Fat" …) locate the table; when useful its region
///    alone is re-read at its own x-height and replaces the page pass's words there.
public final class NutritionOCR: Sendable {
    /// Engines used by ``read(_:options:)``.
    public let pool: OCREnginePool
    /// Engines loaded with Tesseract's inverted line retry on (`tessedit_do_invert=1`) that read the pages where
    /// ``PolarityMap`` finds light-on-dark text, under ``OCRReadOptions/Polarity/lineRetryWhereFound``; ``pool``'s
    /// are then loaded with it off. The variable only takes effect at engine load (set later through the API it
    /// changed no word on a corpus photo), hence two pools (each holds its own models).
    public let invertingPool: OCREnginePool?

    /// Loads one engine now (so a missing language pack throws here) and more on demand, up to `poolCapacity`, as the
    /// scanner loads its readers: engines with Tesseract's inverted-line retry off, and an ``invertingPool`` with it on
    /// whose engines load on the first page that needs them (``OCRReadOptions/Polarity``). A `tessedit_do_invert` in
    /// `configuration` rules instead: one pool loaded with it.
    /// - Throws: ``OCRError/tessdataNotFound(searched:)``, ``OCRError/languagePackMissing(language:debianPackage:tessdataPath:)``,
    ///   ``OCRError/engineInitFailed(languages:tessdataPath:)``.
    public init(configuration: OCRConfiguration = OCRConfiguration(),
                poolCapacity: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        guard configuration.tesseractVariables["tessedit_do_invert"] == nil else {
            pool = try OCREnginePool(configuration: configuration, capacity: poolCapacity)
            invertingPool = nil
            return
        }
        var plain = configuration, inverting = configuration
        plain.tesseractVariables["tessedit_do_invert"] = "0"
        inverting.tesseractVariables["tessedit_do_invert"] = "1"
        pool = try OCREnginePool(configuration: plain, capacity: poolCapacity)
        invertingPool = try OCREnginePool(configuration: inverting, capacity: poolCapacity, preload: false)
    }

    /// Reads with existing pools (so several readers can share loaded engines): the page with `pool`;
    /// `invertingPool`: see ``invertingPool``.
    public init(pool: OCREnginePool, invertingPool: OCREnginePool? = nil) {
        self.pool = pool
        self.invertingPool = invertingPool
    }

    /// Reads `image`. An image without text gives an empty page, not an error.
    /// - Returns: words and lines in `image`'s pixel coordinates, the table region, the corrected orientation.
    /// - Throws: ``OCRError/unsupportedImageSize(width:height:)`` for an image with a side < 3 or > 32767 px;
    ///   engine-loading errors when the pool has to create an engine.
    public func read(_ image: GrayImage, options: OCRReadOptions = OCRReadOptions()) throws -> OCRPage {
        guard (3...32767).contains(image.width), (3...32767).contains(image.height) else {
            throw OCRError.unsupportedImageSize(width: image.width, height: image.height)
        }
        // The light-on-dark check runs before an engine is chosen: it decides which pool reads the page.
        // One survey (the downscaled page) serves the polarity check and every stage of the read.
        var clock = StageClock()
        let survey = image.scaled(by: PageReader.surveyFactor(image, options))
        let surveyTime = clock.lap()
        var polarity: (glyphs: Int, pass: OCRPass)?
        // An earlier read of the same photo already judged it.
        let known = options.polarity == .lineRetryWhereFound ? options.knownLightOnDark : nil
        if options.polarity != .tesseractLineRetry && known == nil {
            let cpu = ThreadCPUClock.now()
            let glyphs = PolarityMap(survey: survey.image).lightGlyphs(in: survey.image)
            polarity = (glyphs, OCRPass(kind: .polarity, pageSegmentationMode: 0, width: survey.image.width,
                                             height: survey.image.height,
                                             words: glyphs, cpuSeconds: ThreadCPUClock.now() - cpu))
        }
        let found = known ?? ((polarity?.glyphs ?? 0) >= PolarityMap.minimumGlyphs)
        // Tesseract's retry on every page, or on this page because it shows light-on-dark text: the engines with it.
        let readingPool = options.polarity == .tesseractLineRetry || found ? invertingPool ?? pool : pool
        var page = try readingPool.withEngine { engine in
            engine.setVariable("thresholding_method", String(options.thresholding.rawValue))
            var reader = PageReader(engine: engine, image: image, survey: survey, options: options)
            reader.timings.prepare += surveyTime
            if let polarity {
                reader.timings.passes.append(polarity.pass)
            }
            return reader.read()
        }
        page.lightOnDark = options.polarity == .tesseractLineRetry ? nil : found
        return page
    }
}

/// One read: the state shared by the stages of ``NutritionOCR/read(_:options:)``.
struct PageReader {
    let engine: OCREngine
    let image: GrayImage
    /// `image` downscaled to ``OCRReadOptions/surveyMaxSide`` (see `init`).
    let survey: (image: GrayImage, scaleX: Double, scaleY: Double)
    let options: OCRReadOptions
    var timings = OCRTimings()
    /// Started with the read; every pass draws on it.
    let budget: OCRTimeBudget
    /// Set when a pass was cut short or skipped for lack of time.
    var budgetExhausted = false

    /// The factor that scales `image` to the survey (longest side ``OCRReadOptions/surveyMaxSide``, never up).
    static func surveyFactor(_ image: GrayImage, _ options: OCRReadOptions) -> Double {
        min(1, Double(options.surveyMaxSide) / Double(max(image.width, image.height)))
    }

    /// `survey`: `image` scaled by ``surveyFactor(_:_:)``, with the scale factors actually applied per axis.
    init(engine: OCREngine, image: GrayImage,
         survey: (image: GrayImage, scaleX: Double, scaleY: Double), options: OCRReadOptions) {
        self.engine = engine; self.image = image; self.survey = survey; self.options = options
        budget = OCRTimeBudget(seconds: options.timeBudget)
    }

    /// Recognises `image` on what is left of the budget; an empty result (and `budgetExhausted`) once it is spent.
    mutating func recognize(_ image: GrayImage, segmentation: OCRSegmentation, kind: OCRPass.Kind) -> [RawWord] {
        guard !budget.isSpent else { budgetExhausted = true; return [] }
        let cpu = ThreadCPUClock.now()
        let (words, cutShort) = engine.recognize(image, segmentation: segmentation, budget: budget)
        timings.passes.append(OCRPass(kind: kind, pageSegmentationMode: segmentation.tesseractMode, width: image.width,
                                      height: image.height, words: words.count, cpuSeconds: ThreadCPUClock.now() - cpu))
        if cutShort { budgetExhausted = true }
        return words
    }

    mutating func read() -> OCRPage {
        var clock = StageClock()
        let full = image
        let survey = self.survey.image
        let surveyScale = (self.survey.scaleX, self.survey.scaleY)
        let estimate = TextSizeEstimator.estimate(survey)
        timings.textSize += clock.lap()

        // OSD costs about as much as a recognition pass, so it runs only when the page looks turned: text lines
        // running vertically (90/270°) before reading, or no table and low confidence after reading upright (180°).
        var osdDone = false
        var page: OCRPage
        if let known = options.knownOrientation {
            osdDone = true
            page = readOriented(turns: known.quarterTurns, full: full, survey: survey, surveyScale: surveyScale,
                                uprightEstimate: known == .upright ? estimate : nil, clock: &clock)
        } else if options.detectOrientation, let e = estimate, e.looksTurned {
            osdDone = true
            if let t = detectTurns(survey, xHeight: e.xHeight, clock: &clock), t % 2 == 1 {
                page = readOriented(turns: t, full: full, survey: survey, surveyScale: surveyScale, uprightEstimate: nil, clock: &clock)
            } else {
                // OSD unsure, but the lines run vertically: read both quarter turns, keep the one with anchors.
                let a = readOriented(turns: 1, full: full, survey: survey, surveyScale: surveyScale, uprightEstimate: nil, clock: &clock)
                if a.tableRegion != nil && !Self.looksUnreadable(a) {
                    page = a
                } else {
                    let b = readOriented(turns: 3, full: full, survey: survey, surveyScale: surveyScale, uprightEstimate: nil,
                                         clock: &clock)
                    page = Self.quality(b) > Self.quality(a) ? b : a
                }
            }
        } else {
            page = readOriented(turns: 0, full: full, survey: survey, surveyScale: surveyScale, uprightEstimate: estimate,
                                clock: &clock)
        }
        if options.detectOrientation, !osdDone, Self.looksUnreadable(page),
           let t = detectTurns(survey, xHeight: estimate?.xHeight, clock: &clock), t != 0 {
            let turned = readOriented(turns: t, full: full, survey: survey, surveyScale: surveyScale, uprightEstimate: nil,
                                      clock: &clock)
            if Self.quality(turned) > Self.quality(page) { page = turned }
        }
        page.timings = timings
        page.budgetExhausted = budgetExhausted
        return page
    }

    /// OSD's clockwise quarter turns when it is confident, else `nil`. OSD (legacy classifier) gets the survey
    /// scaled to an x-height of ~16 px: at 40 px and more it returned no usable answer on the corpus crisps label.
    private mutating func detectTurns(_ survey: GrayImage, xHeight: Double?, clock: inout StageClock) -> Int? {
        defer { timings.orientation += clock.lap() }
        // OSD takes no monitor: once the budget is spent it does not start.
        guard !budget.isSpent else { budgetExhausted = true; return nil }
        let factor = xHeight.map { min(2, max(0.25, 16 / max($0, 1))) } ?? 1
        let input = abs(factor - 1) < 0.15 ? survey : survey.scaled(by: factor).image
        let cpu = ThreadCPUClock.now()
        let detected = engine.detectOrientation(input)
        timings.passes.append(OCRPass(kind: .orientation, pageSegmentationMode: 0, width: input.width, height: input.height,
                                      words: 0, cpuSeconds: ThreadCPUClock.now() - cpu))
        guard let osd = detected, osd.confidence >= options.minimumOrientationConfidence else { return nil }
        return osd.turns
    }

    /// A page with no table and mostly low-confidence words (typical of text read sideways or upside down).
    static func looksUnreadable(_ page: OCRPage) -> Bool {
        guard !page.words.isEmpty else { return false }
        return page.tableRegion == nil && page.words.map(\.confidence).reduce(0, +) / Double(page.words.count) < 0.7
    }

    /// Orders two readings of one image: anchor weight first, then confidence-weighted characters.
    static func quality(_ page: OCRPage) -> (Int, Double) {
        (page.anchors.map { NutritionAnchors.weight(of: $0.text) }.reduce(0, +),
         page.words.map { $0.confidence * Double($0.text.count) }.reduce(0, +))
    }

    /// Reads the page assuming its content is turned `turns` clockwise quarter turns.
    private mutating func readOriented(turns: Int, full: GrayImage, survey rawSurvey: GrayImage, surveyScale: (Double, Double),
                                       uprightEstimate: TextSizeEstimate?, clock: inout StageClock) -> OCRPage {
        let orientation = PageOrientation(quarterTurns: turns)
        var transform = ImageTransform(originalWidth: image.width, originalHeight: image.height,
                                       uprightTurns: (4 - orientation.quarterTurns) % 4)
        let survey = rawSurvey.rotatedClockwise(quarterTurns: transform.uprightTurns)
        timings.prepare += clock.lap()
        let estimate = uprightEstimate ?? TextSizeEstimator.estimate(survey)
        timings.textSize += clock.lap()
        // Turned a quarter, the survey's vertical axis is the original's horizontal one.
        let surveyUprightScaleY = transform.uprightTurns % 2 == 0 ? surveyScale.1 : surveyScale.0
        var xHeight = estimate.map { $0.xHeight / surveyUprightScaleY }

        // Page pass at the scale that puts the x-height at the target (the survey itself when it is close).
        var pageRaw: [RawWord] = []
        for attempt in 0..<2 {
            let firstTransform = transform
            let wanted = xHeight.map { workingScale(xHeight: $0, width: transform.uprightWidth, height: transform.uprightHeight) }
            let working: GrayImage
            if let scale = wanted, abs(scale / surveyUprightScaleY - 1) >= 0.15 {
                // Rotate before scaling so a turned photo gets exactly the pixels its upright twin would.
                let scaled = full.rotatedClockwise(quarterTurns: transform.uprightTurns).scaled(by: scale)
                working = scaled.image
                (transform.scaleX, transform.scaleY) = (scaled.scaleX, scaled.scaleY)
            } else {
                working = survey
                (transform.scaleX, transform.scaleY) = transform.uprightTurns % 2 == 0 ? surveyScale : (surveyScale.1, surveyScale.0)
            }
            timings.prepare += clock.lap()
            // The second attempt replaces the first only when it had the time to run whole.
            let raw = recognize(working, segmentation: options.pageSegmentation, kind: attempt == 0 ? .page : .pageRescaled)
            if attempt == 1 && budgetExhausted && raw.count < pageRaw.count {
                transform = firstTransform
                timings.recognition += clock.lap()
                break
            }
            pageRaw = raw
            timings.recognition += clock.lap()
            let scale = transform.scale
            // Safety net for a bad estimate (e.g. a photo whose texture outnumbers its glyphs): when the words read
            // are far from the target size, read once more at the size they show.
            let confident = pageRaw.filter { $0.confidence >= 0.6 }
            let seen = Self.xHeight(of: confident.map { ($0.box, $0.baseline.map { OCRBaseline(start: $0.0, end: $0.1) }) })
            guard attempt == 0, confident.count >= 5, seen > 0 else { break }
            let ratio = seen / options.targetXHeight
            guard ratio < 0.6 || ratio > 1.7 else { break }
            // Only when the corrected size gives a really different scale (not when a cap holds it in place).
            let corrected = workingScale(xHeight: seen / scale, width: transform.uprightWidth, height: transform.uprightHeight)
            guard abs(corrected / scale - 1) >= 0.25 else { break }
            xHeight = seen / scale
        }
        let pageWords = pageRaw.map { ($0, convert($0, transform)) }
        let readXHeight = Self.xHeight(of: pageRaw.map { ($0.box, $0.baseline.map { OCRBaseline(start: $0.0, end: $0.1) }) }) / transform.scale

        var tagged = pageWords.map { (key: $0.0.line, block: $0.0.block, word: $0.1) }
        var table: TableLocator.Result?
        if options.localiseTable {
            table = TableLocator.locate(words: tagged.map(\.word), imageWidth: image.width, imageHeight: image.height)
        }
        if let found = table, let reread = rereadTable(found, full: full, transform: transform, clock: &clock) {
            table = adopt(reread, in: found.region, replacing: found, into: &tagged)
        }
        if options.cleanedTableReread, let found = table,
           let cleaned = rereadCleaned(found, words: tagged.map(\.word), full: full, transform: transform, clock: &clock) {
            table = adopt(cleaned.words, in: cleaned.region, replacing: found, into: &tagged)
        }
        let (words, lines) = LineAssembly.assemble(tagged, upright: transform.originalToUpright)
        return OCRPage(imageWidth: image.width, imageHeight: image.height, words: words, lines: lines,
                       tableRegion: table?.region, anchors: table?.anchors ?? [], orientation: orientation,
                       xHeight: readXHeight > 0 ? readXHeight : (xHeight ?? 0), timings: timings)
    }

    /// `full`'s `region` (original pixels; `upright` is the same rectangle on the upright page) turned upright and
    /// scaled so `xHeight` (original pixels) reaches the target, with the transform from its pixels to the original's.
    func workingCrop(_ region: PixelRect, upright: PixelRect, xHeight: Double, full: GrayImage,
                     transform: ImageTransform) -> (image: GrayImage, transform: ImageTransform)? {
        var t = transform
        t.originX = Double(upright.x); t.originY = Double(upright.y)
        guard let cropped = try? full.cropped(to: region) else { return nil }
        let scaled = cropped.rotatedClockwise(quarterTurns: t.uprightTurns)
            .scaled(by: workingScale(xHeight: xHeight, width: upright.width, height: upright.height))
        (t.scaleX, t.scaleY) = (scaled.scaleX, scaled.scaleY)
        return (scaled.image, t)
    }

    /// The scale putting `xHeight` (original pixels) at ``OCRReadOptions/targetXHeight``, limited to
    /// 0.05...``OCRReadOptions/maxUpscale``, to ``OCRReadOptions/maxWorkingSide`` and to
    /// ``OCRReadOptions/maxWorkingPixels`` for a `width`×`height` (upright) source.
    func workingScale(xHeight: Double, width: Int, height: Int) -> Double {
        var s = min(options.maxUpscale, max(0.05, options.targetXHeight / max(xHeight, 1)))
        s = min(s, Double(options.maxWorkingSide) / Double(max(width, height)))
        s = min(s, (Double(options.maxWorkingPixels) / Double(width * height)).squareRoot())
        return s
    }

    func convert(_ w: RawWord, _ t: ImageTransform) -> OCRWord {
        OCRWord(text: w.text, box: t.toOriginal(w.box), confidence: w.confidence, blockID: w.block, lineID: w.line,
                baseline: w.baseline.map { OCRBaseline(start: t.toOriginal($0.0.x, $0.0.y), end: t.toOriginal($0.1.x, $0.1.y)) })
    }

    /// x-height of words from their baselines: ~0.7 × (baseline − top), the cap/ascender height; 0.55 × box height
    /// for a word without a usable baseline. Median over words; 0 for none.
    static func xHeight(of words: [OCRWord]) -> Double { xHeight(of: words.map { ($0.box, $0.baseline) }) }

    static func xHeight(of words: [(box: PixelRect, baseline: OCRBaseline?)]) -> Double {
        median(words.map { box, baseline in
            if let b = baseline, abs(b.end.y - b.start.y) < Double(box.height), b.y(atX: box.centerX) - Double(box.y) > 2 {
                return 0.7 * (b.y(atX: box.centerX) - Double(box.y))
            }
            return 0.55 * Double(box.height)
        }) ?? 0
    }
}

/// Monotonic stopwatch for stage timings.
struct StageClock {
    private var last = DispatchTime.now().uptimeNanoseconds
    /// Seconds since the previous lap (or creation).
    mutating func lap() -> Double {
        let now = DispatchTime.now().uptimeNanoseconds
        defer { last = now }
        return Double(now - last) / 1e9
    }
}
