/// How a photo's text is read: which readings are made, in which order, when the next one is skipped, which language
/// models read, and the options of every Tesseract call. A value: two strategies can run side by side in one process,
/// and nothing about them comes from the environment.
///
/// A photo is read by a ``ReadingSession``: the first of ``readings`` always, then each later one only while the best
/// reading so far does not convince the label grammar (``ReadingScore/isConvincing``), the time budget lasts, and the
/// rules below allow it; the reading the grammar scores highest wins (ties keep the earlier one). Figures for every
/// default: docs/ocr.md ("Measured"), their history in docs/history/ocr-sessions.md.
public struct OCRStrategy: Sendable, Equatable {
    /// One way of reading a page: as photographed or levelled by deskew, with a Tesseract segmentation mode for the
    /// page pass and the table re-reads.
    public struct Reading: Sendable, Hashable, CustomStringConvertible {
        /// Read the page with its text lines levelled (``levelled(_:)``); such a reading is skipped on a level page.
        public var levelled: Bool
        /// Tesseract's page segmentation for the page pass and the table re-reads (PSM 3, 6 or 11).
        public var segmentation: OCRSegmentation

        /// `levelled`: read the page levelled (default `false`); `segmentation`: the PSM of its passes.
        public init(levelled: Bool = false, segmentation: OCRSegmentation) {
            self.levelled = levelled
            self.segmentation = segmentation
        }

        /// The page as photographed at PSM 11 (sparse text): the first reading of both presets.
        public static let sparse = Reading(segmentation: .sparse)
        /// The levelled page at PSM 11.
        public static let levelledSparse = Reading(levelled: true, segmentation: .sparse)
        /// The page as photographed with automatic layout (PSM 3): reads ruled tables row by row.
        public static let automaticLayout = Reading(segmentation: .auto)

        /// `psm11`, `levelled-psm11`, `psm3`: the spelling of `nutrilens --ocr readings=…`.
        public var description: String { (levelled ? "levelled-" : "") + "psm\(segmentation.tesseractMode)" }

        /// Parses ``description``'s spelling; `nil` for anything else (PSM 3, 6 and 11 exist).
        /// `text`: `psm11`, `levelled-psm11`, `psm3`, `psm6` (``description``'s spelling).
        public init?(_ text: String) {
            let levelled = text.hasPrefix("levelled-")
            let psm = levelled ? text.dropFirst("levelled-".count) : Substring(text)
            guard psm.hasPrefix("psm"), let mode = Int(psm.dropFirst(3)),
                  let segmentation = OCRSegmentation(tesseractMode: mode) else { return nil }
            self.init(levelled: levelled, segmentation: segmentation)
        }

        /// The trace's name (`psm11`, `levelled psm11`), as earlier sessions' scripts read it.
        var traceName: String { (levelled ? "levelled " : "") + "psm\(segmentation.tesseractMode)" }
    }

    /// When the configured language models read (`ScannerConfiguration.languages`, the first is the *primary*
    /// language). With several models loaded Tesseract re-recognises every word the first model is unsure of with each
    /// further model; on real photos that is most words (eng+deu+fra ≈ 1.9× the CPU of eng). With one configured
    /// language every mode is the same.
    public enum LanguageRouting: String, Sendable, Equatable, CaseIterable {
        /// Every reading with every configured language.
        case allLanguages = "all"
        /// Readings with the primary language; the configured set once the grammar finds the row names are mostly in
        /// another configured language (``labelLanguages``), and, for a table still not convincing after a primary
        /// reading of at least 3 keys, a last reading with ``finalReadingLanguages`` (`LanguageRouting`). Default:
        /// 0.86× the OCR CPU of `.allLanguages` with 11 more correct corpus fields and the same TestImages fields.
        case routed
        /// As `.routed` without the last reading: only the label's language brings in the set.
        case labelLanguage = "label-language"
        /// The primary language only (cheapest; the other languages are ignored).
        case primary
    }

    /// Which models read a page once the grammar finds its row names are in configured language L (not the primary
    /// one). Tesseract tries further models only on words the one that won the previous word is unsure of, so the cost
    /// is in the number of models and the order decides little.
    public enum LabelLanguages: String, Sendable, Equatable, CaseIterable {
        /// The configured set as configured (`eng+deu+fra`). Default: `label+primary` keeps the corpus fields at
        /// ~0.75× the set's CPU but loses a value of TestImages `deg_perspective_de`; `label` alone loses 6 TestImages
        /// fields; `label-first` costs what the set costs.
        case configuredSet = "set"
        /// L alone (`deu`).
        case label
        /// L, then the primary language (`deu+eng`).
        case labelThenPrimary = "label+primary"
        /// L, the primary language, then the rest of the set (`deu+eng+fra`).
        case labelFirst = "label-first"
    }

