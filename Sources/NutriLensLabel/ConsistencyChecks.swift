import Foundation

/// One candidate value for a nutrient in one column while checks choose between OCR readings.
struct CandidateValue: Sendable {
    var readings: [ScannedQuantity.Reading]
    var chosen: Int
    var qualifier: ValueQualifier?
    var cell: AssembledCell

    var reading: ScannedQuantity.Reading { readings[chosen] }
    /// The chosen value in the key unit (kJ, kcal or grams).
    var keyValue: Decimal {
        guard let grams = reading.unit?.grams else { return reading.value }
        return reading.value * grams
    }
    var keyDouble: Double { keyValue.asDouble }
    /// Exact values take part in sum checks; "<" and trace values do not (openfoodfacts-server #11075).
    var isExact: Bool { qualifier == nil }
}

/// The rules of Regulation (EU) No 1169/2011 that tie a table's numbers together, used to choose between OCR
/// readings and to set confidence:
/// - kJ ≈ 4.184 × kcal, but Annex XIV factors give 4.0…4.33 per macro, so a band plus a floor for tiny values;
/// - energy ≈ Σ macros × Annex XIV factors (fat 9, carbohydrate 4, protein 4, fibre 2, polyols 2.4 kcal/g);
/// - sub-rows ≤ their parent (saturates ≤ fat, sugars ≤ carbohydrate, …), no per-100 g mass above 100 g, nor the
///   disjoint masses together (fat + carbohydrate + fibre + protein + salt, ``massSumExceeds(_:)``); salt = sodium
///   × 2.5 (Annex I).
enum ConsistencyChecks {
    /// `true` when kJ and kcal agree within the Annex XIV band (ratio 3.9…4.4) or within 4 kJ for tiny values
    /// (openfoodfacts-server #2396: 1 kcal / 5 kJ must pass).
    static func energyPairAgrees(kj: Double, kcal: Double) -> Bool {
        if kcal <= 0 { return kj <= 4 }
        if abs(kj - 4.184 * kcal) <= 4.5 { return true }
        let ratio = kj / kcal
        return ratio >= 3.9 && ratio <= 4.4
    }

    /// Energy in kcal estimated from the macros with Annex XIV factors, with and without fibre (older labels leave
    /// fibre out); `nil` when fat, carbohydrate or protein is missing.
    static func macroEnergyKcal(_ values: [Nutrient: CandidateValue]) -> (withFiber: Double, withoutFiber: Double)? {
        guard let fat = values[.fat], let carbohydrates = values[.carbohydrates],
              let proteins = values[.proteins] else { return nil }
        let polyols = values[.polyols].map(\.keyDouble) ?? 0
        let base = 9 * fat.keyDouble + 4 * max(0, carbohydrates.keyDouble - polyols) + 2.4 * polyols
            + 4 * proteins.keyDouble
        let fiber = values[.fiber].map { 2 * $0.keyDouble } ?? 0
        return (base + fiber, base)
    }

    /// Penalty (0 = consistent) of a column's values; larger means more rules broken, and by more.
    /// - Parameters:
    ///   - servingGrams: the serving size in grams for a per-serving column: no mass in a serving exceeds it, as
    ///     none per 100 g exceeds 100 g.
    ///   - countsMassSum: also judge the disjoint masses together (``massSumExceeds(_:)``). On only for the
    ///     confidence of the values as chosen (``TableBuilder/makeEntries(values:rows:energy:spec:findings:)``): the
    ///     sum says a value is wrong, not which one. Choosing readings by it was measured and dropped: salt is the
    ///     one row the energy does not pin, so it was the "one reading that fits" whenever a label's declared
    ///     masses summed past 100 g within their tolerances (FoodLabel 0349: 52 g fat, 32 g protein, 9 g fibre,
    ///     10 g salt, 106 g; its 10 g salt became 1 g), and a greedy choice took the first row in order.
    static func penalty(_ values: [Nutrient: CandidateValue], basis: NutritionBasis, kcal: Double?,
                        servingGrams: Double? = nil, countsMassSum: Bool = false) -> Double {
        var total = 0.0
        for (nutrient, value) in values
        where exceedsMassLimit(value.keyDouble, of: nutrient, basis: basis, servingGrams: servingGrams) {
            total += 3
        }
        total += Double(subRowsExceedingParent(values).count)
        // Per 100 g the disjoint masses fit in 100 g (ConsistencyChecks+MassSum); weighed like one mass over 100 g.
        if countsMassSum, basis == .per100g, massSumExceeds(values) { total += 3 }
        if let kcal, let estimate = macroEnergyKcal(values) {
            total += energyMismatch(kcal: kcal, estimate: estimate)
        } else if let kcal, let floor = macroEnergyFloorKcal(values) {
            total += energyExcess(kcal: kcal, floor: floor)
        }
        return total
    }

