import NutriLensImaging

extension OCRStrategy {
    /// Reads `page` (the working image, grey) with this strategy: the first of ``readings``, then the later ones the
    /// rules allow, each scored by `score`; the best reading wins.
    /// - Parameters:
    ///   - readers: the engines (``TesseractReaders`` today); the primary reader makes the first reading.
    ///   - score: scores one reading's lines (the scanner's parses them with the label grammar).
    /// - Throws: ``OCRError`` from a reader (an image it cannot take, an engine that does not load).
    public func read(_ page: GrayImage, with readers: some OCRPageReaders,
                     scoring score: @escaping ReadingScorer) throws -> OCRReadingResult {
        var session = try ReadingSession(page: page, strategy: self, readers: readers, score: score)
        try session.readLaterReadings()
        return session.result()
    }
}

/// The readings of one photo under an ``OCRStrategy``: the first reading, then each later one the strategy's rules
/// allow (``OCRStrategy/skips(_:after:)``, ``LaterReadingGate``, the time budget, the language routing), keeping the
/// reading the scorer ranks highest. One value per photo, used on one thread.
struct ReadingSession {
    /// One reading of the page.
    struct PageReading {
        /// Boxes on the upright page.
        var lines: [OCRLine]
        var page: OCRPage
        var levelling: RotationMapping?
        var inputWidth: Int, inputHeight: Int
    }

    let strategy: OCRStrategy
    let readers: any OCRPageReaders
    let score: ReadingScorer
    let plan: LanguagePlan
    /// The image as given, and its levelled page once a reading asked for it (`.some(nil)`: the page is level).
    let page: GrayImage
    private var level: (image: GrayImage, mapping: RotationMapping)??
    /// Thread CPU time when the session started: the time budget is the whole photo's.
    let started: Double

    let first: PageReading
    let firstScore: ReadingScore
    private(set) var best: PageReading
    private(set) var bestScore: ReadingScore
    private var bestReading: OCRStrategy.Reading
    /// The reader later readings use: the primary one until the routing switches to another list.
    private var current: any OCRPageReader
    private var routed = false
    /// The primary reader's readings, in the order read (``OCRStrategy/finalConfiguredReadings(_:)``).
    private var primaryReadings: [(reading: OCRStrategy.Reading, score: ReadingScore)]
    /// Predicted work of the readings so far, in first-reading words (``LaterReadingGate``).
    private var predictedWork: Double
    private var trace: OCRReadingTrace

    /// Makes the first reading (``OCRStrategy/readings``' first, with the primary reader and the whole budget).
    init(page: GrayImage, strategy: OCRStrategy, readers: some OCRPageReaders, score: @escaping ReadingScorer) throws {
        self.page = page
        self.strategy = strategy
        self.readers = readers
        self.score = score
        plan = try LanguagePlan(codes: readers.languageCodes, strategy: strategy)
        started = ThreadCPUClock.now()
        let reading = strategy.readings[0]
        current = readers.primary
        trace = OCRReadingTrace(width: page.width, height: page.height, cpuSeconds: 0, readings: [], gated: [],
                                best: .none)
        var options = strategy.readOptions
        options.pageSegmentation = reading.segmentation
        options.tableSegmentation = reading.segmentation
        first = try Self.read(page, levelling: nil, options: options, with: current)
        firstScore = score(first.lines)
        trace.add(reading, current, first, firstScore)
        (best, bestScore, bestReading) = (first, firstScore, reading)
        primaryReadings = [(reading, firstScore)]
        predictedWork = Double(LaterReadingGate.words(of: first.page.timings.passes))
    }

    /// The later readings, in the strategy's order, while the best one does not convince; then, under `.routed`, the
    /// last readings with the final language list.
    mutating func readLaterReadings() throws {
        try routeToLabelLanguage()
        // A first reading that found no nutrition table (no key parsed, no table region located) is a photo without
        // one (food, a pack's front): other ways of reading the same text did not find one either.
        let tableless = strategy.stopsWithoutTable
            && OCRStrategy.foundNoTable(bestScore, tableRegion: best.page.tableRegion)
        for reading in strategy.readings.dropFirst()
        where !bestScore.isConvincing && !tableless && !strategy.skips(reading, after: firstScore) {
            try attempt(reading, with: current, primary: !routed)
            try routeToLabelLanguage()
        }
        // Last and costliest: an unconvincing table in the primary language is read once more with the final list
        // (the further models re-read the digits the first one was unsure of).
        guard !routed, plan.needsFinalConfiguredReading(bestScore),
              let final = try readers.reader(for: plan.finalReadingCodes) else { return }
        for (index, reading) in OCRStrategy.finalConfiguredReadings(primaryReadings).enumerated()
        where index == 0 || !bestScore.isConvincing {
            try attempt(reading, with: final, primary: false)
        }
    }

    /// The best reading, its page's geometry and the trace.
    func result() -> OCRReadingResult {
        var trace = trace
        trace.cpuSeconds = ThreadCPUClock.now() - started
        trace.best = bestScore
        return OCRReadingResult(lines: best.lines, levelling: best.levelling, orientation: best.page.orientation,
                                inputWidth: best.inputWidth, inputHeight: best.inputHeight,
                                budgetExhausted: best.page.budgetExhausted, trace: trace)
    }

