import Foundation

// A multilingual row name wrapped over lines, with cells read both on its name line and on its continuation: whose
// cells they are, decided by the parent row left empty, the other column's ratio, and what a per-100 g cell can be.
extension TableBuilder {
    /// Settles a row whose name line and name continuation (``AssembledRow/continuesRowAbove``, the same nutrient
    /// named again in other languages on the lines below) both hold cells, before the instance choice takes the one
    /// nearer the table's middle, which is no evidence of whose the cells are.
    ///
    /// Class: EU packs printing each row's name in three or more languages over several lines, whose cells OCR reads
    /// between those lines, a row early or late:
    /// - **the parent row left empty**: "Fett / graisses" / "davon gesättigte Fettsäuren /" / "36g" / "dont acides
    ///   gras saturés" / "2.0g": fat's amount read under saturates' first name line. When the row above is the sub-row's
    ///   parent (fat for saturates, carbohydrate for sugars) with no cells, its value not lost, and the continuation's
    ///   first cell is more than a zero or a bound and does not exceed the name line's (a sub-row never exceeds its
    ///   parent), the parent takes the name line's cells and the sub-row the continuation's (FoodLabel full 0176,
    ///   0411; an "og" read for sugars' "0g" below carbohydrate's lost amount is too little to move "52g", full 0045).
    /// - **the serving cell on the continuation** (two value columns, `ratio` known): "davon gesättigte Fettsäuren" /
    ///   "2,6 g" / "5,6g 8%" / "dont acides gras saturés" / "3,3g 17%": the continuation's first cell is the name
    ///   line's first cell × the ratio and the name line's second is not; the row is those two, and its second cell
    ///   goes to the row above when that holds one cell and it fits it (fat's 4,5 | 5,6; FoodLabel full 0340).
    /// - **the next row's serving cell read before its name**: "davon Zucker" / "28g" / "di cui zuccheri" / "2g" /
    ///   "Nahrungsfasern" / "2,2g": the continuation's first cell is the next row's lone first cell × the ratio and not
    ///   the name line's: the name line keeps the row, the next row takes the cell (FoodLabel full 0056).
    /// - **no per-100 g amount on the name line**: its first cell over 100 g ("250 g" of a recipe in the pack text,
    ///   FoodLabel full 0484) and the continuation's at most 100 g, each holding as many cells: the continuation's
    ///   cells are the row's (a kJ figure "2300" before a continuation holding the row's three cells is left to the
    ///   instance choice, full 0105).
    /// Otherwise the rows stay for the instance choice. The pairs are judged by ``fits(_:_:ratio:)`` (the EC rounding of
    /// both figures); a bare single digit (``isWeakCell(_:)``) witnesses nothing.
    /// - Parameters:
    ///   - rows: assembled rows in reading order.
    ///   - ratio: second value column ÷ first (the energy columns' ratio or the serving size's), `nil` when unknown.
    /// - Returns: the rows with each settled continuation removed and its cells dealt.
    static func settlingNameContinuationCells(_ rows: [AssembledRow], ratio: Double?) -> [AssembledRow] {
        var rows = rows
        var index = 1
        while index < rows.count {
            defer { index += 1 }
            let name = index - 1
            guard rows[index].continuesRowAbove, rows[name].nutrient == rows[index].nutrient,
                  !rows[name].continuesRowAbove, let nameFirst = rows[name].cells.first,
                  let continuationFirst = rows[index].cells.first,
                  !isWeakCell(nameFirst), !isWeakCell(continuationFirst) else { continue }
            let nameCells = rows[name].cells, continuationCells = rows[index].cells
            // The parent row above, left empty: its amount was read under the sub-row's first name line.
            if name > 0, let parent = rows[name].nutrient.parentRow, rows[name - 1].nutrient == parent,
               rows[name - 1].cells.isEmpty, !rows[name - 1].isValueLost, nameCells.count == continuationCells.count,
               isInformative(continuationFirst), continuationFirst.quantity.doubleValue <= nameFirst.quantity.doubleValue {
                rows[name - 1].cells = nameCells
                rows[name].cells = continuationCells
                rows.remove(at: index)
                continue
            }
            if let ratio, nameCells.count == 2, fits(nameFirst, continuationFirst, ratio: ratio),
               !fits(nameFirst, nameCells[1], ratio: ratio) {
                let spilled = nameCells[1]
                rows[name].cells = [nameFirst, continuationFirst]
                if name > 0, rows[name - 1].cells.count == 1, !rows[name - 1].nutrient.isEnergy,
                   fits(rows[name - 1].cells[0], spilled, ratio: ratio) {
                    rows[name - 1].cells.append(spilled)
                }
                rows.remove(at: index)
                continue
            }
            let next = index + 1
            if let ratio, nameCells.count == 1, continuationCells.count == 1, next < rows.count,
               !rows[next].nutrient.isEnergy, !rows[next].continuesRowAbove, rows[next].cells.count == 1,
               fits(rows[next].cells[0], continuationFirst, ratio: ratio), !fits(nameFirst, continuationFirst, ratio: ratio) {
                rows[next].cells.append(continuationFirst)
                rows.remove(at: index)
                continue
            }
            if nameCells.count == continuationCells.count, isOverHundredGrams(nameFirst),
               !isOverHundredGrams(continuationFirst) {
                rows.remove(at: name)
                rows[name].continuesRowAbove = false
                continue
            }
        }
        return rows
    }

    /// `true` for an amount in grams (or bare) over 100: no per-100 g cell can hold it.
    static func isOverHundredGrams(_ cell: AssembledCell) -> Bool {
        let quantity = cell.quantity
        return !quantity.isPercent && (quantity.unit == nil || quantity.unit == .gram) && quantity.doubleValue > 100
    }

    /// `true` for a mass printed in g over 100 g (``isOverHundredGrams(_:)`` with its unit read): a pack's net
    /// quantity or weight read among the rows ("144 g" after the table, "500g" beside a name), never a row's amount.
    static func isNetQuantity(_ cell: AssembledCell) -> Bool {
        cell.quantity.unit == .gram && isOverHundredGrams(cell)
    }
}
