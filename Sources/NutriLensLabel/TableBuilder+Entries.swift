import Foundation

// Chosen values → `NutritionEntry` with confidence, repairs and per-column findings.
extension TableBuilder {
    func makeEntries(values: [Nutrient: CandidateValue], rows: [Nutrient: AssembledRow], energy: EnergyPair,
                             spec: ColumnSpec, findings: inout [ConsistencyFinding]) -> [NutritionEntry] {
        var entries: [NutritionEntry] = []
        let penaltyBefore = ConsistencyChecks.penalty(values, basis: spec.basis, kcal: energy.kcalValue,
                                                      countsMassSum: options.massSumLowersConfidence)
        let macroEstimate = ConsistencyChecks.macroEnergyKcal(values)
        let energyMatchesMacros = energy.kcalValue.flatMap { kcal in
            macroEstimate.map { ConsistencyChecks.energyMismatch(kcal: kcal, estimate: $0) == 0 }
        }
        if energyMatchesMacros == false, let kcal = energy.kcalValue, let estimate = macroEstimate {
            findings.append(ConsistencyFinding(
                check: "energy-vs-macros",
                keys: [spec.key(of: .energyKcal)],
                message: String(format: "%.0f kcal declared, %.0f kcal from fat/carbohydrate/protein/fibre",
                                kcal, estimate.withFiber)))
        }
        // Energy
        for (nutrient, cell, value) in [(Nutrient.energyKJ, energy.kj, energy.kjValue),
                                        (Nutrient.energyKcal, energy.kcal, energy.kcalDecimal)] {
            guard let cell, let value else { continue }
            var confidence = 0.9
            var repairs = cell.quantity.primary.repairs + energy.repairs
            if cell.quantity.primary.repairs.contains(.letterAsDigit) { confidence *= 0.8 }
            if energy.consistent == true { confidence = min(1, confidence + 0.08) }
            if energy.consistent == false { confidence *= 0.6 }
            if !energy.repairs.isEmpty { confidence *= 0.75 }
            if energyMatchesMacros == true { confidence = min(1, confidence + 0.05) }
            if energyMatchesMacros == false { confidence *= 0.85 }
            repairs = Array(NSOrderedSet(array: repairs.map(\.rawValue))).compactMap { ValueRepair(rawValue: $0 as! String) }
            entries.append(entry(nutrient, spec: spec, value: value, unit: nutrient.keyUnit, qualifier: nil,
                                 cell: cell, label: nil, confidence: confidence, repairs: repairs))
        }
        // Masses
        for (nutrient, candidate) in values {
            let reading = candidate.reading
            let row = rows[nutrient]
            var confidence = 0.92
            if candidate.cell.quantity.primary.unit == nil && candidate.qualifier == nil { confidence *= 0.85 }
            if let row, row.edits > 0 { confidence *= 0.9 }
            if row?.inferred == true { confidence *= 0.7 }
            if !reading.repairs.isEmpty { confidence *= 0.7 }
            if !Self.isPrintedUnit(reading.unit, for: nutrient, usPanel: layout.isUSStyle) { confidence *= 0.6 }
            if energyMatchesMacros == true, [.fat, .carbohydrates, .proteins].contains(nutrient) {
                confidence = min(1, confidence + 0.06)
            }
            // A reading the checks chose as the only one that fits is a guess at what OCR lost: always reviewed.
            let entryKey = spec.key(of: nutrient)
            if findings.contains(where: { $0.check == Self.settledReadingCheck && $0.keys.contains(entryKey) }) {
                confidence = min(confidence, Self.grammarReviewThreshold * 0.9)
            }
            var trial = values
            trial.removeValue(forKey: nutrient)
            let penaltyWithout = ConsistencyChecks.penalty(trial, basis: spec.basis, kcal: energy.kcalValue,
                                                             countsMassSum: options.massSumLowersConfidence)
            if penaltyWithout < penaltyBefore - 1e-9 { confidence *= 0.55 }
            // No 100 g holds more than 100 g of anything, nor more than 40 g of sodium (sodium chloride is 39.3 %
            // sodium): such a reading is OCR debris (a lot number, two cells run together). It is reported as a
            // finding and given no value, since no repair reading fitted.
            if spec.basis == .per100g, candidate.keyDouble > (nutrient == .sodium ? 40 : 100) {
                findings.append(ConsistencyFinding(
                    check: "mass-over-100g", keys: [NutritionEntry.key(nutrient: nutrient, basis: spec.basis,
                                                                       preparation: spec.preparation)],
                    message: "\(reading.value) \(reading.unit?.rawValue ?? "g") per 100 g is impossible: dropped"))
                continue
            }
            // Nor does a serving hold 10 g of a vitamin, mineral or sodium (25 g of salt), or 2 kg of one
            // macronutrient (a novelty 2 lb bar declares 960 g carbohydrate per serving): with no serving size
            // read, these bounds still catch lot numbers and cells run together ("Sodium … 9948", "Fat … 6010").
            if spec.basis == .perServing,
               candidate.keyDouble > (nutrient.isMicronutrient ? 10 : nutrient == .salt ? 25 : 2000) {
                findings.append(ConsistencyFinding(
                    check: "serving-mass-impossible", keys: [NutritionEntry.key(nutrient: nutrient, basis: spec.basis,
                                                                                preparation: spec.preparation)],
                    message: "\(reading.value) \(reading.unit?.rawValue ?? "g") per serving is impossible: dropped"))
                continue
            }
            if spec.basis == .perServing, spec.preparation == .asSold, candidate.chosen != 0, let grams = servingGrams,
               candidate.readings[0].value * (candidate.readings[0].unit?.grams ?? 1) > Decimal(grams) {
                findings.append(ConsistencyFinding(
                    check: "serving-mass-limit", keys: [NutritionEntry.key(nutrient: nutrient, basis: spec.basis,
                                                                           preparation: spec.preparation)],
                    message: "\(candidate.readings[0].value) g in a \(grams) g serving is impossible; read as \(reading.value)"))
            }
            var repairs = reading.repairs
            if row?.inferred == true { repairs.append(.inferredRow) }
            entries.append(entry(nutrient, spec: spec, value: reading.value, unit: reading.unit ?? .gram,
                                 qualifier: candidate.qualifier, cell: candidate.cell, label: row?.labelText,
                                 confidence: confidence, repairs: repairs))
        }
        addPairFindings(values, spec: spec, findings: &findings)
        return entries
    }

