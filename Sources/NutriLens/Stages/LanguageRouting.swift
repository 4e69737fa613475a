import NutriLensOCR

/// Which Tesseract languages a reading of a page uses, per ``ScannerConfiguration/LanguageRouting``: under
/// `.allLanguages` every reading uses the whole configured set; under `.routed` (default) and `.labelLanguage` the
/// primary one (`ScannerConfiguration.languages[0]`) reads first and the whole set only once the label grammar finds
/// the label's row names are mostly in another configured language (``needsConfiguredSet(_:)``) or, under `.routed`,
/// for a table still not convincing at the end (``needsFinalConfiguredReading(_:)``). Which of the configured models
/// read, in which order, in those two cases: ``labelReadingCodes(for:)`` and ``finalReadingCodes`` (the whole set by
/// default; docs/ocr.md "Session 7" measures the alternatives).
///
/// Why: with several models loaded Tesseract re-recognises every word the first model is unsure of with each further
/// model, and on real photos that is most words — eng+deu+fra costs 1.9× the CPU of eng alone (docs/ocr.md, "Language
/// routing"), while gaining only 1.4 points of field recall on ../shared/corpus/labels. Row names such as "Fett",
/// "Glucides", "Kohlenhydrate" are mostly still read by the English model, so the grammar can tell which labels need
/// the other models.
struct LanguageRouting: Sendable, Equatable {
    typealias Mode = ScannerConfiguration.LanguageRouting

    /// The configured set has more than one language; with one, routing changes nothing.
    let isMultilingual: Bool
    /// ISO 639-1 codes (as `NutritionTable.languages` names them) of the configured languages after the first.
    let otherLanguages: Set<String>
    let mode: Mode
    /// The configured tessdata model names, primary first.
    let codes: [String]
    /// Which models read a page whose row names are in another configured language (``labelReadingCodes(for:)``).
    let labelOrder: LabelOrder
    /// The models of the last reading of an unconvincing table (``needsFinalConfiguredReading(_:)``), tessdata
    /// names in load order, the primary first.
    let finalReadingCodes: [String]

    /// Which models, in which order, read a page once the grammar finds its row names are in configured language L
    /// (not the primary one). Tesseract recognises each word with the model that won the previous word and tries
    /// the others only when that one is unsure (`Tesseract::classify_word_and_language`), so the cost is in the
    /// number of models, the order decides little beyond the first word and which reading is kept when none is sure.
    enum LabelOrder: String, Sendable, Equatable, CaseIterable {
        /// The configured set as configured (`eng+deu+fra`): sessions 2–6.
        case configured = "set"
        /// L alone (`deu`).
        case label
        /// L, then the primary language (`deu+eng`).
        case labelThenPrimary = "label+primary"
        /// L, the primary language, then the rest of the set (`deu+eng+fra`).
        case labelFirst = "label-first"
    }

    /// - Parameters:
    ///   - codes: the configured tessdata model names, primary first (`["eng", "deu", "fra"]`).
    ///   - mode: the scanner's ``ScannerConfiguration/languageRouting``.
    ///   - labelOrder: see ``LabelOrder``.
    ///   - finalCodes: the models of the last reading: the primary and at least one more configured one, primary
    ///     first; `nil` or another list = ``defaultFinalCodes(for:)``.
    init(codes: [String], mode: Mode = .routed, labelOrder: LabelOrder = Self.defaultLabelOrder,
         finalCodes: [String]? = nil) {
        isMultilingual = codes.count > 1
        otherLanguages = Set(codes.dropFirst().compactMap(OCRLanguages.iso639_1(for:)))
            .subtracting(codes.first.flatMap(OCRLanguages.iso639_1(for:)).map { [$0] } ?? [])
        self.mode = mode
        self.codes = codes
        self.labelOrder = labelOrder
        if let finalCodes, finalCodes.first == codes.first, finalCodes.count > 1, Set(finalCodes).count == finalCodes.count,
           Set(finalCodes).isSubset(of: codes) {
            finalReadingCodes = finalCodes
        } else {
            finalReadingCodes = Self.defaultFinalCodes(for: codes)
        }
    }

    /// The whole set, as configured. Measured (docs/ocr.md, "Session 7"): `label+primary` (`deu+eng`) keeps the 4
    /// corpus photos' fields at ~0.75× their set CPU but loses a value of TestImages `deg_perspective_de`; `label`
    /// alone loses 6 TestImages fields; `label-first` costs what the set costs.
    static let defaultLabelOrder = LabelOrder.configured

