import Foundation

// A table that prints "g" after its amounts, read with the g of some cells taken for a trailing 8 ("78" for 7 g,
// "198" for 19 g, "1.98" for 1,9 g: AWS Textract on FoodLabel small, large and full 0330; session 26 flprec2,
// issue 22). The printed "78" is impossible or suspect, and the grammar's readings offered only a lost separator
// (7,8 g, 19,8 g), which the energy cannot tell apart (both within 1 % of 422 kcal). What the table shows is the
// unit: every other cell prints its g and every cell without one ends in 8. A decimal "1.98" is `nineAsGramReadings`'
// own case (an 8 after the decimals); this pass reads the whole numbers.
extension TableBuilder {
    /// Least number of mass cells printing their unit for the table to count as one that prints it.
    static let gramEightsMinimumUnitCells = 3

    /// `rows` with each bare whole-number mass cell ending in 8 read as the number before the 8, in grams (repair
    /// `nineAsGram`; the printed reading and the grammar's others stay as alternatives, dearer), when the table's
    /// non-energy rows hold at least ``gramEightsMinimumUnitCells`` cells in g (no qualifier or percentage) and at
    /// least two bare cells (no unit, qualifier, percentage or %RI), every one of which ends in 8 and one of which
    /// is a whole number of two or more digits not led by 0 ("08" is the grammar's already). One bare cell ending in
    /// 8 is no evidence (labels print 18 g, 78 kcal); a bare cell ending otherwise says the table's bare cells are
    /// figures printed without a unit.
    static func readingGramEights(_ rows: [AssembledRow]) -> [AssembledRow] {
        func isBare(_ cell: AssembledCell) -> Bool {
            cell.quantity.isBare && cell.referenceIntakePercent == nil && !cell.isOversized && !cell.quantity.isEnergyOfUnknownUnit
        }
        func isWholeEight(_ cell: AssembledCell) -> Bool {
            let text = cell.quantity.text
            return text.count >= 2 && text.last == "8" && text.first != "0" && text.allSatisfy(\.isNumber)
        }
        let massCells = rows.filter { !$0.nutrient.isEnergy }.flatMap(\.cells)
        let unitCells = massCells.filter {
            $0.quantity.unit == .gram && $0.quantity.qualifier == nil && !$0.quantity.isPercent
        }
        let bare = massCells.filter(isBare)
        guard unitCells.count >= gramEightsMinimumUnitCells, bare.count >= 2,
              bare.allSatisfy({ $0.quantity.text.last == "8" }), bare.contains(where: isWholeEight) else { return rows }
        return rows.map { row in
            guard !row.nutrient.isEnergy else { return row }
            var read = row
            for index in read.cells.indices where isBare(read.cells[index]) && isWholeEight(read.cells[index]) {
                var quantity = read.cells[index].quantity
                let digits = Array(quantity.text.dropLast())
                guard var reading = NumberGrammar.parseDigits(digits, unit: .gram) else { continue }
                reading.repairs = [.nineAsGram]
                quantity.alternatives = [quantity.primary] + quantity.alternatives.filter { $0 != reading }
                quantity.primary = reading
                read.cells[index].quantity = quantity
            }
            return read
        }
    }
}