    /// The least energy (kcal) the macros read imply, whichever of fat, carbohydrate and protein were read: each
    /// × its Annex XIV factor, fat and carbohydrate at least their largest sub-row read (saturates, sugars… never
    /// exceed their parent, so a missing or smaller parent is stood in for), a missing protein and fibre as 0.
    /// `nil` when nothing is read.
    static func macroEnergyFloorKcal(_ values: [Nutrient: CandidateValue]) -> Double? {
        func exact(_ nutrient: Nutrient) -> Double? {
            values[nutrient].flatMap { $0.isExact ? $0.keyDouble : nil }
        }
        func atLeast(_ parent: Nutrient) -> Double? {
            ([exact(parent)] + values.keys.filter { $0.parentRow == parent }.map(exact)).compactMap { $0 }.max()
        }
        let fat = atLeast(.fat), carbohydrates = atLeast(.carbohydrates), proteins = exact(.proteins)
        guard fat != nil || carbohydrates != nil || proteins != nil else { return nil }
        let polyols = min(exact(.polyols) ?? 0, carbohydrates ?? 0)
        return 9 * (fat ?? 0) + 4 * ((carbohydrates ?? 0) - polyols) + 2.4 * polyols + 4 * (proteins ?? 0)
    }

    /// `true` when the macros give the declared energy within what the printed figures' rounding explains (5 % or
    /// 5 kcal: energy is printed to 1 kcal and each macro to 0.1 g or 1 g, EC rounding guidance), much closer than
    /// the 15 % ``energyMismatch`` tolerates. Strong enough to take a reading the table confirms ("15 g" carbohydrate
    /// that makes 298 kcal of a printed 245 is 1,5 g when that gives 244.5), not only to let it pass.
    static func energyConfirms(kcal: Double, estimate: (withFiber: Double, withoutFiber: Double)) -> Bool {
        min(abs(kcal - estimate.withFiber), abs(kcal - estimate.withoutFiber)) <= confirmationTolerance(kcal: kcal)
    }

    /// ``energyConfirms(kcal:estimate:)`` for `values`' macros (``macroEnergyKcal(_:)``); `false` when fat,
    /// carbohydrate or protein is missing, as the macros then confirm nothing.
    static func macrosConfirm(kcal: Double, _ values: [Nutrient: CandidateValue]) -> Bool {
        macroEnergyKcal(values).map { energyConfirms(kcal: kcal, estimate: $0) } ?? false
    }

    /// The distance in kcal within which the macros confirm a declared `kcal` (``energyConfirms(kcal:estimate:)``):
    /// 5 % or 5 kcal, whichever is larger.
    static func confirmationTolerance(kcal: Double) -> Double { max(5, 0.05 * kcal) }

    /// 0 when the declared energy is at least `floor` less the tolerance of ``energyMismatch``, growing with the
    /// excess (macros that alone hold more energy than the label declares).
    static func energyExcess(kcal: Double, floor: Double) -> Double {
        let excess = floor - kcal - max(15, 0.15 * kcal)
        return excess <= 0 ? 0 : min(2, excess / max(kcal, 50))
    }

    /// `true` when `grams` of `nutrient` is more than its column can hold: over 100 g per 100 g, or over the serving
    /// size per serving (vitamin/mineral cells whose mg/µg unit was lost read as grams; a ÷10 reading would not make
    /// them right, so per serving they are not judged).
    static func exceedsMassLimit(_ grams: Double, of nutrient: Nutrient, basis: NutritionBasis,
                                 servingGrams: Double?) -> Bool {
        guard let limit = basis == .per100g ? 100 : servingGrams else { return false }
        return nutrient.isMass && grams > limit && (basis == .per100g || !nutrient.isMicronutrient)
    }

    /// Sub-rows whose exact value exceeds their parent row's (saturates > fat, sugars > carbohydrate, …; see
    /// ``Nutrient/parentRow``), by more than 0.05 g of printing slack, in declaration order.
    static func subRowsExceedingParent(_ values: [Nutrient: CandidateValue]) -> [(sub: Nutrient, parent: Nutrient)] {
        values.keys.sorted { $0.declarationOrder < $1.declarationOrder }.compactMap { nutrient in
            guard let parent = nutrient.parentRow, let sub = values[nutrient], sub.isExact,
                  let parentValue = values[parent], sub.keyDouble > parentValue.keyDouble + 0.05 else { return nil }
            return (nutrient, parent)
        }
    }

    /// 0 when the declared energy matches the macro estimate within 15 % (or 15 kcal), growing with the gap.
    static func energyMismatch(kcal: Double, estimate: (withFiber: Double, withoutFiber: Double)) -> Double {
        let gap = min(abs(kcal - estimate.withFiber), abs(kcal - estimate.withoutFiber))
        let tolerance = max(15, 0.15 * kcal)
        return gap <= tolerance ? 0 : min(2, (gap - tolerance) / max(kcal, 50))
    }
}
