import NutriLensImaging
import NutriLensLabel

/// Adapter over `NutriLensOCR`: grey image → text lines of the nutrition table, reusing a pool of Tesseract engines.
struct OCRStage: Sendable {
    /// False until `NutriLensOCR` is wired in.
    static let isAvailable = false

    init(configuration: ScannerConfiguration) throws {}

    /// Lines with word boxes in working-image pixels, for the label grammar.
    func recognize(_ working: WorkingImage) throws -> [TextLine] { [] }
}
