import Foundation

// Choosing between OCR readings of mass cells (trailing 9 as g, dropped or spurious separators) by consistency.
extension TableBuilder {
    /// The readings of a cell for a row; `nil` for an amount in international units the row cannot convert.
    ///
    /// International units (IU, UI, I.E.) measure activity: vitamin D has one factor, 1 IU = 0.025 µg (40 IU per µg;
    /// 21 CFR 101.9(c)(8)(iv), Codex CAC/GL 2-1985), so its amount is converted; vitamin A (0.3 µg retinol or 0.6 µg
    /// β-carotene per IU) and vitamin E (0.67 mg natural or 0.45 mg synthetic α-tocopherol per IU) depend on a form
    /// the label does not state, and other rows have no IU: their amount is left out (finding `international-units`).
    func candidate(for cell: AssembledCell, nutrient: Nutrient) -> CandidateValue? {
        if cell.quantity.isInternationalUnits {
            guard nutrient == .vitaminD else { return nil }
            var reading = cell.quantity.primary
            reading.value *= Decimal(string: "0.025")!
            reading.fractionDigits += 3
            reading.unit = .microgram
            return CandidateValue(readings: [reading], chosen: 0, qualifier: cell.quantity.qualifier, cell: cell)
        }
        var readings = [cell.quantity.primary] + cell.quantity.alternatives.filter { $0.unit?.isEnergy != true }
        // A mass row with no unit read is in grams, except sodium and cholesterol on US/CA panels, which
        // 21 CFR 101.9(c)(3)-(4) declares in milligrams ("Sodium 150 6%" with its "mg" on the next line).
        let unitless: NutrientUnit = layout.isUSStyle && [.sodium, .cholesterol].contains(nutrient) ? .milligram : .gram
        for index in readings.indices where readings[index].unit == nil {
            readings[index].unit = unitless
        }
        return CandidateValue(readings: readings, chosen: 0, qualifier: cell.quantity.qualifier, cell: cell)
    }

