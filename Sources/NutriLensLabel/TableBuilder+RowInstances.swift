import Foundation

// Which occurrence of a repeated row name is the table's, and how many value columns the rows print.
extension TableBuilder {
    /// When a nutrient's name occurs several times with values (an ingredient list mentioning "sugar", a second
    /// language block), the occurrence nearest the middle of the table wins, then the one with more cells.
    func chooseRowInstances() -> [AssembledRow] {
        let kcal = energyColumns(columnCount: 1).first?.kcal
            .map { $0.quantity.doubleValue }
        // Row-level repairs, each on the rows the one before left.
        let (withoutIntakes, leading) = Self.droppingReferenceIntakeColumn(rows, leading: self.leadingCells,
                                                                            intakes: layout.referenceIntakes)
        var read = withoutIntakes
        read = Self.returningCellsByTheirPercent(read, intakes: layout.referenceIntakes)
        read = Self.trimWeakCells(read)
        read = Self.returningStrayNameCells(read, kcal: kcal)
        read = Self.shiftingPastNameContinuations(read, kcal: kcal)
        // The table's first two energy columns, found once: the serving ratio and the alignment of names and
        // amounts below read them, and so does the settling of a wrapped name's cells.
        let energy = energyColumns(columnCount: 2)
        // The first two energy columns' ratio, computed once (``energyRatio(_:_:)``); `.some(nil)` without two.
        let columnsRatio: Double?? = energy.count >= 2 ? Self.energyRatio(energy[0], energy[1]) : .some(nil)
        let ratio = servingEnergyRatio(columnsRatio, columnCount: energy.count)
        read = Self.settlingNameContinuationCells(read, ratio: ratio)
        read = Self.inferLostRowNames(read)
        let (inferred, leadingCells) = Self.inferLeadingRow(read, leading: leading, after: energyLine)
        // A names block read out of the declaration order (not on US panels, which declare rows in another order).
        let named = layout.isUSStyle ? inferred : Self.orderingNamesBlocks(inferred, kcal: kcal)
        // Rows whose value OCR lost stop rebalancing moves; the whole-table moves below never see them, so no
        // value is dealt to them.
        let balanced = (Self.rebalancingPastDebrisInLastRow(named, kcal: kcal, forward: !layout.isUSStyle)
            ?? Self.rebalance(named, kcal: kcal, forward: !layout.isUSStyle)).filter { !$0.isValueLost }
        let realigned = Self.realign(balanced, leading: leadingCells, kcal: kcal, after: energyLine,
                                     servingRatio: ratio)
        // Pairing reads the cells as assembled (realignment drops cells beyond its groups) and wins over a
        // realignment unless that fits the checks better.
        // Without an energy ratio or a serving size, the mass rows' own pairs may state the columns' ratio.
        let pairingRatio = ratio ?? (energy.count < 2 && layout.servingSize?.quantity == nil
            ? Self.massColumnsRatio(balanced, after: energyLine) : nil)
        // A %RI column read without its "%" among the amounts: a second pairing without those figures.
        let paired = pairingRatio.flatMap { ratio in
            Self.pairedByServingRatio(balanced, leading: leadingCells, ratio: ratio, kcal: kcal, after: energyLine)
                ?? Self.droppingUnmarkedPercentCells(balanced, energyCells: energyCells,
                                                     intakes: layout.referenceIntakes, after: energyLine)
                .flatMap {
                    Self.pairedByServingRatio($0, leading: leadingCells, ratio: ratio, kcal: kcal, after: energyLine)
                }
        }.flatMap { paired -> [AssembledRow]? in
            guard let kcal, let pairedPenalty = Self.firstColumnPenalty(paired, kcal: kcal),
                  let realignedPenalty = Self.firstColumnPenalty(realigned, kcal: kcal) else { return paired }
            return pairedPenalty <= realignedPenalty ? paired : nil
        }
        // A row whose figures OCR lost, read in one names block with the next row, took the next row's first amount.
        let settled = Self.returningPairsSplitAcrossNames(paired ?? realigned, ratio: ratio, kcal: kcal)
        // A vitamin's or mineral's mg amount on a row declared in grams is no value of that row.
        let withCells = Self.droppingMilligramCells(settled).filter { !$0.cells.isEmpty }
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
        // Reading order, ties (several rows on one line) in assembly order: dictionary order would make the
        // parse differ from run to run.
        let order = Dictionary(withCells.enumerated().map { ("\($0.element.nutrient.rawValue)@\($0.element.lineIndex)", $0.offset) },
                               uniquingKeysWith: { first, _ in first })
        func position(_ row: AssembledRow) -> Int { order["\(row.nutrient.rawValue)@\(row.lineIndex)"] ?? 0 }
        let instances = best.values.sorted { ($0.lineIndex, position($0)) < ($1.lineIndex, position($1)) }
        // Names and amounts out of step over the whole table, which the checks contradict: one alignment of the
        // two sequences that fits them replaces the dealing by position.
        // With two energy columns read (or more: a footnote repeating them), the amounts are aligned in per-100 g | per-portion pairs by their ratio;
        // without the ratio (columns whose kJ and kcal disagree) the table stays as chosen.
        let columnRatio = columnsRatio.flatMap { $0 }
        guard !layout.isUSStyle, energy.count == 1 || columnRatio != nil else { return instances }
        let aligned = Self.aligningBySequence(instances, stream: rows, leading: leadingCells, kcal: kcal,
                                              servingRatio: columnRatio, energyLine: energyLine)
        // Names the alignment cannot take (several lost, or the first or last): a one-column table's amounts read
        // whole and in order are its declaration.
        guard energy.count == 1 else { return aligned }
        return Self.dealingDeclarationInReadingOrder(aligned, stream: rows, leading: leadingCells, kcal: kcal,
                                                     energyLine: energyLine)
    }

