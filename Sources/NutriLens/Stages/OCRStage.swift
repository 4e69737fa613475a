import NutriLensImaging

/// Adapter over `NutriLensOCR`: grey image → text lines of the nutrition table, reusing a pool of Tesseract engines.
struct OCRStage: Sendable {
    static let isAvailable = false

    init(configuration: ScannerConfiguration) throws {}

    func recognize(_ working: WorkingImage) throws -> [RecognizedLine] { [] }
}
