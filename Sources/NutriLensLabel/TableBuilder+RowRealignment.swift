import Foundation

// Row-level repairs of OCR reading order: values read a row late, a value column half a row off its names,
// row names OCR lost, stray digits inside row names.
extension TableBuilder {
    /// The mass rows of the EU declaration in their order (Regulation 1169/2011 Art. 30(1), fibre from Art. 30(2)):
    /// the rows a lost name can be inferred for.
    static let euMandatoryOrder: [Nutrient] = [.fat, .saturatedFat, .carbohydrates, .sugars, .fiber, .proteins, .salt]

    /// In a single-column table, a row with surplus values right after rows that got none means OCR read the values
    /// a row late ("Fibre / Protein / 0.7 g / Salt / 5.1 g / 1.1 g"): the values move back one row each, in order;
    /// right before the last row, which got none, a row early: they move forward (not on US panels, whose second
    /// number on a row is mostly its %DV with the "%" lost).
    /// A shift over more than four rows is only made when the table's consistency checks improve with it (a whole
    /// label read one row late: "Fat / Saturates / 13,9 g / Carbohydrate / 2 g / …").
    /// A row holding only a bare "1" counts as one that got none for the late shift (``holdsOnlyARule(_:)``).
    static func rebalance(_ rows: [AssembledRow], kcal: Double?, forward: Bool = true) -> [AssembledRow] {
        let filled = rows.filter { !$0.cells.isEmpty && !$0.nutrient.isEnergy }
        guard !filled.isEmpty, filled.filter({ $0.cells.count == 1 }).count * 2 > filled.count else { return rows }
        var rows = rows
        for j in rows.indices where rows[j].cells.count > 1 && !rows[j].nutrient.isEnergy {
            let excess = rows[j].cells.count - 1
            // Read late, the surplus is the rows above's amounts: a net quantity (``isNetQuantity(_:)``, "144 g"
            // after the table) is none of them.
            let lateExcess = rows[j].cells.filter { !isNetQuantity($0) }.count - 1
            var empty = 0
            var start: Int?
            var i = j - 1
            while lateExcess > 0, i >= 0, rows[i].cells.count <= 1, !rows[i].nutrient.isEnergy, !rows[i].isValueLost {
                if rows[i].cells.isEmpty || holdsOnlyARule(rows[i]) {
                    empty += 1
                    if empty == lateExcess { start = i; break }
                }
                i -= 1
            }
            // Values read a row early instead ("Ballaststoffe 2.3 g 6.7 g / Eiweiss 0.27 g / Salz"): the empty row
            // comes after the surplus, and the values move forward one row each.
            var end: Int?
            if start == nil, forward {
                empty = 0
                var k = j + 1
                while k < rows.count, rows[k].cells.count <= 1, !rows[k].nutrient.isEnergy, !rows[k].isValueLost {
                    if rows[k].cells.isEmpty {
                        empty += 1
                        if empty == excess { end = k; break }
                    }
                    k += 1
                }
            }
            // Forward into the table's last row (salt's name read, its value taken by the row above); into an empty
            // row with named rows after it only when the checks say so (``forwardIntoMiddleRow``). Not over a
            // mandatory row that was never read when the value has a line of its own after a row that has its
            // value on its name's line, or a line lies between the value and the last name: that line holds the lost
            // row's name ("edingsvezel <0,5g" / "itten 19g" / "Zout": 19 g is protein's).
            let intoMiddle = end.map { last in rows[(last + 1)...].contains(where: { !$0.nutrient.isEnergy }) } ?? false
            if let last = end, let moved = rows[j].cells.last,
               rows[last].lineIndex - moved.lineIndex > 1
                   || (rows[j].cells.first?.lineIndex == rows[j].lineIndex && moved.lineIndex != rows[j].lineIndex),
               Self.mandatoryRowMissing(between: rows[j].nutrient, and: rows[last].nutrient, in: rows) {
                end = nil
            }
            guard start != nil || end != nil else { continue }
            let window = Array((start ?? j)...(end ?? j))
            guard Set(window.map { rows[$0].nutrient }).count == window.count else { continue }
            let cells = window.flatMap { index in
                holdsOnlyARule(rows[index]) ? [] : rows[index].cells.filter { start == nil || !isNetQuantity($0) }
            }
            guard cells.count == window.count else { continue }
            var shifted = rows
            for (offset, index) in window.enumerated() { shifted[index].cells = [cells[offset]] }
            let before = firstColumnPenalty(rows, kcal: kcal), after = firstColumnPenalty(shifted, kcal: kcal)
            if intoMiddle, start == nil {
                guard Self.forwardIntoMiddleRow(rows, shifted, before: before, after: after, kcal: kcal) else { continue }
            } else if window.count > 5 {
                guard let after, before.map({ after < $0 }) ?? (after == 0) else { continue }
            } else if let before, let after, after > before {
                continue
            }
            rows = shifted
        }
        return rows
    }

