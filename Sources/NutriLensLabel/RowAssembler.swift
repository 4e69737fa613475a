import Foundation

/// A value cell assigned to a row: the amount and the %RI printed after it.
struct AssembledCell: Sendable {
    var quantity: ScannedQuantity
    var referenceIntakePercent: Decimal?
    /// For energy values printed without a unit: the unit the row name states ("Energie (kcal)").
    var unitHint: NutrientUnit? = nil
    var lineIndex: Int
    var box: TextBox?
    /// The amount is a figure far taller than the page's others (``OversizedFigures``): two stacked cells read as
    /// one, or a headline figure such as the net quantity. It keeps its place among the row's cells but gives no value.
    var isOversized = false
}

/// One occurrence of a row name with the cells that followed it.
struct AssembledRow: Sendable {
    var nutrient: Nutrient
    var language: String
    /// Languages in which the row's name line names its nutrient ("Fett/Matières grasses": de, fr).
    var nameLanguages: Set<String>
    var unitHint: NutrientUnit?
    var lineIndex: Int
    var labelText: String
    var edits: Int
    var cells: [AssembledCell] = []
    /// Set when the row name was not read and the nutrient comes from the declaration order.
    var inferred = false
    /// Set when OCR lost the row's amount and left its unit alone on the next line ("Kohlenhydrate/Glucides" / "g"):
    /// the row was printed with a value nobody can read, so no other row's value may move into it. Only meaningful
    /// while `cells` is empty (a cell that later reaches the row is read as before).
    var valueLost = false

    /// `true` for a row whose only value OCR lost (``valueLost`` and no cells): it keeps its place in the table, and
    /// value moves (rebalancing, realignment, serving-ratio pairing, lost-name inference) neither fill it nor pass it.
    var isValueLost: Bool { valueLost && cells.isEmpty }
    /// `true` for a row printed with a value: one read (cells) or one OCR lost (``isValueLost``).
    var hasPrintedValue: Bool { !cells.isEmpty || isValueLost }
    /// Set when the row name is the rest of the row above's multilingual name wrapped onto a line of its own, after
    /// that row's value ("of which Sugars/ davon Zucker/" / "85.4g" / "dont sucres/ waarvan suikers"): the same
    /// nutrient, only in languages the row above does not use, and no amount on its line. Whether its cells are the
    /// next row's (read early) or a row whose name was lost is decided by the table builder
    /// (``TableBuilder/shiftingPastNameContinuations(_:)``).
    var continuesRowAbove = false
    /// Values of the row's names block that ``RowAssembler/flush()`` dealt no name: a block of more values than
    /// names but not whole columns gets one value per name by a window, and the values before the window (on the
    /// block's first row) and after it (on its last row) are kept here rather than dropped. They give no value of
    /// their own; they keep their place in reading order (``cellsInReadingOrder``) for the rules that rebuild rows
    /// from the whole stream of cells by the columns' serving ratio (a two-column table's carbohydrate and sugars
    /// names read before "69 g" / "17g" / "1,1g": the window deals 69 and 17, and sugars' 1,1 g is kept here).
    var surplusBefore: [AssembledCell] = []
    /// See ``surplusBefore``: the block's values read after its window.
    var surplusAfter: [AssembledCell] = []

    /// The row's cells with the values its names block left undealt, in the order they were read.
    var cellsInReadingOrder: [AssembledCell] { surplusBefore + cells + surplusAfter }

    /// An empty row for a row name read on `line`.
    init(mention: LineAnalysis.Mention, line: LineAnalysis) {
        nutrient = mention.nutrient
        language = mention.language
        unitHint = mention.unitHint
        lineIndex = line.lineIndex
        labelText = line.text
        edits = mention.edits
        nameLanguages = Set(line.mentions.filter { $0.nutrient == mention.nutrient }.map(\.language))
    }
}

