import Foundation

// A kJ/kcal pair whose one side the macros contradict, completed from an energy cell the table's columns left over.
extension TableBuilder {
    /// Replaces the side of a disagreeing kJ/kcal pair that the column's macros contradict by the one energy cell
    /// left beyond the table's columns (`spares`: the cells of ``energyColumns(columnCount:)``'s pairs past the
    /// table's column count) that was read with that side's unit and is the Annex XIV ratio partner of the other
    /// side (``ConsistencyChecks/energyPairAgrees(kj:kcal:)``, kJ 3.9–4.4 × kcal).
    ///
    /// Class: an energy figure of the pack text read before the table ("conservare a +5 °C" read "+5 Cal" above
    /// "Energie" / "270 kj (64 kcal)") takes the table's energy column in reading order, so the printed partner is
    /// left over as a column of its own that the table does not have. `resolveEnergy` left the contradicted side out
    /// (finding `energy-contradicted`) and the printed value was lost (FoodLabel full photo 0265: 64 kcal).
    /// Nothing changes unless the pair disagrees as read, the macros confirm one side and contradict the other
    /// (``energySideContradictedByMacros(kj:kcal:macros:)``) and exactly one spare cell fits; the cell taken is a
    /// printed figure with its printed unit, never a derived value. Finding `energy-spare-partner`.
    func takingSpareEnergyPartner(_ pair: inout EnergyPair, spares: [AssembledCell],
                                  macros: [Nutrient: CandidateValue], findings: inout [ConsistencyFinding],
                                  spec: ColumnSpec) {
        guard let kjCell = pair.kj, let kcalCell = pair.kcal, !spares.isEmpty else { return }
        func double(_ value: Decimal) -> Double { NSDecimalNumber(decimal: value).doubleValue }
        let kj = double(kjCell.quantity.value), kcal = double(kcalCell.quantity.value)
        guard !ConsistencyChecks.energyPairAgrees(kj: kj, kcal: kcal),
              !ConsistencyChecks.energyPairAgrees(kj: kcal, kcal: kj),
              let contradicted = Self.energySideContradictedByMacros(kj: kjCell.quantity.value,
                                                                     kcal: kcalCell.quantity.value, macros: macros)
        else { return }
        let unit: NutrientUnit = contradicted == .energyKJ ? .kilojoule : .kilocalorie
        let fitting = spares.filter { spare in
            guard spare.quantity.primary.unit == unit,
                  !spare.quantity.primary.repairs.contains(.inferredUnit) else { return false }
            let value = double(spare.quantity.value)
            return contradicted == .energyKJ ? ConsistencyChecks.energyPairAgrees(kj: value, kcal: kcal)
                : ConsistencyChecks.energyPairAgrees(kj: kj, kcal: value)
        }
        guard fitting.count == 1, let spare = fitting.first else { return }
        let replaced = contradicted == .energyKJ ? kjCell : kcalCell
        if contradicted == .energyKJ { pair.kj = spare } else { pair.kcal = spare }
        findings.append(ConsistencyFinding(
            check: "energy-spare-partner", keys: [spec.key(of: contradicted)],
            message: "kJ/kcal \(kjCell.quantity.text) / \(kcalCell.quantity.text) disagree and the macros contradict "
                + "\(replaced.quantity.text); \(spare.quantity.text), left over beyond the table's columns, is its "
                + "partner's ratio partner: taken instead"))
    }
}
