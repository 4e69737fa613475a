import CLeptonica
import CTesseract
import CTesseractLineImages
import Foundation
import NutriLensImaging

/// Settings every engine of a pool shares. Loading happens once per engine, in ``OCREngine/init(configuration:)``.
public struct OCRConfiguration: Sendable, Hashable {
    /// Models to load (default English). Order matters: the first is tried first per word.
    public var languages: OCRLanguages
    /// tessdata directory; `nil` = discover (``TessdataLocator``).
    public var tessdataPath: String?
    /// Add ``NutritionVocabulary`` (nutrition words and number patterns) to Tesseract's dictionary. Default on.
    public var vocabulary: Bool
    /// An extra Tesseract user-words file (one word per line), replacing ``NutritionVocabulary/words``.
    public var userWordsPath: String?
    /// An extra Tesseract user-patterns file (e.g. `\d\*.\d\*g`), replacing ``NutritionVocabulary/patterns``.
    public var userPatternsPath: String?
    /// Further Tesseract variables set when each engine is loaded (so init-only ones such as `load_system_dawg`
    /// take effect), e.g. `["tessedit_do_invert": "0"]`; applied after the module's own. An unknown name is ignored
    /// by Tesseract.
    ///
    /// Most variables belong to one engine (`tessedit_do_invert`, `thresholding_method`), but some of Tesseract's
    /// layout-analysis ones are process-wide globals (declared with `BOOL_VAR` at file scope, e.g.
    /// `textord_disable_pitch_test` in topitch.cpp, `textord_tabfind_find_tables` in colfind.cpp): loading an engine
    /// with one sets it for every engine of the process, so pools must not disagree about those.
    public var tesseractVariables: [String: String]

    /// Every parameter is the property of that name: `languages` (default English), `tessdataPath` (`nil`: discover),
    /// `vocabulary` (default on), `userWordsPath` and `userPatternsPath` (files replacing the built-in vocabulary),
    /// `tesseractVariables` (name → value, default none). Nothing is checked until ``OCREngine/init(configuration:)``.
    public init(languages: OCRLanguages = .english, tessdataPath: String? = nil, vocabulary: Bool = true,
                userWordsPath: String? = nil, userPatternsPath: String? = nil, tesseractVariables: [String: String] = [:]) {
        self.languages = languages
        self.tessdataPath = tessdataPath
        self.vocabulary = vocabulary
        self.userWordsPath = userWordsPath
        self.userPatternsPath = userPatternsPath
        self.tesseractVariables = tesseractVariables
    }
}

/// Tesseract page segmentation modes used here (subset of `TessPageSegMode`).
public enum OCRSegmentation: Sendable, Hashable {
    /// Fully automatic layout (PSM 3): columns become separate blocks.
    case auto
    /// One uniform block of text (PSM 6): table rows stay whole lines.
    case singleBlock
    /// Sparse text in no particular order (PSM 11).
    case sparse
    /// The image is one line of text (PSM 7): a table cell another engine located (``NutritionOCR/readCells(_:)``).
    case singleLine

    var tess: TessPageSegMode {
        switch self {
        case .auto: return PSM_AUTO
        case .singleBlock: return PSM_SINGLE_BLOCK
        case .sparse: return PSM_SPARSE_TEXT
        case .singleLine: return PSM_SINGLE_LINE
        }
    }
}

/// A word as Tesseract reports it, in the coordinates of the image the engine was given.
struct RawWord: Equatable {
    var text: String
    var box: PixelRect
    var confidence: Double
    var block: Int
    var line: Int
    var baseline: (PixelPoint, PixelPoint)?
    /// Per-character boxes, collected for words containing a digit (``DescenderCorrection`` needs them).
    var symbols: [(text: String, box: PixelRect)] = []

    static func == (a: RawWord, b: RawWord) -> Bool { a.text == b.text && a.box == b.box && a.line == b.line }
}

