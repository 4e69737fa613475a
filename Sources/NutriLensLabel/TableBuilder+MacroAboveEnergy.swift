import Foundation

// One macronutrient that alone holds more energy than the column declares.
extension TableBuilder {
    /// Per 100 g, leaves out an exact macronutrient amount whose own energy (Regulation (EU) No 1169/2011 Annex XIV:
    /// fat and its sub-rows 9 kcal/g, carbohydrate and its sugars and starch 4, protein 4, fibre 2) exceeds the
    /// declared energy by more than ``ConsistencyChecks/energyMismatch(kcal:estimate:)``'s tolerance (15 % or
    /// 15 kcal), when the declared energy is itself confirmed: a kJ and a kcal figure read and agreeing
    /// (``EnergyPair/consistent``).
    ///
    /// The other rows can only add energy, so whatever they were read as, that amount is not the row's:
    /// "Kohlenhydrate 71 g" under 187 kJ / 44 kcal (a drink; the printed 11 g read with its first 1 as 7, FoodLabel
    /// large crop 0446) holds 284 kcal alone. ``settleContradictions`` leaves out only suspect values (repaired
    /// readings, sub-rows above parents), since the macros' sum does not say which row is wrong; a single row above
    /// the whole energy does. Nothing says what was printed, so the value is left out (finding `contradicted-value`),
    /// not rewritten. Carbohydrate is not judged when a polyols row is read (erythritol counts 0 kcal/g, others 2.4).
    func leaveOutMacroAboveEnergy(_ values: inout [Nutrient: CandidateValue], basis: NutritionBasis,
                                  energy: EnergyPair, findings: inout [ConsistencyFinding], spec: ColumnSpec) {
        guard basis == .per100g, energy.consistent == true, energy.kjValue != nil, let kcal = energy.kcalValue,
              kcal > 0 else { return }
        let limit = kcal + max(15, 0.15 * kcal)
        for nutrient in values.keys.sorted(by: { $0.declarationOrder < $1.declarationOrder }) {
            guard let value = values[nutrient], value.isExact,
                  let factor = Self.lowestEnergyFactor(nutrient, polyolsRead: values[.polyols] != nil),
                  factor * value.keyDouble > limit else { continue }
            values.removeValue(forKey: nutrient)
            findings.append(ConsistencyFinding(
                check: "contradicted-value", keys: [spec.key(of: nutrient)],
                message: "\(value.cell.quantity.text) left out: alone it holds \(Int(factor * value.keyDouble)) kcal, "
                    + "more than the \(Int(kcal)) kcal declared"))
        }
    }

    /// The energy a gram of `nutrient` holds at least (kcal, Annex XIV), `nil` for rows it does not cover or, for
    /// carbohydrate beside a polyols row, cannot pin.
    private static func lowestEnergyFactor(_ nutrient: Nutrient, polyolsRead: Bool) -> Double? {
        switch nutrient {
        case .fat, .saturatedFat, .monounsaturatedFat, .polyunsaturatedFat: return 9
        case .carbohydrates: return polyolsRead ? nil : 4
        case .sugars, .starch, .proteins: return 4
        case .fiber: return 2
        default: return nil
        }
    }
}