    /// Whether labels print `nutrient` in `unit`: macronutrients and salt in grams (Regulation (EU) 1169/2011 Annex
    /// XV, 21 CFR 101.9(c)), US panels' sodium and cholesterol in milligrams (21 CFR 101.9(c)(4), (5)). A cell in
    /// another unit is usually another row's value ("Fat % | 0mg" took the sodium cell, "Sugars 105mg") or a
    /// misread unit, so the entry is kept but its confidence lowered. `nil` (no unit read) is not judged here.
    static func isPrintedUnit(_ unit: NutrientUnit?, for nutrient: Nutrient, usPanel: Bool) -> Bool {
        guard let unit, !nutrient.isEnergy else { return true }
        if isDeclaredInGrams(nutrient) { return unit == .gram }
        if usPanel, nutrient == .sodium || nutrient == .cholesterol { return unit != .gram }
        return true
    }

    /// Lowers the confidence of per-100 g amounts few foods reach (``isRareAmount(_:of:)``), judged on the final
    /// values (after the cross-column separator repairs), and flags them for review.
    func flagRareAmounts(_ entries: inout [NutritionEntry]) {
        // Per serving too: a serving holds at most what 100 g of the rare foods do (5 g salt is most of a day's 6 g).
        for index in entries.indices {
            let grams = entries[index].valueInKeyUnit.asDouble
            guard Self.isRareAmount(grams, of: entries[index].nutrient) else { continue }
            entries[index].confidence *= 0.75
            entries[index].needsReview = entries[index].needsReview || entries[index].confidence < Self.grammarReviewThreshold
        }
    }

    /// Per-100 g amounts few foods reach: salt above 5 g (condiments, stock; sodium above 2 g) and fibre above 20 g
    /// (bran). On the FoodLabel text and the Tesseract dumps about half of such readings were another cell or a
    /// dropped separator ("Salt 13g" for 0,13 g, "Ballaststoffe 50 g" for 5,0), against 3 % of all readings, so
    /// they are flagged for review, not changed. Trans fat above 10 g (partially hydrogenated shortening; most
    /// jurisdictions now cap industrial trans fat at 2 g per 100 g of fat) was debris on the dumps ("Trans Fat) 70").
    static func isRareAmount(_ grams: Double, of nutrient: Nutrient) -> Bool {
        switch nutrient {
        case .salt: return grams > 5
        case .sodium: return grams > 2
        case .fiber: return grams > 20
        case .transFat: return grams > 10
        default: return false
        }
    }

    private func addPairFindings(_ values: [Nutrient: CandidateValue], spec: ColumnSpec,
                                 findings: inout [ConsistencyFinding]) {
        for (sub, parent) in ConsistencyChecks.subRowsExceedingParent(values) {
            let check: String
            switch sub {
            case .saturatedFat: check = "saturates-exceed-fat"
            case .sugars: check = "sugars-exceed-carbohydrates"
            default: check = "sub-row-exceeds-parent"
            }
            findings.append(ConsistencyFinding(
                check: check, keys: [spec.key(of: sub), spec.key(of: parent)],
                message: "\(sub.rawValue) \(values[sub]!.keyValue) g > \(parent.rawValue) \(values[parent]!.keyValue) g"))
        }
    }

    private func entry(_ nutrient: Nutrient, spec: ColumnSpec, value: Decimal, unit: NutrientUnit,
                       qualifier: ValueQualifier?, cell: AssembledCell, label: String?, confidence: Double,
                       repairs: [ValueRepair]) -> NutritionEntry {
        let source = label.map { $0 == cell.quantity.text ? $0 : "\($0) | \(cell.quantity.text)" } ?? cell.quantity.text
        return NutritionEntry(nutrient: nutrient, basis: spec.basis, preparation: spec.preparation, value: value,
                              unit: unit, qualifier: qualifier, referenceIntakePercent: cell.referenceIntakePercent,
                              confidence: confidence, needsReview: confidence < Self.grammarReviewThreshold,
                              sourceText: source, box: cell.box, repairs: repairs)
    }
}