/// One Tesseract instance (`TessBaseAPI*`) with its models loaded. Not thread-safe: use one per thread, via
/// ``OCREnginePool``. Create once and reuse; loading costs ~0.2 s per language.
///
/// Process-wide effects, from the first engine on (NutriLens writes nothing to stderr itself; these are what it does
/// to the process an app links it into):
/// - `OMP_THREAD_LIMIT=1` is set in the environment unless already set, and every thread that uses an engine gets
///   OpenMP's `max-active-levels` 0 (``OpenMPLimit``): Debian's libtesseract is built with OpenMP, whose parallel
///   regions cost ~3× the wall time on a shared machine; the pools give the parallelism instead.
/// - Leptonica's message severity is set to `L_SEVERITY_NONE` (`setMsgSeverity`): Tesseract triggers its messages
///   ("Error in pixScanForForeground: invalid box") on degenerate regions of ordinary photos, and they are not errors
///   of the scan. An app that wants them calls `setMsgSeverity` after creating the first engine.
/// - Leptonica's `pixWriteMem` and `pixReadMem` are interposed by the `CTesseractLineImages` target (its header
///   says how): PNG writes made inside a recognition on the recognising thread become raw copies, everything else
///   goes to Leptonica unchanged (`rawLineImages`, internal: for tests).
/// - Tesseract's own debug output goes to `/dev/null` (`debug_file`, per engine).
public final class OCREngine: @unchecked Sendable {
    // @unchecked Sendable: the Tesseract handles are used by one thread at a time, which ``OCREnginePool`` guarantees
    // by checking an engine out to a single caller; `configuration` and `tessdataPath` are immutable.
    private let api: OpaquePointer
    /// Created on first orientation query: the `osd` model runs on the legacy engine, separate from the LSTM one.
    private var osdAPI: OpaquePointer?
    /// The configuration the engine was loaded with.
    public let configuration: OCRConfiguration
    /// The tessdata directory actually used.
    public let tessdataPath: String

    /// Leptonica's messages are turned off once per process (see the type's docs): they are not errors of the scan
    /// (the scan reports its own) and they broke the CLI's progress line.
    private static let quietLeptonica: Void = { _ = setMsgSeverity(Int32(L_SEVERITY_NONE)) }()

    /// Whether Tesseract's text-line images go to its LSTM raw (default) or through the PNG encode/decode that
    /// Debian's libtesseract 5.3.0 does for every line (it is built without `TESSERACT_IMAGEDATA_AS_PIX`, Tesseract
    /// PR #2965): the `CTesseractLineImages` target interposes Leptonica's `pixWriteMem`/`pixReadMem` for PNG writes
    /// made inside a recognition on the recognising thread, and copies the raster instead. The same pixels reach
    /// the LSTM, so the words are the same; the OCR stage's CPU was 0.89× on the corpus (docs/history/ocr-sessions.md,
    /// "Session 6"). Process-wide, default `true`; `false` sends every PNG write to Leptonica again. Internal: only
    /// `LineImagePassThroughTests` switch it (through `@testable import`); public until session 22.
    static var rawLineImages: Bool {
        get { nl_line_images_enabled() != 0 }
        set { nl_line_images_set_enabled(newValue ? 1 : 0) }
    }

    /// Loads the models.
    /// - Throws: ``OCRError/tessdataNotFound(searched:)``, ``OCRError/languagePackMissing(language:debianPackage:tessdataPath:)``,
    ///   ``OCRError/engineInitFailed(languages:tessdataPath:)``.
    /// - Parameter configuration: languages, tessdata folder, vocabulary files and Tesseract variables.
    public init(configuration: OCRConfiguration = OCRConfiguration()) throws {
        OpenMPLimit.serialiseCurrentThread()
        Self.quietLeptonica
        let path = try TessdataLocator.locate(explicit: configuration.tessdataPath)
        try TessdataLocator.verify(configuration.languages, in: path)
        guard let api = TessBaseAPICreate() else { throw OCRError.engineInitFailed(languages: configuration.languages.description, tessdataPath: path) }
        // Init-only parameters: silence Tesseract's stderr chatter; vocabulary files when configured.
        var vars: [(String, String)] = [("debug_file", "/dev/null")]
        let builtIn = configuration.vocabulary ? NutritionVocabulary.files : nil
        if let words = configuration.userWordsPath ?? builtIn?.words { vars.append(("user_words_file", words)) }
        if let patterns = configuration.userPatternsPath ?? builtIn?.patterns { vars.append(("user_patterns_file", patterns)) }
        vars += configuration.tesseractVariables.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let rc = withCStrings(vars.map(\.0)) { names in
            withCStrings(vars.map(\.1)) { values in
                TessBaseAPIInit4(api, path, configuration.languages.description, OEM_LSTM_ONLY, nil, 0,
                                 names, values, vars.count, 0)
            }
        }
        guard rc == 0 else {
            TessBaseAPIDelete(api)
            throw OCRError.engineInitFailed(languages: configuration.languages.description, tessdataPath: path)
        }
        self.api = api
        self.configuration = configuration
        self.tessdataPath = path
    }

