import Foundation
import NutriLensImaging

/// Reads a label photo: orientation, text size, nutrition-table localisation, recognition.
///
/// Thread-safe: concurrent ``read(_:options:)`` calls each check an engine out of the ``pool``.
///
/// Stages (one engine, single-threaded):
/// 1. *survey*: the image downscaled to ``OCRReadOptions/surveyMaxSide``; OSD decides the quarter turn; layout
///    analysis (no recognition, a few ms) measures the text's x-height.
/// 2. *page pass*: the upright image scaled so that x-height ≈ ``OCRReadOptions/targetXHeight`` and recognised.
///    Recognition cost grows with the amount of text, not pixels, so this is the one full pass.
/// 3. *table*: anchor words ("Nährwerte", "Energy", "kcal", "Fat" …) locate the table; when useful its region
///    alone is re-read at its own x-height and replaces the page pass's words there.
public final class NutritionOCR: Sendable {
    /// Engines used by ``read(_:options:)``.
    public let pool: OCREnginePool

    /// Loads one engine now (so a missing language pack throws here) and more on demand, up to `poolCapacity`.
    /// - Throws: ``OCRError/tessdataNotFound(searched:)``, ``OCRError/languagePackMissing(language:debianPackage:tessdataPath:)``,
    ///   ``OCRError/engineInitFailed(languages:tessdataPath:)``.
    public init(configuration: OCRConfiguration = OCRConfiguration(),
                poolCapacity: Int = ProcessInfo.processInfo.activeProcessorCount) throws {
        pool = try OCREnginePool(configuration: configuration, capacity: poolCapacity)
    }

    /// Reads `image`. An image without text gives an empty page, not an error.
    /// - Returns: words and lines in `image`'s pixel coordinates, the table region, the corrected orientation.
    /// - Throws: ``OCRError/unsupportedImageSize(width:height:)`` for an image with a side < 3 or > 32767 px;
    ///   engine-loading errors when the pool has to create an engine.
    public func read(_ image: GrayImage, options: OCRReadOptions = OCRReadOptions()) throws -> OCRPage {
        guard (3...32767).contains(image.width), (3...32767).contains(image.height) else {
            throw OCRError.unsupportedImageSize(width: image.width, height: image.height)
        }
        return try pool.withEngine { engine in
            engine.setVariable("thresholding_method", String(options.thresholding.rawValue))
            var reader = PageReader(engine: engine, image: image, options: options)
            return reader.read()
        }
    }
}

/// One read: the state shared by the stages of ``NutritionOCR/read(_:options:)``.
private struct PageReader {
    let engine: OCREngine
    let image: GrayImage
    let options: OCRReadOptions
    var timings = OCRTimings()

    init(engine: OCREngine, image: GrayImage, options: OCRReadOptions) {
        self.engine = engine; self.image = image; self.options = options
    }

    mutating func read() -> OCRPage {
        var clock = StageClock()
        let full = LeptonicaImage(image)
        let surveyScale = min(1, Double(options.surveyMaxSide) / Double(max(image.width, image.height)))
        let survey = full.scaled(by: surveyScale)
        timings.prepare += clock.lap()

        // OSD costs as much as a recognition pass, so it runs only when the upright reading looks wrong: layout
        // lines taller than wide (90/270°), or no table and low confidence (180°, or 90/270° missed by layout).
        let upright = readOriented(turns: 0, full: full, survey: survey, surveyScale: surveyScale, clock: &clock)
        var page = upright.page
        guard options.detectOrientation, upright.vertical || Self.looksUnreadable(upright.page) else { return finish(page) }
        let osd = engine.detectOrientation(survey)
        timings.orientation += clock.lap()
        if let osd, osd.turns != 0, osd.confidence >= options.minimumOrientationConfidence {
            let turned = readOriented(turns: osd.turns, full: full, survey: survey, surveyScale: surveyScale, clock: &clock)
            if upright.vertical || Self.quality(turned.page) > Self.quality(page) { page = turned.page }
        }
        return finish(page)
    }

