import Foundation

/// Energy amounts printed as a column of bare numbers with their units as a column of their own after them, the
/// shape OCR gives a table read column by column (FoodLabel 0350: "233" / "280" / "8400" / "kJ" / "kJ" / "kJ" /
/// "(55" / "(66" / "(2000" / "kcal)" / "kcal)" / "kcal)"; 0130: "355" / "284" / "kcal" / "kcal"): per 100 g, per
/// portion and the reference intake in one column, the units in the next.
///
/// A run of two or more bare whole numbers read on the energy row (no unit, not even cut off) followed by exactly as
/// many unit words ("kJ", "kcal") before the next bare number, energy amount with its unit or row name: the k-th unit
/// word is the unit of the k-th number (repair `inferredUnit`, so a figure that then contradicts a partner whose unit
/// was read on its line is left out, ``TableBuilder/bareInferredPartner(kj:kcal:)``). One number with one unit word
/// after it is no column ("193 kJ" / "483" / "kcal" / "115 kcal": the "kcal" is a lost "46 kcal"'s). A run whose
/// count differs ("1500 358" / "kcal": one unit for two numbers) is left to the kJ/kcal ratio, as
/// is every run once a unit word was read on the row right before an amount on its line (units printed before their
/// amounts: "Energy kJ 1500" / "kcal 358" gives its units to the numbers after them, through the row name's unit
/// hint; "1500" / "kcal 358", the kJ unit lost, is no run with its unit), or read alone before any run ("Energy" /
/// "kJ" / "281" / "kcal" / "67": units printed left of their amounts). A unit word with no run open right after an
/// amount is that amount's unit ("1206,4" / "kJ": energy is printed whole, so the amount is no energy cell) and is
/// passed by.
/// The units this gives are printed ones, so a reference intake among them (8400 kJ / 2000 kcal, Regulation (EU)
/// 1169/2011 Annex XIII Part B) is known for what it is and dropped with the others
/// (``ScannedQuantity/isReferenceIntakeEnergy``).
struct EnergyUnitsAfterAmounts: Sendable {
    /// Indices into the assembler's energy cells of the bare amounts read since the run began.
    private var run: [Int] = []
    /// Unit words read after the run's amounts, in reading order.
    private var units: [NutrientUnit] = []
    /// A unit word was read on the energy row right before an amount on its line, or alone before any run and not
    /// right after an amount: units there precede their amounts.
    private var unitsLead = false

    /// A bare whole number read on the energy row, at `index` in `cells`. Closes a run whose units were read.
    mutating func bareAmount(at index: Int, cells: inout [AssembledCell]) {
        if !units.isEmpty { close(&cells) }
        if !unitsLead { run.append(index) }
    }

    /// A "kJ" or "kcal" word read on the energy row; `leadsAmount` when an amount follows it on its line.
    /// `followsAmount` when the event read just before it was an amount.
    mutating func unitWord(_ unit: NutrientUnit, leadsAmount: Bool, followsAmount: Bool, cells: inout [AssembledCell]) {
        if leadsAmount {
            close(&cells)
            unitsLead = true
        } else if !run.isEmpty {
            units.append(unit)
        } else if !followsAmount {
            unitsLead = true
        }
    }

    /// Ends the energy row (another row's name, or the end of the text): the open run is closed and the next energy
    /// row starts afresh.
    mutating func endRow(_ cells: inout [AssembledCell]) {
        close(&cells)
        unitsLead = false
    }

    private mutating func close(_ cells: inout [AssembledCell]) {
        defer { run.removeAll(); units.removeAll() }
        guard run.count >= 2, run.count == units.count else { return }
        for (index, unit) in zip(run, units) where index < cells.count && cells[index].quantity.unit == nil {
            cells[index].quantity.primary.unit = unit
            cells[index].quantity.primary.repairs.append(.inferredUnit)
            cells[index].quantity.alternatives = []
        }
    }
}