/// Turns the reading-order stream of row names and quantities into rows with cells.
///
/// OCR services emit table cells in reading order, which for a two-column table may be "label, value, label,
/// value" or, for a multilingual label spanning several lines, "label, label (continued), value", or for a
/// column-wise read "label, label, label, value, value, value". The assembler groups the stream into blocks of
/// row names followed by values and assigns values to names in order, so all these shapes give the same rows.
struct RowAssembler {
    private(set) var rows: [AssembledRow] = []
    /// Energy cells are kept apart: a kJ/kcal value is energy whatever row name precedes it.
    private(set) var energyCells: [AssembledCell] = []
    /// Mass values between the energy row and the next row name (see ``flush()``).
    private(set) var leadingCells: [AssembledCell] = []
    private(set) var energyLineIndex: Int?
    private var pendingMentions: [(LineAnalysis.Mention, LineAnalysis)] = []
    private var pendingValues: [AssembledCell] = []
    private var lastCellTarget: CellTarget?
    private var energyRowSeen = false
    private var energyUnitHint: NutrientUnit?
    /// Unit words seen on the current energy row; two different ones ("(kJ / kcal) 2382/571") leave the units to
    /// the kJ/kcal ratio.
    private var energyUnitWords: Set<NutrientUnit> = []
    /// Bare energy amounts whose units are printed as a column after them (``EnergyUnitsAfterAmounts``).
    private var energyUnitsAfter = EnergyUnitsAfterAmounts()
    /// The last event read (on this line or an earlier one) was an amount.
    private var lastEventWasAmount = false
    /// An "of which" line without a row name opened a sub-row whose name comes later.
    private var ofWhichOpen = false
    /// A vitamin or mineral name without its amount was read: values up to the next row name are its amounts.
    private var discardingValues = false
    /// Line of a sodium/cholesterol name read with only its %DV ("Cholesterol 0%"): its amount may follow on the
    /// next line only; past it the name is dropped like a %DV-only row.
    private var percentFirstLine: Int?
    /// Line of a mass unit alone under a row name with no amount yet (see ``markUnitAlone(_:)``).
    private var unitAloneLine: Int?

    private enum CellTarget {
        case pending(Int)
        case energy(Int)
    }

    /// Sodium and cholesterol, which a US panel always declares as an amount (21 CFR 101.9(c)(3)-(4)): a "%" right
    /// after the name is their %DV with the amount on the next line ("Cholesterol 0%" / "0mg"), never a %DV-only
    /// vitamin or mineral row. Only the next line: "Cholesterol (img 0%" / "Sod" / "ium 105mg" is sodium's 105 mg.
    /// (Macronutrients keep the rule: on EU tables a "%" after a name whose amount OCR lost is its %RI, and the next
    /// amount is the next row's.)
    private static func amountIsMandatory(_ nutrient: Nutrient) -> Bool {
        nutrient == .sodium || nutrient == .cholesterol
    }

    private static func hasAmount(in line: LineAnalysis, after position: Int) -> Bool {
        line.events.contains { event in
            if case .quantity(let quantity) = event {
                return quantity.start >= position && !quantity.isPercent && quantity.primary.unit?.isEnergy != true
            }
            return false
        }
    }

    /// `true` when an amount in g, mg or µg (not a "per 100 g" header amount) follows `position` on the line before
    /// the next row name: a "%" between a row name and such an amount is the row's %RI printed first, not a %DV-only
    /// row ("Iron 4%" on a US panel has no amount after it; "Iron 4% Calcium 120mg" gives calcium its own).
    private static func hasMassAmount(in line: LineAnalysis, after position: Int) -> Bool {
        let nextName = line.mentions.map(\.start).filter { $0 >= position }.min() ?? .max
        return line.quantities.contains { quantity in
            quantity.start >= position && quantity.start < nextName && !quantity.isPercent && !quantity.isHeaderAmount
                && !quantity.isHundredGramsOrMillilitres
                && [NutrientUnit.gram, .milligram, .microgram].contains(quantity.unit)
        }
    }

