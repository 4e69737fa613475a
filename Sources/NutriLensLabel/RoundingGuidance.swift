import Foundation

/// How many decimals labels print, from the EC guidance on tolerances and rounding (Dec 2012), as summarised in
/// `../shared/docs/eu-label-facts.md`: energy to 1 kJ/kcal; fat, carbohydrate, sugars, protein, fibre, polyols,
/// starch and saturates at most one decimal (≥ 10 g whole grams); salt at most two decimals (≥ 1 g one decimal).
/// Used only to weigh OCR readings ("3,99" with no unit is more likely "3,9 g" than 3.99 g), never to reject a value.
enum RoundingGuidance {
    static func conforms(_ reading: ScannedQuantity.Reading, nutrient: Nutrient) -> Bool {
        let digits = reading.fractionDigits
        switch nutrient {
        case .energyKJ, .energyKcal:
            return digits == 0
        case .salt:
            return reading.value >= 1 ? digits <= 1 : digits <= 2
        default:
            return nutrient.isMicronutrient ? digits <= 3 : digits <= 1
        }
    }
}
