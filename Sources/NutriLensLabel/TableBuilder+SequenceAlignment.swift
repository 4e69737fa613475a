import Foundation

// Names and values out of step over a whole single-column table: the row names' sequence aligned with the sequence
// of amounts read, by what the table's own numbers allow, instead of by the position each amount was read at.
extension TableBuilder {
    /// The EU mass rows the alignment deals (Regulation 1169/2011 Art. 30(1) order, fibre from Art. 30(2)).
    private static let alignedNutrients: Set<Nutrient> = Set(euMandatoryOrder)

    /// The most an alignment may pass over between its first and last amounts (debris: a postal code's digits, a
    /// reference amount, a stray figure of the pack text), counted by ``skipCost(_:)``.
    static let sequenceAlignmentMaxSkipCost = 4

    /// What passing over an amount costs an alignment: 2 for an amount printed with its unit or a qualifier (a
    /// table's own cell), 1 for a bare figure (pack text, a misread unit, a reference digit).
    static func skipCost(_ cell: AssembledCell) -> Int {
        cell.quantity.unit != nil || cell.quantity.qualifier != nil ? 2 : 1
    }

    /// Re-deals a single-column table's amounts to its row names when the table as chosen contradicts its own
    /// numbers and one alignment of the two sequences fits them.
    ///
    /// Class: whole-pack photos where OCR reads the row names as one block (often twice, one language after the
    /// other) and the per-100 g amounts as another, with debris among them ("Energie / Matières grasses / … / Sel /
    /// Energie / Fett / … / Salz / 946 kJ / C 241 1P / 15 / 3,5 g / 0g / 0g / 23 y / 1,2g / 227kcal"): the assembler
    /// deals the amounts by position and the rows come out a few places off (fat 0, protein 5, salt 3,5 g), which
    /// the energy check then contradicts (112 kcal from the macros for 227 declared).
    ///
    /// The rows' nutrients (EU mass rows only, each once) in declaration order are matched to amounts in reading
    /// order, one each, keeping both orders (a monotone alignment), passing over at most
    /// ``sequenceAlignmentMaxSkips`` amounts inside the run. An amount can stand for a row only as a mass: no energy
    /// or percent unit, no mg/µg, not over 100 g; a sub-row never exceeds its parent (saturates ≤ fat, sugars ≤
    /// carbohydrate). An alignment fits when every first-column check passes (``ConsistencyChecks/penalty``) and the
    /// macros give the declared kcal within the printed figures' rounding (``ConsistencyChecks/energyConfirms``:
    /// 5 % or 5 kcal, Annex XIV factors). Among the alignments that fit, those passing over fewest amounts win; when
    /// they disagree on any row's value the table is left as chosen (the checks cannot tell them apart: salt,
    /// sugars and saturates do not enter the energy).
    ///
    /// Runs only when the rows as chosen fail a check (``firstColumnPenalty(_:kcal:)`` above 0), the table holds one
    /// amount per row, and the energy is known. Rows of other nutrients keep their cells.
    /// - Parameters:
    ///   - chosen: the table's rows, one instance per nutrient, after every other row rule.
    ///   - stream: every row as assembled (cells and undealt values), the source of the amounts in reading order.
    ///   - leading: amounts read before the first row name.
    ///   - kcal: the first column's declared kcal (`nil`: rows unchanged).
    ///   - energyLine: the energy row name's line; amounts and names above it are not the table's.
    /// - Returns: `chosen` with the aligned rows' cells replaced, or `chosen` unchanged.
    static func aligningBySequence(_ chosen: [AssembledRow], stream: [AssembledRow], leading: [AssembledCell],
                                   kcal: Double?, energyLine: Int?) -> [AssembledRow] {
        guard let kcal, kcal > 0, let before = firstColumnPenalty(chosen, kcal: kcal), before > 0 else { return chosen }
        let named = chosen.filter { alignedNutrients.contains($0.nutrient) }
        guard named.count >= 4, Set(named.map(\.nutrient)).count == named.count,
              mostCommonCellCount(named)?.cells == 1,
              let firstLine = named.map(\.lineIndex).min(), let lastLine = named.map(\.lineIndex).max() else {
            return chosen
        }
        // Rows named among the table's but left without an amount ("davon Zucker … Fibre": sugars' name on fibre's
        // line) are rows of the sequence too.
        let empty = stream.filter { row in
            alignedNutrients.contains(row.nutrient) && (firstLine...lastLine).contains(row.lineIndex)
                && !named.contains { $0.nutrient == row.nutrient }
        }
        var emptyRows: [Nutrient: AssembledRow] = [:]
        for row in empty where emptyRows[row.nutrient] == nil { emptyRows[row.nutrient] = row }
        let names = (named.map(\.nutrient) + emptyRows.keys).sorted { $0.declarationOrder < $1.declarationOrder }
        let amounts = amountsInReadingOrder(stream, leading: leading, after: energyLine)
        guard amounts.count >= names.count, amounts.count <= 40 else { return chosen }
        var fitting: [(skips: Int, cells: [AssembledCell])] = []
        var picked: [Int] = []
        // Depth-first over monotone alignments; a partial one is cut as soon as it breaks a row-local rule.
        func extend(from start: Int, skips: Int) {
            if picked.count == names.count {
                let cells = picked.map { amounts[$0] }
                guard fits(cells, names: names, kcal: kcal) else { return }
                fitting.append((skips, cells))
                return
            }
            let nutrient = names[picked.count]
            var added = 0
            for index in start..<amounts.count {
                if index > start, !picked.isEmpty { added += skipCost(amounts[index - 1]) }
                guard skips + added <= sequenceAlignmentMaxSkipCost else { break }
                guard admits(amounts[index], as: nutrient, after: picked.map { amounts[$0] }, names: names) else {
                    continue
                }
                picked.append(index)
                extend(from: index + 1, skips: skips + added)
                picked.removeLast()
            }
        }
        extend(from: 0, skips: 0)
        // The alignment passing over fewest amounts, when every other that fits passes over at least two more or
        // gives the same values: one skipped amount more is no evidence against a reading (debris is common).
        guard let best = fitting.min(by: { $0.skips < $1.skips }),
              !fitting.contains(where: { $0.skips <= best.skips + 1 && !sameValues($0.cells, best.cells) })
        else { return chosen }
        var result = chosen
        for (nutrient, cell) in zip(names, best.cells) {
            if let index = result.firstIndex(where: { $0.nutrient == nutrient }) {
                result[index].cells = [cell]
            } else if var row = emptyRows[nutrient] {
                row.cells = [cell]
                row.surplusBefore = []
                row.surplusAfter = []
                result.insert(row, at: result.firstIndex { $0.lineIndex > row.lineIndex } ?? result.endIndex)
            }
        }
        return firstColumnPenalty(result, kcal: kcal).map { $0 < before } ?? false ? result : chosen
    }

