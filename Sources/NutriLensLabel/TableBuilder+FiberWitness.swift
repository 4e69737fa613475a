import Foundation

// A fibre figure whose decimal separator OCR lost ("19 g" for 1,9 g), witnessed by the declared energy.
extension TableBuilder {
    /// Takes the lost-separator reading of the per-100 g fibre when the declared energy confirms it and contradicts
    /// the figure as read, both with fibre counted as Regulation (EU) No 1169/2011 Annex XIV counts it (2 kcal/g).
    ///
    /// ``ConsistencyChecks/energyMismatch(kcal:estimate:)`` accepts the macros with or without fibre (older labels
    /// leave it out), so a fibre read ten times too large is never contradicted there: "19 g" beside 10,2 g fat,
    /// 28,5 g carbohydrate and 10,4 g protein gives 285 kcal with fibre and 247 kcal without, and the label's
    /// 251 kcal passes on the second. Labels under the Regulation count fibre (FoodLabel's sidecars: 38 of 278
    /// labels with fibre fit the energy only with it, 2 only without), so when the printed figure fits the energy
    /// only by leaving fibre out while one reading with the separator restored fits it with fibre counted
    /// (``ConsistencyChecks/energyConfirms(kcal:estimate:)``'s rounding, 5 % or 5 kcal), that reading is taken:
    /// 1,9 g gives 251.2 kcal (FoodLabel small crop 0285; "11 g" for 1,1 g beside 453 kcal, 0226).
    /// Only a whole number of two or more digits read with no repair; the reading taken is recorded as a finding
    /// (``settledReadingCheck``), so its entry stays flagged for review.
    ///
    /// - Parameters:
    ///   - kcal: the column's declared kcal, `nil` when not read or in doubt (nothing is then judged).
    ///   - witnessed: rows another column witnesses (``ServingColumnRepair`` judges those).
    func settleFiberByEnergy(_ values: inout [Nutrient: CandidateValue], basis: NutritionBasis, kcal: Double?,
                             witnessed: Set<Nutrient>, findings: inout [ConsistencyFinding], spec: ColumnSpec) {
        guard basis == .per100g, let kcal, !witnessed.contains(.fiber), let fiber = values[.fiber],
              fiber.isExact, fiber.chosen == 0, fiber.reading.repairs.isEmpty, fiber.reading.fractionDigits == 0,
              fiber.cell.quantity.text.filter(\.isNumber).count >= 2,
              [Nutrient.fat, .carbohydrates, .proteins].allSatisfy({ values[$0]?.isExact == true }) else { return }
        let tolerance = ConsistencyChecks.confirmationTolerance(kcal: kcal)
        func withFiberGap(_ trial: [Nutrient: CandidateValue]) -> Double? {
            ConsistencyChecks.macroEnergyKcal(trial).map { abs(kcal - $0.withFiber) }
        }
        guard let asRead = withFiberGap(values), asRead > tolerance else { return }
        let fits = fiber.readings.indices.filter { index in
            let reading = fiber.readings[index]
            guard index != fiber.chosen, reading.repairs == [.insertedDecimalSeparator],
                  RoundingGuidance.conforms(reading, nutrient: .fiber) else { return false }
            var trial = values
            trial[.fiber]?.chosen = index
            return withFiberGap(trial).map { $0 <= tolerance } ?? false
        }
        guard fits.count == 1, let index = fits.first else { return }
        values[.fiber]?.chosen = index
        findings.append(ConsistencyFinding(
            check: Self.settledReadingCheck, keys: [spec.key(of: .fiber)],
            message: "\(fiber.cell.quantity.text) read \(fiber.readings[index].value): the declared energy counts "
                + "fibre at 2 kcal/g (Annex XIV) only with it"))
    }
}
