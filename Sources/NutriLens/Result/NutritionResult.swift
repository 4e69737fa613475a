import Foundation
import NutriLensImaging
import NutriLensLabel

/// The nutrition table read from a label, in the shape of ground truth's `nutrition` object
/// (`../shared/docs/ground-truth.md`), plus per-field detail.
///
/// JSON:
/// ```json
/// {"language": "en", "serving_size": "1 bar (30 g)", "serving_quantity": 30, "serving_quantity_unit": "g",
///  "nutriments": {"energy-kj_100g": 1569, "fat_100g": 7.1, "sugars_100g": 0.5},
///  "qualifiers": {"sugars_100g": "<"},
///  "fields": {"fat_100g": {"confidence": 0.97, "needs_review": false, "source_text": "Fat 7.1 g 10%", "unit": "g",
///                          "reference_intake_percent": 10, "box": {...}}}}
/// ```
public struct NutritionResult: Codable, Sendable, Equatable {
    /// ISO 639-1 code of the label's (main) language, e.g. `en`, `de`; absent when unknown.
    public var language: String?
    /// Serving size as printed ("30 g", "1 bottle (375mL)"), OCR debris included ("1 02. (28g)"); absent when the
    /// label gives none.
    public var servingSize: String?
    /// The serving's amount when ``servingSize`` holds one in grams or millilitres (28 for "1 02. (28g)", 375 for
    /// "1 bottle (375mL)", 330 for "33 cl"), `> 0`, in ``servingQuantityUnit``; absent when it holds none ("½ pack").
    /// Open Food Facts `serving_quantity`.
    public var servingQuantity: Decimal?
    /// `g` or `ml`, the unit of ``servingQuantity`` (Open Food Facts `serving_quantity_unit`); absent with it.
    public var servingQuantityUnit: String?
    /// Open Food Facts nutriment key with basis suffix (`fat_100g`, `energy-kcal_serving`) → value as printed.
    /// Units fixed per key: `energy-kj` kJ, `energy-kcal` kcal, everything else grams (mg/µg converted).
    /// `Decimal` so 2.9 stays 2.9 in JSON (no float noise).
    public var nutriments: [String: Decimal]
    /// Key → qualifier for values printed with one: `<` (value is the bound) or `trace` (value 0).
    public var qualifiers: [String: String]?
    /// Key → how the value was read (same keys as `nutriments`); absent when the source gives no detail.
    public var fields: [String: NutrimentDetail]?

    /// `nutriments`: key → value in the key's unit (kJ, kcal or g); `language` ISO 639-1; `servingSize` as printed;
    /// `servingQuantity` > 0 in `servingQuantityUnit` (`g` or `ml`); `qualifiers` and `fields` keyed like `nutriments`
    /// (an empty dictionary is stored as `nil`, so it stays out of the JSON).
    public init(language: String? = nil, servingSize: String? = nil, servingQuantity: Decimal? = nil,
                servingQuantityUnit: String? = nil, nutriments: [String: Decimal],
                qualifiers: [String: String]? = nil, fields: [String: NutrimentDetail]? = nil) {
        self.language = language
        self.servingSize = servingSize
        self.servingQuantity = servingQuantity
        self.servingQuantityUnit = servingQuantityUnit
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

    /// The value of `key` in the unit printed on the label (``NutrimentDetail/unit``): 0.00005 g of vitamin B1 read
    /// from "50 µg" gives (50, "µg"), 0.34 g of sodium read from "340 mg" gives (340, "mg"); energy stays in kJ or
    /// kcal. Without a printed unit (ground truth, text without detail) the key's own unit: kJ, kcal or g. `nil` when
    /// `key` has no value.
    public func printedValue(of key: String) -> (value: Decimal, unit: String)? {
        guard let value = nutriments[key] else { return nil }
        let name = Self.nutrientName(of: key)
        let keyUnit = name == "energy-kj" ? "kJ" : name == "energy-kcal" ? "kcal" : "g"
        guard let printed = fields?[key]?.unit, let unit = NutrientUnit(rawValue: printed), let grams = unit.grams,
              keyUnit == "g" else { return (value, keyUnit) }
        return (value / grams, printed)
    }

    enum CodingKeys: String, CodingKey {
        case language, nutriments, qualifiers, fields
        case servingSize = "serving_size"
        case servingQuantity = "serving_quantity"
        case servingQuantityUnit = "serving_quantity_unit"
    }

    /// Decodes results and ground-truth sidecars alike; a missing `nutriments` object decodes as empty.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        language = try c.decodeIfPresent(String.self, forKey: .language)
        servingSize = try c.decodeIfPresent(String.self, forKey: .servingSize)
        servingQuantity = try c.decodeIfPresent(Decimal.self, forKey: .servingQuantity)
        servingQuantityUnit = try c.decodeIfPresent(String.self, forKey: .servingQuantityUnit)
        nutriments = try c.decodeIfPresent([String: Decimal].self, forKey: .nutriments) ?? [:]
        qualifiers = try c.decodeIfPresent([String: String].self, forKey: .qualifiers)
        fields = try c.decodeIfPresent([String: NutrimentDetail].self, forKey: .fields)
    }
}

/// How one nutriment value was read: JSON `{"confidence": 0.9, "needs_review": true, "source_text": "…",
/// "unit": "mg", "reference_intake_percent": 7, "box": {"x": 10, "y": 20, "width": 300, "height": 24}, "engine": "neural"}`.
public struct NutrimentDetail: Codable, Sendable, Equatable {
    /// 0…1: how far the parser's consistency checks support the value (rounded to 3 decimals in JSON).
    public var confidence: Double
    /// True when a person should check the value (failed or untestable consistency check, repaired OCR).
    public var needsReview: Bool
    /// The OCR text the value came from (usually the table row); absent when unknown.
    public var sourceText: String?
    /// The unit as printed (`g`, `mg`, `µg`, `kJ`, `kcal`); the value in `nutriments` is already converted.
    public var unit: String?
    /// The percentage of the reference intake printed beside the value (EU %RI, Regulation (EU) 1169/2011 Annex XIII;
    /// US/CA %DV; AU/NZ %DI), e.g. 7 for "Fat 4.9 g 7%"; absent when the label prints none for it or it was not read.
    public var referenceIntakePercent: Decimal?
    /// Where the source text lies in the upright image, in pixels; absent for text input.
    public var box: PixelRect?
    /// The text engine whose reading the value came from (`tesseract` or `neural`; with
    /// `ScannerConfiguration.TextEngine.both`, the one whose reading was kept); absent for text input.
    public var engine: ScannerConfiguration.TextEngine?

    /// `confidence` 0...1; `needsReview` the review flag; `sourceText`, `unit` (`g`, `mg`, `µg`, `kJ`, `kcal`),
    /// `referenceIntakePercent` (e.g. 7 for "7%"), `box` (upright-image pixels) and `engine` as read; `nil`: unknown.
    public init(confidence: Double, needsReview: Bool, sourceText: String? = nil, unit: String? = nil,
                referenceIntakePercent: Decimal? = nil, box: PixelRect? = nil,
                engine: ScannerConfiguration.TextEngine? = nil) {
        self.confidence = confidence
        self.needsReview = needsReview
        self.sourceText = sourceText
        self.unit = unit
        self.referenceIntakePercent = referenceIntakePercent
        self.box = box
        self.engine = engine
    }

    enum CodingKeys: String, CodingKey {
        case confidence, unit, box, engine
        case needsReview = "needs_review"
        case sourceText = "source_text"
        case referenceIntakePercent = "reference_intake_percent"
    }
}
