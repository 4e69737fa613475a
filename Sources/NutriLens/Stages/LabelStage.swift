/// Adapter over `NutriLensLabel`: recognised lines → `NutritionResult` (nil when the text holds no nutrition table).
struct LabelStage: Sendable {
    static let isAvailable = false

    func parse(_ lines: [RecognizedLine], working: WorkingImage?) -> NutritionResult? { nil }
}
