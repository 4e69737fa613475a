import Foundation

// A repaired reading that puts the disjoint masses over 100 g: the reading, not the printed rows, is what is wrong.
extension TableBuilder {
    /// Per 100 g, leaves out the one value read with a repair (a decimal separator inserted, a g read as 9, a letter
    /// read as a digit) whose removal alone brings fat + carbohydrate + fibre + protein + salt back within
    /// ``ConsistencyChecks/massSumExceeds(_:)``'s 105 g.
    ///
    /// The sum says that a value is wrong, not which, so ``ConsistencyChecks/massSumExceeds(_:)`` only lowers
    /// confidence (a label's printed masses may sum past 100 g within their tolerances, FoodLabel 0349's 10 g salt).
    /// A repaired reading is different: no printed figure says it, it was chosen among other readings because no
    /// check ruled it out, and the sum now does. "122" under salt beside 40 g fat, 47,8 g carbohydrate, 3,4 g fibre and
    /// 6,8 g protein (585 kcal, which those give exactly) was read 12,2 g: 110 g in all. The other reading that fits
    /// (1,22 g) is not taken either: the printed figure was 0,13 g (FoodLabel small crop 0237), so OCR damage beyond
    /// a lost separator leaves no reading to trust, and the value is left out (finding `contradicted-value`).
    /// Rows another column witnesses are left to ``ServingColumnRepair``; a fat, carbohydrate, protein or fibre
    /// reading with which the macros give the declared energy within rounding
    /// (``ConsistencyChecks/confirmationTolerance(kcal:)``; fibre counted at 2 kcal/g) is witnessed by the energy and
    /// stays: a render printing 6,0 g fat, 81 g carbohydrate, 6,7 g fibre, 12 g protein and 0,49 g salt (106.2 g, 439
    /// kcal exactly) keeps a fibre "67" read 6,7 g. Nothing is done when two repaired values would each end the excess
    /// or when only printed figures would.
    /// - Parameter kcal: the column's declared kcal, `nil` when not read or in doubt (no reading is then witnessed).
    func leaveOutRepairedReadingOverMassSum(_ values: inout [Nutrient: CandidateValue], basis: NutritionBasis,
                                            kcal: Double?, witnessed: Set<Nutrient>,
                                            findings: inout [ConsistencyFinding], spec: ColumnSpec) {
        guard basis == .per100g, ConsistencyChecks.massSumExceeds(values) else { return }
        func witnessedByEnergy(_ nutrient: Nutrient) -> Bool {
            guard let kcal, let estimate = ConsistencyChecks.macroEnergyKcal(values) else { return false }
            let tolerance = ConsistencyChecks.confirmationTolerance(kcal: kcal)
            switch nutrient {
            case .fat, .carbohydrates, .proteins: return ConsistencyChecks.energyConfirms(kcal: kcal, estimate: estimate)
            case .fiber: return abs(kcal - estimate.withFiber) <= tolerance
            default: return false
            }
        }
        let removals = values.keys.filter { nutrient in
            guard !witnessed.contains(nutrient), let value = values[nutrient], value.isExact,
                  !value.reading.repairs.isEmpty, !witnessedByEnergy(nutrient) else { return false }
            var trial = values
            trial.removeValue(forKey: nutrient)
            // Still a sum of three masses or more: a sum of two judges nothing.
            return ConsistencyChecks.massSumGrams(trial) != nil && !ConsistencyChecks.massSumExceeds(trial)
        }
        guard removals.count == 1, let nutrient = removals.first, let value = values[nutrient] else { return }
        values.removeValue(forKey: nutrient)
        findings.append(ConsistencyFinding(
            check: "contradicted-value", keys: [spec.key(of: nutrient)],
            message: "\(value.cell.quantity.text) left out: read \(value.reading.value) g, it puts the table's disjoint "
                + "masses over 100 g"))
    }
}
