import Foundation
import NutriLensClassifier

/// Everything NutriLens read from one input: the library's answer and the CLI's JSON output.
///
/// Keys are snake_case and match `../shared/docs/ground-truth.md`, so a result and a ground-truth sidecar compare
/// directly. A key is absent (never `null`) when its value is unknown or its stage did not run; an empty array means
/// the stage ran and found nothing. Example:
/// ```json
/// {"path": "pack.jpg", "width": 3024, "height": 4032, "kind": "nutrition_label", "kind_confidence": 0.93,
///  "barcodes": [{"symbology": "EAN-13", "text": "5000159407236", "gtin": "5000159407236"}],
///  "nutrition": {"language": "en", "nutriments": {"fat_100g": 7.1}},
///  "food_items": [], "timings_ms": {"decode": 41.2, "barcode": 12.5}, "warnings": ["…"]}
/// ```
/// An input that failed has `path` and `error` (and whatever was known before the failure).
public struct ScanResult: Codable, Sendable, Equatable {
    /// The input's path as given by the caller (file inputs) or a caller-chosen name; absent for anonymous data.
    public var path: String?
    /// Width in pixels of the upright image (after EXIF orientation), at the file's full resolution.
    public var width: Int?
    /// Height in pixels of the upright image (after EXIF orientation), at the file's full resolution.
    public var height: Int?
    /// What the photo mainly shows; absent when the classifier did not run.
    public var kind: ImageKind?
    /// Probability of `kind`, 0…1 (rounded to 3 decimals in JSON).
    public var kindConfidence: Double?
    /// Barcodes found, in reading order; absent when the barcode stage did not run.
    public var barcodes: [ScannedBarcode]?
    /// The nutrition table; absent when none was found or the stage did not run.
    public var nutrition: NutritionResult?
    /// Foods seen in the photo, most likely first; absent when the classifier did not run.
    public var foodItems: [FoodItem]?
    /// Wall-clock milliseconds per ``Stage`` that ran, plus ``Stage/total``, rounded to 0.1.
    public var timingsMs: [Stage: Double]?
    /// Things a user should know that did not stop the scan (a budget ran out, OCR skipped by routing, …).
    public var warnings: [ScanWarning]?
    /// Why the input failed; absent on success.
    public var error: ScanFailure?

    /// Every field as the property of that name: `width`, `height` in upright full-resolution pixels, `kindConfidence`
    /// 0...1, `timingsMs` in milliseconds; `nil` for a stage that did not run. `path`, `kind`, `barcodes`, `nutrition`,
    /// `foodItems`, `warnings` and `error` as described there.
    public init(path: String? = nil, width: Int? = nil, height: Int? = nil, kind: ImageKind? = nil,
                kindConfidence: Double? = nil, barcodes: [ScannedBarcode]? = nil, nutrition: NutritionResult? = nil,
                foodItems: [FoodItem]? = nil, timingsMs: [Stage: Double]? = nil, warnings: [ScanWarning]? = nil,
                error: ScanFailure? = nil) {
        self.path = path
        self.width = width
        self.height = height
        self.kind = kind
        self.kindConfidence = kindConfidence
        self.barcodes = barcodes
        self.nutrition = nutrition
        self.foodItems = foodItems
        self.timingsMs = timingsMs
        self.warnings = warnings
        self.error = error
    }

    /// True when the input failed (`error` is set).
    public var failed: Bool { error != nil }

    enum CodingKeys: String, CodingKey {
        case path, width, height, kind, barcodes, nutrition, warnings, error
        case kindConfidence = "kind_confidence"
        case foodItems = "food_items"
        case timingsMs = "timings_ms"
    }
}
