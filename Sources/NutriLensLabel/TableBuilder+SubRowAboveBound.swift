import Foundation

// A sub-row above its parent's "<" bound: the table itself says the sub-row's figure is not its own.
extension TableBuilder {
    /// Leaves out a sub-row's exact amount (saturates, sugars, …; ``Nutrient/parentRow``) that exceeds the upper
    /// bound its parent prints ("Fett <0.5 g" / "davon gesättigte Fettsäuren 1"): Regulation (EU) No 1169/2011
    /// Annex I makes a sub-row part of its parent, so it is below the bound too, and the figure read for it is some
    /// other text's (a "/" of a multilingual name read as "1", a neighbouring row's amount; FoodLabel small and large
    /// crop 0007, where saturates print "0,1 g" lost to OCR as "nin").
    ///
    /// Where both rows are exact, either may be the misread one, so ``settleContradictions`` only flags them; a
    /// printed bound is a different kind of evidence: "<" is a character OCR does not invent inside a table, and a
    /// bound is printed for a negligible amount (EC rounding guidance, Dec 2012), so the parent is believed and the
    /// sub-row's figure is left out (finding `contradicted-value`), not rewritten: nothing says what it was.
    /// Allows 0.05 g of printing slack, as ``ConsistencyChecks/subRowsExceedingParent(_:)``; any column.
    func leaveOutSubRowsAboveBound(_ values: inout [Nutrient: CandidateValue], findings: inout [ConsistencyFinding],
                                   spec: ColumnSpec) {
        for nutrient in values.keys.sorted(by: { $0.declarationOrder < $1.declarationOrder }) {
            guard let parentRow = nutrient.parentRow, let sub = values[nutrient], sub.isExact,
                  let parent = values[parentRow], parent.qualifier == .lessThan,
                  sub.keyDouble > parent.keyDouble + 0.05 else { continue }
            values.removeValue(forKey: nutrient)
            findings.append(ConsistencyFinding(
                check: "contradicted-value", keys: [spec.key(of: nutrient)],
                message: "\(sub.cell.quantity.text) left out: above the bound its parent prints "
                    + "(\(parent.cell.quantity.text))"))
        }
    }
}
