import Foundation

// A nutrient word of the pack text read just above the table's energy row (an ingredient list's "chlorure de
// calcium", "zucchero, grasso e olio") that waited for values together with the energy row's name.
extension RowAssembler {
    /// The pending row names that may take the mass values of a block, from `pending` (reading order): names read on
    /// a line before the block's energy row name are left out.
    ///
    /// The assembler gathers row names until values follow, so a nutrient word of the text above the table
    /// ("ant: chlorure de calcium" / "Energie | énergie I energia" / "369 kJ" / … / "0,6g" / "0,8g" / "Fett …",
    /// FoodLabel full photo 0031) waits in the same block as the energy row. Energy amounts go to the energy row
    /// whatever name precedes them, but the block's mass values then went to that word, a row the table does not
    /// print (calcium took fat's 0,6 g | 0,8 g, or on 0413 an ingredient line's "grasso" took fat's 26 g). A table
    /// declares energy first (Regulation (EU) No 1169/2011 Art. 30(1) and Annex XV order; the US panel's Calories
    /// line above Total Fat, 21 CFR 101.9(d)), so a name read before the energy row in one block of names is not
    /// one of the rows below it: the mass values after the energy row belong to the names read after it, or, with
    /// none, are the leading cells of a table whose values are printed half a row above their names
    /// (``TableBuilder/inferLeadingRow(_:leading:after:)``, ``TableBuilder/realign(_:leading:kcal:after:servingRatio:)``).
    /// Blocks without an energy row name are returned unchanged.
    /// - Parameter pending: the block's row names with their lines, in reading order.
    /// - Returns: `pending` without the non-energy names read on lines before its first energy name.
    static func droppingNamesAboveEnergy(
        _ pending: [(LineAnalysis.Mention, LineAnalysis)]
    ) -> [(LineAnalysis.Mention, LineAnalysis)] {
        guard let energy = pending.firstIndex(where: { $0.0.nutrient.isEnergy }) else { return pending }
        let energyLine = pending[energy].1.lineIndex
        return pending.enumerated().filter { offset, item in
            offset >= energy || item.0.nutrient.isEnergy || item.1.lineIndex >= energyLine
        }.map(\.element)
    }
}
