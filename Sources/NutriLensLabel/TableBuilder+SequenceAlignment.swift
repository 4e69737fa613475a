import Foundation

// Names and values out of step over a whole table: the row names' sequence aligned with the sequence of amounts
// read, by what the table's own numbers allow, instead of by the position each amount was read at.
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

    /// Re-deals a table's amounts to its row names when the table as chosen contradicts its own numbers and one
    /// alignment of the two sequences fits them.
    ///
    /// Class: whole-pack photos where OCR reads the row names as one block (often twice, one language after the
    /// other) and the amounts as another, with debris among them ("Energie / Matières grasses / … / Sel / Energie /
    /// Fett / … / Salz / 946 kJ / C 241 1P / 15 / 3,5 g / 0g / 0g / 23 y / 1,2g / 227kcal"), or the rows of a
    /// two-column table with side-text words read as row names between them: the assembler and the pairing deal the
    /// amounts by position and the rows come out a few places off (fat 0, protein 5, salt 3,5 g), which the energy
    /// check then contradicts (112 kcal from the macros for 227 declared).
    ///
    /// The rows' nutrients (EU mass rows only, each once, with rows named among them but left empty) in declaration
    /// order are matched to amounts in reading order, keeping both orders (a monotone alignment), passing over
    /// amounts inside the run at most ``sequenceAlignmentMaxSkipCost`` (``skipCost(_:)``). With one energy column
    /// each name takes one amount; with two, a per-100 g | per-portion pair by the energy columns' ratio
    /// (``SequenceAlignmentSearch``). An amount can stand for a row only as a mass: no energy or percent unit, no
    /// mg/µg, not over 100 g; a sub-row never exceeds its parent (saturates ≤ fat, sugars ≤ carbohydrate). An
    /// alignment fits when every first-column check passes (``ConsistencyChecks/penalty``) and the macros give the
    /// declared kcal within the printed figures' rounding (``ConsistencyChecks/energyConfirms``: 5 % or 5 kcal, Annex
    /// XIV factors). The cheapest alignment that fits is taken only when no other within one point of it gives any
    /// row another amount (the checks cannot tell them apart: salt, sugars and saturates do not enter the energy);
    /// otherwise the table stays as chosen, and its contradicted values stay flagged. Of the cheapest, the one with
    /// fewer pairs read right to left is taken, and a rival that only deals a row's two cells the other way round
    /// where both print the same figure ("<0,5 g" | "0,5g") gives no other amount (session 27).
    ///
    /// Runs only when the rows as chosen fail a check (``firstColumnPenalty(_:kcal:)`` above 0) whatever their
    /// amounts' OCR readings (``isContradictedWhateverTheReadings(_:kcal:requiringConfirmation:)``), the table holds
    /// at most one amount per row and column, and the energy is known. Rows of other nutrients keep their cells.
    ///
    /// Rows that pass the checks only loosely (session 23): the macros within the energy check's 15 % of the kcal
    /// but not within the 5 % that confirms it, whatever the readings. Class: a row's amount read on the far side of
    /// its name (printed a line higher, or run-in text whose lines OCR read out of order: "Fibres : 0,2 g) -
    /// Glucides : 13 g" with saturates' 0,2 g dealt to fibre), so one row takes the next row's amount and the rows
    /// after it are one off; the energy then moves by a few percent only (fibre, protein and salt are small). They
    /// are re-dealt only by an alignment that fits and is plain (``SequenceAlignmentSearch/Alignment/isPlain``:
    /// nothing passed over inside the run, each pair read together, left column first): with one skipped cell or a
    /// pair read right to left, an alignment can tune the energy through fibre or the other column's figures
    /// (FoodLabel A 0002, 0339, large 0129, B 0463 were right as read and went wrong that way).
    /// A table missing one EU mandatory row between its names, named nowhere below the energy
    /// (``lostMandatoryName(_:stream:after:)``: its name lost by OCR, "Hidratos / de 1,3 g"), whose rows as chosen
    /// neither fail a check nor confirm the kcal, takes that row into the names' sequence: a plain alignment gives it
    /// its amount, the row inserted where the amount was read and marked inferred.
    /// An amount whose g OCR read as a 9 ("09") counts at either reading in the fit.
    /// - Parameters:
    ///   - chosen: the table's rows, one instance per nutrient, after every other row rule.
    ///   - stream: every row as assembled (cells and undealt values), the source of the amounts in reading order.
    ///   - leading: amounts read before the first row name.
    ///   - kcal: the first column's declared kcal (`nil`: rows unchanged).
    ///   - servingRatio: second energy column ÷ first, when two are read (`nil`: one column).
    ///   - energyLine: the energy row name's line; amounts and names above it are not the table's.
    static func aligningBySequence(_ chosen: [AssembledRow], stream: [AssembledRow], leading: [AssembledCell],
                                   kcal: Double?, servingRatio: Double? = nil,
                                   energyLine: Int?) -> [AssembledRow] {
        guard let kcal, kcal > 0 else { return chosen }
        let columns = servingRatio == nil ? 1 : 2
        let named = chosen.filter { alignedNutrients.contains($0.nutrient) }
        guard named.count >= 4, Set(named.map(\.nutrient)).count == named.count,
              let typical = mostCommonCellCount(named)?.cells, typical <= columns,
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
        var names = (named.map(\.nutrient) + emptyRows.keys).sorted { $0.declarationOrder < $1.declarationOrder }
        let before = firstColumnPenalty(chosen, kcal: kcal)
        let contradicted = before.map { $0 > 0 } ?? false && isContradictedWhateverTheReadings(chosen, kcal: kcal)
        // A lost name joins only where the rows as chosen neither fail a check (there the names stay as read) nor
        // have the macros confirm the kcal (a table read right that does not print that row).
        let confirmed = ConsistencyChecks.macrosConfirm(kcal: kcal, firstColumnValues(chosen))
        let lost = contradicted || confirmed ? nil : lostMandatoryName(names, stream: stream, after: energyLine)
        if let lost { names = (names + [lost]).sorted { $0.declarationOrder < $1.declarationOrder } }
        // Rows that pass the checks only within the energy check's wide tolerance and not the 5 % a table read right
        // is confirmed by, or a table missing a mandatory row inside its names (session 23): weaker evidence, so only
        // a plain alignment may replace them (below).
        let loosely = before == 0 && isContradictedWhateverTheReadings(chosen, kcal: kcal, requiringConfirmation: true)
        guard contradicted || loosely || lost != nil else { return chosen }
        let plainOnly = !contradicted
        let amounts = amountsInReadingOrder(stream, leading: leading, after: energyLine)
        guard amounts.count >= columns * names.count, amounts.count <= 40 else { return chosen }
        let search = SequenceAlignmentSearch(names: names, amounts: amounts, servingRatio: servingRatio, kcal: kcal)
        // The alignment passing over least, when every other that fits passes over at least two more or gives the
        // same values: one skipped figure more is no evidence against a reading (debris is common).
        let fitting = search.fittingAlignments()
        // Among the cheapest, the one reading more pairs left column first; one that differs from it only by a row's
        // two cells read the other way round ("<0,5 g | 0,5g" or "0,5g | <0,5 g") gives no other amounts.
        guard let best = fitting.min(by: { ($0.cost, $0.pairsReadRightToLeft) < ($1.cost, $1.pairsReadRightToLeft) }),
              !fitting.contains(where: { $0.cost <= best.cost + 1 && !sameValues($0.rows, best.rows)
                  && !sameCellsPerRow($0.rows, best.rows) })
        else { return chosen }
        // A lost name adds a row to deal to, so every amount read after the run must be dealt too: a table whose
        // trailing amounts would be left over lost more rows than that one (fibre's and protein's names, "dont sucres
        // … 0.5g / 5.6g / 6.1g / Sel / <0.01g"), and the alignment would only deal them one row early.
        if plainOnly, !best.isPlain || (lost != nil && best.trailingCost > 0) { return chosen }
        var result = chosen
        for (nutrient, cells) in zip(names, best.rows) {
            if let index = result.firstIndex(where: { $0.nutrient == nutrient }) {
                result[index].cells = cells
            } else if var row = emptyRows[nutrient] {
                row.cells = cells
                row.surplusBefore = []
                row.surplusAfter = []
                result.insert(row, at: result.firstIndex { $0.lineIndex > row.lineIndex } ?? result.endIndex)
            } else if nutrient == lost, let cell = cells.first,
                      var row = result.first(where: { $0.nutrient.declarationOrder > nutrient.declarationOrder
                          && names.contains($0.nutrient) }) {
                // The lost name's row, placed where its amount was read, marked inferred (its name is not printed).
                row.nutrient = nutrient
                row.cells = cells
                row.surplusBefore = []
                row.surplusAfter = []
                row.inferred = true
                row.lineIndex = cell.lineIndex
                result.insert(row, at: result.firstIndex { $0.lineIndex > row.lineIndex } ?? result.endIndex)
            }
        }
        // A plain alignment that fits passes the checks and confirms the energy, which the rows as chosen did not.
        if plainOnly { return result }
        return firstColumnPenalty(result, kcal: kcal).flatMap { after in before.map { after < $0 } } ?? false
            ? result : chosen
    }

    /// The one EU mandatory row (Regulation 1169/2011 Art. 30(1): fat, saturates, carbohydrate, sugars, protein,
    /// salt) missing from a table's names between its first and last in declaration order and named nowhere below
    /// the energy row: its name lost by OCR ("19g / 2.8g / 26g / … / sucre: / 17g": carbohydrate's name gone, its
    /// amount among the others). `nil` when none or more than one is missing.
    static func lostMandatoryName(_ names: [Nutrient], stream: [AssembledRow], after energyLine: Int?) -> Nutrient? {
        guard let first = names.first?.declarationOrder, let last = names.last?.declarationOrder else { return nil }
        let floor = energyLine ?? -1
        let missing = euMandatoryOrder.filter { nutrient in
            nutrient != .fiber && nutrient.declarationOrder > first && nutrient.declarationOrder < last
                && !names.contains(nutrient)
                && !stream.contains { $0.nutrient == nutrient && $0.lineIndex > floor }
        }
        return missing.count == 1 ? missing[0] : nil
    }

    /// `true` when the first column as chosen fails a check under every combination of its amounts' readings with a
    /// g read as a digit or a lost decimal separator restored ("12,29" for 12,2 g, "25" for 2,5 g: settled later by
    /// ``chooseMassReadings(_:basis:kcal:servingLimit:)``),
    /// leaving out an amount over 100 g in every reading (a name word read as digits, "561" for "Sól": the
    /// digits rule drops it later). Up to 256 combinations; more count as contradicted.
    /// - Parameter requiringConfirmation: a combination that passes the checks must also have the macros confirm
    ///   the kcal (``ConsistencyChecks/energyConfirms(kcal:estimate:)``, 5 % or 5 kcal) to count as consistent;
    ///   without macros to judge, a combination that passes counts.
    static func isContradictedWhateverTheReadings(_ rows: [AssembledRow], kcal: Double,
                                                  requiringConfirmation: Bool = false) -> Bool {
        var values = firstColumnValues(rows)
        for (nutrient, value) in values {
            // A g read as a digit, a bare figure's lost decimal separator ("Fett 25 1,5 g": 2,5 g with saturates'
            // 1,5 g); not a separator read where none was printed, which fits almost any energy within its tolerance.
            let readings = [value.cell.quantity.primary]
                + value.cell.quantity.alternatives.filter { reading in
                    reading.repairs.allSatisfy { $0 == .nineAsGram || $0 == .insertedDecimalSeparator }
                }
            let kept = readings.map { reading -> ScannedQuantity.Reading in
                var reading = reading
                if reading.unit == nil { reading.unit = .gram }
                return reading
            }.filter { reading in
                (reading.unit?.grams).map { (reading.value * $0).asDouble <= 100 } ?? true
            }
            if kept.isEmpty { values[nutrient] = nil } else { values[nutrient]?.readings = kept }
        }
        let consistent = someReadingCombination(values, limit: 256) { values in
            guard ConsistencyChecks.penalty(values, basis: .per100g, kcal: kcal) == 0 else { return false }
            guard requiringConfirmation, let estimate = ConsistencyChecks.macroEnergyKcal(values) else { return true }
            return ConsistencyChecks.energyConfirms(kcal: kcal, estimate: estimate)
        }
        return !(consistent ?? false)
    }

    /// `true` when some combination of the values' readings (each value's `readings`, one `chosen` at a time)
    /// passes `test`; `nil` when there are more than `limit` combinations (not tried).
    static func someReadingCombination(_ values: [Nutrient: CandidateValue], limit: Int,
                                       _ test: ([Nutrient: CandidateValue]) -> Bool) -> Bool? {
        var values = values
        let varying = values.keys.filter { values[$0]!.readings.count > 1 }
            .sorted { $0.declarationOrder < $1.declarationOrder }
        let combinations = varying.reduce(1) { $0 * values[$1]!.readings.count }
        guard combinations <= limit else { return nil }
        for combination in 0..<combinations {
            var rest = combination
            for nutrient in varying {
                let count = values[nutrient]!.readings.count
                values[nutrient]!.chosen = rest % count
                rest /= count
            }
            if test(values) { return true }
        }
        return false
    }

    /// The mass amounts of the table in reading order (line, then place on the line): the leading cells and every
    /// row's cells and undealt values below the energy row's name, each once; no energy, percent, mg/µg or
    /// oversized amount, none over 100, no "<" bound above 1 g (``ScannedQuantity/isBoundNoLabelPrints``), no digit
    /// of a household fraction ("1/2 Dose", ``ScannedQuantity/isFractionDigit``).
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
                  !quantity.isSeparatorLike, !quantity.isFractionDigit, !quantity.isBoundNoLabelPrints else {
                return false
            }
            return seen.insert("\(cell.lineIndex):\(quantity.start):\(quantity.text)").inserted
        }.enumerated().sorted { ($0.element.lineIndex, $0.element.quantity.start, $0.offset)
            < ($1.element.lineIndex, $1.element.quantity.start, $1.offset) }.map(\.element)
    }

    /// `true` when two two-column alignments give every row the same two cells, in the same order or, where the two
    /// print the same figure ("<0,5 g" and "0,5g"), the other way round: the figures are the same either way, and
    /// reading order decides the columns.
    private static func sameCellsPerRow(_ a: [[AssembledCell]], _ b: [[AssembledCell]]) -> Bool {
        func key(_ cell: AssembledCell) -> String { "\(cell.lineIndex):\(cell.quantity.start)" }
        return zip(a, b).allSatisfy { rowA, rowB in
            guard rowA.count == 2, rowB.count == 2 else { return false }
            if rowA.map(key) == rowB.map(key) { return true }
            return rowA.map(key) == rowB.reversed().map(key) && rowA[0].quantity.value == rowA[1].quantity.value
        }
    }

    /// `true` when two alignments give every row the same amounts.
    private static func sameValues(_ a: [[AssembledCell]], _ b: [[AssembledCell]]) -> Bool {
        zip(a, b).allSatisfy { rowA, rowB in
            rowA.count == rowB.count && zip(rowA, rowB).allSatisfy {
                $0.quantity.value == $1.quantity.value && $0.quantity.qualifier == $1.quantity.qualifier
            }
        }
    }
}

