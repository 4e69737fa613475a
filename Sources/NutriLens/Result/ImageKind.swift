/// What a photo mainly shows. Raw values are the `kind` strings of `../shared/docs/ground-truth.md`, so a
/// `ScanResult` and a ground-truth sidecar compare directly.
public enum ImageKind: String, Codable, Sendable, CaseIterable {
    /// A nutrition table (EU/UK "Nutrition information", US "Nutrition Facts", …) is the main subject.
    case nutritionLabel = "nutrition_label"
    /// A barcode (EAN/UPC/…) is the main subject.
    case barcode = "barcode"
    /// A plate, dish or piece of food.
    case foodPhoto = "food_photo"
    /// Anything else.
    case other = "other"
}
