import Foundation

// A vitamin's or mineral's amount in mg or µg dealt to a row that labels declare in grams.
extension TableBuilder {
    /// `true` for the rows labels declare in grams: every mass row that is no micronutrient (fat and its sub-rows,
    /// carbohydrate and its sub-rows, fibre, protein, salt: Regulation (EU) 1169/2011 Annex XV, 21 CFR 101.9(c)).
    /// Sodium, cholesterol, vitamins and minerals may be printed in mg or µg (``Nutrient/isMicronutrient``).
    static func isDeclaredInGrams(_ nutrient: Nutrient) -> Bool {
        !nutrient.isEnergy && !nutrient.isMicronutrient
    }

    /// Takes amounts printed in mg or µg off the rows declared in grams, once the rows' cells are settled.
    ///
    /// Class: tables followed by a vitamin or mineral whose amounts OCR read apart from its name, so the
    /// assembler dealt the mg or µg amounts to the row before them, mostly salt: FoodLabel small and full 0408
    /// ("Salz/sel/sale" / "0g" / "**240 mg": salt 0,24 g for the printed 0 g; the 240 mg is vitamin C, its name
    /// in the footnote), full 0037 ("Salz . Sel" / "Calcium . Calcium" / "**120mg" / "300mg": salt 0,12 g),
    /// full 0349 ("18.3mg (152%*)", a vitamin's), full 0382 ("32mg"), large 0291 ("0,75 ug" vitamin D2 as
    /// protein, "1,8 mg" vitamin E as salt). A row declared in grams never prints its amount in mg (see
    /// ``isDeclaredInGrams(_:)``), so such a cell is not its value. It moves to the front of a micronutrient row
    /// named on the cell's own line ("Total Sodium/sodium/sódio (mg)20", the unit from the name) or, failing that,
    /// of the row right after it when that row is a micronutrient named above the cell ("Calcium" / "**120mg" /
    /// "300mg"); otherwise it is dropped. The row keeps its other cells; a row left with none gives no value (so
    /// "Sugars 105mg", sodium's amount under a split "Sod ium", is no longer kept as a flagged sugars value; the
    /// flag of ``isPrintedUnit(_:for:usPanel:)`` still catches other units, such as an energy on a mass row). A
    /// zero stays ("0 mcg" is 0 g). Applied after realignment and the serving-ratio pairing, which read every cell in
    /// its place (a mg pair such as "120 mg | 300 mg" holds the place of a row's pair there). Nothing is re-read.
    static func droppingMilligramCells(_ rows: [AssembledRow]) -> [AssembledRow] {
        var result = rows
        for index in result.indices where isDeclaredInGrams(result[index].nutrient) {
            let taken = result[index].cells.filter(isMicronutrientAmount)
            guard !taken.isEmpty else { continue }
            result[index].cells.removeAll(where: isMicronutrientAmount)
            for cell in taken.reversed() {
                let sameLine = result.firstIndex { $0.nutrient.isMicronutrient && $0.lineIndex == cell.lineIndex }
                let next = index + 1 < result.count && result[index + 1].nutrient.isMicronutrient
                    && result[index + 1].lineIndex < cell.lineIndex ? index + 1 : nil
                if let target = sameLine ?? next { result[target].cells.insert(cell, at: 0) }
            }
        }
        return result
    }

    /// A non-zero amount in mg or µg.
    private static func isMicronutrientAmount(_ cell: AssembledCell) -> Bool {
        (cell.quantity.unit == .milligram || cell.quantity.unit == .microgram) && cell.quantity.value != 0
    }
}