/// The search behind ``TableBuilder/aligningBySequence(_:stream:leading:kcal:servingRatio:energyLine:)``: every
/// alignment of the row names (declaration order) with the amounts (reading order) that fits the table's checks,
/// with what it passes over.
///
/// One column: each name takes one amount, in order. Two columns (per 100 g and per portion, `servingRatio` = per
/// portion ÷ per 100 g from the energy columns): each name takes a pair, the per-100 g amounts in order and the
/// per-portion amounts in order, the two sequences interleaved in any way (OCR reads one column a row ahead of the
/// other), each pair's portion amount the per-100 g amount × the ratio within the printed figures' rounding.
/// Depth-first; a partial alignment is cut as soon as it breaks a row-local rule or passes over too much.
struct SequenceAlignmentSearch {
    /// One alignment that fits: each name's cells (first column first) and its cost: what it passed over, and with
    /// two columns one more for each row whose two amounts were not read one after the other.
    struct Alignment {
        var rows: [[AssembledCell]]
        var cost: Int
        /// What passing over the amounts before its first pick would cost (not in `cost`: a table's amounts may
        /// follow any amount of pack text).
        var leadingCost: Int = 0
        /// `true` when every row's per-100 g amount was read before its per-portion amount (one column: `true`).
        var columnsInReadingOrder = true
        /// What passing over the amounts after its last pick would cost (not in `cost`).
        var trailingCost: Int = 0