    /// `true` for a row whose one cell is a bare "1" (``ScannedQuantity/isSeparatorLike``): a column rule or the last
    /// word of side text ("enthalten. 1") read as its amount. For the late shift of ``rebalance(_:kcal:forward:)`` it
    /// is a row that got none, and the "1" is dropped (session 27: a one-column table read a row late with side text
    /// among the rows, protein taking the "1" and salt its own amount and the row's, FoodLabel full photo B 0072).
    static func holdsOnlyARule(_ row: AssembledRow) -> Bool {
        row.cells.count == 1 && row.cells[0].quantity.isSeparatorLike
    }

    /// `true` when a mandatory EU row (Regulation 1169/2011 Art. 30 order) between `first` and `last` is not among
    /// `rows`.
    static func mandatoryRowMissing(between first: Nutrient, and last: Nutrient, in rows: [AssembledRow]) -> Bool {
        let order: [Nutrient] = [.fat, .saturatedFat, .carbohydrates, .sugars, .fiber, .proteins, .salt]
        guard let from = order.firstIndex(of: first), let to = order.firstIndex(of: last), from + 1 < to else {
            return false
        }
        let present = Set(rows.map(\.nutrient))
        return order[(from + 1)..<to].contains { !present.contains($0) }
    }

    /// Whole-table hypothesis for labels whose value column sits half a row off its names (values printed before
    /// their row name, so every block of values lands on the previous name): take all value cells in reading order,
    /// cut them into groups of the usual cells-per-row, and give the groups to the row names in order. Used only
    /// when the groups fit the names exactly and the energy and sum checks clearly prefer it.
    /// - Parameter servingRatio: per-serving ÷ per-100 g energy (``servingEnergyRatio(_:columnCount:)``); the cells may fill a
    ///   larger column count exactly (``realignmentCellsPerRow(typical:cellCount:nameCount:servingRatio:)``) only
    ///   where pairing by that ratio cannot run.
    static func realign(_ rows: [AssembledRow], leading: [AssembledCell], kcal: Double?,
                        after energyLine: Int? = nil, servingRatio: Double? = nil) -> [AssembledRow] {
        // Row names above the energy row (an ingredient list naming "sugar", "salt") are not part of the table.
        let massRows = rows.filter { !$0.nutrient.isEnergy && $0.lineIndex > (energyLine ?? -1) }
        var names: [AssembledRow] = []
        for row in massRows where !names.contains(where: { $0.nutrient == row.nutrient }) { names.append(row) }
        let filled = massRows.filter { !$0.cells.isEmpty }
        guard names.count >= 4, !filled.isEmpty else { return rows }
        let typical = mostCommonCellCount(filled)!.cells
        let cells = leading + massRows.flatMap(\.cells)
        var best: (rows: [AssembledRow], penalty: Double, filledExactly: Bool)?
        for perRow in Self.realignmentCellsPerRow(typical: typical, cellCount: cells.count, nameCount: names.count,
                                                  servingRatio: servingRatio) {
            // Values half a row off leave a trace: cells before the first name, or a name with fewer cells than
            // the columns. Rows that all hold their columns already are read in place (a stray "12" on one row must
            // not shift the whole table).
            let shortRow = names.contains { name in
                massRows.filter { $0.nutrient == name.nutrient }.map(\.cells.count).max() ?? 0 < perRow
            }
            guard !leading.isEmpty || shortRow else { continue }
            // Trailing debris after the last row (footnote numbers) may add up to two rows' worth of cells; the
            // consistency checks below decide whether the realigned table is better.
            guard perRow >= 1, cells.count >= perRow * names.count, cells.count <= perRow * (names.count + 2) else {
                continue
            }
            var aligned = names
            for index in aligned.indices {
                aligned[index].cells = Array(cells[(index * perRow)..<((index + 1) * perRow)])
            }
            guard let penalty = firstColumnPenalty(aligned, kcal: kcal) else { continue }
            if best.map({ penalty < $0.penalty }) ?? true { best = (aligned, penalty, perRow != typical) }
        }
        guard let (aligned, after, filledExactly) = best else { return rows }
        // Like with like: the table's own rows before and after. A row name above the energy row ("Fat 4.7g" in a
        // per-serving summary over the table) would otherwise stand for its nutrient in the reading as assembled only,
        // and make any realignment look better (openfoodfacts-dart `nutrition_en`, session 13).
        let before = firstColumnPenalty(massRows, kcal: kcal) ?? .infinity
        let untouched = rows.filter { $0.nutrient.isEnergy || $0.lineIndex <= (energyLine ?? -1) }
        // Cells that fill a larger column count exactly are evidence of their own: there a realignment that passes
        // every check where the rows as read fail one is taken.
        let better = after + 0.5 < before || (filledExactly && after == 0 && before > 0)
        return better ? untouched + aligned : rows
    }

