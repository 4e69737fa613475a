import Foundation

// A row's amounts read after the next row's name: the %RI printed beside them names the row they belong to.
extension TableBuilder {
    /// Gives the leading amounts of a row back to the row above when the %RI printed beside them is that row's share
    /// and not this row's, and a later %RI in the same row is this row's own.
    ///
    /// On a whole pack OCR may read a row's name block ("Eiweiss / protéines /", "proteine") apart from its figures,
    /// which then follow the next row's name: "Salz / sel / sale | 4,7 g | 7,1 g | 14 % | 0,12 g | 0,18 g | 3 %"
    /// holds protein's 4,7 | 7,1 g and salt's 0,12 | 0,18 g (FoodLabel full 0125, once its RM column is dropped by
    /// ``droppingReferenceIntakeColumn(_:intakes:)``). Where the energy columns give no serving ratio (a misread kJ)
    /// nothing else separates the two pairs. The %RI does: 7,1 g is 14 % of protein's 50 g and 118 % of salt's 6 g,
    /// 0,18 g is 3 % of salt's 6 g (Regulation 1169/2011 Annex XIII Part B, ``Nutrient/referenceIntake(in:)``;
    /// agreement as ``ServingColumnRepair/percentAgrees(amount:intake:percent:)``).
    ///
    /// Moved: the cells up to and including the first gram cell with a %RI (above zero) that agrees with the row
    /// above's intake and not with the row's own, when a later gram cell's %RI agrees with the row's own intake (two
    /// witnesses, one per row) and the row above (another nutrient) holds no amount of its own (no cells, or only
    /// gram figures above 100 g). The cells go before the row above's own (a stray read there stays after them).
    /// A row above with a pair of its own is left alone: on a table read a row late every row holds the next row's
    /// pair and its %RI names the row above by the same arithmetic (FoodLabel full 0015, 0325, 0465).
    /// - Parameters:
    ///   - rows: assembled rows in reading order.
    ///   - intakes: the reference amounts the table's percentages refer to.
    /// - Returns: the rows with such amounts moved up, or `rows` unchanged.
    static func returningCellsByTheirPercent(_ rows: [AssembledRow], intakes: ReferenceIntakes) -> [AssembledRow] {
        func agrees(_ cell: AssembledCell, _ nutrient: Nutrient) -> Bool {
            guard let percent = cell.referenceIntakePercent, percent > 0, cell.quantity.unit == .gram,
                  cell.quantity.qualifier == nil, cell.quantity.value > 0,
                  let intake = nutrient.referenceIntake(in: intakes)?.asDouble else { return false }
            return ServingColumnRepair.percentAgrees(amount: cell.quantity.doubleValue, intake: intake,
                                                     percent: percent)
        }
        var result = rows
        for index in result.indices.dropFirst() {
            let row = result[index], above = result[index - 1]
            guard !row.nutrient.isEnergy, !above.nutrient.isEnergy, above.nutrient != row.nutrient,
                  // The row above holds none of its own amounts: no cells, or only gram figures above 100 g,
                  // no amount per 100 g (a pack weight read beside the name). A row above holding a pair is a
                  // table read a row late, which the pairing below settles as a whole.
                  above.cells.allSatisfy(isNetQuantity),
                  let first = row.cells.firstIndex(where: { $0.referenceIntakePercent != nil }),
                  agrees(row.cells[first], above.nutrient), !agrees(row.cells[first], row.nutrient),
                  row.cells[(first + 1)...].contains(where: { agrees($0, row.nutrient) }) else { continue }
            result[index - 1].cells = Array(row.cells[...first]) + above.cells
            result[index].cells = Array(row.cells[(first + 1)...])
        }
        return result
    }
}