    private func finish(_ page: OCRPage?) -> OCRPage {
        var p = page ?? OCRPage(imageWidth: image.width, imageHeight: image.height, words: [], lines: [], tableRegion: nil,
                                anchors: [], orientation: .upright, xHeight: 0, timings: timings)
        p.timings = timings
        return p
    }

    /// A page with no table and mostly low-confidence words (typical of text read sideways or upside down).
    static func looksUnreadable(_ page: OCRPage?) -> Bool {
        guard let page, !page.words.isEmpty else { return false }
        return page.tableRegion == nil && page.words.map(\.confidence).reduce(0, +) / Double(page.words.count) < 0.7
    }

    /// Orders two readings of one image: anchor weight first, then confidence-weighted characters.
    static func quality(_ page: OCRPage?) -> (Int, Double) {
        guard let page else { return (0, 0) }
        return (page.anchors.map { NutritionAnchors.weight(of: $0.text) }.reduce(0, +),
                page.words.map { $0.confidence * Double($0.text.count) }.reduce(0, +))
    }

    /// Reads the page assuming its content is turned `turns` clockwise quarter turns. `page` is `nil` when
    /// layout found no text; `vertical` when most layout lines are taller than wide (recognition is then skipped).
    private mutating func readOriented(turns: Int, full: LeptonicaImage, survey rawSurvey: LeptonicaImage,
                                       surveyScale: Double, clock: inout StageClock) -> (page: OCRPage?, vertical: Bool) {
        let orientation = PageOrientation(quarterTurns: turns)
        var transform = ImageTransform(originalWidth: image.width, originalHeight: image.height,
                                       uprightTurns: (4 - orientation.quarterTurns) % 4)
        let survey = rawSurvey.rotatedClockwise(quarterTurns: transform.uprightTurns)
        // Automatic layout measures text size best (PSM 6 merges rows of tight tables into tall lines).
        engine.load(survey, segmentation: .auto)
        let layoutLines = engine.layoutLines()
        timings.layout += clock.lap()
        let tall = layoutLines.filter { $0.box.height > 2 * $0.box.width }.count
        if turns == 0 && tall * 2 > layoutLines.count { return (nil, true) }
        guard let surveyXHeight = Self.xHeight(of: layoutLines) else { return (nil, false) }
        let xHeight = surveyXHeight / surveyScale

        // Page pass at the scale that puts the x-height at the target. When the survey is already close, it is
        // recognised as is (with automatic segmentation Tesseract reuses the layout it just computed).
        var scale = workingScale(xHeight: xHeight, width: transform.uprightWidth, height: transform.uprightHeight)
        if abs(scale / surveyScale - 1) < 0.2 { scale = surveyScale }
        let pageRaw: [RawWord]
        if abs(scale / surveyScale - 1) < 0.2 && options.pageSegmentation == .auto {
            scale = surveyScale
            pageRaw = engine.recognizeCurrent()
        } else {
            let working = scale == surveyScale ? survey : full.scaled(by: scale).rotatedClockwise(quarterTurns: transform.uprightTurns)
            timings.prepare += clock.lap()
            pageRaw = engine.recognize(working, segmentation: options.pageSegmentation)
        }
        transform.scale = scale
        let pageWords = pageRaw.map { ($0, convert($0, transform)) }
        timings.recognition += clock.lap()

        var tagged = pageWords.map { (key: $0.0.line, block: $0.0.block, word: $0.1) }
        var table: TableLocator.Result?
        if options.localiseTable {
            table = TableLocator.locate(words: tagged.map(\.word), imageWidth: image.width, imageHeight: image.height)
        }
        if let found = table, let reread = rereadTable(found, full: full, transform: transform, clock: &clock) {
            let region = found.region
            let inside = { (w: OCRWord) in region.intersection(w.box).map { $0.width * $0.height * 2 >= w.box.width * w.box.height } ?? false }
            tagged.removeAll { inside($0.word) }
            let keyOffset = (tagged.map(\.key).max() ?? 0) + 1, blockOffset = (tagged.map(\.block).max() ?? 0) + 1
            tagged += reread.map { (key: $0.0.line + keyOffset, block: $0.0.block + blockOffset, word: $0.1) }
            table = TableLocator.locate(words: reread.map(\.1), imageWidth: image.width, imageHeight: image.height)
                .map { TableLocator.Result(region: found.region, anchors: $0.anchors) } ?? found
        }
        let (words, lines) = LineAssembly.assemble(tagged, upright: transform.originalToUpright)
        let page = OCRPage(imageWidth: image.width, imageHeight: image.height, words: words, lines: lines,
                           tableRegion: table?.region, anchors: table?.anchors ?? [], orientation: orientation,
                           xHeight: xHeight, timings: timings)
        return (page, false)
    }