    deinit {
        TessBaseAPIDelete(api)
        if let osdAPI { TessBaseAPIDelete(osdAPI) }
    }

    /// Sets a Tesseract variable (e.g. `thresholding_method`); returns false for an unknown name.
    @discardableResult
    func setVariable(_ name: String, _ value: String) -> Bool { TessBaseAPISetVariable(api, name, value) != 0 }

    /// The current value of Tesseract's boolean variable `name`; `nil` when Tesseract has no such boolean variable.
    func boolVariable(_ name: String) -> Bool? {
        var value: Int32 = 0
        return TessBaseAPIGetBoolVariable(api, name, &value) != 0 ? value != 0 : nil
    }

    /// Makes `image` the current page for ``recognizeCurrent(budget:)``.
    func load(_ image: GrayImage, segmentation: OCRSegmentation) {
        TessBaseAPIClear(api)
        TessBaseAPISetPageSegMode(api, segmentation.tess)
        setImage(api, image)
        // Working images are scaled for x-height, not dpi; a fixed resolution stops Tesseract's dpi guessing.
        TessBaseAPISetSourceResolution(api, 300)
    }

    /// Recognises `image` with `segmentation`; words in `image` pixels. An empty array for an image without text.
    /// `cutShort` is true when `budget` ran out during the call (the words are those read before it did).
    func recognize(_ image: GrayImage, segmentation: OCRSegmentation,
                   budget: OCRTimeBudget = OCRTimeBudget(seconds: nil)) -> (words: [RawWord], cutShort: Bool) {
        load(image, segmentation: segmentation)
        let (words, cutShort) = recognizeCurrent(budget: budget)
        return (DecimalPointRecovery.apply(to: words, image: image), cutShort)
    }

    /// Recognises the current page under a Tesseract monitor (`ETEXT_DESC`) whose deadline is what `budget` has
    /// left, then releases the page. On a deadline Tesseract stops recognising words ("fakes out" the rest, which
    /// come back empty and are dropped) and returns non-zero; the words it had read are still kept.
    func recognizeCurrent(budget: OCRTimeBudget = OCRTimeBudget(seconds: nil)) -> (words: [RawWord], cutShort: Bool) {
        defer { TessBaseAPIClear(api) }
        guard let rc = recognizeMonitored(budget: budget) else { return ([], false) }
        let cutShort = budget.seconds != nil && (rc != 0 || budget.isSpent)
        // A failure without a budget to blame is a page Tesseract could not take: nothing to keep.
        guard rc == 0 || cutShort else { return ([], false) }
        return (readWords(), cutShort)
    }

    /// `TessBaseAPIRecognize` on the current page (or rectangle) under a monitor that cancels once the thread's CPU
    /// time passes `budget`'s deadline (Tesseract asks before each word): Tesseract's return code, `nil` when no
    /// monitor could be created (nothing was recognised).
    private func recognizeMonitored(budget: OCRTimeBudget) -> Int32? {
        guard let monitor = TessMonitorCreate() else { return nil }
        defer { TessMonitorDelete(monitor) }
        // Line images reach the LSTM without Tesseract's PNG round trip (``rawLineImages``).
        nl_line_images_begin()
        defer { nl_line_images_end() }
        guard budget.seconds != nil else { return TessBaseAPIRecognize(api, monitor) }
        var deadline = budget.deadline
        return withUnsafeMutablePointer(to: &deadline) { pointer in
            TessMonitorSetCancelThis(monitor, pointer)
            // Called on this thread (recognition runs on the caller's thread), so its CPU clock is the read's.
            TessMonitorSetCancelFunc(monitor) { context, _ in
                guard let context else { return false }
                return ThreadCPUClock.now() >= context.assumingMemoryBound(to: Double.self).pointee
            }
            return TessBaseAPIRecognize(api, monitor)
        }
    }

