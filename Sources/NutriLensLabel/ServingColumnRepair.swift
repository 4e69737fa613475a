import Foundation

/// Repairs a decimal separator that OCR dropped or misread in a per-100 g or per-serving mass value, using the
/// other column and the %RI column as evidence (Regulation (EU) No 1169/2011: per serving = per 100 g × size/100,
/// Art. 32; %RI = amount / Annex XIII reference intake × 100).
///
/// For each nutrient with an exact value and at least one check available, hypotheses are the value as printed,
/// the printed digits with a separator inserted at each position (÷ 10, ÷ 100, …) and, when a ":" ";" "'" sits
/// between digits in the cell, that glyph read as the separator. A repair is taken only when the value as printed
/// fails a check, the hypothesis passes every check, it conforms to the EC rounding guidance, and only one column
/// has a fitting hypothesis. A row left inconsistent is marked `needsReview`.
enum ServingColumnRepair {
    /// Multiplies confidence for a repaired value: the repair is checked, but the printed number was not read.
    static let repairConfidenceFactor = 0.9

    /// A value hypothesis: the number in the entry's unit and the repair that produces it (none = as printed).
    struct Hypothesis: Equatable {
        var value: Decimal
        var repair: ValueRepair?
    }

    /// Repairs `entries` in place; `servingGrams` is the serving size (g or ml), `nil` when unknown. Returns the
    /// indices of entries left inconsistent with no fitting repair, to be marked `needsReview` once every other
    /// check has adjusted confidence.
    @discardableResult
    static func repair(_ entries: inout [NutritionEntry], servingGrams: Double?,
                       referenceIntakes: ReferenceIntakes = .euAnnexXIII, reviewThreshold: Double,
                       findings: inout [ConsistencyFinding]) -> Set<Int> {
        var unresolved = Set<Int>()
        let agreeing = corroboratingNutrients(entries, servingGrams: servingGrams, referenceIntakes: referenceIntakes)
        for index in entries.indices where entries[index].basis == .per100g {
            let per100 = entries[index]
            guard per100.nutrient.isMass, per100.qualifier == nil else { continue }
            let servingIndex = entries.indices.first {
                entries[$0].basis == .perServing && entries[$0].nutrient == per100.nutrient
                    && entries[$0].preparation == per100.preparation
            }
            // A column is evidence only when another row agrees as printed: that confirms the serving size and
            // the column alignment (misaligned OCR columns otherwise "confirm" a wrong tenfold repair).
            let nutrient = entries[index].nutrient
            let servingTrusted = !agreeing.serving.subtracting([nutrient]).isEmpty
            let percentTrusted = !agreeing.percent.subtracting([nutrient]).isEmpty
            unresolved.formUnion(repairRow(&entries, per100: index, serving: servingIndex,
                                           referenceIntakes: referenceIntakes,
                                           servingGrams: servingTrusted ? servingGrams : nil,
                                           percentTrusted: percentTrusted,
                                           reviewThreshold: reviewThreshold, findings: &findings))
        }
        return unresolved
    }

