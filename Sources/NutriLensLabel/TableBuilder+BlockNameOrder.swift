import Foundation

// A block of row names read before its values, whose names OCR read out of the declaration order.
extension TableBuilder {
    /// Gives a names block's values to its names in the declaration order when OCR read the names out of it and the
    /// table's checks say so.
    ///
    /// The assembler deals a block of row names read before their values one value (or one column group) per name,
    /// in the order the names were read (``RowAssembler/flush()``). The values of a column come out top to bottom,
    /// but a wrapped multilingual name column does not always: "Eiweiss / protéines:" / "Ballaststoffe/ fibres
    /// alimentaires:" / "davon Zucker / dont sucre:" / "17g" / "1.2g" / "0.9g" (FoodLabel large 0300) gave protein
    /// the sugars' 17 g and sugars protein's 0,9 g. A table declares its rows in a fixed order (Regulation
    /// 1169/2011 Art. 30 and Annex XV: fat, saturates, carbohydrate, sugars, fibre, protein, salt), so the names of
    /// one block, sorted into that order, are the other reading of the same cells.
    ///
    /// A block is a run of two or more rows whose every name line lies above every one of its cells (names first,
    /// then values), each a distinct nutrient of that order, none inferred, lost or a name continuation. When its
    /// names are out of order, the cells stay where they are and the names are sorted; with rows of the block left
    /// without a value (fewer values than names, dealt to the last names), the values may also go to the first
    /// names in order. A reading is taken only when the first-column consistency checks (energy against the macros,
    /// sub-rows within their parent, masses within 100 g; ``firstColumnPenalty(_:kcal:)``) are strictly better than
    /// the rows as read; never on US panels, whose rows follow another order (21 CFR 101.9(d)).
    /// - Parameters:
    ///   - rows: assembled rows in reading order.
    ///   - kcal: the first column's kcal (`nil`: no change).
    /// - Returns: the rows with each out-of-order block's names sorted where the checks prefer it.
    static func orderingNamesBlocks(_ rows: [AssembledRow], kcal: Double?) -> [AssembledRow] {
        guard let kcal else { return rows }
        var result = rows
        var start = 0
        while start < result.count {
            let end = namesBlockEnd(result, from: start)
            defer { start = max(end, start + 1) }
            guard end - start >= 2 else { continue }
            let block = Array(result[start..<end])
            let position = { (row: AssembledRow) in euMandatoryOrder.firstIndex(of: row.nutrient)! }
            let sorted = block.sorted { position($0) < position($1) }
            guard sorted.map(\.nutrient) != block.map(\.nutrient) else { continue }
            // The cells as dealt, and (when some names got none) the same groups given to the first names.
            let dealt = block.map { ($0.cells, $0.surplusBefore, $0.surplusAfter) }
            var readings = [dealt]
            let filled = dealt.filter { !$0.0.isEmpty }
            if filled.count < dealt.count, !filled.isEmpty {
                readings.append(filled + dealt.filter { $0.0.isEmpty })
            }
            guard let before = firstColumnPenalty(result, kcal: kcal) else { continue }
            var best: (rows: [AssembledRow], penalty: Double)?
            for groups in readings {
                var candidate = result
                for (offset, name) in sorted.enumerated() {
                    var row = name
                    (row.cells, row.surplusBefore, row.surplusAfter) = groups[offset]
                    candidate[start + offset] = row
                }
                guard let penalty = firstColumnPenalty(candidate, kcal: kcal), penalty < before,
                      best.map({ penalty < $0.penalty }) ?? true else { continue }
                best = (candidate, penalty)
            }
            if let best { result = best.rows }
        }
        return result
    }

    /// End (exclusive) of the longest names block starting at `start`: rows of distinct nutrients of the EU
    /// declaration order (``euMandatoryOrder``), none inferred, lost or a name continuation, whose name lines all lie
    /// above all their cells.
    private static func namesBlockEnd(_ rows: [AssembledRow], from start: Int) -> Int {
        var lastName = Int.min, firstCell = Int.max
        var seen: Set<Nutrient> = []
        var end = start
        while end < rows.count {
            let row = rows[end]
            guard euMandatoryOrder.contains(row.nutrient), !row.inferred, !row.valueLost, !row.continuesRowAbove,
                  !seen.contains(row.nutrient) else { break }
            let name = max(lastName, row.lineIndex)
            let cell = min(firstCell, row.cellsInReadingOrder.map(\.lineIndex).min() ?? .max)
            guard name < cell else { break }
            (lastName, firstCell) = (name, cell)
            seen.insert(row.nutrient)
            end += 1
        }
        return end
    }
}