    /// Second energy column / first (kcal, else kJ) when the table prints two energy columns whose kJ and kcal
    /// ratios agree within 10 %; else the printed serving size / 100 g; `nil` when neither is known.
    /// - Parameters:
    ///   - columnsRatio: ``energyRatio(_:_:)`` of the first two energy columns (``energyColumns(columnCount:)``).
    ///   - columnCount: how many energy columns were read; with other than two the serving size decides.
    private func servingEnergyRatio(_ columnsRatio: Double??, columnCount: Int) -> Double? {
        let servingRatio = layout.servingSize?.quantity.map { $0.asDouble / 100 }
        guard columnCount == 2 else { return servingRatio }
        switch columnsRatio {
        case .some(let ratio): return ratio ?? servingRatio
        case .none: return nil
        }
    }

    /// Second energy column ÷ first (kcal, else kJ): `.some(nil)` when neither side is read in both, `nil` when the
    /// kJ and kcal ratios disagree by more than 10 % (the columns are not one table's).
    static func energyRatio(_ first: EnergyPair, _ second: EnergyPair) -> Double?? {
        let kcalRatio = cellRatio(first.kcal, second.kcal)
        let kjRatio = cellRatio(first.kj, second.kj)
        if let kcalRatio, let kjRatio, abs(kcalRatio - kjRatio) > 0.1 * max(kcalRatio, kjRatio) { return .none }
        return .some(kcalRatio ?? kjRatio)
    }

    /// `false` for a row above the first energy row (tables declare energy first) whose value was not printed on
    /// its name's line: a name in the ingredient list that picked up a stray number. US panels that print
    /// "Total Fat 6g" above "Calories" keep name and value on one line.
    private func isInsideTable(_ row: AssembledRow) -> Bool {
        guard let energyLine, !row.nutrient.isEnergy, let cell = row.cells.first else { return true }
        return row.lineIndex >= energyLine || cell.lineIndex == row.lineIndex
    }

    /// How much a cell looks like a real value: 2 with a unit or qualifier, 1 a bare number, 0 a bare "1" that is
    /// probably a column rule.
    private func cellStrength(_ cell: AssembledCell) -> Int {
        if cell.quantity.isSeparatorLike { return 0 }
        return cell.quantity.unit != nil || cell.quantity.qualifier != nil ? 2 : 1
    }

    /// The most common number of amount cells per row: the number of amount columns actually printed.
    func typicalCellCount(_ rows: [AssembledRow]) -> Int {
        Self.mostCommonCellCount(rows.lazy.filter { !$0.cells.isEmpty })?.cells ?? 1
    }

    /// The most common number of cells among `rows` and how many of them hold it, `nil` for no rows. A tie goes to
    /// the smaller count: a stray cell must not widen the table.
    static func mostCommonCellCount<Rows: Sequence>(_ rows: Rows) -> (cells: Int, rows: Int)?
    where Rows.Element == AssembledRow {
        var counts: [Int: Int] = [:]
        for row in rows { counts[row.cells.count, default: 0] += 1 }
        return counts.max { ($0.value, -$0.key) < ($1.value, -$1.key) }.map { ($0.key, $0.value) }
    }
}
