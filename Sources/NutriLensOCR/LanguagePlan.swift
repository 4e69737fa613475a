/// Which language models read a page, per ``OCRStrategy/LanguageRouting`` and the configured models: under
/// `.allLanguages` every reading uses the whole set; under `.routed` and `.labelLanguage` the primary model reads
/// first and other lists only once the grammar finds the row names are mostly in another configured language
/// (``labelReadingCodes(for:)``) or, under `.routed`, for a table still not convincing at the end
/// (``needsFinalConfiguredReading(_:)``).
///
/// Why: with several models loaded Tesseract re-recognises every word the first model is unsure of with each further
/// model, so eng+deu+fra costs 1.9× the CPU of eng alone while gaining 1.4 points of field recall on the corpus. Row
/// names such as "Fett", "Glucides", "Kohlenhydrate" are mostly still read by the English model, so the grammar can
/// tell which labels need the other models.
struct LanguagePlan: Sendable, Equatable {
    /// The configured tessdata model names, primary first.
    let codes: [String]
    let mode: OCRStrategy.LanguageRouting
    let labelLanguages: OCRStrategy.LabelLanguages
    /// The models of the last reading of an unconvincing table, primary first.
    let finalReadingCodes: [String]
    /// ISO 639-1 codes of the configured languages after the first (as ``ReadingScore/languages`` names them).
    let otherLanguages: Set<String>

    /// - Throws: ``OCRError/invalidStrategy(_:)`` when `strategy.finalReadingLanguages` is not the primary language
    ///   followed by other configured ones.
    init(codes: [String], strategy: OCRStrategy) throws {
        self.codes = codes
        mode = strategy.languageRouting
        labelLanguages = strategy.labelLanguages
        otherLanguages = Set(codes.dropFirst().compactMap(OCRLanguages.iso639_1(for:)))
            .subtracting(codes.first.flatMap(OCRLanguages.iso639_1(for:)).map { [$0] } ?? [])
        guard let final = strategy.finalReadingLanguages else {
            finalReadingCodes = codes
            return
        }
        guard final.first == codes.first, final.count > 1, Set(final).count == final.count,
              Set(final).isSubset(of: codes) else {
            throw OCRError.invalidStrategy("the final reading's languages \(final.joined(separator: "+")) must be the "
                                           + "primary language followed by other configured ones (\(codes.joined(separator: "+")))")
        }
        finalReadingCodes = final
    }

    /// The configured set has more than one language; with one, routing changes nothing.
    var isMultilingual: Bool { codes.count > 1 }

    /// Every reading is made with the whole configured set.
    var readsWithConfiguredSet: Bool { isMultilingual && mode == .allLanguages }

    /// Pages are read with the primary language and may be routed to other lists later.
    var mayRoute: Bool { isMultilingual && (mode == .routed || mode == .labelLanguage) }

    /// The models (tessdata names, in load order) that read the page from now on, once the dominant language of its
    /// row names (``ReadingScore/languages``' first) is another configured language; `nil` when the page stays with
    /// the primary language. Asked even of a convincing reading: TestImages `eu_de_two_rows_energy` and
    /// `deg_rot180_de` read with `eng` alone give all keys and pass every check, but misread the protein value after
    /// "Eiweiß". Not asked for a page with no recognised row names.
    func labelReadingCodes(for best: ReadingScore) -> [String]? {
        guard mayRoute, let dominant = best.languages.first, otherLanguages.contains(dominant),
              let label = codes.first(where: { OCRLanguages.iso639_1(for: $0) == dominant }) else { return nil }
        switch labelLanguages {
        case .configuredSet: return codes
        case .label: return [label]
        case .labelThenPrimary: return [label, codes[0]]
        case .labelFirst: return [label, codes[0]] + codes.dropFirst().filter { $0 != label }
        }
    }

    /// Whether the best primary-language reading, after every reading, gets a last reading with
    /// ``finalReadingCodes``: it found a table (≥ ``minimumKeysForFinalReading`` keys) but is not convincing. On English
    /// labels too the further models re-read digits the first one was unsure of (TestImages `deg_png_en`,
    /// `deg_exif6_en`, `eu_en_table_serving_ri` lose values without it).
    func needsFinalConfiguredReading(_ best: ReadingScore) -> Bool {
        isMultilingual && mode == .routed && !best.isConvincing && best.fields >= Self.minimumKeysForFinalReading
    }

    /// Keys the best primary-language reading must have parsed for the last reading with the set. With one or two the
    /// page shows no table the set could complete: on the corpus the four final readings after a best reading of 2
    /// keys cost 4.6 s of 202 s OCR CPU (up to 2.9 s on one photo).
    static let minimumKeysForFinalReading = 3
}
