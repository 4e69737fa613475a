import Foundation

// Values the table's own checks contradict after the readings were chosen (issue 22: never an unflagged value the
// table contradicts).
extension TableBuilder {
    /// Settles a column the checks of ``ConsistencyChecks/penalty(_:basis:kcal:servingGrams:)`` still contradict
    /// once ``chooseMassReadings(_:basis:kcal:servingLimit:)`` has weighed every reading against its cost:
    /// 0. A repaired reading with more decimals than labels print (``RoundingGuidance``), chosen only because the
    ///    printable readings broke a check ("337" as 3,37 g carbohydrate), is no reading: the one other printable
    ///    reading that passes the checks replaces it, else the value is left out.
    /// 1. When exactly one other reading of one value makes the column consistent and is a number labels print
    ///    (``RoundingGuidance``), that reading is taken: OCR lost the separator ("Weglowodany. 15 g." beside 18,5 g
    ///    fat, 18,0 g protein and 245 kcal is 1,5 g). Its repairs lower its confidence, so it is flagged.
    /// 2. Otherwise a value is left out when removing it, and it alone, makes the column consistent, among the values
    ///    that are themselves suspect: a repaired reading (a figure impossible as printed, "337" read as 33,7 g
    ///    carbohydrate beside 8,8 g fat under 135 kcal) or a sub-row above its parent (saturates "15g" under fat
    ///    "0g" on a vinegar's 82 kcal). When several removals would do, only a single repaired one goes.
    /// Values the checks do not single out stay, flagged by their failed checks as before.
    ///
    /// - Parameters:
    ///   - kcal: the column's declared kcal, `nil` when it was not read or its kJ partner contradicts it (energy
    ///     that is itself in doubt arbitrates nothing).
    ///   - servingLimit: as for ``chooseMassReadings(_:basis:kcal:servingLimit:)``.
    func settleContradictions(_ values: inout [Nutrient: CandidateValue], basis: NutritionBasis, kcal: Double?,
                              servingLimit: Double?, findings: inout [ConsistencyFinding], spec: ColumnSpec) {
        func penalty(_ trial: [Nutrient: CandidateValue]) -> Double {
            ConsistencyChecks.penalty(trial, basis: basis, kcal: kcal, servingGrams: servingLimit)
        }
        func key(_ nutrient: Nutrient) -> String {
            NutritionEntry.key(nutrient: nutrient, basis: spec.basis, preparation: spec.preparation)
        }
        let nutrients = values.keys.sorted { $0.declarationOrder < $1.declarationOrder }
        // A repair believed only because it fits: a reading with more decimals than labels print ("337" read as
        // 3,37 g carbohydrate when 33,7 g broke the energy) is no reading; another that fits and is printable
        // takes its place, else the value is left out.
        for nutrient in nutrients {
            guard let value = values[nutrient], value.chosen != 0, !value.reading.repairs.isEmpty,
                  !RoundingGuidance.conforms(value.reading, nutrient: nutrient) else { continue }
            let printable = value.readings.indices.filter { index in
                var trial = values
                trial[nutrient]?.chosen = index
                return index != value.chosen && RoundingGuidance.conforms(value.readings[index], nutrient: nutrient)
                    && penalty(trial) <= 1e-9
            }
            if printable.count == 1, let index = printable.first {
                values[nutrient]?.chosen = index
            } else {
                values.removeValue(forKey: nutrient)
                findings.append(ConsistencyFinding(
                    check: "contradicted-value", keys: [key(nutrient)],
                    message: "\(value.cell.quantity.text) left out: read as \(value.reading.value) only, which labels "
                        + "do not print"))
            }
        }
        guard penalty(values) > 1e-9 else { return }
        let remaining = nutrients.filter { values[$0] != nil }
        var fits: [(nutrient: Nutrient, index: Int)] = []
        for nutrient in remaining {
            guard let value = values[nutrient], value.isExact else { continue }
            for index in value.readings.indices where index != value.chosen
                && RoundingGuidance.conforms(value.readings[index], nutrient: nutrient) {
                var trial = values
                trial[nutrient]?.chosen = index
                if penalty(trial) <= 1e-9 { fits.append((nutrient, index)) }
            }
        }
        if fits.count == 1, let fit = fits.first, let before = values[fit.nutrient] {
            values[fit.nutrient]?.chosen = fit.index
            findings.append(ConsistencyFinding(
                check: "contradiction-reading", keys: [key(fit.nutrient)],
                message: "\(before.cell.quantity.text) read \(before.readings[fit.index].value): the one reading the "
                    + "table's checks allow"))
            return
        }
        let exceeding = ConsistencyChecks.subRowsExceedingParent(values)
        let suspects = remaining.filter { nutrient in
            !(values[nutrient]?.reading.repairs.isEmpty ?? true) || exceeding.contains { $0.sub == nutrient }
        }
        let removals = suspects.filter { nutrient in
            var trial = values
            trial.removeValue(forKey: nutrient)
            return penalty(trial) <= 1e-9
        }
        let repaired = removals.filter { !(values[$0]?.reading.repairs.isEmpty ?? true) }
        guard let removed = removals.count == 1 ? removals.first : repaired.count == 1 ? repaired.first : nil,
              let value = values[removed] else { return }
        values.removeValue(forKey: removed)
        findings.append(ConsistencyFinding(
            check: "contradicted-value", keys: [key(removed)],
            message: "\(value.cell.quantity.text) left out: no reading of it fits the table's other values"))
    }
}
