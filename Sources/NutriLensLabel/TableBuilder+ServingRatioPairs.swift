import Foundation

// Two-column tables (per 100 g | per serving) whose cells OCR read out of row order: the columns' fixed ratio
// pairs each per-100 g cell with its per-serving cell, whatever lines they landed on.
extension TableBuilder {
    /// Per serving = per 100 g × serving size / 100 on every row of a two-column table, and the energy row states
    /// that ratio (kcal per serving / kcal per 100 g). On a whole pack's text the cells of a row often land under
    /// the next row's name, or a row's two cells are read in two passes ("80 g", "4 g", "24 g", "1,2 g" for
    /// carbohydrate 80 | 24 and sugars 4 | 1,2). Pairing cells by that ratio rebuilds the rows: the pairs, in the
    /// reading order of their first cell, go to the row names in declaration order.
    ///
    /// Taken only when every distinct row name below the energy row gets exactly one pair (or one of them the one
    /// amount left between the pairs, its partner lost: ``loneCellAmongPairs(_:used:pairPositions:ratio:)``), at
    /// least three pairs are more than zeros or "<" bounds (the ratio is real evidence there), at most a few amounts
    /// are left over (OCR debris; %RI figures are a column of their own and do not count), the ratio is at least
    /// 20 % away from 1 (100 g beside 110 g pairs any two close values), and the energy and sum checks do not get
    /// worse.
    /// The cells are read in reading order including the values a names block left undealt
    /// (``AssembledRow/cellsInReadingOrder``); a bare single digit (``isWeakCell(_:)``) takes no part in a pair.
    /// - Parameters:
    ///   - rows: assembled rows in reading order.
    ///   - leading: mass cells read between the energy row and the first row name.
    ///   - ratio: per-serving energy / per-100 g energy (column 1 / column 0).
    ///   - kcal: the first column's kcal, for the consistency checks.
    /// - Returns: the rows rebuilt from the pairs, or `nil` when the pairing is not convincing.
    static func pairedByServingRatio(_ rows: [AssembledRow], leading: [AssembledCell], ratio: Double, kcal: Double?,
                                     after energyLine: Int?) -> [AssembledRow]? {
        guard ratio > 0, abs(ratio - 1) >= 0.2 else { return nil }
        let massRows = rows.filter { !$0.nutrient.isEnergy && $0.lineIndex > (energyLine ?? -1) }
        var names: [AssembledRow] = []
        for row in massRows where !names.contains(where: { $0.nutrient == row.nutrient }) { names.append(row) }
        guard names.count >= 3 else { return nil }
        // The stream includes the values a names block left undealt (AssembledRow.surplusBefore): they are often
        // the second cells the pairing looks for.
        let leading = rowAmounts(leading, ratio: ratio)
        let cells = leading + massRows.flatMap(\.cellsInReadingOrder)
        // A %RI column is a column of its own, not debris: only the amounts count against the names (one of them
        // may have lost its partner).
        let amounts = cells.filter { !$0.quantity.isPercent && !$0.quantity.isBoundNoLabelPrints }.count
        guard amounts >= 2 * names.count - 1, amounts <= 2 * names.count + max(2, names.count / 2) else {
            return nil
        }
        var used = Array(repeating: false, count: cells.count)
        var pairs: [(position: Int, first: AssembledCell, second: AssembledCell)] = []
        // Two cells that follow each other on their row's own line and fit the ratio are that row's pair: the
        // ratio confirms what the line already says. Pairing greedily across rows instead can take such a pair
        // apart when a third figure on a row (a %RI column whose "%" is not printed: "saturi 7,9g 2,3g 12") fits
        // the next row's per-100 g cell by chance, and every row below then takes its neighbour's values.
        var offset = leading.count
        for row in massRows {
            var k = offset
            let rowCells = row.cellsInReadingOrder.count
            while k + 1 < offset + rowCells {
                if cells[k].lineIndex == cells[k + 1].lineIndex, !cells[k].quantity.isBoundNoLabelPrints,
                   !cells[k + 1].quantity.isBoundNoLabelPrints, fits(cells[k], cells[k + 1], ratio: ratio) {
                    used[k] = true
                    used[k + 1] = true
                    pairs.append((k, cells[k], cells[k + 1]))
                    k += 2
                } else {
                    k += 1
                }
            }
            offset += rowCells
        }
        // A bare single digit (a footnote mark in a row name: "davon gesättigte Fettsäuren 1") fits too loosely to
        // take part: paired with "0,6 g" at a ratio of 2.5 it would push every later pair one cell on.
        for index in cells.indices
        where !used[index] && !isWeakCell(cells[index]) && !cells[index].quantity.isBoundNoLabelPrints {
            // The partner is one of the next few unused cells: the serving cell follows its per-100 g cell, or a
            // second pass over the row pair put another row's cell between them.
            let candidates = cells.indices.filter {
                $0 > index && !used[$0] && !isWeakCell(cells[$0]) && !cells[$0].quantity.isBoundNoLabelPrints
            }.prefix(3)
            guard let partner = candidates.first(where: {
                fits(cells[index], cells[$0], ratio: ratio) || fits(cells[$0], cells[index], ratio: ratio)
            }) else { continue }
            used[index] = true
            used[partner] = true
            let inOrder = fits(cells[index], cells[partner], ratio: ratio)
            pairs.append(inOrder ? (index, cells[index], cells[partner]) : (index, cells[partner], cells[index]))
        }
        pairs.sort { $0.position < $1.position }
        let informative = pairs.filter { isInformative($0.first) && isInformative($0.second) }.count
        guard informative >= 3 else { return nil }
        var groups = pairs.map { (position: $0.position, cells: [$0.first, $0.second]) }
        // Two leftover amounts taken as one row's (``loneCellAmongPairs(_:used:pairPositions:ratio:)``).
        var partnerLeftOut = false
        if groups.count + 1 == names.count {
            guard let lone = loneCellAmongPairs(cells, used: used, pairPositions: groups.map(\.position),
                                                 ratio: ratio) else {
                return nil
            }
            // A second figure that fits the ratio in one of its readings ("5.4g" / "43g": 4,3 g, its separator
            // lost) is the row's pair after all: the reading is chosen later, as for any pair.
            // Either way the two leftovers being one row's is a guess the checks must confirm (below).
            partnerLeftOut = lone.partnerLeftOut
            let partner = lone.partnerLeftOut ? cells[lone.index + 1] : nil
            if let partner, partner.quantity.alternatives.contains(where: { reading in
                var read = partner
                read.quantity.primary = reading
                return fits(cells[lone.index], read, ratio: ratio)
            }) {
                groups.append((lone.index, [cells[lone.index], partner]))
            } else {
                groups.append((lone.index, [cells[lone.index]]))
            }
            groups.sort { $0.position < $1.position }
        }
        guard groups.count == names.count else { return nil }
        var paired = names
        for index in paired.indices {
            paired[index].cells = groups[index].cells
            paired[index].surplusBefore = []
            paired[index].surplusAfter = []
        }
        let untouched = rows.filter { $0.nutrient.isEnergy || $0.lineIndex <= (energyLine ?? -1) }
        let rebuilt = untouched + paired
        if let kcal {
            let before = firstColumnPenalty(rows, kcal: kcal), after = firstColumnPenalty(rebuilt, kcal: kcal)
            if let before, let after, after > before { return nil }
            if partnerLeftOut, after != 0 { return nil }
        } else if partnerLeftOut {
            return nil
        }
        return rebuilt
    }

