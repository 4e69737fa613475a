import Foundation

// Values the table's own checks contradict after the readings were chosen (issue 22: never an unflagged value the
// table contradicts).
extension TableBuilder {
    /// Check name of the finding that records a reading taken because it was the one the checks allowed; the entry
    /// it names stays flagged for review whatever its confidence (``WordConfidence``).
    static let settledReadingCheck = "contradiction-reading"

    /// Settles a column the checks of ``ConsistencyChecks/penalty(_:basis:kcal:servingGrams:)`` still contradict
    /// once ``chooseMassReadings(_:basis:kcal:servingLimit:)`` has weighed every reading against its cost. Only
    /// readings that restore what OCR loses are considered: a decimal separator it dropped, a unit g it read as 9
    /// (``isLostSeparatorOrUnit(_:)``), never a printed separator taken away.
    /// 0. A figure impossible as printed whose only fitting reading has a separator put where labels print none
    ///    ("337" for carbohydrate, read 3,37 g because 33,7 g broke the energy; ``RoundingGuidance``) is no
    ///    reading: the one printable reading that fits replaces it, else the value is left out.
    /// Per 100 g only (per serving the other column repairs lost separators with more evidence, ServingColumnRepair),
    /// and for steps 1 and 2 only when the declared energy contradicts the macros: sub-rows above their parents stay
    /// flagged, not rewritten, since the parent may be the misread one.
    /// 1. When exactly one such reading of one value makes the column consistent, labels print it and the macros then
    ///    give the declared energy within rounding (``ConsistencyChecks/energyConfirms(kcal:estimate:)``), it is taken:
    ///    "Weglowodany. 15 g." beside 18,5 g fat, 18,0 g protein and 245 kcal is 1,5 g. It is recorded as a finding
    ///    (``settledReadingCheck``) and its entry is always flagged for review.
    /// 2. Otherwise, when the macros hold more energy than declared (``ConsistencyChecks/macroEnergyFloorKcal(_:)``,
    ///    sub-rows standing in for parents they exceed), a value is left out when removing it, and it alone, brings
    ///    them within the energy, among the values that are themselves suspect: a repaired reading (33,7 g carbohydrate from "337" beside 8,8 g fat
    ///    under 135 kcal) or a sub-row above its parent (saturates "15g" under fat "0g" on a vinegar's 82 kcal).
    ///    When several removals would do, only a single repaired one goes.
    /// Values the checks do not single out stay, flagged by their failed checks as before; values over the mass
    /// limit are left to ``makeEntries(values:rows:energy:spec:findings:)``, which drops them.
    ///
    /// - Parameters:
    ///   - kcal: the column's declared kcal, `nil` when it was not read or its kJ partner contradicts it (energy
    ///     that is itself in doubt arbitrates nothing).
    ///   - servingLimit: as for ``chooseMassReadings(_:basis:kcal:servingLimit:)``.
    ///   - witnessed: rows with a cell in another column: that column witnesses their readings with more evidence
    ///     (``ServingColumnRepair``), so they are neither re-read nor left out here, only counted in the checks.
    func settleContradictions(_ values: inout [Nutrient: CandidateValue], basis: NutritionBasis, kcal: Double?,
                              servingLimit: Double?, witnessed: Set<Nutrient>, findings: inout [ConsistencyFinding],
                              spec: ColumnSpec) {
        func overLimit(_ value: CandidateValue, _ nutrient: Nutrient) -> Bool {
            ConsistencyChecks.exceedsMassLimit(value.keyDouble, of: nutrient, basis: basis, servingGrams: servingLimit)
        }
        func consistent(_ trial: [Nutrient: CandidateValue]) -> Bool {
            ConsistencyChecks.penalty(trial, basis: basis, kcal: kcal, servingGrams: servingLimit) <= 1e-9
        }
        // Values over the mass limit are dropped with their own finding later; they take no part here.
        let beyondLimit = values.filter { overLimit($0.value, $0.key) }
        var working = values.filter { !overLimit($0.value, $0.key) }
        defer { values = working.merging(beyondLimit) { current, _ in current } }
        func leaveOut(_ nutrient: Nutrient, _ value: CandidateValue, because reason: String) {
            working.removeValue(forKey: nutrient)
            findings.append(ConsistencyFinding(check: "contradicted-value", keys: [spec.key(of: nutrient)],
                                               message: "\(value.cell.quantity.text) left out: \(reason)"))
        }
        /// Readings of `nutrient` other than the chosen one that restore what OCR lost, print as labels do and make
        /// the column consistent.
        func fittingReadings(_ nutrient: Nutrient) -> [Int] {
            guard let value = working[nutrient], value.isExact else { return [] }
            return value.readings.indices.filter { index in
                guard index != value.chosen, Self.isLostSeparatorOrUnit(value.readings[index]),
                      RoundingGuidance.conforms(value.readings[index], nutrient: nutrient) else { return false }
                var trial = working
                trial[nutrient]?.chosen = index
                return consistent(trial)
            }
        }
        // Per serving, the other column repairs a lost separator with stronger evidence (ServingColumnRepair).
        guard basis == .per100g else { return }
        // Values the other column can witness are left to it; they still count in the checks.
        let nutrients = working.keys.filter { !witnessed.contains($0) }
            .sorted { $0.declarationOrder < $1.declarationOrder }
        for nutrient in nutrients {
            guard let value = working[nutrient], value.chosen != 0,
                  value.reading.repairs.contains(.insertedDecimalSeparator),
                  !RoundingGuidance.conforms(value.reading, nutrient: nutrient),
                  overLimit(CandidateValue(readings: value.readings, chosen: 0, qualifier: value.qualifier,
                                           cell: value.cell), nutrient) else { continue }
            let printable = fittingReadings(nutrient)
            if printable.count == 1, let index = printable.first {
                working[nutrient]?.chosen = index
            } else {
                leaveOut(nutrient, value, because: "impossible as printed, and read as \(value.reading.value) only, "
                            + "which labels do not print")
            }
        }
        // Only the energy arbitrates: sub-rows above their parents are flagged, not rewritten (the parent may be the
        // misread one).
        guard let kcal, !consistent(working) else { return }
        let floorExcess = ConsistencyChecks.macroEnergyFloorKcal(working).map {
            ConsistencyChecks.energyExcess(kcal: kcal, floor: $0) } ?? 0
        let mismatch = ConsistencyChecks.macroEnergyKcal(working).map {
            ConsistencyChecks.energyMismatch(kcal: kcal, estimate: $0) } ?? 0
        guard floorExcess > 0 || mismatch > 0 else { return }
        let remaining = nutrients.filter { working[$0] != nil }
        // Rewriting a printed figure needs the energy to confirm the new reading, not only to tolerate it (a row
        // mix-up elsewhere, FoodLabel 0375's fat read from the fibre cell, leaves a 15 % fit for a wrong reading).
        let fits = remaining.flatMap { nutrient in
            fittingReadings(nutrient).filter { index in
                var trial = working
                trial[nutrient]?.chosen = index
                return ConsistencyChecks.macrosConfirm(kcal: kcal, trial)
            }.map { (nutrient: nutrient, index: $0) }
        }
        if fits.count == 1, let fit = fits.first, let before = working[fit.nutrient] {
            working[fit.nutrient]?.chosen = fit.index
            findings.append(ConsistencyFinding(
                check: Self.settledReadingCheck, keys: [spec.key(of: fit.nutrient)],
                message: "\(before.cell.quantity.text) read \(before.readings[fit.index].value): the one reading the "
                    + "table's checks allow"))
            return
        }
        // Leaving a value out can only settle macros that hold more energy than declared (sub-rows standing in for
        // parents they exceed). Macros with too little (a row OCR lost, energy of another column) would only lose
        // their check when a value goes, which settles nothing.
        guard floorExcess > 0 else { return }
        let exceeding = ConsistencyChecks.subRowsExceedingParent(working)
        let suspects = remaining.filter { nutrient in
            !(working[nutrient]?.reading.repairs.isEmpty ?? true) || exceeding.contains { $0.sub == nutrient }
        }
        let removals = suspects.filter { nutrient in
            var trial = working
            trial.removeValue(forKey: nutrient)
            return ConsistencyChecks.macroEnergyFloorKcal(trial).map {
                ConsistencyChecks.energyExcess(kcal: kcal, floor: $0) <= 0 } ?? true
        }
        let repaired = removals.filter { !(working[$0]?.reading.repairs.isEmpty ?? true) }
        guard let removed = removals.count == 1 ? removals.first : repaired.count == 1 ? repaired.first : nil,
              let value = working[removed] else { return }
        leaveOut(removed, value, because: "no reading of it fits the table's other values")
    }

    /// `true` for a reading that restores what OCR loses from a printed amount: a decimal separator it dropped
    /// ("15" for 1,5) and/or the unit g it read as a trailing 9 ("129" for 12 g), and nothing else.
    static func isLostSeparatorOrUnit(_ reading: ScannedQuantity.Reading) -> Bool {
        !reading.repairs.isEmpty && reading.repairs.allSatisfy { $0 == .insertedDecimalSeparator || $0 == .nineAsGram }
    }
}