    /// The mass amounts of the table in reading order (line, then place on the line): the leading cells and every
    /// row's cells and undealt values below the energy row's name, each once; no energy, percent, mg/µg or
    /// oversized amount, none over 100.
    static func amountsInReadingOrder(_ stream: [AssembledRow], leading: [AssembledCell],
                                      after energyLine: Int?) -> [AssembledCell] {
        let floor = energyLine ?? -1
        let cells = leading + stream.filter { !$0.nutrient.isEnergy && $0.lineIndex > floor }
            .flatMap(\.cellsInReadingOrder)
        var seen = Set<String>()
        return cells.filter { cell in
            let quantity = cell.quantity
            guard cell.lineIndex > floor, !cell.isOversized, !quantity.isPercent, !quantity.isVolume,
                  quantity.unit == nil || quantity.unit == .gram, quantity.doubleValue <= 100,
                  !quantity.isSeparatorLike else { return false }
            return seen.insert("\(cell.lineIndex):\(quantity.start):\(quantity.text)").inserted
        }.enumerated().sorted { ($0.element.lineIndex, $0.element.quantity.start, $0.offset)
            < ($1.element.lineIndex, $1.element.quantity.start, $1.offset) }.map(\.element)
    }

    /// `true` when `cell` may stand for `nutrient` after the amounts already picked for the names before it: a
    /// sub-row's exact amount not above its parent's.
    private static func admits(_ cell: AssembledCell, as nutrient: Nutrient, after picked: [AssembledCell],
                               names: [Nutrient]) -> Bool {
        guard let parent = nutrient.parentRow, let parentIndex = names.firstIndex(of: parent),
              parentIndex < picked.count, cell.quantity.qualifier == nil,
              picked[parentIndex].quantity.qualifier == nil else { return true }
        return cell.quantity.doubleValue <= picked[parentIndex].quantity.doubleValue + 0.05
    }

    /// `true` when the amounts, one per name, pass every first-column check and the macros confirm `kcal`.
    private static func fits(_ cells: [AssembledCell], names: [Nutrient], kcal: Double) -> Bool {
        var values: [Nutrient: CandidateValue] = [:]
        for (nutrient, cell) in zip(names, cells) {
            var reading = cell.quantity.primary
            if reading.unit == nil { reading.unit = .gram }
            values[nutrient] = CandidateValue(readings: [reading], chosen: 0, qualifier: cell.quantity.qualifier,
                                              cell: cell)
        }
        guard let estimate = ConsistencyChecks.macroEnergyKcal(values),
              ConsistencyChecks.penalty(values, basis: .per100g, kcal: kcal) == 0 else { return false }
        return ConsistencyChecks.energyConfirms(kcal: kcal, estimate: estimate)
    }

    /// `true` when two alignments give every row the same amount.
    private static func sameValues(_ a: [AssembledCell], _ b: [AssembledCell]) -> Bool {
        zip(a, b).allSatisfy { $0.quantity.value == $1.quantity.value && $0.quantity.qualifier == $1.quantity.qualifier }
    }
}
