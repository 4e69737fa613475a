import Foundation
import NutriLensImaging

/// The nutrition table read from a label, in the shape of ground truth's `nutrition` object
/// (`../shared/docs/ground-truth.md`), plus per-field detail.
///
/// JSON:
/// ```json
/// {"language": "en", "serving_size": "30 g",
///  "nutriments": {"energy-kj_100g": 1569, "fat_100g": 7.1, "sugars_100g": 0.5},
///  "qualifiers": {"sugars_100g": "<"},
///  "fields": {"fat_100g": {"confidence": 0.97, "needs_review": false, "source_text": "Fat 7.1 g", "box": {...}}}}
/// ```
public struct NutritionResult: Codable, Sendable, Equatable {
    /// ISO 639-1 code of the label's (main) language, e.g. `en`, `de`; absent when unknown.
    public var language: String?
    /// Serving size as printed ("30 g", "1 bottle (375mL)"); absent when the label gives none.
    public var servingSize: String?
    /// Open Food Facts nutriment key with basis suffix (`fat_100g`, `energy-kcal_serving`) → value as printed.
    /// Units fixed per key: `energy-kj` kJ, `energy-kcal` kcal, everything else grams (mg/µg converted).
    /// `Decimal` so 2.9 stays 2.9 in JSON (no float noise).
    public var nutriments: [String: Decimal]
    /// Key → qualifier for values printed with one: `<` (value is the bound) or `trace` (value 0).
    public var qualifiers: [String: String]?
    /// Key → how the value was read (same keys as `nutriments`); absent when the source gives no detail.
    public var fields: [String: NutrimentDetail]?

    public init(language: String? = nil, servingSize: String? = nil, nutriments: [String: Decimal],
                qualifiers: [String: String]? = nil, fields: [String: NutrimentDetail]? = nil) {
        self.language = language
        self.servingSize = servingSize
        self.nutriments = nutriments
        self.qualifiers = qualifiers.flatMap { $0.isEmpty ? nil : $0 }
        self.fields = fields.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The nutrient of an Open Food Facts nutriment key: `fat_100g` → `fat`, `energy-kcal_serving` → `energy-kcal`;
    /// a key without a basis suffix is returned unchanged.
    public static func nutrientName(of key: String) -> String {
        for suffix in ["_100g", "_serving"] where key.hasSuffix(suffix) { return String(key.dropLast(suffix.count)) }
        return key
    }

    enum CodingKeys: String, CodingKey {
        case language, nutriments, qualifiers, fields
        case servingSize = "serving_size"
    }

    /// Decodes results and ground-truth sidecars alike; a missing `nutriments` object decodes as empty.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        language = try c.decodeIfPresent(String.self, forKey: .language)
        servingSize = try c.decodeIfPresent(String.self, forKey: .servingSize)
        nutriments = try c.decodeIfPresent([String: Decimal].self, forKey: .nutriments) ?? [:]
        qualifiers = try c.decodeIfPresent([String: String].self, forKey: .qualifiers)
        fields = try c.decodeIfPresent([String: NutrimentDetail].self, forKey: .fields)
    }
}

/// How one nutriment value was read: JSON `{"confidence": 0.9, "needs_review": true, "source_text": "…",
/// "unit": "mg", "box": {"x": 10, "y": 20, "width": 300, "height": 24}, "engine": "neural"}`.
public struct NutrimentDetail: Codable, Sendable, Equatable {
    /// 0…1: how far the parser's consistency checks support the value (rounded to 3 decimals in JSON).
    public var confidence: Double
    /// True when a person should check the value (failed or untestable consistency check, repaired OCR).
    public var needsReview: Bool
    /// The OCR text the value came from (usually the table row); absent when unknown.
    public var sourceText: String?
    /// The unit as printed (`g`, `mg`, `µg`, `kJ`, `kcal`); the value in `nutriments` is already converted.
    public var unit: String?
    /// Where the source text lies in the upright image, in pixels; absent for text input.
    public var box: PixelRect?
    /// The text engine whose reading the value came from (`tesseract` or `neural`; with
    /// `ScannerConfiguration.TextEngine.both`, the one whose reading was kept); absent for text input.
    public var engine: ScannerConfiguration.TextEngine?

    public init(confidence: Double, needsReview: Bool, sourceText: String? = nil, unit: String? = nil, box: PixelRect? = nil,
                engine: ScannerConfiguration.TextEngine? = nil) {
        self.confidence = confidence
        self.needsReview = needsReview
        self.sourceText = sourceText
        self.unit = unit
        self.box = box
        self.engine = engine
    }

    enum CodingKeys: String, CodingKey {
        case confidence, unit, box, engine
        case needsReview = "needs_review"
        case sourceText = "source_text"
    }
}
