import NutriLensImaging

/// What ``OCRStrategy/read(_:with:scoring:)`` returns: the best reading's lines and where the page they lie on sits
/// in the image that was read.
public struct OCRReadingResult: Sendable {
    /// The best reading's lines, boxes on the page as read upright: the image levelled when ``levelling`` is set, then
    /// turned back by ``orientation``. The label grammar groups words into rows by these boxes.
    public var lines: [OCRLine]
    /// Levelled page → the image that was read; `nil` when the best reading read the image as given.
    public var levelling: RotationMapping?
    /// How the content of the page the best reading read was turned (clockwise), which its boxes undo.
    public var orientation: PageOrientation
    /// Size of the page the best reading read (the levelled page, or the image), pixels, before turning upright.
    public var inputWidth: Int, inputHeight: Int
    /// The time budget (``OCRReadOptions/timeBudget``) ran out during the best reading: its lines may miss text.
    public var budgetExhausted: Bool
    /// Every reading made and skipped, with its passes and score, for measuring.
    public var trace: OCRReadingTrace
}

/// One photo's readings, for measuring which readings make a photo slow or win it: every reading made (its Tesseract
/// passes with their thread CPU and words, the score it got) and every later reading ``LaterReadingGate`` did not
/// start (its predicted work). ``line`` is the one-line form earlier sessions' scripts read.
public struct OCRReadingTrace: Sendable {
    /// One reading made.
    public struct Reading: Sendable {
        /// `psm11`, `levelled psm11`, `psm3`.
        public var name: String
        /// The models it read with (``OCRPageReader/modelName``).
        public var models: String
        /// The Tesseract calls the reading made, in order (empty for an engine outside this module).
        public var passes: [OCRPass]
        /// What the label grammar made of the reading (keys, failed checks, value): what readings are compared by.
        public var score: ReadingScore

        /// A reading made by an engine outside this module (the scanner's neural reader: no Tesseract passes).
        /// `name` as the trace spells it (`psm11`; the scanner's neural reader `neural q0 …`), `models` the reader's
        /// ``OCRPageReader/modelName``, `passes` its Tesseract calls, `score` the grammar's score of its lines.
        public init(name: String, models: String, passes: [OCRPass], score: ReadingScore) {
            self.name = name
            self.models = models
            self.passes = passes
            self.score = score
        }
    }

    /// One later reading the gate did not start.
    public struct Gated: Sendable {
        /// The reading's trace name (`psm3`, `levelled psm11`).
        public var name: String
        /// The models it would have read with (``OCRPageReader/modelName``).
        public var models: String
        /// Its predicted work, in first-reading words.
        public var predictedWork: Double
    }

    /// Size of the image read, pixels.
    public var width: Int, height: Int
    /// Thread CPU of the whole reading (recognition, survey, scaling and scoring), seconds.
    public var cpuSeconds: Double
    /// Every reading made, in order.
    public var readings: [Reading]
    /// Every later reading the gate did not start (empty outside ``OCRStrategy``).
    public var gated: [Gated]
    /// The best reading's score.
    public var best: ReadingScore

    /// `ocr-trace 1234x987 cpu=812ms reads=2 fields=9 convincing=0 gated=psm3/eng~730 | psm11 eng: page/11 540ms 212w,
    /// table/11 120ms 40w => 8f 1c 6.90 | …`: the head, then one part per reading after ` | `.
    public var line: String {
        let reads = readings.map { reading in
            let passes = reading.passes.map {
                "\($0.kind.rawValue)/\($0.pageSegmentationMode) \(Int(($0.cpuSeconds * 1000).rounded()))ms \($0.words)w"
            }
            return "\(reading.name) \(reading.models): " + passes.joined(separator: ", ") + " => \(reading.score)"
        }
        let skipped = gated.map {
            "\($0.name.replacingOccurrences(of: " ", with: "_"))/\($0.models)~\(Int($0.predictedWork.rounded()))"
        }
        return "ocr-trace \(width)x\(height) cpu=\(Int((cpuSeconds * 1000).rounded()))ms reads=\(readings.count) "
            + "fields=\(best.fields) convincing=\(best.isConvincing ? 1 : 0)"
            + (skipped.isEmpty ? "" : " gated=" + skipped.joined(separator: ",")) + " | " + reads.joined(separator: " | ")
    }
}

extension OCRReadingTrace {
    /// A trace of readings made outside ``OCRStrategy`` (the scanner's neural reader), `gated` empty.
    /// `width`, `height`: the image read, pixels; `cpuSeconds`: thread CPU of the whole reading; `readings`: the
    /// readings made, in order; `best`: the winning reading's score.
    public init(width: Int, height: Int, cpuSeconds: Double, readings: [Reading], best: ReadingScore) {
        self.width = width
        self.height = height
        self.cpuSeconds = cpuSeconds
        self.readings = readings
        self.gated = []
        self.best = best
    }
}