    /// Readings in the order tried. The first always runs and is not levelled. Default `[psm11, levelled-psm11,
    /// psm3]`: PSM 11 alone reads 57.0 % of the corpus fields, PSM 3 alone 50.0 %, but PSM 3 reads 15 photos better
    /// (ruled tables row by row); the levelled page reads TestImages `deg_rotate_small_*` (7° skew) and, compared
    /// rather than forced, costs no real photo.
    public var readings: [Reading]
    /// Options of every Tesseract read: each reading replaces the page and table segmentation with its own, the time
    /// budget with what is left of it, and later readings pass the first one's orientation and light-on-dark verdict.
    /// ``OCRReadOptions/timeBudget`` is the photo's whole OCR budget (`ScannerConfiguration.ocrTimeBudget`).
    public var readOptions: OCRReadOptions
    /// When the configured languages read. Default `.routed`.
    public var languageRouting: LanguageRouting
    /// Which models read a page whose row names are in another configured language. Default `.configuredSet`.
    public var labelLanguages: LabelLanguages
    /// The models of the last reading of an unconvincing table under `.routed`, tessdata names in load order: the
    /// primary first and at least one more configured one; `nil` (default) = the configured set. Without `fra` the 49
    /// corpus photos that read the set lose 30 fields, without `deu` 13, at 0.85× / 0.80× of those readings' CPU.
    public var finalReadingLanguages: [String]?
    /// A first reading that found no nutrition table (no key parsed, no table region located) ends the photo's
    /// reading. Default on: on the corpus the 38 later readings of such photos cost 22 s of 246 s and none parsed a
    /// key; TestImages keep 414/422 at 0.85× the CPU.
    public var stopsWithoutTable: Bool
    /// After a first reading that parsed no key, automatic layout (PSM 3) on the page as photographed is not read; the
    /// levelled page still is. Default on: that reading won 0 of 10 times on the corpus, 4.3 s of 231 s OCR CPU.
    public var skipsAutomaticLayoutAfterKeyless: Bool
    /// After a first reading of at least this many keys the levelled page is not read (that reading followed the rows
    /// as photographed); `nil` = read it whenever the page is skewed. Default 5: after a first reading of ≥ 5 keys the
    /// levelled reading won 1 of 16 times on the corpus and cost 10 s of 202 s. ``fast`` uses 1: only a keyless first
    /// reading on a skewed page is read again levelled.
    public var levelledOnlyBelowKeys: Int?
    /// Which later readings are worth their predicted work (``LaterReadingGate``); `nil` = every one the other rules
    /// allow. Default a limit of 800 first-reading words: no field lost on the corpus or TestImages, OCR CPU 0.90×.
    public var laterReadingGate: LaterReadingGate?
    /// Later readings keep the first reading's quarter turn instead of detecting it again. Default on: OSD calls
    /// 39 → 10 on the corpus with the same fields; a turned photo whose OSD was unsure read both quarter turns for
    /// every reading (one TestImage: 4.1 → 2.2 s).
    public var reusesOrientation: Bool
    /// Further Tesseract variables every engine is loaded with (``OCRConfiguration/tesseractVariables``), applied after
    /// the ones the strategy needs (`tessedit_do_invert` follows ``OCRReadOptions/polarity``). Default none.
    public var tesseractVariables: [String: String]

    /// Every field; the defaults are ``thorough``'s.
    /// `readings` in order (first always made); `readOptions` of every Tesseract call; `languageRouting`,
    /// `labelLanguages` and `finalReadingLanguages` (model names) choose the models; `stopsWithoutTable`,
    /// `skipsAutomaticLayoutAfterKeyless`, `levelledOnlyBelowKeys` (keys, `nil`: no limit), `laterReadingGate` (`nil`:
    /// no gate) and `reusesOrientation` skip later readings; `tesseractVariables` name → value. Each is the property of
    /// that name, with its measured default there. Not checked here: ``validate(languages:)`` throws
    /// `OCRError.invalidStrategy` for a value out of range.
    public init(readings: [Reading] = [.sparse, .levelledSparse, .automaticLayout],
                readOptions: OCRReadOptions = OCRReadOptions(), languageRouting: LanguageRouting = .routed,
                labelLanguages: LabelLanguages = .configuredSet, finalReadingLanguages: [String]? = nil,
                stopsWithoutTable: Bool = true, skipsAutomaticLayoutAfterKeyless: Bool = true,
                levelledOnlyBelowKeys: Int? = 5, laterReadingGate: LaterReadingGate? = LaterReadingGate(),
                reusesOrientation: Bool = true, tesseractVariables: [String: String] = [:]) {
        self.readings = readings
        self.readOptions = readOptions
        self.languageRouting = languageRouting
        self.labelLanguages = labelLanguages
        self.finalReadingLanguages = finalReadingLanguages
        self.stopsWithoutTable = stopsWithoutTable
        self.skipsAutomaticLayoutAfterKeyless = skipsAutomaticLayoutAfterKeyless
        self.levelledOnlyBelowKeys = levelledOnlyBelowKeys
        self.laterReadingGate = laterReadingGate
        self.reusesOrientation = reusesOrientation
        self.tesseractVariables = tesseractVariables
    }

    /// Fields first: PSM 11, then while the table is unconvincing the levelled page and PSM 3, the language set as
    /// ``languageRouting`` says. On the 128 shared label photos 1017 correct of 1099 fields predicted (recall 73.7 %,
    /// precision 92.5 %), OCR CPU median 844 ms, p95 3.6 s; TestImages 414 / 418.
    public static let thorough = OCRStrategy()

    /// Latency first: PSM 11 once with the primary language, the levelled page only after a keyless first reading.
    /// On the shared label photos 982 of 1084 (71.2 %, 90.6 %) at 0.44× ``thorough``'s OCR CPU, median 383 ms;
    /// TestImages 388 / 406.
    public static let fast = OCRStrategy(readings: [.sparse, .levelledSparse], languageRouting: .primary,
                                         levelledOnlyBelowKeys: 1)
}

extension OCRSegmentation {
    /// The segmentation of Tesseract PSM `mode` (3, 6 or 11); `nil` for the others.
    public init?(tesseractMode mode: Int) {
        switch mode {
        case 3: self = .auto
        case 6: self = .singleBlock
        case 11: self = .sparse
        default: return nil
        }
    }
}
