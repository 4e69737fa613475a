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
    /// the rows as read, or (session 27) no worse when the reading keeps the cells in reading order and the sorted
    /// names fit the rows around them (``declarationOrderFits(_:in:range:)``): names read with no cell between them
    /// say nothing by their order. The block's cells dealt evenly in reading order (``evenlyDealt(_:)``) are one more
    /// reading. Never on US panels, whose rows follow another order (21 CFR 101.9(d)).
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
            // `true`: a reading that keeps the cells in reading order, so a tie takes it where the sort fits.
            var readings = [(dealt, true)]
            let filled = dealt.filter { !$0.0.isEmpty }
            if filled.count < dealt.count, !filled.isEmpty {
                readings.append((filled + dealt.filter { $0.0.isEmpty }, false))
            }
            if let regrouped = evenlyDealt(block), regrouped.map({ [$0.0.count, $0.1.count] }) != dealt.map({ [$0.0.count, $0.1.count] }) {
                readings.append((regrouped, true))
            }
            guard let before = firstColumnPenalty(result, kcal: kcal) else { continue }
            let tieTakesOrder = declarationOrderFits(sorted, in: result, range: start..<end)
            var best: (rows: [AssembledRow], penalty: Double)?
            for (groups, keepsCellOrder) in readings {
                var candidate = result
                for (offset, name) in sorted.enumerated() {
                    var row = name
                    (row.cells, row.surplusBefore, row.surplusAfter) = groups[offset]
                    candidate[start + offset] = row
                }
                // Names read with no cell between them say nothing by their order: where the sorted names fit the
                // rows around them, the declaration order stands unless the checks are worse. Moving values to
                // other names (the second reading) must earn it.
                guard let penalty = firstColumnPenalty(candidate, kcal: kcal),
                      keepsCellOrder && tieTakesOrder ? penalty <= before : penalty < before,
                      best.map({ penalty < $0.penalty }) ?? true else { continue }
                best = (candidate, penalty)
            }
            if let best { result = best.rows }
        }
        return result
    }

    /// A names block's cells in reading order dealt the same number to each name, first name first, the odd ones
    /// left after the last (`nil` when there are fewer cells than names). The assembler deals a block's
    /// cells by where they lie, and an uneven deal ("21g" with "7g" before it for one name, "0g" with "0g | 0g" after
    /// it for the next, of "7g 21g 0g 0g 0g" under two names of a two-column table) splits one row's pair.
    private static func evenlyDealt(_ block: [AssembledRow])
        -> [([AssembledCell], [AssembledCell], [AssembledCell])]? {
        let cells = block.flatMap(\.cellsInReadingOrder)
        let each = cells.count / block.count
        guard each >= 1 else { return nil }
        return block.indices.map { index in
            let group = Array(cells[index * each..<(index + 1) * each])
            return (group, [], index == block.count - 1 ? Array(cells.suffix(from: block.count * each)) : [])
        }
    }

    /// `true` when a names block sorted into the declaration order (`sorted`, the block at `range` of `rows`) is
    /// the table's own run of rows: the rows just before and after it follow and precede it in that order, and none
    /// of its nutrients is named again elsewhere in the rows. A block with a name that stands out of the order even
    /// when sorted ("sugars" / "saturates" between fat and carbohydrate, the sugars a stray mention named again
    /// further down) is not one run of the table, so its reading order is kept unless the checks prefer the sort.
    private static func declarationOrderFits(_ sorted: [AssembledRow], in rows: [AssembledRow], range: Range<Int>) -> Bool {
        func position(_ nutrient: Nutrient) -> Int? { euMandatoryOrder.firstIndex(of: nutrient) }
        let block = Set(sorted.map(\.nutrient))
        guard rows.indices.allSatisfy({ range.contains($0) || !block.contains(rows[$0].nutrient) }),
              let first = sorted.first.flatMap({ position($0.nutrient) }),
              let last = sorted.last.flatMap({ position($0.nutrient) }) else { return false }
        if range.lowerBound > 0, let previous = position(rows[range.lowerBound - 1].nutrient), previous > first {
            return false
        }
        if range.upperBound < rows.count, let next = position(rows[range.upperBound].nutrient), next < last {
            return false
        }
        return true
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
