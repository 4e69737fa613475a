import Foundation
import NutriLensImaging
import NutriLensOCR

/// Which readings ``OCRStage/recognize(_:)`` tries and which it skips: the rules measured on the corpus, and the
/// environment knobs that switch them for measuring alternatives with `nutrilens eval` (docs/ocr.md, Sessions 3–7).
extension OCRStage {
    /// How a reading with more models than the primary one (``languageReaders``) treats the located table
    /// (`NUTRILENS_OCR_SET_TABLE`): `reread` (default) as every reading, `page` = the page pass only, no table
    /// re-read at the table's own scale and no cleaned re-read (measured in docs/ocr.md, "Session 7").
    enum SetReadingTable: String, Sendable {
        case reread, page

        func apply(to options: inout OCRReadOptions) {
            guard self == .page else { return }
            options.tableReread = .never
            options.cleanedTableReread = false
        }
    }

    static let setReadingTable = ProcessInfo.processInfo.environment["NUTRILENS_OCR_SET_TABLE"]
        .flatMap(SetReadingTable.init(rawValue:)) ?? .reread

    /// Tesseract variables every engine is loaded with: `NUTRILENS_TESS_VARS` = `name=value,name=value` (for
    /// measuring alternatives with `nutrilens eval`).
    static func tesseractVariables(environment env: [String: String]) -> [String: String] {
        var variables: [String: String] = [:]
        for pair in (env["NUTRILENS_TESS_VARS"] ?? "").split(separator: ",") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2, !parts[0].isEmpty { variables[parts[0]] = parts[1] }
        }
        return variables
    }

    // The knobs below exist for measuring with `nutrilens eval` (docs/ocr.md, "Session 3"). Figures: release build,
    // `nutrilens eval --jobs 1 --ocr-budget 0`, OCR-stage thread CPU from `NUTRILENS_OCR_TRACE`, 128 corpus photos.

    /// Later hypotheses reuse the first reading's quarter turn (default; `NUTRILENS_OCR_REUSE_ORIENTATION=0` detects
    /// it again per hypothesis). OSD calls 39 → 10 on the corpus, the same fields on both sets; a turned photo
    /// whose OSD was unsure had read both quarter turns for every hypothesis (one TestImage: 4.1 → 2.2 s).
    static let reusesOrientation = ProcessInfo.processInfo.environment["NUTRILENS_OCR_REUSE_ORIENTATION"] != "0"

    /// A first reading without any table (no key parsed, no table region located) ends the stage (default;
    /// `NUTRILENS_OCR_STOP=off` tries the other hypotheses anyway). On the corpus the 38 later readings of photos
    /// whose first reading parsed no key cost 22 s of 246 s and none of them parsed a key; TestImages keep 414/422
    /// with 0.85× the CPU. A region without keys still gets them: `deg_rotate_small_en` (7° skew) is read only levelled.
    static let stopsWithoutTable = ProcessInfo.processInfo.environment["NUTRILENS_OCR_STOP"] != "off"

    /// After a first reading that parsed no key, the automatic-layout hypothesis (PSM 3) is not tried; the
    /// levelled one still is (default; `NUTRILENS_OCR_KEYLESS=all` tries every hypothesis). Measured from the
    /// per-reading trace (docs/ocr.md, "Session 3, round 2"): PSM 3 after a keyless first reading won 0 of 10 on
    /// the corpus (0 of 20 in round 1, before the stop rule), 4.3 s of 231 s OCR CPU; the levelled page after one
    /// is what reads TestImages `deg_rotate_small_en` (7° skew), so it stays.
    static let keylessSkipsAutoLayout = ProcessInfo.processInfo.environment["NUTRILENS_OCR_KEYLESS"] != "all"

    /// Whether `hypothesis` is skipped after a first reading scored `first`: PSM 3 on the page as photographed,
    /// when the first reading parsed no key.
    static func skipsAfterKeyless(_ hypothesis: ReadingHypothesis, first: LabelReadingScore) -> Bool {
        first.fields == 0 && !hypothesis.levelled && hypothesis.segmentation == .auto
    }

    /// After a first reading that parsed at least this many keys, the levelled page (``levelled(_:)``) is not read
    /// (default; `NUTRILENS_OCR_LEVEL=always` reads it whenever the page looks skewed). Such a reading followed the
    /// table's rows as photographed; levelling is for pages whose rows it could not follow (TestImages
    /// `deg_rotate_small_*`: 7° skew, 0 keys as photographed). Measured on ../shared/corpus/labels under
    /// `--lang-routing routed` (docs/ocr.md, "Session 5"): after a first reading of ≥ 5 keys the levelled `eng`
    /// reading won 1 of 16 times and cost 10 s of 202 s; 9 of the 16 parsed no key at all (the skew estimate
    /// followed pack edges or folds, not text rows).
    static let levelledOnlyBelowKeys: Int? = ProcessInfo.processInfo.environment["NUTRILENS_OCR_LEVEL"] == "always" ? nil : 5

    /// The keys after which the levelled page is not read under `readings`: ``levelledOnlyBelowKeys`` for
    /// `.thorough`; 1 for ``ScannerConfiguration/OCRReadings/single``, whose only later reading is the levelled page
    /// after a first reading that parsed no key (the page is skewed, else there is no levelled page, and a table was
    /// located, else ``foundNoTable(_:tableRegion:)`` stops first). Measured (docs/speed.md, "Session 8"): under
    /// `.single` the levelled page after any unconvincing first reading costs 1.17× the OCR CPU for +5 corpus fields;
    /// TestImages `deg_rotate_small_en/fr` (7°) read nothing as photographed.
    static func levelledOnlyBelowKeys(for readings: ScannerConfiguration.OCRReadings) -> Int? {
        readings == .single ? 1 : levelledOnlyBelowKeys
    }

    /// Whether `hypothesis` is skipped after a first reading scored `first`: the levelled page, when the first
    /// reading parsed ``levelledOnlyBelowKeys(for:)`` keys or more.
    static func skipsLevelled(_ hypothesis: ReadingHypothesis, first: LabelReadingScore,
                              readings: ScannerConfiguration.OCRReadings = .thorough) -> Bool {
        guard hypothesis.levelled, let limit = levelledOnlyBelowKeys(for: readings) else { return false }
        return first.fields >= limit
    }

    /// A reading that found no nutrition table at all: no key parsed and no table region located (an anchor group).
    static func foundNoTable(_ score: LabelReadingScore, tableRegion: PixelRect?) -> Bool {
        score.fields == 0 && tableRegion == nil
    }

    /// Which ways of reading (``ReadingHypothesis``) the configured set reads at the end, under `.routed`, for a
    /// table the primary language read without convincing the grammar (``LanguageRouting/needsFinalConfiguredReading(_:)``),
    /// in order, the second only while the best reading is still not convincing:
    /// 1. the earliest way of reading in which the primary language parsed a key (usually the page as photographed);
    /// 2. the one in which it parsed the most keys (the earliest of equals), when that is another.
    ///
    /// Why not the primary language's best-scoring way (sessions 2–4, `NUTRILENS_OCR_FINAL=best`): the further
    /// models read a way of reading differently from the primary one, so its best is not theirs. TestImages
    /// `deg_exif6_en` reads "llg" for 11 g in `eng` under PSM 11 and PSM 3; PSM 3 scores higher, but only the set's
    /// PSM 11 reading is convincing (18 keys). `eu_multilingual_en_fr_nl` the other way round: `eng` PSM 11 scores
    /// higher (17 keys, no failed check), `eng` PSM 3 found all 18 keys with two failed checks ("lig" for 1,1 g), and
    /// only the set's PSM 3 reading is convincing. The first is where the default reading found the table; the
    /// second is the most complete layout, whose misread digits are what the set fixes.
    static func finalConfiguredHypotheses(_ primary: [(hypothesis: ReadingHypothesis, score: LabelReadingScore)])
        -> [ReadingHypothesis] {
        if finalReadingIsBestOnly {
            return primary.max { $0.score < $1.score }.map { [$0.hypothesis] } ?? []
        }
        guard let first = primary.first(where: { $0.score.fields > 0 }) else { return [] }
        // `max(by:)` keeps the first of equals: the earliest.
        let most = primary.max { $0.score.fields < $1.score.fields }!
        return most.hypothesis == first.hypothesis ? [first.hypothesis] : [first.hypothesis, most.hypothesis]
    }

    /// `NUTRILENS_OCR_FINAL=best`: the last configured reading re-reads only the primary language's best-scoring
    /// way of reading, as in sessions 2–4 (for measuring with `nutrilens eval`).
    static let finalReadingIsBestOnly = ProcessInfo.processInfo.environment["NUTRILENS_OCR_FINAL"] == "best"
}

