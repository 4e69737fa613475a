import Foundation
import NutriLensImaging

/// The NutriLens pipeline: decode → barcodes → OCR → label grammar → classifier (only when no table was found, under
/// the default `.labelFirst` routing) → image kind → `ScanResult`.
///
/// Build one per process and share it: it is `Sendable`, holds the Tesseract engine pool and the classifier, and
/// every `scan` call is safe from any thread or task. Scans never throw: a bad input yields a result with `error`.
///
/// ```swift
/// let scanner = try NutriLensScanner()
/// let result = scanner.scan(URL(fileURLWithPath: "pack.jpg"))
/// print(result.nutrition?.nutriments["fat_100g"] ?? "no fat row")
/// ```
public final class NutriLensScanner: Sendable {
    /// The configuration the scanner was built with.
    public let configuration: ScannerConfiguration
    let decoder: DecodeStage
    let barcodes: BarcodeStage?
    let ocr: OCRStage?
    let label: LabelStage?
    let classifier: ClassifierStage?
    /// Told what each scan did besides its result (``ScanObserver``); `nil` = nobody.
    let observer: (any ScanObserver)?

    /// Sets up every enabled stage once (Tesseract engines, classifier weights).
    /// - Parameter observer: told what each scan did besides its result (OCR readings, the lines parsed).
    /// - Throws: `ScanError.setup` when an enabled stage's data is missing (tessdata folder, language file, model),
    ///   naming the path to fix, or a setting is out of range.
    /// - Parameter configuration: the stages, languages, budgets and limits (the default reads every stage with the
    ///   neural text engine).
    public init(configuration: ScannerConfiguration = ScannerConfiguration(), observer: (any ScanObserver)? = nil) throws {
        self.configuration = configuration
        self.observer = observer
        decoder = DecodeStage(configuration: configuration)
        let stages = configuration.stages
        barcodes = stages.contains(.barcode) ? try BarcodeStage(configuration: configuration) : nil
        ocr = stages.contains(.nutrition) ? try OCRStage(configuration: configuration) : nil
        label = ocr != nil ? LabelStage() : nil
        classifier = stages.contains(.classifier) ? try ClassifierStage(configuration: configuration) : nil
    }

    // MARK: Single inputs

    /// Scans one input synchronously on the calling thread. Never throws; failures are in `ScanResult.error`.
    public func scan(_ input: ScanInput) -> ScanResult {
        run(input, isCancelled: { false })
    }

    /// Scans one input, checking for task cancellation between stages (a cancelled scan has `error.type` `cancelled`).
    public func scan(_ input: ScanInput) async -> ScanResult {
        run(input, isCancelled: { Task.isCancelled })
    }

    /// Scans a JPEG/PNG/HEIC/WebP file (format sniffed from content). `path` in the result is the URL's relative path.
    public func scan(_ url: URL) -> ScanResult { scan(.file(url)) }

    /// Async form of `scan(_: URL)`.
    public func scan(_ url: URL) async -> ScanResult { await scan(.file(url)) }

    /// Scans JPEG/PNG/HEIC/WebP bytes; `name` becomes `path`.
    public func scan(_ data: Data, name: String? = nil) -> ScanResult { scan(.data(data, name: name)) }

    /// Async form of `scan(_: Data, name:)`.
    public func scan(_ data: Data, name: String? = nil) async -> ScanResult { await scan(.data(data, name: name)) }

    /// Scans upright pixels an app already has (camera frame); `name` becomes `path`.
    public func scan(_ image: DecodedImage, name: String? = nil) -> ScanResult { scan(.image(image, name: name)) }

    /// Async form of `scan(_: DecodedImage, name:)`.
    public func scan(_ image: DecodedImage, name: String? = nil) async -> ScanResult { await scan(.image(image, name: name)) }

    // MARK: Pipeline

    private func run(_ input: ScanInput, isCancelled: () -> Bool) -> ScanResult {
        var result = ScanResult(path: input.path)
        var clock = StageClock()
        var warnings: [ScanWarning] = []
        func checkpoint() throws { if isCancelled() { throw ScanError.cancelled } }
        do {
            try checkpoint()
            let (working, decodeWarnings) = try clock.measure(.decode) { try decoder.decode(input) }
            warnings += decodeWarnings
            result.width = working.originalWidth
            result.height = working.originalHeight

            let routing = configuration.routing
            var evidence: ClassifierStage.Evidence?
            var classified = false
            var anchorWords = 0
            func classify() throws {
                guard let classifier, !classified else { return }
                try checkpoint()
                evidence = clock.measure(.classify) { classifier.classify(working) }
                result.foodItems = evidence?.foodItems
                classified = true
            }
            if routing != .labelFirst { try classify() }
            if let barcodes {
                try checkpoint()
                let (found, budgetWarning) = try clock.measure(.barcode) { try barcodes.read(working) }
                result.barcodes = found
                if let budgetWarning { warnings.append(budgetWarning) }
            }
            if let ocr, let label {
                if routing == .foodFirst, let food = evidence?.foodProbability, food >= configuration.foodThreshold,
                   result.barcodes?.isEmpty ?? true {
                    warnings.append(.ocrSkippedForFood(probability: ScanResultJSON.rounded(food, decimals: 2)))
                } else {
                    try checkpoint()
                    let read = try clock.measure(.ocr) { try ocr.recognize(working) }
                    observer?.scan(input.path, observed: .textRead(read.trace))
                    anchorWords = ClassifierStage.anchorWords(in: read.lines)
                    if let warning = read.warning { warnings.append(warning) }
                    try checkpoint()
                    observer?.scan(input.path, observed: .linesParsed(read.lines))
                    if let rereads = read.cellRereads {
                        observer?.scan(input.path, observed: .secondReadingParsed(rereads.secondReading,
                                                                                  keys: rereads.keys))
                    }
                    result.nutrition = try clock.measure(.parse) {
                        try label.parse(read.lines, working: working, mapping: read.mapping, engine: read.engine,
                                        rereads: read.cellRereads)
                    }
                }
            }
            // Label-first: a photo with a nutrition table needs no food items; anything else gets the classifier.
            if routing == .labelFirst && LabelStage.anchorCount(result.nutrition) < Self.tableRowsForLabel {
                try classify()
            }
            if classifier != nil || ocr != nil {
                let (kind, p) = ClassifierStage.kind(evidence, barcodeFound: !(result.barcodes?.isEmpty ?? true),
                                                     nutritionRows: LabelStage.anchorCount(result.nutrition),
                                                     anchorWords: anchorWords)
                result.kind = kind
                result.kindConfidence = ScanResultJSON.rounded(p, decimals: 3)
            }
        } catch let error as ScanError {
            result.error = error.failure
        } catch {
            result.error = ScanFailure(.internal, message: String(describing: error))
        }
        result.timingsMs = clock.finished()
        result.warnings = warnings.isEmpty ? nil : warnings
        return result
    }

    /// Distinct nutrients that make a photo a label for routing (fewer may be stray words on a food photo).
    static let tableRowsForLabel = 3
}