    /// Consistency penalty of the first value of each row (per 100 g), `nil` when the energy check cannot run.
    static func firstColumnPenalty(_ rows: [AssembledRow], kcal: Double?) -> Double? {
        guard let kcal else { return nil }
        let values = firstColumnValues(rows)
        guard ConsistencyChecks.macroEnergyKcal(values) != nil else { return nil }
        return ConsistencyChecks.penalty(values, basis: .per100g, kcal: kcal)
    }

    /// The first cell of each row's first instance as its value in grams when no unit was read (energy rows left
    /// out): the per-100 g column the consistency checks judge a row move by.
    static func firstColumnValues(_ rows: [AssembledRow]) -> [Nutrient: CandidateValue] {
        var values: [Nutrient: CandidateValue] = [:]
        for row in rows where !row.cells.isEmpty && values[row.nutrient] == nil && !row.nutrient.isEnergy {
            var reading = row.cells[0].quantity.primary
            if reading.unit == nil { reading.unit = .gram }
            values[row.nutrient] = CandidateValue(readings: [reading], chosen: 0, qualifier: row.cells[0].quantity.qualifier,
                                                  cell: row.cells[0])
        }
        return values
    }

    /// "Saturates / 23 g / of which saturates / 62 g / Sugars": a row name repeated in another language with its own
    /// values (as many cells as the first instance: one per column), where the next row's name was lost. When
    /// exactly one mandatory row is missing between this row and the next one in declaration order (or after it, for
    /// the table's last row), the repeat's value goes there (marked inferred).
    static func inferLostRowNames(_ rows: [AssembledRow]) -> [AssembledRow] {
        let mandatoryOrder = euMandatoryOrder
        var rows = rows
        let filledIndices = rows.indices.filter { !rows[$0].cells.isEmpty && !rows[$0].nutrient.isEnergy }
        for (position, index) in filledIndices.enumerated().dropLast() {
            let next = filledIndices[position + 1]
            guard rows[index].nutrient == rows[next].nutrient, !rows[index].cells.isEmpty,
                  rows[index].cells.count == rows[next].cells.count,
                  rows[index].cells[0].quantity.unit != nil, rows[next].cells[0].quantity.unit != nil,
                  let order = mandatoryOrder.firstIndex(of: rows[index].nutrient) else { continue }
            // The repeat may be the table's last row ("Proteines 3,3 g" / "… Proteine 0,17 g", salt's name lost):
            // then every mandatory row after it is a candidate.
            let following = filledIndices[(position + 2)...].first.map { rows[$0].nutrient }
            let present = Set(rows.filter(\.hasPrintedValue).map(\.nutrient))
            let candidates = mandatoryOrder[(order + 1)...].prefix { $0 != following }.filter { !present.contains($0) }
            guard candidates.count == 1 else { continue }
            rows[next].nutrient = candidates[0]
            rows[next].inferred = true
        }
        return rows
    }

    /// "Energie / 1937 kJ/462 kcal / 18g / davon gesättigte Fettsäuren / 2,5g": mass cells between the energy row
    /// and the first row name, one per column, when exactly one mandatory row before that first row is missing
    /// (fat's name lost) are that row's (marked inferred). Returns the rows and the leading cells still unused.
    static func inferLeadingRow(_ rows: [AssembledRow], leading: [AssembledCell],
                                after energyLine: Int?) -> (rows: [AssembledRow], leading: [AssembledCell]) {
        let mandatoryOrder = euMandatoryOrder
        let filled = rows.filter { !$0.cells.isEmpty && !$0.nutrient.isEnergy && $0.lineIndex > (energyLine ?? -1) }
        guard let first = filled.first, let position = mandatoryOrder.firstIndex(of: first.nutrient),
              !leading.isEmpty, leading.allSatisfy({ $0.quantity.unit.map { !$0.isEnergy } ?? false })
        else { return (rows, leading) }
        let perRow = mostCommonCellCount(filled)!.cells
        // A row named but empty (its values half a row off) is not lost: realignment handles it.
        let named = Set(rows.filter { $0.lineIndex > (energyLine ?? -1) }.map(\.nutrient))
        let candidates = mandatoryOrder[..<position].filter { !named.contains($0) }
        guard leading.count == perRow, candidates.count == 1,
              let firstIndex = rows.firstIndex(where: { $0.lineIndex == first.lineIndex && $0.nutrient == first.nutrient })
        else { return (rows, leading) }
        var lost = first
        lost.nutrient = candidates[0]
        lost.cells = leading
        lost.lineIndex = leading[0].lineIndex
        lost.inferred = true
        var result = rows
        result.insert(lost, at: firstIndex)
        return (result, [])
    }

