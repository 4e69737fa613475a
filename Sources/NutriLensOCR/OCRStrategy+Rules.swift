import NutriLensImaging

/// The rules ``ReadingSession`` asks before each later reading, and the strategy's validation.
extension OCRStrategy {
    /// Whether `reading` is skipped after a first reading scored `first` (``skipsAutomaticLayoutAfterKeyless``,
    /// ``levelledOnlyBelowKeys``).
    func skips(_ reading: Reading, after first: ReadingScore) -> Bool {
        if skipsAutomaticLayoutAfterKeyless && first.fields == 0 && !reading.levelled && reading.segmentation == .auto {
            return true
        }
        guard reading.levelled, let limit = levelledOnlyBelowKeys else { return false }
        return first.fields >= limit
    }

    /// Whether a reading found no nutrition table at all: no key parsed and no table region located.
    static func foundNoTable(_ score: ReadingScore, tableRegion: PixelRect?) -> Bool {
        score.fields == 0 && tableRegion == nil
    }

    /// Which readings the configured set reads at the end, under `.routed`, for a table the primary language left
    /// unconvincing, in order (the second only while the best reading is still not convincing): the earliest reading
    /// in which the primary language parsed a key (usually the page as photographed), then the one in which it parsed
    /// the most keys (the earliest of equals), when that is another.
    ///
    /// Why not the primary language's best-scoring reading: the further models read a page differently. TestImages
    /// `deg_exif6_en` reads "llg" for 11 g in `eng` under PSM 11 and PSM 3; PSM 3 scores higher, but only the set's
    /// PSM 11 reading is convincing. `eu_multilingual_en_fr_nl` the other way round: only the set's PSM 3 reading is.
    /// - Parameter primary: the primary language's readings and their scores, in the order read.
    static func finalConfiguredReadings(_ primary: [(reading: Reading, score: ReadingScore)]) -> [Reading] {
        guard let first = primary.first(where: { $0.score.fields > 0 }) else { return [] }
        // `max(by:)` keeps the first of equals: the earliest.
        let most = primary.max { $0.score.fields < $1.score.fields }!
        return most.reading == first.reading ? [first.reading] : [first.reading, most.reading]
    }

    /// Checks that the strategy can read with the configured models `languages` (primary first): at least one reading,
    /// the first not levelled, a positive gate limit and levelled key count, a positive finite time budget, a target
    /// x-height of 8–64 px, final-reading languages that are the primary one followed by other configured ones.
    /// - Throws: ``OCRError/invalidStrategy(_:)`` naming the field.
    public func validate(languages: [String]) throws {
        _ = try LanguagePlan(codes: languages, strategy: self)
        guard let first = readings.first else { throw OCRError.invalidStrategy("readings must not be empty") }
        guard !first.levelled else {
            throw OCRError.invalidStrategy("the first reading (\(first)) must read the page as photographed")
        }
        if let limit = laterReadingGate?.workLimit, !(limit > 0 && limit.isFinite) {
            throw OCRError.invalidStrategy("the later-reading gate's work limit must be a positive number, got \(limit)")
        }
        if let keys = levelledOnlyBelowKeys, keys < 1 {
            throw OCRError.invalidStrategy("levelledOnlyBelowKeys must be at least 1 (nil = always), got \(keys)")
        }
        if let budget = readOptions.timeBudget, !(budget > 0 && budget.isFinite) {
            throw OCRError.invalidStrategy("readOptions.timeBudget (ScannerConfiguration.ocrTimeBudget) must be more than "
                                           + "0 seconds (nil = unlimited), got \(budget)")
        }
        guard (8...64).contains(readOptions.targetXHeight) else {
            throw OCRError.invalidStrategy("the target x-height must be 8 to 64 px, got \(readOptions.targetXHeight)")
        }
    }
}
