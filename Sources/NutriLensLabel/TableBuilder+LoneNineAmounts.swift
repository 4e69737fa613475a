import Foundation

// A macronutrient whose whole amount was read as a lone "9" the declared energy denies (session 26 flprec2, issue
// 22; FoodLabel small crop 0192: "Kohlenhydrate/Glucides" / "9", "davon Zucker" / "9" under 25 g fat, 12 g protein
// and 273 kcal, the label's 0 g carbohydrate and sugars; its other cells print their g on lines of their own).
extension TableBuilder {
    /// Per 100 g, with the declared kcal read and not in doubt: leaves out a fat, carbohydrate or protein value
    /// printed exactly "9" (no unit, no qualifier) when the macros as read do not confirm the kcal
    /// (``ConsistencyChecks/energyConfirms(kcal:estimate:)``, 5 % or 5 kcal) and counting that row as 0 g does, and
    /// no other such row does the same; its sub-rows printed "9" too go with it (sugars under carbohydrate, saturates
    /// under fat). A lone 9 is how OCR reads a "g" whose figure it lost (the reader's lone-9 rule and
    /// ``droppingGramColumnNines`` deal with 9s beside an amount; this one is the row's only cell), so the 9 says
    /// nothing of the amount: the value is left out (finding `contradicted-value`), not set to 0. Session 25 kept
    /// 0192's 9s (the macros with them, 309 kcal, pass the 15 % check); leaving protein out also comes within 5 %
    /// of 273 kcal, but protein was read "12g" with its unit, no lone 9.
    func leaveOutLoneNinesTheEnergyDenies(_ values: inout [Nutrient: CandidateValue], basis: NutritionBasis,
                                          kcal: Double?, findings: inout [ConsistencyFinding], spec: ColumnSpec) {
        guard basis == .per100g, let kcal, kcal > 0, let estimate = ConsistencyChecks.macroEnergyKcal(values),
              !ConsistencyChecks.energyConfirms(kcal: kcal, estimate: estimate) else { return }
        func isLoneNine(_ value: CandidateValue?) -> Bool {
            guard let value, value.isExact else { return false }
            return value.cell.quantity.isLoneNine && value.reading.value == 9
        }
        let denied = [Nutrient.fat, .carbohydrates, .proteins].filter { nutrient in
            guard isLoneNine(values[nutrient]) else { return false }
            var trial = values
            if var zero = trial[nutrient] {
                zero.readings[zero.chosen].value = 0
                trial[nutrient] = zero
            }
            return ConsistencyChecks.macrosConfirm(kcal: kcal, trial)
        }
        guard denied.count == 1, let nutrient = denied.first else { return }
        let subRows = values.keys.filter { $0.parentRow == nutrient && isLoneNine(values[$0]) }
        for row in [nutrient] + subRows.sorted(by: { $0.declarationOrder < $1.declarationOrder }) {
            values.removeValue(forKey: row)
            findings.append(ConsistencyFinding(
                check: "contradicted-value", keys: [spec.key(of: row)],
                message: "9 left out: a lone 9 is a g whose figure was lost; the macros give the declared \(Int(kcal)) "
                    + "kcal only without it"))
        }
    }
}