    /// Greedy search over OCR readings: switch a value to an alternative reading only when that lowers the
    /// column's consistency penalty by more than the alternative's cost.
    /// `servingLimit`: the serving size in grams for an as-sold per-serving column (a prepared serving weighs more:
    /// cereal with ½ cup of milk), else `nil`.
    func chooseMassReadings(_ values: inout [Nutrient: CandidateValue], basis: NutritionBasis, kcal: Double?,
                            servingLimit: Double?) {
        // US/CA panels always print the unit after the amount (21 CFR 101.9).
        let unitsPrinted = amountsPrintUnits || layout.isUSStyle
        func cost(of reading: ScannedQuantity.Reading, original: CandidateValue, nutrient: Nutrient) -> Double {
            self.cost(of: reading, original: original, nutrient: nutrient, unitsPrinted: unitsPrinted,
                      exceedsParent: Self.exceedsParent(original, nutrient: nutrient, in: values, kcal: kcal))
        }
        for _ in 0..<2 {
            for nutrient in values.keys.sorted(by: { $0.declarationOrder < $1.declarationOrder }) {
                guard let current = values[nutrient], current.readings.count > 1 else { continue }
                var bestIndex = current.chosen
                var bestScore = ConsistencyChecks.penalty(values, basis: basis, kcal: kcal, servingGrams: servingLimit)
                    + cost(of: current.reading, original: current, nutrient: nutrient)
                for index in current.readings.indices where index != current.chosen {
                    var trial = values
                    trial[nutrient]?.chosen = index
                    let score = ConsistencyChecks.penalty(trial, basis: basis, kcal: kcal, servingGrams: servingLimit)
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
    private func cost(of reading: ScannedQuantity.Reading, original: CandidateValue, nutrient: Nutrient,
                      unitsPrinted: Bool, exceedsParent: Bool) -> Double {
        let printed = original.cell.quantity.text.trimmingCharacters(in: .whitespaces)
        // "019" for "0.1g": without its 9 the run is "01", a leading zero labels never print before a whole number,
        // so the g-as-9 reading keeps the separator after the zero (0.1), not the bare "1".
        let zeroLed = leadingZeroWhole(printed) && printed.prefix { $0.isNumber }.count >= 3
        let nineAlternative = original.readings.first {
            $0.repairs.contains(.nineAsGram) && $0.repairs.contains(.insertedDecimalSeparator) == zeroLed
        }
        // A table that prints "6g", "170mg" after its amounts does not print one bare number ending in 9: that 9 is
        // the g ("Total Fat 69 9%" is 6 g). The consistency checks can still overrule with strong evidence.
        // Only whole numbers ("69", "169"): "0.9", "0.19" are printed values (salt under 1 g prints two decimals),
        // and vitamin/mineral cells print mg/µg, whose "g" OCR keeps.
        // A decimal-comma table that reads one bare "12.9" has the g read as 9 after a speck read as a point: its
        // own decimals are printed "5,8g".
        let wholeNumber = !printed.contains(where: { $0 == "." || $0 == "," })
            || (printed.hasSuffix(".9") && printsDecimalComma)
        if unitsPrinted, let nineAlternative, !nutrient.isMicronutrient, wholeNumber {
            if reading == nineAlternative { return 0.05 }
            if reading == original.readings[0] { return 0.6 }
            // "439" for "4.3g" (separator lost, g read as 9) needs two repairs, but it keeps the table's printed
            // unit, which any other reading of the run ("4.39", "43.9") does not: it wins their ties.
            let both = reading.repairs.contains(.nineAsGram) && reading.repairs.contains(.insertedDecimalSeparator)
            return both ? 1.4 : 1.5
        }
        if reading == original.readings[0] {
            // "09", "07 g": no label prints a leading zero before a whole number; either the 9 was the g or OCR
            // dropped the separator after the zero.
            if leadingZeroWhole(printed) { return 0.8 }
            // "3,99" / "0,069" / "4,78" with no unit: more decimals than labels print, while "3,9 g" / "0,06 g" /
            // "4,7 g" conform.
            // "7.849" / "0,2669": three or more decimals in grams are never printed for a macronutrient or salt
            // (EC rounding guidance), so the 9 read as the g wins even when one decimal too many remains ("7.84").
            if let nineAlternative, !RoundingGuidance.conforms(reading, nutrient: nutrient),
               RoundingGuidance.conforms(nineAlternative, nutrient: nutrient)
                || (!nutrient.isMicronutrient && reading.fractionDigits >= 3
                    && nineAlternative.fractionDigits < reading.fractionDigits) {
                return 0.7
            }
            return 0
        }
        if reading == nineAlternative, zeroLed { return 0.1 }
        if reading.repairs.contains(.nineAsGram), reading.repairs.contains(.insertedDecimalSeparator) {
            // Two repairs at once: believed only when the printed number is impossible per 100 g.
            return original.readings[0].value > 100 ? 0.6 : 1.8
        }
        if reading.repairs.contains(.nineAsGram) {
            if zeroLed { return 0.8 }
            if printed.hasPrefix("0") && !printed.contains(".") && !printed.contains(",") { return 0.1 }
            return RoundingGuidance.conforms(reading, nutrient: nutrient) ? 0.35 : 0.6
        }
        // A dropped separator is believed readily when the printed number is impossible per 100 g, otherwise only
        // when it fixes a large inconsistency (energy far from the macros).
        if reading.repairs.contains(.insertedDecimalSeparator) {
            // "07" → 0.7: the separator belongs right after the leading zero; a trailing 9 with no unit read is
            // still more likely the g ("09" → 0 g), so that reading stays cheaper.
            if leadingZeroWhole(printed), reading.value < 1 {
                // "019" as salt 0.19 conforms and ties with the g-as-9 reading 0.1 (reading order keeps 0.19).
                if zeroLed, RoundingGuidance.conforms(reading, nutrient: nutrient) { return 0.1 }
                return nineAlternative == nil ? 0.1 : 0.3
            }
            // As impossible as a mass above 100 g: saturates above fat, sugars above carbohydrate ("61g" saturates
            // under "11 g" fat is 6,1 g).
            let base = original.readings[0].value > 100 || exceedsParent ? 0.5 : 1.5
            return base + (RoundingGuidance.conforms(reading, nutrient: nutrient) ? 0 : 0.2)
        }
        if reading.repairs.contains(.removedDecimalSeparator) { return 1.4 }
        return 0.5
    }

    /// `true` when a sub-row's printed reading (saturates, sugars, …) exceeds its parent row's (fat, carbohydrate; see
    /// ``Nutrient/parentRow``) exact value, which Regulation 1169/2011 Annex I makes impossible, and the parent is trusted: the declared
    /// energy matches the macros as read (on whole packs a parent read from another row, "3.4" fat for 24, makes
    /// the sub-row look too large).
    static func exceedsParent(_ original: CandidateValue, nutrient: Nutrient,
                              in values: [Nutrient: CandidateValue], kcal: Double?) -> Bool {
        // Only parents the energy check covers: total sugars under added sugars are not confirmed by it.
        guard original.isExact, let parentRow = nutrient.parentRow, [.fat, .carbohydrates].contains(parentRow),
              let parent = values[parentRow], parent.isExact,
              let kcal, let estimate = ConsistencyChecks.macroEnergyKcal(values),
              ConsistencyChecks.energyMismatch(kcal: kcal, estimate: estimate) == 0
        else { return false }
        // A single digit ("5 g") lost no separator: "0,5" read without it is "05".
        guard original.cell.quantity.text.filter(\.isNumber).count >= 2 else { return false }
        let printed = original.readings[0]
        let grams = (printed.value * (printed.unit?.grams ?? 1)).asDouble
        return grams > parent.keyDouble + 0.05
    }

    /// `true` for a printed digit run with a leading zero and no separator ("07", "09 g"), which labels never print.
    private func leadingZeroWhole(_ printed: String) -> Bool {
        let digits = printed.prefix { $0.isNumber }
        return digits.count >= 2 && digits.hasPrefix("0")
            && !printed.contains(where: { $0 == "." || $0 == "," })
    }

    /// `true` when the table prints a unit after its amounts ("6g", "170mg"): at least three mass cells carry a unit
    /// and they outnumber the bare numbers two to one.
    var amountsPrintUnits: Bool {
        var withUnit = 0, bare = 0
        for row in rows where !row.nutrient.isEnergy {
            for cell in row.cells where cell.quantity.qualifier == nil && !cell.quantity.isPercent {
                if let unit = cell.quantity.unit {
                    if !unit.isEnergy { withUnit += 1 }
                } else {
                    bare += 1
                }
            }
        }
        return withUnit >= 3 && withUnit >= 2 * bare
    }

    /// `true` when the table writes its decimals with a comma ("5,8g"): at least three mass cells with a comma
    /// between digits and at most one with a point.
    var printsDecimalComma: Bool {
        var comma = 0, point = 0
        for row in rows where !row.nutrient.isEnergy {
            for cell in row.cells {
                let chars = Array(cell.quantity.text)
                for index in chars.indices.dropFirst().dropLast()
                where chars[index - 1].isNumber && chars[index + 1].isNumber {
                    if chars[index] == "," { comma += 1 } else if chars[index] == "." { point += 1 }
                }
            }
        }
        return comma >= 3 && point <= 1
    }

    /// The serving size in grams when the header states one in g ("per 30 g serving"), else `nil`.
    var servingGrams: Double? {
        layout.servingSize?.quantity.map { $0.asDouble }
            .flatMap { $0 > 0 && layout.servingSize?.unit?.lowercased() == "g" ? $0 : nil }
    }
}