    mutating func consume(_ line: LineAnalysis) {
        applyUnitLine(line)
        if unitAloneLine != nil {
            // The line after a unit alone under a row name: a bare amount is the value the unit was printed before
            // ("Tluszcz" / "g" / "46": a unit column left of the amounts); anything else leaves the value lost.
            unitAloneLine = nil
            let startsWithBareAmount: Bool
            if case .quantity(let quantity)? = line.events.first {
                startsWithBareAmount = quantity.unit == nil && !quantity.isPercent
            } else {
                startsWithBareAmount = false
            }
            if !startsWithBareAmount { closeRowWithLostValue() }
        }
        if markUnitAlone(line) { return }
        if let awaited = percentFirstLine {
            percentFirstLine = nil
            var firstIsAmount = false
            if case .quantity(let quantity)? = line.events.first { firstIsAmount = !quantity.isPercent }
            if pendingValues.isEmpty, let last = pendingMentions.last, last.1.lineIndex == awaited,
               line.lineIndex != awaited + 1 || !firstIsAmount {
                pendingMentions.removeLast()
            }
        }
        for (eventIndex, event) in line.events.enumerated() {
            defer {
                if case .quantity = event { lastEventWasAmount = true } else { lastEventWasAmount = false }
            }
            switch event {
            case .mention(let mention):
                // Vitamins and minerals beyond the US panel's four appear on EU packs in ingredient lists and in
                // separate %RI blocks; only a name with its amount on the same line ("Vitamin C 9mg") is a row.
                if mention.nutrient.isRowOnlyWithAmountOnLine, !Self.hasAmount(in: line, after: mention.end) {
                    // Its amounts may follow on the next lines ("Vitamin C:" / "42"): they are not more columns of
                    // the row before, so they are dropped until the next row name. Not inside a block of names
                    // waiting for their values (a column-wise dump), where the values belong to those names.
                    if !pendingValues.isEmpty { flush() }
                    if pendingMentions.isEmpty { discardingValues = true }
                    continue
                }
                discardingValues = false
                if !mention.nutrient.isEnergy { energyUnitsAfter.endRow(&energyCells) }
                if ofWhichOpen, pendingMentions.isEmpty, !pendingValues.isEmpty, mention.nutrient.isSubRow {
                    var row = AssembledRow(mention: mention, line: line)
                    row.cells = pendingValues
                    rows.append(row)
                    pendingValues.removeAll()
                }
                ofWhichOpen = false
                if !pendingValues.isEmpty { flush() }
                if mention.nutrient.isEnergy { energyUnitWords = mention.unitHint.map { [$0] } ?? [] }
                if mention.nutrient.isEnergy {
                    energyRowSeen = true
                    if energyLineIndex == nil { energyLineIndex = line.lineIndex }
                    if let hint = mention.unitHint { energyUnitHint = hint }
                }
                // "Eiweiss protéines/" then "Salz/sel/ sale salt proteine/ protein": the rest of a pending row's
                // languages printed after the next row's name on that row's line continues the pending row.
                if let last = pendingMentions.last, last.1.lineIndex == line.lineIndex,
                   last.0.nutrient != mention.nutrient,
                   pendingMentions.dropLast().contains(where: { $0.0.nutrient == mention.nutrient }) {
                    continue
                }
                if let last = pendingMentions.last, last.0.nutrient == mention.nutrient {
                    if pendingMentions[pendingMentions.count - 1].0.unitHint == nil {
                        pendingMentions[pendingMentions.count - 1].0.unitHint = mention.unitHint
                    }
                    continue
                }
                pendingMentions.append((mention, line))
            case .unitWord(let unit, _):
                if pendingMentions.last?.0.nutrient.isEnergy == true {
                    var leadsAmount = false
                    if eventIndex + 1 < line.events.count, case .quantity = line.events[eventIndex + 1] {
                        leadsAmount = true
                    }
                    energyUnitsAfter.unitWord(unit, leadsAmount: leadsAmount, followsAmount: lastEventWasAmount,
                                              cells: &energyCells)
                }
                if let index = pendingMentions.lastIndex(where: { $0.0.nutrient.isEnergy }), pendingValues.isEmpty {
                    energyUnitWords.insert(unit)
                    pendingMentions[index].0.unitHint = energyUnitWords.count == 1 ? unit : nil
                }
            case .ofWhich:
                // "davon gesätt / Fettsäuren / 5,4g / dont acides / gras saturés": the values after an open "of
                // which" whose name OCR cut wait for the next language's sub-row name.
                if ofWhichOpen, pendingMentions.isEmpty, !pendingValues.isEmpty { continue }
                if !pendingValues.isEmpty { flush() }
                if pendingMentions.isEmpty { ofWhichOpen = true }
            case .quantity(let quantity):
                if discardingValues, quantity.primary.unit?.isEnergy != true, !quantity.isEnergyOfUnknownUnit {
                    continue
                }
                let cell = AssembledCell(quantity: quantity, referenceIntakePercent: nil, lineIndex: line.lineIndex,
                                         box: box(of: quantity, in: line),
                                         isOversized: line.oversizedSpans.contains {
                                             $0.overlaps(quantity.start..<quantity.end) })
                if quantity.isHeaderAmount || (quantity.isHundredGramsOrMillilitres && pendingMentions.isEmpty) {
                    // "per 100 g", or "100 g" where no row name waits for a value: a column header.
                    continue
                } else if quantity.isPercent {
                    if pendingValues.isEmpty, let last = pendingMentions.last, !last.0.nutrient.isEnergy,
                       last.1.lineIndex == line.lineIndex {
                        // "CALCIUM (20% RI* PER 100g) 162 mg 120 mg": a UK/EU row that states its %RI (and what it
                        // is of) before its amounts; the amounts on the line are the row's.
                        if Self.hasMassAmount(in: line, after: quantity.end) { continue }
                        // "Iron 4%", "Vitamin A 0%": a row printed as %DV only; later numbers are not its amount.
                        // Sodium and cholesterol wait one line for theirs.
                        if Self.amountIsMandatory(last.0.nutrient) {
                            percentFirstLine = line.lineIndex
                        } else {
                            pendingMentions.removeLast()
                        }
                        continue
                    }
                    attachPercent(quantity)
                } else if quantity.isVolume {
                    continue
                } else if quantity.unit?.isEnergy == true || quantity.isEnergyOfUnknownUnit {
                    energyUnitsAfter.endRow(&energyCells)
                    energyCells.append(cell)
                    lastCellTarget = .energy(energyCells.count - 1)
                } else if isUnitlessEnergyValue(quantity) {
                    var hinted = cell
                    hinted.unitHint = pendingMentions.last?.0.unitHint
                    energyCells.append(hinted)
                    lastCellTarget = .energy(energyCells.count - 1)
                    energyUnitsAfter.bareAmount(at: energyCells.count - 1, cells: &energyCells)
                } else if case .energy(let index)? = lastCellTarget, index == energyCells.count - 1,
                          Self.isBareEnergyPartner(quantity, after: energyCells[index], on: line) {
                    energyCells.append(cell)
                    lastCellTarget = .energy(energyCells.count - 1)
                } else {
                    pendingValues.append(cell)
                    lastCellTarget = .pending(pendingValues.count - 1)
                }
            }
        }
    }