/// Which later readings of a photo are worth their work, decided before each one from the FIRST reading's evidence
/// and the reading's *predicted* work (issues 4, 8; docs/ocr.md, "Session 8").
///
/// Work is predicted, not timed, so a photo gets the same readings — and the same fields — on any machine and under
/// any load. The unit is one word of the first reading: a reading's recognition work grows with the text it reads,
/// and the first reading's word count (every recognition pass: page, rescaled page, table and cleaned table
/// re-reads) is that text's size. Calibrated on main's trace of the 128 corpus photos (session 8, OCR-stage thread
/// CPU per pass, polarity and orientation checks left out): the first reading cost 4.7 ms per word of its own
/// (correlation 0.93); a later `psm11 eng+deu+fra` reading 8.3 ms per first-reading word (0.87), i.e. 1.75 first
/// readings; a later `psm3 eng` 2.2 ms (0.44: PSM 3 finds a varying share of the words) and a levelled `psm11 eng`
/// 2.2 ms (0.75), i.e. about half a first reading each. The photo's area added nothing to the fit.
///
/// Measured (release, `OMP_THREAD_LIMIT=1 NUTRILENS_OCR_TRACE=1 nutrilens eval --jobs 1 --ocr-budget 0 DIR`, main's
/// binary right before, docs/ocr.md "Session 8"): 128 corpus photos 1017 / 1099 correct / predicted with and without
/// the gate, no photo moved; 7 later readings on 6 busy photos not read (280–549 first-reading words); the OCR CPU
/// of the run replayed on main's per-reading times 0.90× (later readings 0.82–0.83×), p95 4564 → 3535 ms; 39
/// TestImages 414 / 418 both, no reading gated (at most 131 words). The median does not move: the photos read more
/// than once at the median are small pages, and there every later reading fits the limit. The limit 800 is the lowest
/// of 500/600/700/800 that lost no field in the replay (700: `eng_real_1` −1).
struct LaterReadingGate: Sendable, Equatable {
    /// Predicted work all readings of a photo may add up to, in first-reading words (the first reading counts its
    /// own words): a later reading whose prediction would take the sum past it is not read.
    var workLimit: Double

