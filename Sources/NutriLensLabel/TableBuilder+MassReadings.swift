import Foundation

// Choosing between OCR readings of mass cells (trailing 9 as g, dropped or spurious separators) by consistency.
extension TableBuilder {
    func candidate(for cell: AssembledCell, nutrient: Nutrient) -> CandidateValue {
        var readings = [cell.quantity.primary] + cell.quantity.alternatives.filter { $0.unit?.isEnergy != true }
        // A mass row with no unit read: grams unless the row is sodium-like and the number only fits as mg.
        for index in readings.indices where readings[index].unit == nil {
            readings[index].unit = .gram
        }
        return CandidateValue(readings: readings, chosen: 0, qualifier: cell.quantity.qualifier, cell: cell)
    }

    /// Greedy search over OCR readings: switch a value to an alternative reading only when that lowers the
    /// column's consistency penalty by more than the alternative's cost.
    func chooseMassReadings(_ values: inout [Nutrient: CandidateValue], basis: NutritionBasis, kcal: Double?) {
        for _ in 0..<2 {
            for nutrient in values.keys.sorted(by: { $0.declarationOrder < $1.declarationOrder }) {
                guard let current = values[nutrient], current.readings.count > 1 else { continue }
                var bestIndex = current.chosen
                var bestScore = ConsistencyChecks.penalty(values, basis: basis, kcal: kcal)
                    + cost(of: current.reading, original: current, nutrient: nutrient)
                for index in current.readings.indices where index != current.chosen {
                    var trial = values
                    trial[nutrient]?.chosen = index
                    let score = ConsistencyChecks.penalty(trial, basis: basis, kcal: kcal)
                        + cost(of: current.readings[index], original: current, nutrient: nutrient)
                    if score < bestScore - 1e-9 {
                        bestScore = score
                        bestIndex = index
                    }
                }
                values[nutrient]?.chosen = bestIndex
            }
        }
    }

    /// The price of believing a repair: a trailing "9" is cheap when the printed number is implausible as it
    /// stands ("09", two decimals where labels print one).
    private func cost(of reading: ScannedQuantity.Reading, original: CandidateValue, nutrient: Nutrient) -> Double {
        let printed = original.cell.quantity.text.trimmingCharacters(in: .whitespaces)
        let nineAlternative = original.readings.first { $0.repairs.contains(.nineAsGram) }
        if reading == original.readings[0] {
            // "09", "07 g": no label prints a leading zero before a whole number; either the 9 was the g or OCR
            // dropped the separator after the zero.
            if leadingZeroWhole(printed) { return 0.8 }
            // "3,99" / "0,069" with no unit: more decimals than labels print, while "3,9 g" / "0,06 g" conform.
            if let nineAlternative, !RoundingGuidance.conforms(reading, nutrient: nutrient),
               RoundingGuidance.conforms(nineAlternative, nutrient: nutrient) {
                return 0.7
            }
            return 0
        }
        if reading.repairs.contains(.nineAsGram) {
            if printed.hasPrefix("0") && !printed.contains(".") && !printed.contains(",") { return 0.1 }
            return RoundingGuidance.conforms(reading, nutrient: nutrient) ? 0.35 : 0.6
        }
        // A dropped separator is believed readily when the printed number is impossible per 100 g, otherwise only
        // when it fixes a large inconsistency (energy far from the macros).
        if reading.repairs.contains(.insertedDecimalSeparator) {
            // "07" → 0.7: the separator belongs right after the leading zero; a trailing 9 with no unit read is
            // still more likely the g ("09" → 0 g), so that reading stays cheaper.
            if leadingZeroWhole(printed), reading.value < 1 {
                return nineAlternative == nil ? 0.1 : 0.3
            }
            let base = original.readings[0].value > 100 ? 0.5 : 1.5
            return base + (RoundingGuidance.conforms(reading, nutrient: nutrient) ? 0 : 0.2)
        }
        if reading.repairs.contains(.removedDecimalSeparator) { return 1.4 }
        return 0.5
    }

    /// `true` for a printed digit run with a leading zero and no separator ("07", "09 g"), which labels never print.
    private func leadingZeroWhole(_ printed: String) -> Bool {
        let digits = printed.prefix { $0.isNumber }
        return digits.count >= 2 && digits.hasPrefix("0")
            && !printed.contains(where: { $0 == "." || $0 == "," })
    }
}
