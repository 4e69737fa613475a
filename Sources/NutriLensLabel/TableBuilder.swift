import Foundation

/// Builds the ``NutritionTable`` from assembled rows: places cells in columns, chooses between OCR readings with
/// ``ConsistencyChecks``, and sets confidence and review flags.
struct TableBuilder {
    var rows: [AssembledRow]
    var energyCells: [AssembledCell]
    var leadingCells: [AssembledCell] = []
    /// Line of the energy row name, when read: realignment only looks at rows below it.
    var energyLine: Int?
    var layout: ColumnLayout
    var languages: [String]
    var options: NutritionParser.Options

    func build() -> NutritionTable? {
        let chosenRows = chooseRowInstances()
        let cellCount = typicalCellCount(chosenRows)
        var headerColumns = layout.columns
        if !layout.isUSStyle, cellCount > headerColumns.count, !headerColumns.contains(where: { $0.basis == .per100g }) {
            // Per 100 g is mandatory in the EU (Regulation 1169/2011 Art. 32) and printed first; with more value
            // columns than headers read, the unread header is the per-100 g one.
            headerColumns.insert(ColumnSpec(basis: .per100g, preparation: .asSold), at: 0)
        }
        let columnCount = max(headerColumns.count, cellCount)
        let columns = (0..<columnCount).map { index -> ColumnSpec in
            index < headerColumns.count ? headerColumns[index]
                : ColumnSpec(basis: .perServing, preparation: layout.columns.first?.preparation ?? .asSold)
        }
        var findings: [ConsistencyFinding] = []
        var entries: [NutritionEntry] = []
        let rowsWithInferred = inferMissingRows(chosenRows, columnCount: columnCount)
        var usedSpecs = Set<ColumnSpec>()
        let energyByColumn = energyColumns(columnCount: columnCount)
        for (columnIndex, spec) in columns.enumerated() where !usedSpecs.contains(spec) {
            usedSpecs.insert(spec)
            var values: [Nutrient: CandidateValue] = [:]
            var rowOf: [Nutrient: AssembledRow] = [:]
            for row in rowsWithInferred where columnIndex < row.cells.count && !row.nutrient.isEnergy {
                let cell = row.cells[columnIndex]
                guard values[row.nutrient] == nil else { continue }
                values[row.nutrient] = candidate(for: cell, nutrient: row.nutrient)
                rowOf[row.nutrient] = row
            }
            var energy = columnIndex < energyByColumn.count ? energyByColumn[columnIndex] : EnergyPair()
            resolveEnergy(&energy, findings: &findings, spec: spec)
            chooseMassReadings(&values, basis: spec.basis, kcal: energy.kcalValue)
            entries += makeEntries(values: values, rows: rowOf, energy: energy, spec: spec, findings: &findings)
        }
        crossColumnChecks(&entries, findings: &findings)
        let distinctNutrients = Set(entries.map(\.nutrient))
        guard distinctNutrients.count >= options.minimumRows else { return nil }
        entries.sort {
            ($0.nutrient.declarationOrder, $0.basis == .per100g ? 0 : 1, $0.preparation == .asSold ? 0 : 1,
             $0.nutrient == .energyKJ ? 0 : 1)
                < ($1.nutrient.declarationOrder, $1.basis == .per100g ? 0 : 1, $1.preparation == .asSold ? 0 : 1,
                   $1.nutrient == .energyKJ ? 0 : 1)
        }
        return NutritionTable(entries: entries, language: languages.first, languages: languages,
                              servingSize: layout.servingSize, findings: findings)
    }

    // MARK: Rows

    /// When a nutrient's name occurs several times with values (an ingredient list mentioning "sugar", a second
    /// language block), the occurrence nearest the middle of the table wins, then the one with more cells.
    private func chooseRowInstances() -> [AssembledRow] {
        let kcal = energyColumns(columnCount: 1).first?.kcal
            .map { NSDecimalNumber(decimal: $0.quantity.value).doubleValue }
        let balanced = Self.rebalance(Self.inferLostRowNames(Self.trimWeakCells(rows)), kcal: kcal)
        let withCells = Self.realign(balanced, leading: leadingCells, kcal: kcal, after: energyLine)
            .filter { !$0.cells.isEmpty }
        guard !withCells.isEmpty else { return [] }
        let sortedLines = withCells.map(\.lineIndex).sorted()
        let median = Double(sortedLines[sortedLines.count / 2])
        var best: [Nutrient: AssembledRow] = [:]
        for row in withCells {
            if let current = best[row.nutrient] {
                let currentDistance = abs(Double(current.lineIndex) - median)
                let distance = abs(Double(row.lineIndex) - median)
                let strength = cellStrength(row.cells[0]), currentStrength = cellStrength(current.cells[0])
                // A name above the energy row with its value on another line lies outside the table (an ingredient
                // list's "salt" picking up a header's "30g"): it loses to an instance inside the table whatever its
                // cell looks like.
                let inside = isInsideTable(row), currentInside = isInsideTable(current)
                if inside != currentInside {
                    if inside { best[row.nutrient] = row }
                } else if strength > currentStrength
                    || (strength == currentStrength && (distance < currentDistance
                        || (distance == currentDistance && row.cells.count > current.cells.count))) {
                    best[row.nutrient] = row
                }
            } else {
                best[row.nutrient] = row
            }
        }
        return best.values.sorted { $0.lineIndex < $1.lineIndex }
    }

