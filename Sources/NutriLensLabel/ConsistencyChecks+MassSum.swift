import Foundation

// The masses 100 g of a food holds at once: fat, carbohydrate, fibre, protein and salt are disjoint parts of it.
extension ConsistencyChecks {
    /// Grams by which fat + carbohydrate + fibre + protein + salt may exceed 100 g per 100 g before the column is
    /// contradicted. Regulation (EU) No 1169/2011 Annex I defines these as disjoint (carbohydrate excludes fibre,
    /// Annex I(7) and (12); salt is sodium × 2.5), so with water and ash they make up the 100 g. The slack covers the
    /// rounding of the EC guidance on tolerances (Dec 2012, ≥ 10 g to whole grams: five figures rounded by up to
    /// 0.5 g each) and a label declaring its macros to the top of their tolerance: nut butters and seeds print up to
    /// ~97 g. "27g" fat, "50g" carbohydrate, 11 g protein and "20g" salt (each 2,7 / 5 / 2 g with the separator
    /// lost, FoodLabel small crop 0209) sum to 108 g.
    static let massSumSlackGrams = 5.0

    /// The exact per-100 g masses that are disjoint parts of the food: fat, carbohydrate, fibre, protein and salt
    /// (sodium × 2.5 when no salt row was read). Sub-rows (saturates, sugars, polyols, starch) are inside their
    /// parents and not counted. `nil` when fewer than three of them are read (a sum of two says little).
    static func massSumGrams(_ values: [Nutrient: CandidateValue]) -> Double? {
        func exact(_ nutrient: Nutrient) -> Double? {
            values[nutrient].flatMap { $0.isExact ? $0.keyDouble : nil }
        }
        let salt = exact(.salt) ?? exact(.sodium).map { 2.5 * $0 }
        let parts = [exact(.fat), exact(.carbohydrates), exact(.fiber), exact(.proteins), salt].compactMap { $0 }
        return parts.count >= 3 ? parts.reduce(0, +) : nil
    }

    /// `true` when the per-100 g masses of ``massSumGrams(_:)`` exceed 100 g by more than ``massSumSlackGrams``:
    /// a witness of a lost decimal separator or a unit read as a digit that the energy check cannot give when the
    /// energy was lost too or when the misread row is fibre or salt, which the energy does not pin. It says that a
    /// value is wrong, not which: every value whose removal ends the excess loses confidence (issue 22: no
    /// unflagged value the table contradicts), none is re-read or left out by it.
    static func massSumExceeds(_ values: [Nutrient: CandidateValue]) -> Bool {
        guard let sum = massSumGrams(values) else { return false }
        return sum > 100 + massSumSlackGrams
    }
}
