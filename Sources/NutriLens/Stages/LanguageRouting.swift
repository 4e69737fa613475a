import NutriLensOCR

/// Which Tesseract languages a reading of a page uses, per ``ScannerConfiguration/LanguageRouting``: under
/// `.allLanguages` (default) every reading uses the whole configured set; under `.routed` and `.labelLanguage` the
/// primary one (`ScannerConfiguration.languages[0]`) reads first and the whole set only once the label grammar finds
/// the label's row names are mostly in another configured language (``needsConfiguredSet(_:)``) or, under `.routed`,
/// for a table still not convincing at the end (``needsFinalConfiguredReading(_:)``).
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

    /// - Parameters:
    ///   - codes: the configured tessdata model names, primary first (`["eng", "deu", "fra"]`).
    ///   - mode: the scanner's ``ScannerConfiguration/languageRouting``.
    init(codes: [String], mode: Mode = .routed) {
        isMultilingual = codes.count > 1
        otherLanguages = Set(codes.dropFirst().compactMap(OCRLanguages.iso639_1(for:)))
            .subtracting(codes.first.flatMap(OCRLanguages.iso639_1(for:)).map { [$0] } ?? [])
        self.mode = mode
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
        guard mayRouteToConfiguredSet, let dominant = best.languages.first else { return false }
        return otherLanguages.contains(dominant)
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
