import Foundation

// A per-100 g column checked against the energy per 100 g the label states on a line of its own.
extension TableBuilder {
    /// Why the table's per-100 g column (as sold) is doubtful, or `nil`: the label states the energy per 100 g on a
    /// line of its own (``ColumnLayout/energyPer100Statement``: "Typical energy values per 100g: 1149kJ/277kcal", the
    /// UK front-of-pack statement beside a strip per portion) and the column's energy, in a unit that line gives,
    /// repeats none of its amounts. A column read per 100 g whose energy the label itself says is not the energy per
    /// 100 g holds another basis (a strip per portion read by default or under that statement's "per 100g"), so
    /// its values are flagged (``flagUncertainBasis(_:reason:findings:)``) rather than trusted on the model's
    /// evidence, which a strip's own figures satisfy. Session 27, held-out set 1 `offx_20327132_1`.
    static func statedEnergyContradiction(_ entries: [NutritionEntry], layout: ColumnLayout) -> String? {
        let stated = layout.energyPer100Statement
        let column = entries.filter { entry in
            entry.basis == .per100g && entry.preparation == .asSold && entry.nutrient.isEnergy
                && stated.contains { $0.unit == entry.unit }
        }
        guard !column.isEmpty, !column.contains(where: { entry in
            stated.contains { $0.unit == entry.unit && $0.value == entry.value }
        }) else { return nil }
        let said = stated.map { "\($0.value) \($0.unit?.rawValue ?? "")" }.joined(separator: " / ")
        return "the label states \(said) per 100 g, which the per 100 g column's energy does not repeat"
    }
}