        /// As plain as a table read in order: no amount passed over inside its run nor more than one bare figure
        /// before it, each pair read together and left column first. Only such an alignment replaces rows that
        /// pass the checks loosely (``TableBuilder/aligningBySequence(_:stream:leading:kcal:servingRatio:energyLine:)``).
        var isPlain: Bool { cost == 0 && leadingCost <= 1 && columnsInReadingOrder }

        /// How many rows' two cells were read per-portion first (OCR reading the right column a row ahead).
        var pairsReadRightToLeft: Int {
            rows.filter { row in
                row.count == 2 && (row[1].lineIndex, row[1].quantity.start) < (row[0].lineIndex, row[0].quantity.start)
            }.count
        }
    }

    let names: [Nutrient]
    let amounts: [AssembledCell]
    let servingRatio: Double?
    let kcal: Double

    /// Most amounts from one pick of a column to its next: a row's amounts lie near the row before's.
    static let maxStep = 8

    /// Most partial alignments tried before the search gives up (and the table stays as chosen): a bound on the work
    /// for a page of figures, far above what a table's amounts need.
    static let maxNodes = 200_000

    /// Every alignment that fits, with cost at most ``TableBuilder/sequenceAlignmentMaxSkipCost``; empty when the
    /// search gave up (``maxNodes``).
    func fittingAlignments() -> [Alignment] {
        var found: [Alignment] = []
        var first: [Int] = [], second: [Int] = []
        var used = Set<Int>()
        var nodes = 0
        let limit = TableBuilder.sequenceAlignmentMaxSkipCost
        // `charged`: amounts below it that no pick took were passed over for good (both columns have moved past
        // them) and are in `cost`.
        func extend(charged: Int, cost: Int) {
            nodes += 1
            guard nodes <= Self.maxNodes else { return }
            let row = first.count
            if row == names.count {
                let end = max(first.last!, second.last ?? -1)
                let total = cost + self.cost(from: charged, to: end + 1, used: used)
                guard total <= limit, fits(first.map { amounts[$0] }) else { return }
                // A row's two amounts are printed side by side and read together: a pair not adjacent in reading
                // order costs one more.
                let apart = zip(first, second).filter { abs($0 - $1) > 1 }.count
                let start = min(first[0], second.first ?? first[0])
                found.append(Alignment(rows: (0..<row).map { index in
                    [amounts[first[index]]] + (second.isEmpty ? [] : [amounts[second[index]]])
                }, cost: total + apart, leadingCost: self.cost(from: 0, to: start, used: used),
                   columnsInReadingOrder: zip(first, second).allSatisfy { $0 < $1 },
                   trailingCost: self.cost(from: end + 1, to: amounts.count, used: used)))
                return
            }
            let from = (first.last ?? -1) + 1
            let to = first.isEmpty ? amounts.count : min(amounts.count, from + Self.maxStep)
            for i in from..<to where !used.contains(i) && admits(i, row: row, first: first) {
                let partners: [Int?] = servingRatio.map { ratio in
                    let after = (second.last ?? -1) + 1
                    let upTo = second.isEmpty ? amounts.count : min(amounts.count, after + Self.maxStep)
                    return (after..<upTo).filter { j in
                        j != i && !used.contains(j) && Self.isPair(amounts[i], amounts[j], ratio: ratio)
                    }
                } ?? [nil]
                for j in partners {
                    first.append(i); used.insert(i)
                    if let j { second.append(j); used.insert(j) }
                    // Both columns have now moved past the lower of their last picks.
                    let lower = j.map { min(i, $0) } ?? i
                    let start = row == 0 ? lower : charged
                    let added = self.cost(from: start, to: lower, used: used)
                    if cost + added <= limit { extend(charged: max(start, lower), cost: cost + added) }
                    first.removeLast(); used.remove(i)
                    if let j { second.removeLast(); used.remove(j) }
                }
            }
        }
        extend(charged: 0, cost: 0)
        return nodes > Self.maxNodes ? [] : found
    }