    /// A stray digit in a row name ("sugars / waarvan suikers / 3" then "43g") is no value when the row also has
    /// values with units: bare single-digit integers are dropped from rows that have more cells than columns.
    static func trimWeakCells(_ rows: [AssembledRow]) -> [AssembledRow] {
        rows.map { row in
            let strong = row.cells.filter { $0.quantity.unit != nil || $0.quantity.qualifier != nil }
            guard row.cells.count > 1, !strong.isEmpty, !row.nutrient.isEnergy else { return row }
            var copy = row
            copy.cells = row.cells.filter { !isWeakCell($0) }
            return copy
        }
    }

    /// `true` for a bare single-digit integer (no unit, no "<", no decimals: "3", "1"): a stray digit in a row name
    /// or a footnote mark as often as a value, and too coarse to witness a ratio (its rounding allows ± 0.5).
    static func isWeakCell(_ cell: AssembledCell) -> Bool {
        let quantity = cell.quantity
        return quantity.unit == nil && quantity.qualifier == nil && quantity.primary.fractionDigits == 0
            && quantity.value < 10 && quantity.text.filter(\.isNumber).count == 1
    }

    /// A row with twice the usual number of cells swallowed the values of a row whose name OCR lost; when exactly one
    /// mandatory row is missing between it and the next row in declaration order, the second half goes there (with
    /// k missing rows, k + 1 groups of cells, one per row in declaration order).
    func inferMissingRows(_ rows: [AssembledRow], columnCount: Int) -> [AssembledRow] {
        // EU declaration order (Regulation 1169/2011 Art. 30); US/CA panels follow 21 CFR 101.9(d) and have no salt
        // row: there a second number after an amount is mostly its %DV with the "%" lost ("Saturated 3g 15").
        // Rows whose value OCR lost are printed rows too (they are gone from `rows`, which only holds rows with cells).
        let present = Set(rows.map(\.nutrient)).union(self.rows.filter(\.isValueLost).map(\.nutrient))
        let mandatoryOrder: [Nutrient] = layout.isUSStyle
            ? [.fat, .saturatedFat, .transFat, .cholesterol, .sodium, .carbohydrates, .fiber, .sugars, .addedSugars,
               .proteins]
            : Self.euMandatoryOrder
        var result: [AssembledRow] = []
        for (index, row) in rows.enumerated() {
            guard columnCount >= 1, row.cells.count > columnCount,
                  let position = mandatoryOrder.firstIndex(of: row.nutrient) else {
                result.append(row)
                continue
            }
            let nextNutrient = rows[(index + 1)...].first.map(\.nutrient)
            let candidates = Array(mandatoryOrder[(position + 1)...].prefix { $0 != nextNutrient }
                .filter { !present.contains($0) })
            // Value lines first: each following line one missing row (the named row's own line may be short).
            // A row name is only inferred for cells in a unit it is declared in: "10mg" after a US panel's total
            // sugars is cholesterol's amount, not the added sugars'.
            func unitsFit(_ rows: [AssembledRow]) -> Bool {
                rows.allSatisfy { row in
                    !row.inferred || row.nutrient.isMicronutrient
                        || row.cells.allSatisfy { $0.quantity.unit != .milligram && $0.quantity.unit != .microgram }
                }
            }
            if let split = Self.splitByValueLines(row, candidates: candidates, columnCount: columnCount), unitsFit(split) {
                result += split
                continue
            }
            // One group of cells per missing row ("0,5 g | 5,6 g | 6,1 g" after sugars with the fibre and protein
            // names lost), and at most one cell of debris after them ("0.9 g | 0.1 g | 1.2 g | 0.18 g | 17").
            let groups = 1 + candidates.count
            guard !candidates.isEmpty, row.cells.count == groups * columnCount || row.cells.count == groups * columnCount + 1
            else {
                result.append(row)
                continue
            }
            var head = row
            head.cells = Array(row.cells.prefix(columnCount))
            var split = [head]
            for (offset, missing) in candidates.enumerated() {
                var tail = row
                tail.nutrient = missing
                tail.cells = Array(row.cells[((offset + 1) * columnCount)..<((offset + 2) * columnCount)])
                tail.inferred = true
                split.append(tail)
            }
            result += unitsFit(split) ? split : [row]
        }
        return result
    }

