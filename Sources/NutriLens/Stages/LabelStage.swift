/// Adapter over `NutriLensLabel`: recognised lines → `NutritionResult` (nil when the text holds no nutrition table).
struct LabelStage: Sendable {
    static let isAvailable = false

    func parse(_ lines: OCRStage.Lines, working: WorkingImage?) throws -> NutritionResult? { nil }

    func parse(text: String) throws -> NutritionResult? { nil }

    /// Number of distinct nutrients in a result: the "nutrition anchor" signal for the kind scorer.
    static func anchorCount(_ nutrition: NutritionResult?) -> Int {
        Set((nutrition?.nutriments.keys).map { $0.map(FieldScoring.nutrientName(of:)) } ?? []).count
    }
}
