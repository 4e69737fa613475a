/// Which later readings of a photo are worth their work, decided before each one from the first reading's evidence and
/// the reading's *predicted* work (``OCRStrategy/laterReadingGate``).
///
/// Work is predicted, not timed, so a photo gets the same readings — and the same fields — on any machine and under any
/// load. The unit is one word of the first reading: a reading's recognition work grows with the text it reads, and the
/// first reading's word count (every recognition pass: page, rescaled page, table and cleaned table re-reads) is that
/// text's size. Calibrated on the trace of the 128 corpus photos (session 8, OCR-stage thread CPU per pass): the first
/// reading cost 4.7 ms per word of its own (correlation 0.93); a later `psm11 eng+deu+fra` reading 8.3 ms per
/// first-reading word (0.87), i.e. 1.75 first readings; a later `psm3 eng` 2.2 ms (0.44) and a levelled `psm11 eng`
/// 2.2 ms (0.75), about half a first reading each. The photo's area added nothing to the fit.
///
/// Measured (release, `nutrilens eval --jobs 1 --ocr-budget 0`, docs/history/ocr-sessions.md "Session 8"): 128 corpus
/// photos 1017 / 1099 correct / predicted with and without the gate, no photo moved; 7 later readings on 6 busy photos
/// not read (280–549 first-reading words); OCR CPU 0.90× (later readings 0.82–0.83×), p95 4564 → 3535 ms; 39
/// TestImages 414 / 418 both, no reading gated. 800 is the lowest of 500/600/700/800 that lost no field in the replay
/// (700: `eng_real_1` −1).
public struct LaterReadingGate: Sendable, Equatable {
    /// Predicted work all readings of a photo may add up to, in first-reading words (the first reading counts its own
    /// words): a later reading whose prediction would take the sum past it is not read. `> 0`.
    public var workLimit: Double

    /// A gate at `workLimit` first-reading words (default 800).
    public init(workLimit: Double = 800) { self.workLimit = workLimit }

    /// Recognised words of `passes` — the work measure of a reading (the polarity check's "words" are light glyphs,
    /// OSD's none; neither is recognition).
    static func words(of passes: [OCRPass]) -> Int {
        passes.filter { $0.kind != .polarity && $0.kind != .orientation }.reduce(0) { $0 + $1.words }
    }

    /// Predicted work of `reading` with `models` models, as a multiple of the first reading (`psm11` with the primary
    /// model): a levelled page or automatic layout (PSM 3) 0.5; each further model 0.375 (the set of 3: 1.75). Per
    /// model and not ×3: Tesseract tries the further models only on words the first one is unsure of.
    static func workFactor(of reading: OCRStrategy.Reading, models: Int) -> Double {
        let layout = reading.levelled || reading.segmentation == .auto ? 0.5 : 1.0
        return layout * (1 + 0.375 * Double(max(0, models - 1)))
    }

    /// A reading with further models is read whatever its predicted work after a first reading with at least this many
    /// failed consistency checks: misread digits are what the further models fix. On the corpus trace (session 8) the
    /// set readings after first readings with 2 failed checks won 6 of 9 times, with 3 or more 11 of 15, against 4 of
    /// 11 after one and 5 of 22 after none (`C132B648`: 221 words, 20 keys / 4 failed → 22 / 0).
    static let failedChecksForFurtherModels = 2

    /// Whether a later reading of `models` models, predicted at `predicted` first-reading words, may start when the
    /// photo's readings so far were predicted at `spent` and the first reading failed `firstFindings` checks.
    func allows(predicted: Double, spent: Double, models: Int, firstFindings: Int) -> Bool {
        if models > 1 && firstFindings >= Self.failedChecksForFurtherModels { return true }
        return spent + predicted <= workLimit
    }
}
