import Foundation

// "Salz/Sel/561" / "0,10g", "- davon gesättigte" / "52072 AA" / "Fettsäuren" / "17 g": a word of a row's name read
// as digits (Polish "Sól" as "561") or a code printed among the name lines (a batch number) became the row's first
// cell, in front of the amount the label prints with its unit.
extension TableBuilder {
    /// `rows` with such a digit run left out: in a row holding more cells than the table's typical row
    /// (`typicalCount`), whose nutrient is a macronutrient (no vitamin, mineral, sodium or cholesterol: those print
    /// bare mg figures above 100), a first cell that is a bare whole number (no unit, qualifier, percentage or %RI)
    /// above 100 (impossible as printed for a mass per 100 g) followed by an amount read with its mass unit.
    ///
    /// The digit run took the row's first column and pushed the printed amount into a column the table does not
    /// have: the mass check then dropped the run (`mass-over-100g`) and the row lost its value (FoodLabel full photo
    /// 0198: saturates 17 g), or a reading with an inserted separator gave a wrong value (0304: salt "561" as
    /// 56,1 g, printed 0,10 g). Rows whose cells all lack units, and tables whose rows typically hold as many
    /// cells, are unchanged.
    static func droppingDigitsBeforeAmount(_ rows: [AssembledRow], typicalCount: Int) -> [AssembledRow] {
        rows.map { row in
            guard row.cells.count > typicalCount, row.cells.count >= 2, !row.nutrient.isEnergy,
                  !row.nutrient.isMicronutrient else { return row }
            let (first, next) = (row.cells[0], row.cells[1])
            let isDigitRun = first.quantity.primary.unit == nil && first.quantity.qualifier == nil
                && !first.quantity.isPercent && first.referenceIntakePercent == nil
                && first.quantity.primary.fractionDigits == 0 && first.quantity.value > 100
            guard isDigitRun, let unit = next.quantity.primary.unit, !unit.isEnergy,
                  !next.quantity.primary.repairs.contains(.inferredUnit) else { return row }
            var kept = row
            kept.cells.removeFirst()
            return kept
        }
    }
}