    /// `false` for a row above the first energy row (tables declare energy first) whose value was not printed on
    /// its name's line: a name in the ingredient list that picked up a stray number. US panels that print
    /// "Total Fat 6g" above "Calories" keep name and value on one line.
    private func isInsideTable(_ row: AssembledRow) -> Bool {
        guard let energyLine, !row.nutrient.isEnergy, let cell = row.cells.first else { return true }
        return row.lineIndex >= energyLine || cell.lineIndex == row.lineIndex
    }

    /// In a single-column table, a row with surplus values right after rows that got none means OCR read the values
    /// a row late ("Fibre / Protein / 0.7 g / Salt / 5.1 g / 1.1 g"): the values move back one row each, in order.
    /// A shift over more than four rows is only made when the table's consistency checks improve with it (a whole
    /// label read one row late: "Fat / Saturates / 13,9 g / Carbohydrate / 2 g / …").
    static func rebalance(_ rows: [AssembledRow], kcal: Double?) -> [AssembledRow] {
        let filled = rows.filter { !$0.cells.isEmpty && !$0.nutrient.isEnergy }
        guard !filled.isEmpty, filled.filter({ $0.cells.count == 1 }).count * 2 > filled.count else { return rows }
        var rows = rows
        for j in rows.indices where rows[j].cells.count > 1 && !rows[j].nutrient.isEnergy {
            let excess = rows[j].cells.count - 1
            var empty = 0
            var start: Int?
            var i = j - 1
            while i >= 0, rows[i].cells.count <= 1, !rows[i].nutrient.isEnergy {
                if rows[i].cells.isEmpty {
                    empty += 1
                    if empty == excess { start = i; break }
                }
                i -= 1
            }
            guard let start else { continue }
            let window = Array(start...j)
            guard Set(window.map { rows[$0].nutrient }).count == window.count else { continue }
            let cells = window.flatMap { rows[$0].cells }
            guard cells.count == window.count else { continue }
            var shifted = rows
            for (offset, index) in window.enumerated() { shifted[index].cells = [cells[offset]] }
            let before = firstColumnPenalty(rows, kcal: kcal), after = firstColumnPenalty(shifted, kcal: kcal)
            if window.count > 5 {
                guard let after, before.map({ after < $0 }) ?? (after == 0) else { continue }
            } else if let before, let after, after > before {
                continue
            }
            rows = shifted
        }
        return rows
    }

