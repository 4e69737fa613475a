import Foundation

// A kJ/kcal pair that disagrees, with the column's macros as the witness of which side OCR misread.
extension TableBuilder {
    /// Which side of a kJ/kcal pair that no reading makes agree the column's macros contradict, when they confirm
    /// the other: `.energyKcal` for "2248 kJ 640 kcal)" over 37 g fat, 42 g carbohydrate and 8.6 g protein (the macros
    /// give 535–540 kcal, 2248 kJ is 537 kcal; the printed 540 kcal was read "640", FoodLabel small crop 0221),
    /// `.energyKJ` the other way round; `nil` when fat, carbohydrate or protein is missing, or the macros do not tell.
    ///
    /// The kept side must match the macros within rounding (``ConsistencyChecks/energyConfirms(kcal:estimate:)``,
    /// 5 % or 5 kcal, kJ taken at 4.184 kJ/kcal) and the dropped side must fail the looser 15 % check
    /// (``ConsistencyChecks/energyMismatch(kcal:estimate:)``), so a pair whose two sides both fit loosely, or that
    /// disagree with macros misread themselves, keeps both values (flagged by the `energy-ratio` finding as before).
    /// Only when the kJ figure exceeds the kcal figure (``ConsistencyChecks/energyPairAgrees(kj:kcal:)`` already tried the swap).
    /// The dropped side is left out rather than derived from its partner: the printed figure is rounded in its own
    /// way (2248 kJ gives 537, the label prints 540 kcal), and a derived value would be a number the label never shows.
    static func energySideContradictedByMacros(kj: Decimal, kcal: Decimal,
                                               macros: [Nutrient: CandidateValue]) -> Nutrient? {
        guard let estimate = ConsistencyChecks.macroEnergyKcal(macros) else { return nil }
        let kjKcal = kj.asDouble / 4.184
        let kcalValue = kcal.asDouble
        // A pair with no more kJ than kcal is no one figure misread but cells of two columns (FoodLabel large crop
        // 0500: the portion's "169kJ" beside the 100 g "204kcal", with the portion's macros confirming 169 kJ).
        // A kcal read as 0 beside a kJ figure is as contradicted as any other ("kcal 67 L'O": the 67 dropped as
        // litres, the "O" read as 0 kcal, FoodLabel small crop 0268); a kJ read as 0 is below its kcal, as above.
        guard kjKcal > 0, kcalValue >= 0, kjKcal * 4.184 > kcalValue else { return nil }
        if ConsistencyChecks.energyConfirms(kcal: kjKcal, estimate: estimate),
           ConsistencyChecks.energyMismatch(kcal: kcalValue, estimate: estimate) > 0 {
            return .energyKcal
        }
        if ConsistencyChecks.energyConfirms(kcal: kcalValue, estimate: estimate),
           ConsistencyChecks.energyMismatch(kcal: kjKcal, estimate: estimate) > 0 {
            return .energyKJ
        }
        return nil
    }
}