    /// What passing over the amounts in `from..<to` that no pick took costs (``TableBuilder/skipCost(_:)``).
    private func cost(from: Int, to: Int, used: Set<Int>) -> Int {
        guard from < to else { return 0 }
        return (from..<to).reduce(0) { $0 + (used.contains($1) ? 0 : TableBuilder.skipCost(amounts[$1])) }
    }

    /// `true` when amount `index` may be row `row`'s first-column amount: a sub-row's exact amount not above its
    /// parent's (saturates ≤ fat, sugars ≤ carbohydrate).
    private func admits(_ index: Int, row: Int, first: [Int]) -> Bool {
        let cell = amounts[index]
        guard let parent = names[row].parentRow, let parentRow = names.firstIndex(of: parent), parentRow < row,
              cell.quantity.qualifier == nil else { return true }
        let parentCell = amounts[first[parentRow]]
        return parentCell.quantity.qualifier != nil || cell.quantity.doubleValue <= parentCell.quantity.doubleValue + 0.05
    }

    /// `true` when the first-column amounts pass every check and the macros confirm the declared kcal, under some
    /// combination of their readings (primary, or a g read as a 9); more than 64 combinations do not fit.
    private func fits(_ cells: [AssembledCell]) -> Bool {
        var values: [Nutrient: CandidateValue] = [:]
        for (nutrient, cell) in zip(names, cells) {
            // A bare figure whose g OCR read as a 9 ("09" for 0 g, "59" for 5 g) counts as either reading: the
            // mass-reading choice after the row rules settles it (session 23).
            let readings = ([cell.quantity.primary] + cell.quantity.alternatives.filter { $0.repairs == [.nineAsGram] })
                .map { reading -> ScannedQuantity.Reading in
                    var reading = reading
                    if reading.unit == nil { reading.unit = .gram }
                    return reading
                }
            values[nutrient] = CandidateValue(readings: readings, chosen: 0, qualifier: cell.quantity.qualifier,
                                              cell: cell)
        }
        return TableBuilder.someReadingCombination(values, limit: 64) { values in
            guard let estimate = ConsistencyChecks.macroEnergyKcal(values),
                  ConsistencyChecks.penalty(values, basis: .per100g, kcal: kcal) == 0 else { return false }
            return ConsistencyChecks.energyConfirms(kcal: kcal, estimate: estimate)
        } ?? false
    }

    /// `true` when `portion` is `per100` × `ratio` within the rounding of the two printed figures (half a unit of
    /// each one's last digit) and 5 %; with a bound ("<0,5 g") on either side, any portion amount up to the
    /// per-100 g figure × the ratio pairs.
    static func isPair(_ per100: AssembledCell, _ portion: AssembledCell, ratio: Double) -> Bool {
        let a = per100.quantity, b = portion.quantity
        let expected = a.doubleValue * ratio
        let slack = 0.5 * pow(10, -Double(b.primary.fractionDigits))
            + ratio * 0.5 * pow(10, -Double(a.primary.fractionDigits)) + 0.05 * expected
        if a.qualifier != nil || b.qualifier != nil { return b.doubleValue <= expected + slack }
        return abs(b.doubleValue - expected) <= slack
    }
}
