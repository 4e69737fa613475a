import Foundation

/// The Tesseract readers of one ``OCRStrategy`` over a configured set of language models: the primary reader, loaded
/// now, and the readers of the other lists the routing may pick, each created on the first page that needs it.
///
/// Which engines exist: under `.allLanguages` (or with one language) one reader of the whole set; otherwise a reader
/// of the primary language, plus lazily the lists of ``OCRStrategy/LanguageRouting/routed`` and
/// ``OCRStrategy/LanguageRouting/labelLanguage``. Every reader under ``OCRReadOptions/Polarity/lineRetryWhereFound``
/// has two pools: engines loaded with Tesseract's inverted-line retry off for most pages, and engines with it on, loaded
/// on first use, for the pages with light-on-dark text (23 of 128 corpus photos).
///
/// Why lazily: every list is its own Tesseract engine with its own copy of each model (~0.2 s CPU and tens of MiB per
/// model), and most scans need none of them (48 of 128 corpus photos read the set at all).
///
/// Thread-safe: the readers are created under a lock, and each read checks an engine out of its pool.
public final class TesseractReaders: OCRPageReaders, @unchecked Sendable {
    // @unchecked Sendable: `readers` and `order` are only touched while holding `lock`; everything else is immutable.
    /// The configured model names, primary first (`["eng", "deu", "fra"]`).
    public let languageCodes: [String]
    /// The reader of the primary language (or of the whole set under `.allLanguages` or with one language), loaded at
    /// init; every reading starts with it.
    public let primary: any OCRPageReader
    /// Whether other lists are ever read (``OCRStrategy/LanguageRouting``).
    private let routes: Bool
    private let configuration: OCRConfiguration
    private let polarity: OCRReadOptions.Polarity
    private let lock = NSLock()
    private var readers: [OCRLanguages: NutritionOCR] = [:]
    private var order: [OCRLanguages] = []

    /// Loads the first engine of the primary reader and checks that every configured language pack exists, so a
    /// missing pack or tessdata folder fails here, not per image.
    /// - Parameters:
    ///   - languages: the configured models, primary first.
    ///   - tessdataPath: `nil` = discover (``TessdataLocator``).
    ///   - strategy: its routing, polarity and Tesseract variables decide which engines exist and how they load.
    /// - Throws: ``OCRError`` (tessdata not found, a pack missing, an engine that does not load, an invalid strategy).
    public init(languages: OCRLanguages, tessdataPath: String?, strategy: OCRStrategy) throws {
        let plan = try LanguagePlan(codes: languages.codes, strategy: strategy)
        var variables = strategy.tesseractVariables
        polarity = strategy.readOptions.polarity
        // Tesseract's inverted line retry is an engine-load setting: off for the engines that read every page when
        // polarity is checked per page; the pages that need it get engines loaded with it on.
        if polarity != .tesseractLineRetry { variables["tessedit_do_invert"] = "0" }
        let configured = OCRConfiguration(languages: languages, tessdataPath: tessdataPath, tesseractVariables: variables)
        configuration = configured
        languageCodes = languages.codes
        routes = plan.mayRoute
        if plan.readsWithConfiguredSet || !plan.isMultilingual {
            primary = try Self.reader(configured, polarity: polarity, preload: true)
        } else {
            var first = configured
            first.languages = try OCRLanguages(codes: [languages.codes[0]])
            primary = try Self.reader(first, polarity: polarity, preload: true)
            // The other models load on the first page that needs them; a missing pack fails now.
            if routes { try TessdataLocator.verify(languages, in: TessdataLocator.locate(explicit: tessdataPath)) }
        }
    }

    /// The reader of `codes`, created on first use and kept; `nil` when the strategy never routes (one reader reads
    /// everything).
    /// - Throws: ``OCRError`` when `codes` is not a valid list or its models cannot be loaded.
    public func reader(for codes: [String]) throws -> (any OCRPageReader)? {
        guard routes else { return nil }
        let languages = try OCRLanguages(codes: codes)
        lock.lock()
        defer { lock.unlock() }
        if let reader = readers[languages] { return reader }
        var models = configuration
        models.languages = languages
        let reader = try Self.reader(models, polarity: polarity, preload: false)
        readers[languages] = reader
        order.append(languages)
        return reader
    }

    /// The model lists whose readers exist besides the primary one, in the order they were first needed.
    public var created: [OCRLanguages] {
        lock.lock()
        defer { lock.unlock() }
        return order
    }

    /// A reader of `configuration`'s models: under ``OCRReadOptions/Polarity/lineRetryWhereFound`` with a second pool,
    /// loaded with the inverted-line retry on, whose engines load on first use. `preload`: load the first engine of
    /// the main pool now.
    static func reader(_ configuration: OCRConfiguration, polarity: OCRReadOptions.Polarity,
                       preload: Bool) throws -> NutritionOCR {
        let pool = try OCREnginePool(configuration: configuration, preload: preload)
        guard polarity == .lineRetryWhereFound else { return NutritionOCR(pool: pool) }
        var inverting = configuration
        inverting.tesseractVariables["tessedit_do_invert"] = "1"
        return NutritionOCR(pool: pool, invertingPool: try OCREnginePool(configuration: inverting, preload: false))
    }
}