    /// Re-reads the table region at its own x-height, or returns `nil` when ``OCRReadOptions/tableReread`` says
    /// the page pass is good enough. Words are paired with their original-coordinate form.
    private mutating func rereadTable(_ table: TableLocator.Result, full: LeptonicaImage, transform: ImageTransform,
                                      clock: inout StageClock) -> [(RawWord, OCRWord)]? {
        let region = table.region
        let pageWordsXHeight = transform.scale * Self.xHeightInOriginal(of: table.anchors)
        let covers = Double(region.width * region.height) / Double(image.width * image.height)
        switch options.tableReread {
        case .never: return nil
        case .always: break
        case .whenUseful:
            let off = abs(pageWordsXHeight / options.targetXHeight - 1) > 0.25
            guard off || options.tableSegmentation != options.pageSegmentation && covers < 0.5 else { return nil }
        }
        let tableXHeight = Self.xHeightInOriginal(of: table.anchors)
        guard tableXHeight > 0 else { return nil }
        var t = transform
        let upright = transform.originalToUpright(region)
        t.scale = workingScale(xHeight: tableXHeight, width: upright.width, height: upright.height)
        t.originX = Double(upright.x); t.originY = Double(upright.y)
        let crop = full.cropped(to: region).scaled(by: t.scale).rotatedClockwise(quarterTurns: t.uprightTurns)
        timings.prepare += clock.lap()
        let words = engine.recognize(crop, segmentation: options.tableSegmentation).map { ($0, convert($0, t)) }
        timings.recognition += clock.lap()
        return words
    }

    /// The scale putting `xHeight` (original pixels) at the target, limited to 0.1...4 and to `maxWorkingSide`.
    private func workingScale(xHeight: Double, width: Int, height: Int) -> Double {
        var s = options.targetXHeight / max(xHeight, 1)
        s = min(4, max(0.1, s))
        s = min(s, Double(options.maxWorkingSide) / Double(max(width, height)))
        return s
    }

    private func convert(_ w: RawWord, _ t: ImageTransform) -> OCRWord {
        OCRWord(text: w.text, box: t.toOriginal(w.box), confidence: w.confidence, blockID: w.block, lineID: w.line,
                baseline: w.baseline.map { OCRBaseline(start: t.toOriginal($0.0.x, $0.0.y), end: t.toOriginal($0.1.x, $0.1.y)) })
    }

    /// x-height from layout lines: ~0.7 × (baseline − top), the ascender/cap height; 0.55 × line height without a
    /// baseline. Median over lines taller than 4 px (smaller ones are speckle).
    static func xHeight(of lines: [LayoutLine]) -> Double? {
        median(lines.filter { $0.box.height > 4 && $0.box.width > $0.box.height }.map { line in
            if let b = line.baselineY, b - Double(line.box.y) > 2 { return 0.7 * (b - Double(line.box.y)) }
            return 0.55 * Double(line.box.height)
        })
    }

    /// x-height of words in original pixels, from their baselines (same rule as ``xHeight(of:)``).
    static func xHeightInOriginal(of words: [OCRWord]) -> Double {
        median(words.map { w in
            if let b = w.baseline, abs(b.end.y - b.start.y) < Double(w.box.height),
               b.y(atX: w.box.centerX) - Double(w.box.y) > 2 {
                return 0.7 * (b.y(atX: w.box.centerX) - Double(w.box.y))
            }
            return 0.55 * Double(w.box.height)
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