    /// The final reading's models unless `NUTRILENS_OCR_FINAL_SET` says otherwise: the configured set. Both further
    /// models win digits of English tables, on different photos (docs/ocr.md, "Session 7"): without `fra` the 49
    /// corpus photos that read the set lose 30 fields, without `deu` 13, at 0.85× / 0.80× of the final readings' CPU.
    static func defaultFinalCodes(for codes: [String]) -> [String] { codes }

    /// ``LabelOrder`` from `NUTRILENS_OCR_LABEL_SET` (`set` | `label` | `label+primary` | `label-first`), and the
    /// final reading's models from `NUTRILENS_OCR_FINAL_SET` (`eng+deu`; unset or `set` = the configured set), for
    /// measuring alternatives with `nutrilens eval`.
    init(codes: [String], mode: Mode, environment env: [String: String]) {
        self.init(codes: codes, mode: mode,
                  labelOrder: env["NUTRILENS_OCR_LABEL_SET"].flatMap(LabelOrder.init(rawValue:)) ?? Self.defaultLabelOrder,
                  finalCodes: env["NUTRILENS_OCR_FINAL_SET"].map { $0 == "set" ? codes : $0.split(separator: "+").map(String.init) })
    }

    /// The hypotheses (``OCRStage/ReadingHypothesis``) read with the configured set instead of the primary language.
    var hypothesesUseConfiguredSet: Bool { isMultilingual && mode == .allLanguages }

    /// Pages are read with the primary language and may be routed to the configured set later, so both engine pools
    /// are needed.
    var mayRouteToConfiguredSet: Bool { isMultilingual && (mode == .routed || mode == .labelLanguage) }

    /// Whether the page, read so far with the primary language only (best reading `best`), is to be read with the
    /// configured set from now on: the dominant language of its row names (`NutritionTable.language`, the first of
    /// ``LabelReadingScore/languages``) is another configured language. Asked even of a convincing reading: TestImages
    /// `eu_de_two_rows_energy` and `deg_rot180_de` read with `eng` alone give all keys and pass every check, but
    /// misread the protein value after "Eiweiß". Not asked for a page with no recognised row names (no label, or one
    /// unreadable in every model: on the corpus the configured set read nothing more there).
    func needsConfiguredSet(_ best: LabelReadingScore) -> Bool {
        labelReadingCodes(for: best) != nil
    }

    /// The models (tessdata names, in load order) that read the page from now on when ``needsConfiguredSet(_:)``,
    /// per ``labelOrder`` for the label's language; `nil` when the page stays with the primary language.
    func labelReadingCodes(for best: LabelReadingScore) -> [String]? {
        guard mayRouteToConfiguredSet, let dominant = best.languages.first, otherLanguages.contains(dominant),
              let label = codes.first(where: { OCRLanguages.iso639_1(for: $0) == dominant }) else { return nil }
        switch labelOrder {
        case .configured: return codes
        case .label: return [label]
        case .labelThenPrimary: return [label, codes[0]]
        case .labelFirst: return [label, codes[0]] + codes.dropFirst().filter { $0 != label }
        }
    }

    /// Whether the best primary-language reading, after every hypothesis, gets a last reading with the configured
    /// set (``OCRStage/finalConfiguredHypotheses(_:)``): it found a table (≥ ``minimumKeysForFinalReading`` keys)
    /// but is not convincing (``LabelReadingScore/isConvincing``). On English labels too the further models re-read
    /// digits the first one was unsure of (TestImages `deg_png_en`, `deg_exif6_en`, `eu_en_table_serving_ri` lose
    /// values without it). A page with no table, or only a key or two of one, is not re-read.
    func needsFinalConfiguredReading(_ best: LabelReadingScore) -> Bool {
        isMultilingual && mode == .routed && !best.isConvincing && best.fields >= Self.minimumKeysForFinalReading
    }

    /// Keys the best primary-language reading must have parsed for the last reading with the configured set. With
    /// one or two the page shows no table the set could complete: on ../shared/corpus/labels (`--lang-routing
    /// routed`, docs/ocr.md "Session 5") the four final readings after a best reading of 2 keys cost 4.6 s of 202 s
    /// OCR CPU (up to 2.9 s on one photo); one of them (`eng_real_10`) read 4 keys, 2 right, where `eng` read 2, 1 right.
    static let minimumKeysForFinalReading = 3
}
