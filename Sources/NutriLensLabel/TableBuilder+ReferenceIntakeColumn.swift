import Foundation

// A column of reference-intake amounts ("RM*": 70 g / 20 g / 260 g / 90 g / 50 g / 6 g) read out of step with the
// rows: no row's value.
extension TableBuilder {
    /// Leaves out the cells of a reference-intake amount column, wherever in the stream OCR put them.
    ///
    /// Some EU tables print the reference intake of each row as a column of amounts (Regulation 1169/2011 Annex XIII
    /// Part B: fat 70 g, saturates 20 g, carbohydrate 260 g, sugars 90 g, protein 50 g, salt 6 g) beside the
    /// per-100 g and per-portion columns. ``droppingReferenceIntakeAmounts(_:intakes:)`` drops such a cell where it
    /// follows its own row's %RI. On a whole pack the column is often read a row late or apart from any %RI
    /// ("Fett / 16 g / 2000 kcal) / 20 g / davon gesättigte … / 70 g / 3,7 g / 4,6g / Kohlenhydrate / 20 g / …",
    /// FoodLabel large 0233): its cells then count as values of the next row, and the serving-ratio pairing, which
    /// would rebuild the rows, finds too many cells.
    ///
    /// The column is recognised by its sequence: the longest run of cells in reading order, each an amount in grams
    /// equal to a row's intake, whose rows follow the declaration order (each later than the one before), with at
    /// least four cells of which three are intakes of 50 g or more (fat, carbohydrate, sugars, protein: figures a
    /// table rarely prints as values, let alone in that order). Those cells are left out of the rows.
    ///
    /// The run is looked for among all cells in reading order: the cells read before the first row name
    /// (`leading`, where a table read a row late puts fat's "24 g | 7,2 | 10% | 70 g") and the values a names block
    /// dealt no name (``AssembledRow/surplusBefore``, ``AssembledRow/surplusAfter``: saturates' "20g" read after
    /// its pair) belong to it as much as the rows' cells (FoodLabel large 0277).
    /// - Parameters:
    ///   - rows: assembled rows in reading order.
    ///   - leading: the values read before the first row name.
    ///   - intakes: the reference amounts the table's percentages refer to.
    /// - Returns: the rows and leading values without the column's cells, or both unchanged when no such run is
    ///   found.
    static func droppingReferenceIntakeColumn(_ rows: [AssembledRow], leading: [AssembledCell] = [],
                                              intakes: ReferenceIntakes)
        -> (rows: [AssembledRow], leading: [AssembledCell]) {
        let order = euMandatoryOrder.filter { $0.referenceIntake(in: intakes) != nil }
        // Every cell in reading order, by its place: row -1 for the leading values, else the row and the cell's
        // place in that row's surplusBefore + cells + surplusAfter.
        let stream = leading.enumerated().map { (row: -1, cell: $0.offset, quantity: $0.element.quantity) }
            + rows.indices.filter { !rows[$0].nutrient.isEnergy }.flatMap { rowIndex in
                rows[rowIndex].cellsInReadingOrder.enumerated().map {
                    (row: rowIndex, cell: $0.offset, quantity: $0.element.quantity)
                }
            }
        // Cells that equal some row's intake, in reading order, with that row's place in the declaration order.
        var matches: [(row: Int, cell: Int, rank: Int, intake: Decimal)] = []
        for item in stream {
            let quantity = item.quantity
            guard quantity.unit == .gram, quantity.qualifier == nil, !quantity.isPercent,
                  let rank = order.firstIndex(where: { $0.referenceIntake(in: intakes) == quantity.value })
            else { continue }
            matches.append((item.row, item.cell, rank, quantity.value))
        }
        guard matches.count >= 4 else { return (rows, leading) }
        // Longest chain with strictly increasing ranks (quadratic: a table has a few dozen cells at most).
        var length = Array(repeating: 1, count: matches.count), previous = Array(repeating: -1, count: matches.count)
        for j in matches.indices {
            for i in 0..<j where matches[i].rank < matches[j].rank && length[i] + 1 > length[j] {
                length[j] = length[i] + 1
                previous[j] = i
            }
        }
        guard var index = length.indices.max(by: { length[$0] < length[$1] }) else { return (rows, leading) }
        var chain: [Int] = []
        while index >= 0 {
            chain.append(index)
            index = previous[index]
        }
        guard chain.count >= 4, chain.filter({ matches[$0].intake >= 50 }).count >= 3 else { return (rows, leading) }
        var dropped: [Int: Set<Int>] = [:]
        for position in chain { dropped[matches[position].row, default: []].insert(matches[position].cell) }
        func keeping(_ part: [AssembledCell], from start: Int, _ cells: Set<Int>) -> [AssembledCell] {
            part.enumerated().filter { !cells.contains(start + $0.offset) }.map(\.element)
        }
        var result = rows
        for (rowIndex, cells) in dropped where rowIndex >= 0 {
            let row = rows[rowIndex], before = row.surplusBefore.count, count = row.cells.count
            result[rowIndex].surplusBefore = keeping(row.surplusBefore, from: 0, cells)
            result[rowIndex].cells = keeping(row.cells, from: before, cells)
            result[rowIndex].surplusAfter = keeping(row.surplusAfter, from: before + count, cells)
        }
        return (result, keeping(leading, from: 0, dropped[-1] ?? []))
    }
}
