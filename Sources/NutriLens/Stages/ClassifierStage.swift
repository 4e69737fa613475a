import NutriLensImaging

/// What the classifier says about a photo.
struct Classification: Sendable {
    var kind: ImageKind
    var kindConfidence: Double
    var foodItems: [FoodItem]
}

/// Adapter over `NutriLensClassifier`: colour image → kind and food items.
struct ClassifierStage: Sendable {
    static let isAvailable = false

    init(configuration: ScannerConfiguration) throws {}

    func classify(_ working: WorkingImage) throws -> Classification? { nil }
}