    /// Several row names lost in a row ("Ss es 4,4g 0,1g" / "er ucides 27,3g 0,5g" / "SL res 8,4 g 0,2g" under
    /// "matières grasses 8,9 g"): the named row collected the values of every following line. When each of those
    /// lines holds exactly one row's worth of cells (`columnCount`, at least two) and exactly as many mandatory rows
    /// are missing before the next named row, the lines go to the missing rows in declaration order (inferred). The
    /// named row keeps the cells of its first line. `nil` when the lines do not fit that shape.
    static func splitByValueLines(_ row: AssembledRow, candidates: [Nutrient], columnCount: Int) -> [AssembledRow]? {
        guard columnCount >= 2, !candidates.isEmpty else { return nil }
        var lines: [[AssembledCell]] = []
        for cell in row.cells {
            if let last = lines.last?.last, last.lineIndex == cell.lineIndex {
                lines[lines.count - 1].append(cell)
            } else {
                lines.append([cell])
            }
        }
        let following = lines.dropFirst()
        guard following.count == candidates.count, lines[0].count <= columnCount,
              following.allSatisfy({ $0.count == columnCount }) else { return nil }
        var head = row
        head.cells = lines[0]
        let inferred = zip(candidates, following).map { nutrient, cells -> AssembledRow in
            var tail = row
            tail.nutrient = nutrient
            tail.cells = cells
            tail.inferred = true
            return tail
        }
        return [head] + inferred
    }

    /// Bottom rows whose values sit half a row above their names, when the rows above are level ("Fibre 4.5g 1.6g"
    /// / "0.5g 0.2g" / "Sodium" / "0.5g" / "Equivalent as Salt 1.3g"): the last level row collected one extra line
    /// of exactly one row's cells, and each row after it holds fewer cells than the columns. Those cells, in reading
    /// order, are one row's worth per following row; each row's cells are put in column order by their boxes,
    /// along the level row's direction from its first cell to its last (so a turned page works too). Only
    /// with word boxes (without them the column order of a split row is unknown) and at least two columns.
    static func shiftHalfRowTail(_ rows: [AssembledRow], columnCount: Int) -> [AssembledRow] {
        guard columnCount >= 2 else { return rows }
        for index in rows.indices where !rows[index].nutrient.isEnergy && rows[index].cells.count == 2 * columnCount {
            let own = rows[index].cells.prefix(columnCount), extra = rows[index].cells.suffix(columnCount)
            guard Set(own.map(\.lineIndex)).count == 1, Set(extra.map(\.lineIndex)).count == 1,
                  let ownLine = own.first?.lineIndex, let extraLine = extra.first?.lineIndex, extraLine > ownLine
            else { continue }
            var tail = index + 1
            while tail < rows.count, !rows[tail].nutrient.isEnergy, rows[tail].cells.count < columnCount { tail += 1 }
            let following = (index + 1)..<tail
            let pool = Array(extra) + following.flatMap { rows[$0].cells }
            guard !following.isEmpty, pool.count == columnCount * following.count,
                  (pool + own).allSatisfy({ $0.box != nil }) else { continue }
            // Column order runs from the level row's first cell to its last (left to right, or along a turned page).
            let first = own.first!.box!, last = own.last!.box!
            let axis = (x: last.x + last.width / 2 - first.x - first.width / 2,
                        y: last.y + last.height / 2 - first.y - first.height / 2)
            func position(_ cell: AssembledCell) -> Double {
                let box = cell.box!
                return (box.x + box.width / 2) * axis.x + (box.y + box.height / 2) * axis.y
            }
            var shifted = rows
            shifted[index].cells = Array(own)
            for (offset, row) in following.enumerated() {
                let cells = pool[(offset * columnCount)..<((offset + 1) * columnCount)]
                shifted[row].cells = cells.sorted { position($0) < position($1) }
            }
            return shifted
        }
        return rows
    }
}
