import Foundation

// Checks across columns and rows: separator repair, salt vs sodium, per serving vs per 100 g, %RI.
extension TableBuilder {
    /// The serving size a table implies when OCR lost its header ("Typical values per 100g | per serving"
    /// with the "(21 g)" unread): per-serving energy ÷ per-100 g energy × 100, when both kJ and kcal give the same
    /// ratio (within 3 %) — two independent cells, so a misread one does not invent a size. `nil` otherwise.
    static func servingGramsFromEnergy(_ entries: [NutritionEntry]) -> Double? {
        func ratio(_ nutrient: Nutrient) -> Double? {
            let exact = entries.filter { $0.nutrient == nutrient && $0.qualifier == nil && $0.preparation == .asSold }
            guard let per100 = exact.first(where: { $0.basis == .per100g }),
                  let serving = exact.first(where: { $0.basis == .perServing }) else { return nil }
            let base = per100.value.asDouble
            return base >= 40 ? serving.value.asDouble / base : nil
        }
        guard let kcal = ratio(.energyKcal), let kj = ratio(.energyKJ), kcal > 0, kj > 0,
              abs(kcal - kj) <= 0.03 * max(kcal, kj) else { return nil }
        return 100 * (kcal + kj) / 2
    }

    /// Salt vs sodium, per serving vs per 100 g, %RI vs Annex XIII reference intakes.
    func crossColumnChecks(_ entries: inout [NutritionEntry], findings: inout [ConsistencyFinding]) {
        func lower(_ index: Int, by factor: Double) {
            entries[index].confidence *= factor
            entries[index].needsReview = entries[index].confidence < Self.grammarReviewThreshold
        }
        let printedServingSize = layout.servingSize?.quantity.map(\.asDouble)
        let unresolved = ServingColumnRepair.repair(&entries, servingGrams: printedServingSize,
                                   referenceIntakes: layout.referenceIntakes,
                                   reviewThreshold: Self.grammarReviewThreshold, findings: &findings)
        for index in entries.indices where entries[index].nutrient == .salt && entries[index].qualifier == nil {
            let salt = entries[index]
            guard let sodium = entries.first(where: {
                $0.nutrient == .sodium && $0.basis == salt.basis && $0.preparation == salt.preparation && $0.qualifier == nil
            }) else { continue }
            let expected = sodium.valueInKeyUnit.asDouble * 2.5
            let actual = salt.valueInKeyUnit.asDouble
            if abs(actual - expected) > max(0.06, 0.12 * expected) {
                lower(index, by: 0.7)
                findings.append(ConsistencyFinding(check: "salt-vs-sodium", keys: [salt.key, sodium.key],
                                                   message: "salt \(salt.valueInKeyUnit) g ≠ 2.5 × sodium \(sodium.valueInKeyUnit) g"))
            }
        }
        // A size implied by the energy columns only flags rows for review: as evidence for separator repairs it
        // "confirmed" values of rows that OCR had shifted (FoodLabel large crop 0158: sugars 26 → 2.6).
        if let size = printedServingSize ?? Self.servingGramsFromEnergy(entries), size > 0 {
            for index in entries.indices where entries[index].basis == .perServing && entries[index].qualifier == nil {
                let serving = entries[index]
                guard let per100 = entries.first(where: {
                    $0.nutrient == serving.nutrient && $0.basis == .per100g && $0.preparation == serving.preparation
                        && $0.qualifier == nil
                }) else { continue }
                let expected = per100.valueInKeyUnit.asDouble * size / 100
                let actual = serving.valueInKeyUnit.asDouble
                let tolerance = serving.nutrient.isEnergy ? max(6, 0.1 * expected) : max(0.15, 0.12 * expected)
                if abs(actual - expected) > tolerance {
                    lower(index, by: 0.75)
                    findings.append(ConsistencyFinding(
                        check: "serving-vs-100g", keys: [serving.key, per100.key],
                        message: String(format: "%@ per serving is %.2f, expected %.2f from per 100 g × %.0f/100",
                                        serving.nutrient.rawValue, actual, expected, size)))
                }
            }
        }
        for index in entries.indices {
            guard let percent = entries[index].referenceIntakePercent, entries[index].qualifier == nil else { continue }
            guard let intake = entries[index].nutrient.referenceIntake(in: layout.referenceIntakes) else {
                // A row with no reference intake (fibre, trans fat, …) printed beside the %RI of another row's
                // intake for the same amount ("Fibre 14 g 28%": 28 % of protein's 50 g) holds that row's cell.
                // Not US panels: their %DV covers added sugars (50 g, as protein's RI), fibre, potassium.
                guard !layout.isUSStyle, !entries[index].nutrient.isMicronutrient, percent.asDouble >= 1 else { continue }
                let amount = entries[index].valueInKeyUnit.asDouble
                let owner = [Nutrient.fat, .saturatedFat, .carbohydrates, .sugars, .proteins, .salt].first { other in
                    guard let otherIntake = other.referenceIntake(in: layout.referenceIntakes) else { return false }
                    return amount / otherIntake.asDouble * 100 >= 1
                        && ServingColumnRepair.percentAgrees(amount: amount, intake: otherIntake.asDouble, percent: percent)
                }
                if let owner {
                    lower(index, by: 0.8)
                    findings.append(ConsistencyFinding(
                        check: "ri-percent-of-other-row", keys: [entries[index].key],
                        message: "\(percent)% RI printed beside \(entries[index].nutrient.rawValue) is the %RI of "
                            + "\(owner.rawValue) for this amount: the cell may be that row's"))
                }
                continue
            }
            let expected = entries[index].valueInKeyUnit.asDouble / intake.asDouble * 100
            if ServingColumnRepair.percentAgrees(amount: entries[index].valueInKeyUnit.asDouble, intake: intake.asDouble,
                                                 percent: percent) {
                entries[index].confidence = min(1, entries[index].confidence + 0.05)
                entries[index].needsReview = entries[index].confidence < Self.grammarReviewThreshold
            } else {
                lower(index, by: 0.8)
                findings.append(ConsistencyFinding(
                    check: "ri-percent", keys: [entries[index].key],
                    message: String(format: "%@%% RI printed, %.0f%% expected from %@", "\(percent)", expected,
                                    layout.referenceIntakes == .euAnnexXIII ? "Annex XIII" : "FSANZ Schedule 1.2.8")))
            }
        }
        // Per 100 g, per serving and %RI disagreeing with no separator repair to explain it: a user must look.
        for index in unresolved { entries[index].needsReview = true }
    }
}
