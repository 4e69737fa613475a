import NutriLensImaging

/// Adapter over `NutriLensBarcode`: grey image → barcodes in original-image coordinates.
struct BarcodeStage: Sendable {
    let attemptBudget: Int
    /// False until `NutriLensBarcode` is wired in; the pipeline then reports a warning instead of results.
    static let isAvailable = false

    init(configuration: ScannerConfiguration) throws {
        attemptBudget = max(1, configuration.barcodeAttemptBudget)
    }

    func read(_ working: WorkingImage) throws -> [ScannedBarcode] { [] }
}
