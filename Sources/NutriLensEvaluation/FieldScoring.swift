import Foundation
import NutriLens

/// The field-comparison rules of `../shared/docs/ground-truth.md` ("Scoring").
public enum FieldScoring {
    /// Nutrient names (key without `_100g`/`_serving`) whose presence is scored. Rows outside this list (soluble fibre,
    /// omega-3, caffeine) may be missing from sidecars even when printed, so predicting them is not held against
    /// precision. Vitamins (`vitamin-*`) and the minerals below are scored too.
    public static let scoredNutrients: Set<String> = [
        "energy-kj", "energy-kcal", "energy", "fat", "saturated-fat", "monounsaturated-fat", "polyunsaturated-fat",
        "trans-fat", "cholesterol", "carbohydrates", "sugars", "added-sugars", "polyols", "starch", "fiber",
        "proteins", "salt", "sodium", "calcium", "iron", "magnesium", "zinc", "potassium", "phosphorus", "iodine",
        "selenium", "copper", "manganese", "chloride", "fluoride", "chromium", "molybdenum",
    ]

    /// True when `key` (`fat_100g`) names a scored nutrient.
    public static func isScored(_ key: String) -> Bool {
        let name = NutritionResult.nutrientName(of: key)
        return scoredNutrients.contains(name) || name.hasPrefix("vitamin-")
    }

    /// True when `predicted` equals `truth` after rounding both (half away from zero) to `printedDecimals` places,
    /// the precision printed on the label (so 2.9 equals 2.90). With `printedDecimals == nil` the truth's own decimals
    /// are used.
    public static func valuesMatch(predicted: Decimal, truth: Decimal, printedDecimals: Int?) -> Bool {
        let places = printedDecimals ?? decimals(of: truth)
        return rounded(predicted, places) == rounded(truth, places)
    }

    /// True when a predicted field counts as correct: value match and the same qualifier (`nil`, `<`, `trace`).
    public static func fieldCorrect(predicted: Decimal, predictedQualifier: String?, truth: Decimal, truthQualifier: String?,
                                    printedDecimals: Int?) -> Bool {
        normalizedQualifier(predictedQualifier) == normalizedQualifier(truthQualifier)
            && valuesMatch(predicted: predicted, truth: truth, printedDecimals: printedDecimals)
    }

    /// Qualifier spellings folded together (`traces`, `Spuren` → `trace`; `≤`, `less than` → `<`).
    static func normalizedQualifier(_ q: String?) -> String? {
        guard let q = q?.trimmingCharacters(in: .whitespaces).lowercased(), !q.isEmpty else { return nil }
        if q == "<" || q == "≤" || q == "<=" || q.hasPrefix("less") { return "<" }
        if q.hasPrefix("trace") || q == "spuren" || q == "tracce" || q == "trazas" { return "trace" }
        return q
    }

    /// Number of decimals of a `Decimal` value (`2.90` normalised → 1; `62` → 0).
    static func decimals(of value: Decimal) -> Int { max(0, -Int(value.exponent)) }

    static func rounded(_ value: Decimal, _ places: Int) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, places, .plain)
        return output
    }
}
