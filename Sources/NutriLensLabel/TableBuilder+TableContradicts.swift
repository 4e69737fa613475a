import Foundation

// Values the table's own figures contradict once every reading is chosen, with nothing to say what was printed
// (issue 22: never an unflagged value the table contradicts; session 25 flprec).
extension TableBuilder {
    /// Leaves out, in this order, a sub-row above the bound its parent prints (``leaveOutSubRowsAboveBound``), a
    /// repaired reading that puts the disjoint masses over 100 g and that the energy does not witness
    /// (``leaveOutRepairedReadingOverMassSum``) and a macro read as a lone "9" that the energy denies
    /// (``leaveOutLoneNinesTheEnergyDenies``, session 26). Run
    /// after ``settleContradictions`` and ``settleFiberByEnergy``, which take a reading the checks name where one
    /// exists; each left-out value gets a `contradicted-value` finding.
    func leaveOutValuesTheTableContradicts(_ values: inout [Nutrient: CandidateValue], energy: EnergyPair,
                                           witnessed: Set<Nutrient>, findings: inout [ConsistencyFinding],
                                           spec: ColumnSpec) {
        leaveOutSubRowsAboveBound(&values, findings: &findings, spec: spec)
        leaveOutRepairedReadingOverMassSum(&values, basis: spec.basis, kcal: energy.consistent == false ? nil
                                           : energy.kcalValue, witnessed: witnessed, findings: &findings, spec: spec)
        leaveOutLoneNinesTheEnergyDenies(&values, basis: spec.basis, kcal: energy.consistent == false ? nil
                                         : energy.kcalValue, findings: &findings, spec: spec)
    }
}