    /// Recognised words of `passes` — the work measure of a reading (the polarity check's "words" are light glyphs,
    /// OSD's none; neither is recognition).
    static func words(of passes: [OCRPass]) -> Int {
        passes.filter { $0.kind != .polarity && $0.kind != .orientation }.reduce(0) { $0 + $1.words }
    }

    /// Predicted work of reading `hypothesis` with `models` Tesseract models, as a multiple of the first reading
    /// (`psm11` with the primary model): a levelled page or automatic layout (PSM 3) 0.5; each further model 0.375
    /// (the set of 3: 1.75). Why per model and not ×3: Tesseract tries the further models only on words the
    /// first one is unsure of (docs/ocr.md, "Session 7").
    static func workFactor(of hypothesis: OCRStage.ReadingHypothesis, models: Int) -> Double {
        let layout = hypothesis.levelled || hypothesis.segmentation == .auto ? 0.5 : 1.0
        return layout * (1 + 0.375 * Double(max(0, models - 1)))
    }

    /// A reading with further models is read whatever its predicted work after a first reading with at least this
    /// many failed consistency checks: misread digits are what the further models fix. On main's corpus trace
    /// (session 8) the set readings after first readings with 2 failed checks won 6 of 9 times, with 3 or more 11
    /// of 15, against 4 of 11 after one and 5 of 22 after none; and they are the wins a work limit alone loses:
    /// `C132B648` (221 words, 20 keys / 4 failed → 22 / 0; 22 correct values instead of 17 with `eng` alone),
    /// `20251114_100211` (549 words, 8 / 3 → 8 / 2, +1 correct), `tabella_nutrizionale_2` (183 words, 4 / 2; its
    /// fifth reading, PSM 3 with the set, is the one with 2 correct values — 0 without it, measured with 3 here).
    static let failedChecksForFurtherModels = 2

    /// Whether a later reading of `models` models, predicted at `predicted` first-reading words, may start when
    /// the photo's readings so far were predicted at `spent` (the first reading's words plus each later reading's
    /// prediction) and the first reading failed `firstFindings` consistency checks.
    func allows(predicted: Double, spent: Double, models: Int, firstFindings: Int) -> Bool {
        if models > 1 && firstFindings >= Self.failedChecksForFurtherModels { return true }
        return spent + predicted <= workLimit
    }

    /// The default limit, in first-reading words (see ``OCRStage/laterReadingGate(environment:)``).
    static let defaultWorkLimit = 800.0
}

extension OCRStage {
    /// The gate on later readings (``LaterReadingGate``): `NUTRILENS_OCR_GATE=off` reads every later reading the
    /// other rules allow (main's behaviour before session 8); `NUTRILENS_OCR_GATE_WORK` = the limit in first-reading
    /// words (a positive number; default ``LaterReadingGate/defaultWorkLimit``).
    static func laterReadingGate(environment env: [String: String]) -> LaterReadingGate? {
        if env["NUTRILENS_OCR_GATE"] == "off" { return nil }
        let limit = env["NUTRILENS_OCR_GATE_WORK"].flatMap(Double.init).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        return LaterReadingGate(workLimit: limit ?? LaterReadingGate.defaultWorkLimit)
    }
}