    /// "Cholesterol 3.0" / "mg": a line that is only a milli/microgram unit belongs to the bare amount just before
    /// it (the unit wrapped or was read as its own visual row), when that amount's row is a vitamin, mineral,
    /// sodium or cholesterol (macronutrients are never declared in mg).
    private mutating func applyUnitLine(_ line: LineAnalysis) {
        guard line.events.isEmpty, case .pending(let index) = lastCellTarget, index < pendingValues.count,
              pendingValues[index].quantity.unit == nil,
              pendingMentions.last?.0.nutrient.isMicronutrient == true else { return }
        guard let unit = NumberGrammar.smallMassUnit(word: line.text.trimmingCharacters(in: .whitespaces))
        else { return }
        pendingValues[index].quantity.primary.unit = unit
        pendingValues[index].quantity.alternatives = []
    }

    /// "Kohlenhydrate/Glucides" / "g" / "davon Zucker/dont sucres" / "g": a line that is only a mass unit, right
    /// under a row name that has no amount yet, is what OCR left of that row's amount (the digits lost, the unit
    /// read). The row is closed as one whose value was lost (``AssembledRow/valueLost``) rather than left empty, so
    /// the table builder does not move the next rows' values up into it (FoodLabel full photo 0192: fibre took
    /// protein's 12 g, protein salt's 1.9 g). A unit after an amount ("5,5" / "g") is that amount's and never gets
    /// here: values must not be pending. Returns `true` when the line was used so.
    /// The decision waits for the next line: a bare amount there is the row's value with its unit printed first
    /// ("Tluszcz" / "g" / "46", FoodLabel small crop 0457).
    private mutating func markUnitAlone(_ line: LineAnalysis) -> Bool {
        guard line.events.isEmpty, pendingValues.isEmpty, !discardingValues, !ofWhichOpen,
              let last = pendingMentions.last, !last.0.nutrient.isEnergy,
              pendingMentions.dropLast().allSatisfy({ mention in isRepeatOfAssembledRow(mention.0.nutrient) }),
              // "Eiweiss" / "0.5" / "g" / "< 0.1" / "Salz" / "g": where amounts are printed apart from their
              // units, a unit alone is the unit of the bare amount before it, read ahead of its row's name.
              rows.last(where: { !$0.cells.isEmpty })?.cells.last.map({ $0.quantity.unit != nil }) ?? true,
              NumberGrammar.massUnit(word: line.text.trimmingCharacters(in: .whitespaces)) != nil else { return false }
        unitAloneLine = line.lineIndex
        return true
    }

