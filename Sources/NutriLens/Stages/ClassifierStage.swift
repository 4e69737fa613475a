import NutriLensImaging

/// Adapter over `NutriLensClassifier`: colour image → food evidence (food items, food-ness), and the image kind once
/// the other stages' signals (barcode found, nutrition rows read) are known.
struct ClassifierStage: Sendable {
    /// False until `NutriLensClassifier` is wired in.
    static let isAvailable = false

    /// What the network saw.
    struct Evidence: Sendable {
        /// Probability that the photo shows food, 0…1.
        var foodProbability: Double
        var foodItems: [FoodItem]
    }

    init(configuration: ScannerConfiguration) throws {}

    func classify(_ working: WorkingImage) -> Evidence { Evidence(foodProbability: 0, foodItems: []) }

    /// The kind and its probability from the evidence (nil when the network did not run) and cheap signals;
    /// `nil` when kind scoring is not available in this build.
    static func kind(_ evidence: Evidence?, barcodeFound: Bool, nutritionRows: Int) -> (ImageKind, Double)? { nil }
}
