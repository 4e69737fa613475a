import NutriLensImaging

/// Adapter over `NutriLensOCR`: grey image → text lines of the nutrition table, reusing a pool of Tesseract engines.
struct OCRStage: Sendable {
    /// What OCR hands to the label grammar.
    typealias Lines = [RecognizedLine]
    static let isAvailable = false

    init(configuration: ScannerConfiguration) throws {}

    func recognize(_ working: WorkingImage) throws -> Lines { [] }
}