    /// Closes the pending row (see ``markUnitAlone(_:)``) as one whose value OCR lost.
    private mutating func closeRowWithLostValue() {
        guard pendingValues.isEmpty, let last = pendingMentions.last, !last.0.nutrient.isEnergy else { return }
        var row = AssembledRow(mention: last.0, line: last.1)
        row.valueLost = true
        rows.append(row)
        pendingMentions.removeAll { !$0.0.nutrient.isEnergy }
        lastCellTarget = nil
    }

    /// `true` for energy, or a nutrient whose row is assembled with its values already: a name pending before a
    /// row whose value was lost repeats that row ("davon gesättigte Fettsäuren/" / "10g" / "dont acides gras
    /// saturés" / "Kohlenhydrate/Glucides" / "g") and takes no value of its own.
    private func isRepeatOfAssembledRow(_ nutrient: Nutrient) -> Bool {
        nutrient.isEnergy || rows.contains { $0.nutrient == nutrient && !$0.cells.isEmpty }
    }

    /// A bare number right after the energy row name ("Energie kcal 452", "Calories 250").
    private func isUnitlessEnergyValue(_ quantity: ScannedQuantity) -> Bool {
        // Energy is printed in whole kJ/kcal: "48,3" after "Energie" is the next row's value read early. Tables that
        // print a unit word after the energy name may print a decimal ("energy (kcal) 386.0 135.1", Indian FSSAI
        // panels); US "Calories" (a kcal name of its own) are whole (21 CFR 101.9(c)(1): nearest 5 or 10).
        guard quantity.unit == nil, quantity.qualifier == nil, pendingValues.isEmpty,
              let last = pendingMentions.last?.0, last.nutrient.isEnergy,
              quantity.primary.fractionDigits == 0 || (last.unitHint != nil && last.nutrient == .energyKJ)
        else { return false }
        return true
    }

    private mutating func attachPercent(_ quantity: ScannedQuantity) {
        switch lastCellTarget {
        case .pending(let index) where index < pendingValues.count:
            if pendingValues[index].referenceIntakePercent == nil {
                pendingValues[index].referenceIntakePercent = quantity.value
            }
        case .energy(let index) where index < energyCells.count:
            if energyCells[index].referenceIntakePercent == nil {
                energyCells[index].referenceIntakePercent = quantity.value
            }
        default:
            break
        }
    }

    private func box(of quantity: ScannedQuantity, in line: LineAnalysis) -> TextBox? {
        let boxes = line.wordBoxes.filter { $0.start < quantity.end && quantity.start < $0.end }.map(\.box)
        return boxes.reduce(nil) { partial, box in partial.map { $0.union(box) } ?? box }
    }