    private static func repairRow(_ entries: inout [NutritionEntry], per100 index: Int, serving servingIndex: Int?,
                                  referenceIntakes: ReferenceIntakes,
                                  servingGrams: Double?, percentTrusted: Bool, reviewThreshold: Double,
                                  findings: inout [ConsistencyFinding]) -> Set<Int> {
        let per100 = entries[index]
        let serving = servingIndex.map { entries[$0] }
        // A per-serving value already doubted by other checks is no evidence.
        let exactServing = serving.flatMap { $0.qualifier == nil && !$0.needsReview ? $0 : nil }
        // Rows with a per-serving value under the rounding floor ("0", "<0.5 g" territory) carry no evidence.
        let usableServing = exactServing.flatMap { isAboveRoundingFloor($0) ? $0 : nil }
        guard isAboveRoundingFloor(per100) else { return [] }
        let evidence = Evidence(servingGrams: servingGrams,
                                per100Percent: percentTrusted ? per100.referenceIntakePercent : nil,
                                servingPercent: percentTrusted && serving?.qualifier == nil
                                    ? serving?.referenceIntakePercent : nil,
                                intake: per100.nutrient.referenceIntake(in: referenceIntakes).map(\.asDouble),
                                servingUpperBound: serving?.qualifier == .lessThan ? serving.map { $0.valueInKeyUnit.asDouble } : nil)
        let per100Key = per100.valueInKeyUnit.asDouble
        let servingKey = usableServing.map { $0.valueInKeyUnit.asDouble }
        guard let asPrinted = evidence.consistent(per100: per100Key, serving: servingKey), !asPrinted else { return [] }

        var fits: [(isPer100: Bool, Hypothesis)] = []
        for hypothesis in hypotheses(for: per100) {
            let key = hypothesis.value.asDouble * unitScale(per100)
            if evidence.consistent(per100: key, serving: servingKey) == true { fits.append((true, hypothesis)) }
        }
        if let usableServing, servingGrams != nil {
            for hypothesis in hypotheses(for: usableServing) {
                let key = hypothesis.value.asDouble * unitScale(usableServing)
                if evidence.consistent(per100: per100Key, serving: key) == true { fits.append((false, hypothesis)) }
            }
        }
        let columns = Set(fits.map(\.isPer100))
        guard columns.count == 1, let (isPer100, hypothesis) = fits.first,
              let target = isPer100 ? index : servingIndex, let repair = hypothesis.repair else {
            // Inconsistent and nothing explains it: a user must check this row.
            findings.append(ConsistencyFinding(
                check: "separator-unresolved", keys: [per100.key] + (serving.map { [$0.key] } ?? []),
                message: "\(per100.nutrient.rawValue): per 100 g, per serving and %RI disagree and no decimal "
                    + "separator repair reconciles them"))
            return Set([index, servingIndex].compactMap { $0 })
        }
        let before = entries[target].value
        entries[target].value = hypothesis.value
        entries[target].repairs.append(repair)
        entries[target].confidence *= repairConfidenceFactor
        entries[target].needsReview = entries[target].confidence < reviewThreshold
        findings.append(ConsistencyFinding(
            check: "separator-repair", keys: [entries[target].key],
            message: "\(entries[target].key) read as \(before), repaired to \(hypothesis.value): it then agrees "
                + "with the other column / %RI"))
        return []
    }

    /// Nutrients whose per-serving value agrees with per 100 g × size/100 as printed, and whose %RI agrees with
    /// Annex XIII as printed (energy included): the rows that vouch for each column.
    static func corroboratingNutrients(_ entries: [NutritionEntry], servingGrams: Double?,
                                       referenceIntakes: ReferenceIntakes = .euAnnexXIII)
        -> (serving: Set<Nutrient>, percent: Set<Nutrient>) {
        var serving = Set<Nutrient>()
        var percent = Set<Nutrient>()
        for entry in entries where entry.qualifier == nil && entry.value > 0 {
            if let intake = entry.nutrient.referenceIntake(in: referenceIntakes).map(\.asDouble),
               let printed = entry.referenceIntakePercent,
               printed > 0, percentAgrees(amount: entry.valueInKeyUnit.asDouble, intake: intake, percent: printed) {
                percent.insert(entry.nutrient)
            }
            guard entry.basis == .perServing, let servingGrams, let per100 = entries.first(where: {
                $0.basis == .per100g && $0.nutrient == entry.nutrient && $0.preparation == entry.preparation
                    && $0.qualifier == nil && $0.value > 0
            }) else { continue }
            if servingAgrees(per100: per100.valueInKeyUnit.asDouble, serving: entry.valueInKeyUnit.asDouble,
                             grams: servingGrams) {
                serving.insert(entry.nutrient)
            }
        }
        return (serving, percent)
    }

    /// The checks a row offers; each is `nil`-free only when its inputs are present.
    struct Evidence {
        var servingGrams: Double?
        var per100Percent: Decimal?
        var servingPercent: Decimal?
        var intake: Double?
        /// A per-serving "<0.5 g": per 100 g × size/100 must not exceed it (beyond rounding).
        var servingUpperBound: Double?

        /// `nil` when no check applies, else whether every applicable check passes (values in key units).
        func consistent(per100: Double, serving: Double?) -> Bool? {
            var checks: [Bool] = []
            if let servingGrams, let serving {
                checks.append(ServingColumnRepair.servingAgrees(per100: per100, serving: serving, grams: servingGrams))
            }
            if let servingGrams, let servingUpperBound, serving == nil {
                checks.append(per100 * servingGrams / 100 <= servingUpperBound * 1.12 + 0.05)
            }
            if let intake, intake > 0 {
                if let per100Percent {
                    checks.append(ServingColumnRepair.percentAgrees(amount: per100, intake: intake, percent: per100Percent))
                }
                if let servingPercent {
                    if let serving {
                        checks.append(ServingColumnRepair.percentAgrees(amount: serving, intake: intake,
                                                                        percent: servingPercent))
                    } else if let servingGrams {
                        checks.append(ServingColumnRepair.percentAgrees(amount: per100 * servingGrams / 100,
                                                                        intake: intake, percent: servingPercent))
                    }
                }
            }
            return checks.isEmpty ? nil : !checks.contains(false)
        }
    }