    /// Whole-table hypothesis for labels whose value column sits half a row off its names (values printed before
    /// their row name, so every block of values lands on the previous name): take all value cells in reading order,
    /// cut them into groups of the usual cells-per-row, and give the groups to the row names in order. Used only
    /// when the groups fit the names exactly and the energy and sum checks clearly prefer it.
    static func realign(_ rows: [AssembledRow], leading: [AssembledCell], kcal: Double?,
                        after energyLine: Int? = nil) -> [AssembledRow] {
        // Row names above the energy row (an ingredient list naming "sugar", "salt") are not part of the table.
        let massRows = rows.filter { !$0.nutrient.isEnergy && $0.lineIndex > (energyLine ?? -1) }
        var names: [AssembledRow] = []
        for row in massRows where !names.contains(where: { $0.nutrient == row.nutrient }) { names.append(row) }
        let filled = massRows.filter { !$0.cells.isEmpty }
        guard names.count >= 4, !filled.isEmpty else { return rows }
        var counts: [Int: Int] = [:]
        for row in filled { counts[row.cells.count, default: 0] += 1 }
        let perRow = counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }!.key
        let cells = leading + massRows.flatMap(\.cells)
        // Trailing debris after the last row (footnote numbers) may add up to two rows' worth of cells; the
        // consistency checks below decide whether the realigned table is better.
        guard perRow >= 1, cells.count >= perRow * names.count, cells.count <= perRow * (names.count + 2) else {
            return rows
        }
        var aligned = names
        for index in aligned.indices {
            aligned[index].cells = Array(cells[(index * perRow)..<((index + 1) * perRow)])
        }
        guard let after = firstColumnPenalty(aligned, kcal: kcal) else { return rows }
        let before = firstColumnPenalty(rows, kcal: kcal) ?? .infinity
        let untouched = rows.filter { $0.nutrient.isEnergy || $0.lineIndex <= (energyLine ?? -1) }
        return after + 0.5 < before ? untouched + aligned : rows
    }

    /// Consistency penalty of the first value of each row (per 100 g), `nil` when the energy check cannot run.
    private static func firstColumnPenalty(_ rows: [AssembledRow], kcal: Double?) -> Double? {
        guard let kcal else { return nil }
        var values: [Nutrient: CandidateValue] = [:]
        for row in rows where !row.cells.isEmpty && values[row.nutrient] == nil && !row.nutrient.isEnergy {
            var reading = row.cells[0].quantity.primary
            if reading.unit == nil { reading.unit = .gram }
            values[row.nutrient] = CandidateValue(readings: [reading], chosen: 0, qualifier: row.cells[0].quantity.qualifier,
                                                  cell: row.cells[0])
        }
        guard ConsistencyChecks.macroEnergyKcal(values) != nil else { return nil }
        return ConsistencyChecks.penalty(values, basis: .per100g, kcal: kcal)
    }

    /// "Saturates / 23 g / of which saturates / 62 g / Sugars": a row name repeated in another language with its own
    /// single value, where the next row's name was lost. When exactly one mandatory row is missing between this row
    /// and the next one in declaration order, the repeat's value goes there (marked inferred).
    static func inferLostRowNames(_ rows: [AssembledRow]) -> [AssembledRow] {
        let mandatoryOrder: [Nutrient] = [.fat, .saturatedFat, .carbohydrates, .sugars, .fiber, .proteins, .salt]
        var rows = rows
        let filledIndices = rows.indices.filter { !rows[$0].cells.isEmpty && !rows[$0].nutrient.isEnergy }
        for (position, index) in filledIndices.enumerated().dropLast() {
            let next = filledIndices[position + 1]
            guard rows[index].nutrient == rows[next].nutrient, rows[index].cells.count == 1, rows[next].cells.count == 1,
                  rows[index].cells[0].quantity.unit != nil, rows[next].cells[0].quantity.unit != nil,
                  let order = mandatoryOrder.firstIndex(of: rows[index].nutrient),
                  let following = filledIndices[(position + 2)...].first.map({ rows[$0].nutrient }) else { continue }
            let present = Set(rows.filter { !$0.cells.isEmpty }.map(\.nutrient))
            let candidates = mandatoryOrder[(order + 1)...].prefix { $0 != following }.filter { !present.contains($0) }
            guard candidates.count == 1 else { continue }
            rows[next].nutrient = candidates[0]
            rows[next].inferred = true
        }
        return rows
    }

    /// A stray digit in a row name ("sugars / waarvan suikers / 3" then "43g") is no value when the row also has
    /// values with units: bare single-digit integers are dropped from rows that have more cells than columns.
    static func trimWeakCells(_ rows: [AssembledRow]) -> [AssembledRow] {
        rows.map { row in
            let strong = row.cells.filter { $0.quantity.unit != nil || $0.quantity.qualifier != nil }
            guard row.cells.count > 1, !strong.isEmpty, !row.nutrient.isEnergy else { return row }
            var copy = row
            copy.cells = row.cells.filter { cell in
                let quantity = cell.quantity
                let weak = quantity.unit == nil && quantity.qualifier == nil && quantity.primary.fractionDigits == 0
                    && quantity.value < 10 && quantity.text.filter(\.isNumber).count == 1
                return !weak
            }
            return copy
        }
    }

    /// How much a cell looks like a real value: 2 with a unit or qualifier, 1 a bare number, 0 a bare "1" that is
    /// probably a column rule.
    private func cellStrength(_ cell: AssembledCell) -> Int {
        if cell.quantity.isSeparatorLike { return 0 }
        return cell.quantity.unit != nil || cell.quantity.qualifier != nil ? 2 : 1
    }

    /// The most common number of amount cells per row: the number of amount columns actually printed.
    private func typicalCellCount(_ rows: [AssembledRow]) -> Int {
        var counts: [Int: Int] = [:]
        for row in rows where !row.cells.isEmpty { counts[row.cells.count, default: 0] += 1 }
        return counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }?.key ?? 1
    }

    /// A row with twice the usual number of cells swallowed the values of a row whose name OCR lost; when exactly one
    /// mandatory row is missing between it and the next row in declaration order, the second half goes there.
    private func inferMissingRows(_ rows: [AssembledRow], columnCount: Int) -> [AssembledRow] {
        let present = Set(rows.map(\.nutrient))
        let mandatoryOrder: [Nutrient] = [.fat, .saturatedFat, .carbohydrates, .sugars, .fiber, .proteins, .salt]
        var result: [AssembledRow] = []
        for (index, row) in rows.enumerated() {
            guard columnCount >= 1, row.cells.count == 2 * columnCount,
                  let position = mandatoryOrder.firstIndex(of: row.nutrient) else {
                result.append(row)
                continue
            }
            let nextNutrient = rows[(index + 1)...].first.map(\.nutrient)
            let candidates = mandatoryOrder[(position + 1)...].prefix { $0 != nextNutrient }
                .filter { !present.contains($0) }
            guard candidates.count == 1, let missing = candidates.first else {
                result.append(row)
                continue
            }
            var head = row
            head.cells = Array(row.cells.prefix(columnCount))
            var tail = row
            tail.nutrient = missing
            tail.cells = Array(row.cells.suffix(columnCount))
            tail.inferred = true
            result.append(head)
            result.append(tail)
        }
        return result
    }

    private func candidate(for cell: AssembledCell, nutrient: Nutrient) -> CandidateValue {
        var readings = [cell.quantity.primary] + cell.quantity.alternatives.filter { $0.unit?.isEnergy != true }
        // A mass row with no unit read: grams unless the row is sodium-like and the number only fits as mg.
        for index in readings.indices where readings[index].unit == nil {
            readings[index].unit = .gram
        }
        return CandidateValue(readings: readings, chosen: 0, qualifier: cell.quantity.qualifier, cell: cell)
    }

    // MARK: Mass readings

    /// Greedy search over OCR readings: switch a value to an alternative reading only when that lowers the
    /// column's consistency penalty by more than the alternative's cost.
    private func chooseMassReadings(_ values: inout [Nutrient: CandidateValue], basis: NutritionBasis, kcal: Double?) {
        for _ in 0..<2 {
            for nutrient in values.keys.sorted(by: { $0.declarationOrder < $1.declarationOrder }) {
                guard let current = values[nutrient], current.readings.count > 1 else { continue }
                var bestIndex = current.chosen
                var bestScore = ConsistencyChecks.penalty(values, basis: basis, kcal: kcal)
                    + cost(of: current.reading, original: current, nutrient: nutrient)
                for index in current.readings.indices where index != current.chosen {
                    var trial = values
                    trial[nutrient]?.chosen = index
                    let score = ConsistencyChecks.penalty(trial, basis: basis, kcal: kcal)
                        + cost(of: current.readings[index], original: current, nutrient: nutrient)
                    if score < bestScore - 1e-9 {
                        bestScore = score
                        bestIndex = index
                    }
                }
                values[nutrient]?.chosen = bestIndex
            }
        }
    }

    /// The price of believing a repair: a trailing "9" is cheap when the printed number is implausible as it
    /// stands ("09", two decimals where labels print one).
    private func cost(of reading: ScannedQuantity.Reading, original: CandidateValue, nutrient: Nutrient) -> Double {
        let printed = original.cell.quantity.text.trimmingCharacters(in: .whitespaces)
        let nineAlternative = original.readings.first { $0.repairs.contains(.nineAsGram) }
        if reading == original.readings[0] {
            // "09", "07 g": no label prints a leading zero before a whole number; either the 9 was the g or OCR
            // dropped the separator after the zero.
            if leadingZeroWhole(printed) { return 0.8 }
            // "3,99" / "0,069" with no unit: more decimals than labels print, while "3,9 g" / "0,06 g" conform.
            if let nineAlternative, !RoundingGuidance.conforms(reading, nutrient: nutrient),
               RoundingGuidance.conforms(nineAlternative, nutrient: nutrient) {
                return 0.7
            }
            return 0
        }
        if reading.repairs.contains(.nineAsGram) {
            if printed.hasPrefix("0") && !printed.contains(".") && !printed.contains(",") { return 0.1 }
            return RoundingGuidance.conforms(reading, nutrient: nutrient) ? 0.35 : 0.6
        }
        // A dropped separator is believed readily when the printed number is impossible per 100 g, otherwise only
        // when it fixes a large inconsistency (energy far from the macros).
        if reading.repairs.contains(.insertedDecimalSeparator) {
            // "07" → 0.7: the separator belongs right after the leading zero; a trailing 9 with no unit read is
            // still more likely the g ("09" → 0 g), so that reading stays cheaper.
            if leadingZeroWhole(printed), reading.value < 1 {
                return nineAlternative == nil ? 0.1 : 0.3
            }
            let base = original.readings[0].value > 100 ? 0.5 : 1.5
            return base + (RoundingGuidance.conforms(reading, nutrient: nutrient) ? 0 : 0.2)
        }
        if reading.repairs.contains(.removedDecimalSeparator) { return 1.4 }
        return 0.5
    }

    /// `true` for a printed digit run with a leading zero and no separator ("07", "09 g"), which labels never print.
    private func leadingZeroWhole(_ printed: String) -> Bool {
        let digits = printed.prefix { $0.isNumber }
        return digits.count >= 2 && digits.hasPrefix("0")
            && !printed.contains(where: { $0 == "." || $0 == "," })
    }

    // MARK: Energy

    struct EnergyPair {
        var kj: AssembledCell?
        var kcal: AssembledCell?
        var kjValue: Decimal?
        var kcalValue: Double? { kcalDecimal.map { NSDecimalNumber(decimal: $0).doubleValue } }
        var kcalDecimal: Decimal?
        var repairs: [ValueRepair] = []
        var consistent: Bool?
    }

    /// Splits energy cells into columns: the i-th kJ value and the i-th kcal value form column i. Values whose unit
    /// was not read are paired by the kJ/kcal ratio.
    private func energyColumns(columnCount: Int) -> [EnergyPair] {
        var kjCells = energyCells.filter { $0.quantity.unit == .kilojoule }
        var kcalCells = energyCells.filter { $0.quantity.unit == .kilocalorie }
        var unknown: [AssembledCell] = []
        func double(_ cell: AssembledCell) -> Double { NSDecimalNumber(decimal: cell.quantity.value).doubleValue }
        for cell in energyCells where cell.quantity.unit == nil {
            // A cut-off unit ("758 k)", "(180 k") next to a known partner: the ratio says which it is.
            if kjCells.count > kcalCells.count,
               ConsistencyChecks.energyPairAgrees(kj: double(kjCells[kcalCells.count]), kcal: double(cell)) {
                kcalCells.append(withUnit(cell, .kilocalorie))
            } else if kcalCells.count > kjCells.count,
                      ConsistencyChecks.energyPairAgrees(kj: double(cell), kcal: double(kcalCells[kjCells.count])) {
                kjCells.append(withUnit(cell, .kilojoule))
            } else if cell.quantity.isEnergyOfUnknownUnit {
                // "(180 k": an energy value in brackets is the kcal of "750 kJ (180 kcal)".
                if cell.quantity.isBracketed {
                    kcalCells.append(withUnit(cell, .kilocalorie))
                } else {
                    kjCells.append(withUnit(cell, .kilojoule))
                }
            } else {
                unknown.append(cell)
            }
        }
        if !unknown.isEmpty {
            var index = 0
            while index < unknown.count {
                let first = unknown[index]
                if index + 1 < unknown.count {
                    let second = unknown[index + 1]
                    let a = NSDecimalNumber(decimal: first.quantity.value).doubleValue
                    let b = NSDecimalNumber(decimal: second.quantity.value).doubleValue
                    if ConsistencyChecks.energyPairAgrees(kj: a, kcal: b) {
                        kjCells.append(withUnit(first, .kilojoule))
                        kcalCells.append(withUnit(second, .kilocalorie))
                        index += 2
                        continue
                    }
                }
                // A lone unitless energy number: the unit its row name states, else the missing partner.
                if let hint = first.unitHint {
                    if hint == .kilojoule { kjCells.append(withUnit(first, .kilojoule)) }
                    else { kcalCells.append(withUnit(first, .kilocalorie)) }
                } else if kjCells.count > kcalCells.count {
                    kcalCells.append(withUnit(first, .kilocalorie))
                } else if kcalCells.count > kjCells.count {
                    kjCells.append(withUnit(first, .kilojoule))
                }
                index += 1
            }
        }
        let count = max(kjCells.count, kcalCells.count)
        return (0..<count).map { index in
            EnergyPair(kj: index < kjCells.count ? kjCells[index] : nil,
                       kcal: index < kcalCells.count ? kcalCells[index] : nil)
        }
    }

    private func withUnit(_ cell: AssembledCell, _ unit: NutrientUnit) -> AssembledCell {
        var copy = cell
        copy.quantity.primary.unit = unit
        copy.quantity.primary.repairs.append(.inferredUnit)
        return copy
    }

    /// Chooses kJ and kcal readings that agree: as read, swapped, a leading "1" dropped from the second value (a
    /// "/" read as "1": "1010kJ1239kcal"), or a decimal separator treated as thousands separator.
    private func resolveEnergy(_ pair: inout EnergyPair, findings: inout [ConsistencyFinding], spec: ColumnSpec) {
        pair.kjValue = pair.kj?.quantity.value
        pair.kcalDecimal = pair.kcal?.quantity.value
        guard let kjCell = pair.kj, let kcalCell = pair.kcal else { return }
        let kjOptions = energyReadings(kjCell)
        let kcalOptions = energyReadings(kcalCell)
        let kjKey = NutritionEntry.key(nutrient: .energyKJ, basis: spec.basis, preparation: spec.preparation)
        let kcalKey = NutritionEntry.key(nutrient: .energyKcal, basis: spec.basis, preparation: spec.preparation)
        for (kjValue, kjRepairs) in kjOptions {
            for (kcalValue, kcalRepairs) in kcalOptions {
                let a = NSDecimalNumber(decimal: kjValue).doubleValue, b = NSDecimalNumber(decimal: kcalValue).doubleValue
                if ConsistencyChecks.energyPairAgrees(kj: a, kcal: b) {
                    pair.kjValue = kjValue
                    pair.kcalDecimal = kcalValue
                    pair.repairs = kjRepairs + kcalRepairs
                    pair.consistent = true
                    if !pair.repairs.isEmpty {
                        findings.append(ConsistencyFinding(
                            check: "energy-ratio", keys: [kjKey, kcalKey],
                            message: "kJ/kcal \(kjCell.quantity.text) / \(kcalCell.quantity.text) disagree as read; "
                                + "repaired to \(kjValue) kJ / \(kcalValue) kcal"))
                    }
                    return
                }
                if ConsistencyChecks.energyPairAgrees(kj: b, kcal: a), kjRepairs.isEmpty, kcalRepairs.isEmpty {
                    pair.kjValue = kcalValue
                    pair.kcalDecimal = kjValue
                    pair.repairs = [.swappedEnergyUnits]
                    pair.consistent = true
                    findings.append(ConsistencyFinding(
                        check: "energy-swap", keys: [kjKey, kcalKey],
                        message: "kJ \(kjValue) is smaller than kcal \(kcalValue): units swapped"))
                    return
                }
            }
        }
        pair.consistent = false
        findings.append(ConsistencyFinding(
            check: "energy-ratio", keys: [kjKey, kcalKey],
            message: "\(pair.kjValue ?? 0) kJ is not 3.9–4.4 × \(pair.kcalDecimal ?? 0) kcal"))
    }

    private func energyReadings(_ cell: AssembledCell) -> [(Decimal, [ValueRepair])] {
        var options: [(Decimal, [ValueRepair])] = [(cell.quantity.value, [])]
        // Energy is printed in whole kJ/kcal: only the thousands-separator reading is an alternative.
        for reading in cell.quantity.alternatives where reading.repairs == [.removedDecimalSeparator] {
            options.append((reading.value, reading.repairs))
        }
        // A "/" read as "1" and glued to the front of the number.
        let digits = cell.quantity.text.filter { $0.isNumber }
        if digits.count >= 3, digits.first == "1", !cell.quantity.text.contains(where: { $0 == "." || $0 == "," }),
           let value = Decimal(string: String(digits.dropFirst())) {
            options.append((value, [.slashAsOne]))
        }
        return options
    }

    // MARK: Entries

    private func makeEntries(values: [Nutrient: CandidateValue], rows: [Nutrient: AssembledRow], energy: EnergyPair,
                             spec: ColumnSpec, findings: inout [ConsistencyFinding]) -> [NutritionEntry] {
        var entries: [NutritionEntry] = []
        let penaltyBefore = ConsistencyChecks.penalty(values, basis: spec.basis, kcal: energy.kcalValue)
        let macroEstimate = ConsistencyChecks.macroEnergyKcal(values)
        let energyMatchesMacros = energy.kcalValue.flatMap { kcal in
            macroEstimate.map { ConsistencyChecks.energyMismatch(kcal: kcal, estimate: $0) == 0 }
        }
        if energyMatchesMacros == false, let kcal = energy.kcalValue, let estimate = macroEstimate {
            findings.append(ConsistencyFinding(
                check: "energy-vs-macros",
                keys: [NutritionEntry.key(nutrient: .energyKcal, basis: spec.basis, preparation: spec.preparation)],
                message: String(format: "%.0f kcal declared, %.0f kcal from fat/carbohydrate/protein/fibre",
                                kcal, estimate.withFiber)))
        }
        // Energy
        for (nutrient, cell, value) in [(Nutrient.energyKJ, energy.kj, energy.kjValue),
                                        (Nutrient.energyKcal, energy.kcal, energy.kcalDecimal)] {
            guard let cell, let value else { continue }
            var confidence = 0.9
            var repairs = cell.quantity.primary.repairs + energy.repairs
            if cell.quantity.primary.repairs.contains(.letterAsDigit) { confidence *= 0.8 }
            if energy.consistent == true { confidence = min(1, confidence + 0.08) }
            if energy.consistent == false { confidence *= 0.6 }
            if !energy.repairs.isEmpty { confidence *= 0.75 }
            if energyMatchesMacros == true { confidence = min(1, confidence + 0.05) }
            if energyMatchesMacros == false { confidence *= 0.85 }
            repairs = Array(NSOrderedSet(array: repairs.map(\.rawValue))).compactMap { ValueRepair(rawValue: $0 as! String) }
            entries.append(entry(nutrient, spec: spec, value: value, unit: nutrient.keyUnit, qualifier: nil,
                                 cell: cell, label: nil, confidence: confidence, repairs: repairs))
        }
        // Masses
        for (nutrient, candidate) in values {
            let reading = candidate.reading
            let row = rows[nutrient]
            var confidence = 0.92
            if candidate.cell.quantity.primary.unit == nil && candidate.qualifier == nil { confidence *= 0.85 }
            if let row, row.edits > 0 { confidence *= 0.9 }
            if row?.inferred == true { confidence *= 0.7 }
            if !reading.repairs.isEmpty { confidence *= 0.7 }
            if energyMatchesMacros == true, [.fat, .carbohydrates, .proteins].contains(nutrient) {
                confidence = min(1, confidence + 0.06)
            }
            var trial = values
            trial.removeValue(forKey: nutrient)
            let penaltyWithout = ConsistencyChecks.penalty(trial, basis: spec.basis, kcal: energy.kcalValue)
            if penaltyWithout < penaltyBefore - 1e-9 { confidence *= 0.55 }
            if spec.basis == .per100g, candidate.keyDouble > 100 {
                confidence = min(confidence, 0.2)
                findings.append(ConsistencyFinding(
                    check: "mass-over-100g", keys: [NutritionEntry.key(nutrient: nutrient, basis: spec.basis,
                                                                       preparation: spec.preparation)],
                    message: "\(reading.value) \(reading.unit?.rawValue ?? "g") per 100 g is impossible"))
            }
            var repairs = reading.repairs
            if row?.inferred == true { repairs.append(.inferredRow) }
            entries.append(entry(nutrient, spec: spec, value: reading.value, unit: reading.unit ?? .gram,
                                 qualifier: candidate.qualifier, cell: candidate.cell, label: row?.labelText,
                                 confidence: confidence, repairs: repairs))
        }
        addPairFindings(values, spec: spec, findings: &findings)
        return entries
    }

    private func addPairFindings(_ values: [Nutrient: CandidateValue], spec: ColumnSpec,
                                 findings: inout [ConsistencyFinding]) {
        func key(_ nutrient: Nutrient) -> String {
            NutritionEntry.key(nutrient: nutrient, basis: spec.basis, preparation: spec.preparation)
        }
        if let fat = values[.fat], let saturates = values[.saturatedFat], saturates.isExact,
           saturates.keyDouble > fat.keyDouble + 0.05 {
            findings.append(ConsistencyFinding(check: "saturates-exceed-fat", keys: [key(.saturatedFat), key(.fat)],
                                               message: "saturates \(saturates.keyValue) g > fat \(fat.keyValue) g"))
        }
        if let carbohydrates = values[.carbohydrates], let sugars = values[.sugars], sugars.isExact,
           sugars.keyDouble > carbohydrates.keyDouble + 0.05 {
            findings.append(ConsistencyFinding(
                check: "sugars-exceed-carbohydrates", keys: [key(.sugars), key(.carbohydrates)],
                message: "sugars \(sugars.keyValue) g > carbohydrate \(carbohydrates.keyValue) g"))
        }
    }

    private func entry(_ nutrient: Nutrient, spec: ColumnSpec, value: Decimal, unit: NutrientUnit,
                       qualifier: ValueQualifier?, cell: AssembledCell, label: String?, confidence: Double,
                       repairs: [ValueRepair]) -> NutritionEntry {
        let source = label.map { $0 == cell.quantity.text ? $0 : "\($0) | \(cell.quantity.text)" } ?? cell.quantity.text
        return NutritionEntry(nutrient: nutrient, basis: spec.basis, preparation: spec.preparation, value: value,
                              unit: unit, qualifier: qualifier, referenceIntakePercent: cell.referenceIntakePercent,
                              confidence: confidence, needsReview: confidence < options.reviewThreshold,
                              sourceText: source, box: cell.box, repairs: repairs)
    }

    // MARK: Cross-column checks

    /// Salt vs sodium, per serving vs per 100 g, %RI vs Annex XIII reference intakes.
    private func crossColumnChecks(_ entries: inout [NutritionEntry], findings: inout [ConsistencyFinding]) {
        func double(_ value: Decimal) -> Double { NSDecimalNumber(decimal: value).doubleValue }
        func lower(_ index: Int, by factor: Double) {
            entries[index].confidence *= factor
            entries[index].needsReview = entries[index].confidence < options.reviewThreshold
        }
        let unresolved = ServingColumnRepair.repair(&entries, servingGrams: layout.servingSize?.quantity.map(double),
                                   reviewThreshold: options.reviewThreshold, findings: &findings)
        for index in entries.indices where entries[index].nutrient == .salt && entries[index].qualifier == nil {
            let salt = entries[index]
            guard let sodium = entries.first(where: {
                $0.nutrient == .sodium && $0.basis == salt.basis && $0.preparation == salt.preparation && $0.qualifier == nil
            }) else { continue }
            let expected = double(sodium.valueInKeyUnit) * 2.5
            let actual = double(salt.valueInKeyUnit)
            if abs(actual - expected) > max(0.06, 0.12 * expected) {
                lower(index, by: 0.7)
                findings.append(ConsistencyFinding(check: "salt-vs-sodium", keys: [salt.key, sodium.key],
                                                   message: "salt \(salt.valueInKeyUnit) g ≠ 2.5 × sodium \(sodium.valueInKeyUnit) g"))
            }
        }
        if let size = layout.servingSize?.quantity.map(double), size > 0 {
            for index in entries.indices where entries[index].basis == .perServing && entries[index].qualifier == nil {
                let serving = entries[index]
                guard let per100 = entries.first(where: {
                    $0.nutrient == serving.nutrient && $0.basis == .per100g && $0.preparation == serving.preparation
                        && $0.qualifier == nil
                }) else { continue }
                let expected = double(per100.valueInKeyUnit) * size / 100
                let actual = double(serving.valueInKeyUnit)
                let tolerance = serving.nutrient.isEnergy ? max(6, 0.1 * expected) : max(0.15, 0.12 * expected)
                if abs(actual - expected) > tolerance {
                    lower(index, by: 0.75)
                    findings.append(ConsistencyFinding(
                        check: "serving-vs-100g", keys: [serving.key, per100.key],
                        message: String(format: "%@ per serving is %.2f, expected %.2f from per 100 g × %.0f/100",
                                        serving.nutrient.rawValue, actual, expected, size)))
                }
            }
        }
        for index in entries.indices {
            guard let percent = entries[index].referenceIntakePercent, let intake = entries[index].nutrient.referenceIntake,
                  entries[index].qualifier == nil else { continue }
            let expected = double(entries[index].valueInKeyUnit) / double(intake) * 100
            if abs(double(percent) - expected) <= max(1.5, 0.12 * expected) {
                entries[index].confidence = min(1, entries[index].confidence + 0.05)
                entries[index].needsReview = entries[index].confidence < options.reviewThreshold
            } else {
                lower(index, by: 0.8)
                findings.append(ConsistencyFinding(
                    check: "ri-percent", keys: [entries[index].key],
                    message: String(format: "%@%% RI printed, %.0f%% expected from Annex XIII", "\(percent)", expected)))
            }
        }
        // Per 100 g, per serving and %RI disagreeing with no separator repair to explain it: a user must look.
        for index in unresolved { entries[index].needsReview = true }
    }
}