    /// Assigns the pending values to the pending row names.
    mutating func flush() {
        defer {
            pendingMentions.removeAll()
            pendingValues.removeAll()
            lastCellTarget = nil
        }
        var mentions = Self.droppingNamesAboveEnergy(pendingMentions).filter { !$0.0.nutrient.isEnergy }
        guard !pendingValues.isEmpty else { return }
        if mentions.isEmpty && ofWhichOpen { return }
        if mentions.isEmpty {
            // Mass values right after the energy row and before any other row name: with labels whose values are
            // printed half a row above their names, these belong to the first row (see TableBuilder.realign).
            if pendingMentions.contains(where: { $0.0.nutrient.isEnergy }), leadingCells.isEmpty,
               !rows.contains(where: { !$0.cells.isEmpty && !$0.nutrient.isEnergy && $0.lineIndex > (energyLineIndex ?? -1) }) {
                leadingCells = pendingValues
                return
            }
            // Values after values with no new row name: more columns of the previous row.
            if var last = rows.popLast() {
                last.cells += pendingValues
                rows.append(last)
            }
            return
        }
        // A row name repeated in another language on the next line ("Fedt / Rasva") is a continuation of a row
        // that already has its values, not a new row, unless nothing else can take the values. Rows above the
        // energy row do not count: a product description naming "sugar" next to a stray "100g" must not turn the
        // table's own sugars row into a continuation.
        if mentions.count > 1 {
            let seen = Set(rows.filter { $0.hasPrintedValue && $0.lineIndex >= (energyLineIndex ?? 0) }
                .map(\.nutrient))
            let fresh = mentions.filter { !seen.contains($0.0.nutrient) }
            if !fresh.isEmpty { mentions = fresh }
        }
        var newRows = mentions.map { mention, line in
            AssembledRow(mention: mention, line: line)
        }
        if newRows.count == 1, let above = rows.last, let (mention, line) = mentions.first,
           isNameContinuation(mention, on: line, of: above) {
            newRows[0].continuesRowAbove = true
        }
        let valueCount = pendingValues.count, rowCount = newRows.count
        let amounts = pendingValues.filter { !TableBuilder.isWeakCell($0) }
        if rowCount == 1 {
            newRows[0].cells = pendingValues
        } else if valueCount <= rowCount {
            // Fewer values than names: the names without values lost them (or never had them); the values belong
            // to the names nearest to them.
            for (offset, cell) in pendingValues.enumerated() {
                newRows[rowCount - valueCount + offset].cells.append(cell)
            }
        } else if valueCount % rowCount == 0 {
            // Column-wise reading: first all values of column 1, then column 2.
            for (offset, cell) in pendingValues.enumerated() {
                newRows[offset % rowCount].cells.append(cell)
            }
        } else if amounts.count == rowCount {
            // More values than names, but one per name once the bare single digits are set aside ("Eiweiss" /
            // "Salz" / "6,5g" / "1" / "Packung" / "0,09 g": the 1 of a pack count): a bare digit is no value when
            // the block has amounts enough (as in TableBuilder.trimWeakCells), so the amounts are dealt in order.
            for (offset, cell) in amounts.enumerated() {
                newRows[offset].cells.append(cell)
            }
        } else {
            // More values than names but not whole columns: OCR noise among them. Use the window of consecutive
            // values that fits best (no per-100 g mass above 100 g, sub-rows not above their parent); on a tie the
            // values right after the names, since debris trails the table (footnote amounts, pack counts).
            let window = bestWindow(count: rowCount, nutrients: newRows.map(\.nutrient))
            for (offset, cell) in pendingValues[window..<(window + rowCount)].enumerated() {
                newRows[offset].cells.append(cell)
            }
            // The values outside the window may be a second column read in the same pass (see
            // AssembledRow.surplusBefore): kept in reading order, never dealt as a value here.
            newRows[0].surplusBefore = Array(pendingValues[..<window])
            newRows[rowCount - 1].surplusAfter = Array(pendingValues[(window + rowCount)...])
        }
        rows += newRows
    }

    /// `true` when `line` names only `above`'s nutrient, in languages `above`'s name line does not use, and holds
    /// no amount, while `above` has its values (see ``AssembledRow/continuesRowAbove``).
    private func isNameContinuation(_ mention: LineAnalysis.Mention, on line: LineAnalysis, of above: AssembledRow) -> Bool {
        guard above.nutrient == mention.nutrient, !above.nutrient.isEnergy, !above.cells.isEmpty,
              above.lineIndex < line.lineIndex, line.quantities.isEmpty,
              line.mentions.allSatisfy({ $0.nutrient == mention.nutrient }) else { return false }
        return above.nameLanguages.isDisjoint(with: line.mentions.map(\.language))
    }

    private func bestWindow(count: Int, nutrients: [Nutrient]) -> Int {
        var best = pendingValues.count - count
        var bestPenalty = Double.infinity
        for start in 0...(pendingValues.count - count) {
            let values = pendingValues[start..<(start + count)].map { $0.quantity.doubleValue }
            var penalty = Double(values.filter { $0 > 100 }.count)
            for index in 1..<max(1, count) where nutrients[index].isSubRow && values[index] > values[index - 1] {
                penalty += 0.5
            }
            if penalty < bestPenalty {
                bestPenalty = penalty
                best = start
            }
        }
        return best
    }

    mutating func finish() {
        energyUnitsAfter.endRow(&energyCells)
        if unitAloneLine != nil {
            unitAloneLine = nil
            closeRowWithLostValue()
        }
        // Row names at the end with no values still count as rows (a realigned table gives them values).
        if pendingValues.isEmpty {
            rows += pendingMentions.filter { !$0.0.nutrient.isEnergy }.map { mention, line in
                AssembledRow(mention: mention, line: line)
            }
        }
        flush()
    }

    /// `true` when an energy row name was read.
    var hasEnergyRow: Bool { energyRowSeen }
}
