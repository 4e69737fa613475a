/// A timed part of a scan: the keys of `ScanResult.timingsMs`. Raw values are the JSON keys.
public enum Stage: String, Codable, CodingKeyRepresentable, Sendable, CaseIterable {
    /// Reading and decoding the image (JPEG/PNG/HEIC/WebP, orientation, downscaling to the working size).
    case decode
    /// The classifier: food items and food-ness (`ScannerConfiguration.Routing` decides whether it runs).
    case classify
    /// Barcode search (ZBar and its retry ladder).
    case barcode
    /// OCR of the nutrition table: every reading of the photo.
    case ocr
    /// The label grammar on the best reading's lines (or on text, for `NutritionTextReader`).
    case parse
    /// The whole scan: every stage and what lies between them.
    case total
}