    /// Once the grammar finds the label is in another configured language: the best reading so far again with that
    /// language's list (``LanguagePlan/labelReadingCodes(for:)``), which every later reading then uses.
    private mutating func routeToLabelLanguage() throws {
        guard !routed, let codes = plan.labelReadingCodes(for: bestScore),
              let reader = try readers.reader(for: codes) else { return }
        current = reader
        routed = true
        try attempt(bestReading, with: reader, primary: false)
    }

    /// Reads `reading` with `reader` on what is left of the budget, when the gate allows its predicted work; the
    /// better reading is kept. `primary`: `reader` is the primary reader.
    private mutating func attempt(_ reading: OCRStrategy.Reading, with reader: any OCRPageReader, primary: Bool) throws {
        guard let budget = remainingBudget(), let input = input(for: reading) else { return }
        let firstWords = Double(LaterReadingGate.words(of: first.page.timings.passes))
        let predicted = firstWords * LaterReadingGate.workFactor(of: reading, models: reader.modelCount)
        if let gate = strategy.laterReadingGate, !gate.allows(predicted: predicted, spent: predictedWork,
                                                              models: reader.modelCount,
                                                              firstFindings: firstScore.findings) {
            trace.gated.append(.init(name: reading.traceName, models: reader.modelName, predictedWork: predicted))
            return
        }
        predictedWork += predicted
        var options = strategy.readOptions
        // Later readings keep the first one's quarter turn (OSD, and reading both quarter turns when it is unsure,
        // cost one to three recognitions per reading) and its light-on-dark verdict (up to ~45 ms per reading).
        options.knownOrientation = strategy.reusesOrientation ? first.page.orientation : nil
        options.knownLightOnDark = first.page.lightOnDark
        options.timeBudget = budget
        options.pageSegmentation = reading.segmentation
        options.tableSegmentation = reading.segmentation
        let read = try Self.read(input.image, levelling: input.mapping, options: options, with: reader)
        let score = score(read.lines)
        trace.add(reading, reader, read, score)
        if primary { primaryReadings.append((reading, score)) }
        if score > bestScore { (best, bestScore, bestReading) = (read, score, reading) }
    }

    /// The page `reading` reads; `nil` when it needs a levelled page and the page is level.
    private mutating func input(for reading: OCRStrategy.Reading) -> (image: GrayImage, mapping: RotationMapping?)? {
        guard reading.levelled else { return (page, nil) }
        if level == nil { level = OCRStrategy.levelled(page) }
        return (level ?? nil).map { ($0.image, $0.mapping) }
    }

    /// What is left of the photo's budget (`.some(nil)` = unlimited), `nil` when it is spent, so a later reading never
    /// runs past the budget the caller asked for.
    private func remainingBudget() -> Double?? {
        guard let total = strategy.readOptions.timeBudget else { return .some(nil) }
        let left = total - (ThreadCPUClock.now() - started)
        return left > 0.05 ? .some(left) : nil
    }

    /// One read of `image` (the page, or the page levelled by `levelling`) with its lines on the upright page.
    private static func read(_ image: GrayImage, levelling: RotationMapping?, options: OCRReadOptions,
                             with reader: any OCRPageReader) throws -> PageReading {
        let page = try reader.read(image, options: options)
        let lines = page.lines.map { line in
            OCRLine(words: line.words.map { page.orientation.upright($0, imageWidth: image.width,
                                                                     imageHeight: image.height) },
                    lineID: line.lineID, blockID: line.blockID)
        }
        return PageReading(lines: lines, page: page, levelling: levelling, inputWidth: image.width,
                           inputHeight: image.height)
    }
}

extension OCRReadingTrace {
    /// Records one reading made.
    mutating func add(_ reading: OCRStrategy.Reading, _ reader: any OCRPageReader, _ read: ReadingSession.PageReading,
                      _ score: ReadingScore) {
        readings.append(Reading(name: reading.traceName, models: reader.modelName, passes: read.page.timings.passes,
                                score: score))
    }
}

extension PageOrientation {
    /// `word` with its box and baseline on the upright page of a `imageWidth`×`imageHeight` image whose content is
    /// turned by this orientation (quarter turns of whole pixels: exact).
    func upright(_ word: OCRWord, imageWidth: Int, imageHeight: Int) -> OCRWord {
        let r = uprightRect(x: Double(word.box.x), y: Double(word.box.y), width: Double(word.box.width),
                            height: Double(word.box.height), imageWidth: imageWidth, imageHeight: imageHeight)
        var upright = word
        upright.box = PixelRect(x: Int(r.x), y: Int(r.y), width: Int(r.width), height: Int(r.height))
        let t = ImageTransform(originalWidth: imageWidth, originalHeight: imageHeight,
                               uprightTurns: (4 - quarterTurns) % 4)
        upright.baseline = word.baseline.map {
            OCRBaseline(start: t.originalToUpright($0.start), end: t.originalToUpright($0.end))
        }
        return upright
    }
}