    /// Per serving ≈ per 100 g × size/100 within rounding: 12 % or 0.15 g (one printed decimal on each side).
    static func servingAgrees(per100: Double, serving: Double, grams: Double) -> Bool {
        let expected = per100 * grams / 100
        return abs(serving - expected) <= max(0.15, 0.12 * expected)
    }

    /// %RI printed as a whole percent: within 1.5 points or 12 %.
    static func percentAgrees(amount: Double, intake: Double, percent: Decimal) -> Bool {
        let expected = amount / intake * 100
        return abs(percent.asDouble - expected) <= max(1.5, 0.12 * expected)
    }

    /// Hypotheses other than the value as printed, least change first: separator inserted (÷ 10, ÷ 100, …) into a
    /// whole number of two or more digits, then a misread separator glyph in the cell text, each only when the
    /// result conforms to the EC rounding guidance (a repair never yields "2.16 g" of salt).
    static func hypotheses(for entry: NutritionEntry) -> [Hypothesis] {
        var result: [Hypothesis] = []
        let printed = entry.value
        var whole = Decimal()
        var copy = printed
        NSDecimalRound(&whole, &copy, 0, .plain)
        if printed > 0, printed == whole {
            let digitCount = "\(printed)".count
            var divisor = Decimal(10)
            for _ in 1..<max(1, digitCount) {
                result.append(Hypothesis(value: printed / divisor, repair: .insertedDecimalSeparator))
                divisor *= 10
            }
        }
        let printedDigits = "\(printed)"
        for reading in misreadSeparatorReadings(entry.sourceText)
        where reading.value != printed && (reading.whole == printedDigits || reading.fraction == printedDigits) {
            result.append(Hypothesis(value: reading.value, repair: .misreadDecimalSeparator))
        }
        return result.filter { conforms($0.value, nutrient: entry.nutrient) }
    }

    /// Numbers in `text` written with a misread separator between digits ("21:6" → 21.6, "1;4 g" → 1.4, "0'62"
    /// → 0.62): digits, one of `: ; ' ’ ``, one or two digits. The number grammar stops at such a glyph, so the
    /// cell holds only one side of it; callers keep the readings whose whole or fraction part is the cell's number.
    static func misreadSeparatorReadings(_ text: String) -> [(whole: String, fraction: String, value: Decimal)] {
        let characters = Array(text)
        func isDigit(_ index: Int) -> Bool { index < characters.count && characters[index].isASCII && characters[index].isNumber }
        var result: [(String, String, Decimal)] = []
        var index = 0
        while index < characters.count {
            guard isDigit(index), index == 0 || !isDigit(index - 1) else { index += 1; continue }
            var end = index
            while isDigit(end) { end += 1 }
            let whole = String(characters[index..<end])
            if end < characters.count, ":;'’`".contains(characters[end]), isDigit(end + 1) {
                var fractionEnd = end + 1
                while isDigit(fractionEnd) { fractionEnd += 1 }
                let fraction = String(characters[(end + 1)..<fractionEnd])
                if fraction.count <= 2, let value = Decimal(string: "\(whole).\(fraction)") {
                    result.append((whole, fraction, value))
                }
            }
            index = end
        }
        return result
    }

    /// Decimals allowed by the EC rounding guidance, for a value in grams (or the entry's micronutrient unit).
    private static func conforms(_ value: Decimal, nutrient: Nutrient) -> Bool {
        var copy = value
        var rounded = Decimal()
        for digits in 0...3 {
            NSDecimalRound(&rounded, &copy, digits, .plain)
            if rounded == value {
                if nutrient == .salt { return value >= 1 ? digits <= 1 : digits <= 2 }
                return nutrient.isMicronutrient ? digits <= 3 : digits <= 1
            }
        }
        return false
    }

    /// Values the guidance lets a label print as "0" or "<…" carry too little precision to argue about a digit:
    /// ≤ 0.5 g for macronutrients, ≤ 0.0125 g salt; micronutrients are compared only above zero.
    private static func isAboveRoundingFloor(_ entry: NutritionEntry) -> Bool {
        let grams = entry.valueInKeyUnit.asDouble
        switch entry.nutrient {
        case .salt: return grams > 0.0125
        default: return entry.nutrient.isMicronutrient ? grams > 0 : grams > 0.5
        }
    }

    private static func unitScale(_ entry: NutritionEntry) -> Double {
        entry.value == 0 ? 1 : entry.valueInKeyUnit.asDouble / entry.value.asDouble
    }

}