    /// Walks the recognised words of the current page.
    private func readWords() -> [RawWord] {
        guard let it = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(it) }
        let page = TessResultIteratorGetPageIterator(it)
        var words: [RawWord] = []
        var block = -1, line = -1
        repeat {
            if TessPageIteratorIsAtBeginningOf(page, RIL_BLOCK) != 0 { block += 1 }
            if TessPageIteratorIsAtBeginningOf(page, RIL_TEXTLINE) != 0 { line += 1 }
            guard let cText = TessResultIteratorGetUTF8Text(it, RIL_WORD) else { continue }
            let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
            TessDeleteText(cText)
            if text.isEmpty { continue }
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            guard TessPageIteratorBoundingBox(page, RIL_WORD, &l, &t, &r, &b) != 0 else { continue }
            var x1: Int32 = 0, y1: Int32 = 0, x2: Int32 = 0, y2: Int32 = 0
            let baseline = TessPageIteratorBaseline(page, RIL_WORD, &x1, &y1, &x2, &y2) != 0
                ? (PixelPoint(x: Double(x1), y: Double(y1)), PixelPoint(x: Double(x2), y: Double(y2))) : nil
            let conf = Double(TessResultIteratorConfidence(it, RIL_WORD)) / 100
            words.append(RawWord(text: text, box: PixelRect(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t)),
                                 confidence: min(1, max(0, conf)), block: max(block, 0), line: max(line, 0),
                                 baseline: baseline, symbols: text.contains(where: \.isNumber) ? symbols(at: it) : []))
        } while TessResultIteratorNext(it, RIL_WORD) != 0
        return DescenderCorrection.apply(to: words)
    }

    /// The characters of the word at `it` with their boxes (walks a copy of the iterator).
    private func symbols(at it: OpaquePointer) -> [(text: String, box: PixelRect)] {
        guard let sym = TessResultIteratorCopy(it) else { return [] }
        defer { TessResultIteratorDelete(sym) }
        let page = TessResultIteratorGetPageIterator(sym)
        var out: [(String, PixelRect)] = []
        while true {
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            if let c = TessResultIteratorGetUTF8Text(sym, RIL_SYMBOL) {
                if TessPageIteratorBoundingBox(page, RIL_SYMBOL, &l, &t, &r, &b) != 0 {
                    out.append((String(cString: c), PixelRect(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t))))
                }
                TessDeleteText(c)
            }
            if TessPageIteratorIsAtFinalElement(page, RIL_WORD, RIL_SYMBOL) != 0 || TessResultIteratorNext(sym, RIL_SYMBOL) == 0 { break }
        }
        return out
    }

    /// Orientation and script detection with the `osd` model: how many clockwise quarter turns the *content* is
    /// rotated by, and Tesseract's confidence (≥ ~1.5 is usable). `nil` when there is too little text or no
    /// `osd.traineddata` (package `tesseract-ocr-osd`).
    func detectOrientation(_ image: GrayImage) -> (turns: Int, confidence: Double)? {
        if osdAPI == nil {
            let path = (tessdataPath as NSString).appendingPathComponent("osd.traineddata")
            guard FileManager.default.fileExists(atPath: path), let osd = TessBaseAPICreate() else { return nil }
            let rc = withCStrings(["debug_file"]) { n in withCStrings(["/dev/null"]) { v in
                TessBaseAPIInit4(osd, tessdataPath, "osd", OEM_TESSERACT_ONLY, nil, 0, n, v, 1, 0)
            } }
            guard rc == 0 else { TessBaseAPIDelete(osd); return nil }
            TessBaseAPISetPageSegMode(osd, PSM_OSD_ONLY)
            osdAPI = osd
        }
        guard let osd = osdAPI else { return nil }
        setImage(osd, image)
        TessBaseAPISetSourceResolution(osd, 300)
        defer { TessBaseAPIClear(osd) }
        var deg: Int32 = 0, conf: Float = 0, scriptConf: Float = 0
        var script: UnsafePointer<CChar>?
        guard TessBaseAPIDetectOrientationScript(osd, &deg, &conf, &script, &scriptConf) != 0 else { return nil }
        // `deg` is how far the content is turned clockwise (measured: a page turned 90° clockwise reports 90).
        let turns = (Int(deg) / 90 % 4 + 4) % 4
        return (turns, Double(conf))
    }
}

/// Hands our bytes to Tesseract, which copies them into its own image (no temporary file, no re-encoding).
private func setImage(_ api: OpaquePointer, _ image: GrayImage) {
    image.pixels.withUnsafeBufferPointer {
        TessBaseAPISetImage(api, $0.baseAddress, Int32(image.width), Int32(image.height), 1, Int32(image.stride))
    }
}

/// Calls `body` with a C array of C strings valid for the duration of the call.
private func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    var ptrs: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
    defer { ptrs.forEach { free($0) } }
    ptrs.append(nil)
    return ptrs.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
}