    /// `true` when `serving` can be `per100` × `ratio` after the EC rounding of both cells (each within half its
    /// printed last digit, or 5 %), with "<" bounds and zeros handled as bounds.
    static func fits(_ per100: AssembledCell, _ serving: AssembledCell, ratio: Double) -> Bool {
        let a = per100.quantity, b = serving.quantity
        guard !a.isPercent, !b.isPercent, a.unit == b.unit || a.unit == nil || b.unit == nil,
              a.primary.unit?.isEnergy != true, b.primary.unit?.isEnergy != true else { return false }
        let x = a.value.asDouble, y = b.value.asDouble
        if a.qualifier != nil || b.qualifier != nil {
            // "<0,5 g | <0,5 g", "<0,5 g | 0,1 g": bounds pair with bounds or with values under them.
            if a.qualifier != nil && b.qualifier != nil { return true }
            return a.qualifier != nil ? y <= x * ratio + 0.05 : x * ratio <= y + 0.05
        }
        let step = { (digits: Int) in pow(10, -Double(digits)) }
        let tolerance = 0.5 * step(b.primary.fractionDigits) + ratio * 0.5 * step(a.primary.fractionDigits)
            + 0.05 * x * ratio
        return abs(x * ratio - y) <= tolerance
    }

    /// The amounts read between the energy row and the first row name less those that are no row's: the columns'
    /// header ("100 g: 20 g:" read after "Energie / Energiewert": a mass of 100 g followed by the portion's, 100 g ×
    /// `ratio`) and figures no mass cell of either column can be (over 100 g × the larger column's share: bare kJ
    /// figures "1216" / "243" whose unit OCR did not read). FoodLabel full 0175 (session 24); a portion-sized amount
    /// alone is a row's ("10g" / "1.0g" for fat 10 g on a 10 g portion, FoodLabel full 0466).
    static func rowAmounts(_ leading: [AssembledCell], ratio: Double) -> [AssembledCell] {
        func grams(_ cell: AssembledCell) -> Double? {
            let quantity = cell.quantity
            guard quantity.qualifier == nil, !quantity.isPercent, quantity.unit == nil || quantity.unit == .gram else {
                return nil
            }
            return quantity.doubleValue
        }
        let portion = 100 * ratio
        var header = Set<Int>()
        for index in leading.indices.dropLast() where leading[index].quantity.unit == .gram
            && leading[index + 1].quantity.unit == .gram {
            if let hundred = grams(leading[index]), let serving = grams(leading[index + 1]), abs(hundred - 100) < 0.01,
               abs(serving - portion) <= 0.5 + 0.05 * portion {
                header.formUnion([index, index + 1])
            }
        }
        return leading.indices.filter { index in
            !header.contains(index) && (grams(leading[index]).map { $0 <= 100 * max(1, ratio) } ?? true)
        }.map { leading[$0] }
    }

    /// A cell that says something about the ratio: not zero and not a bound.
    static func isInformative(_ cell: AssembledCell) -> Bool {
        cell.quantity.qualifier == nil && cell.quantity.value > 0
    }
}
