import Foundation

// Energy cells into kJ/kcal columns and the choice of readings that make each pair agree.
extension TableBuilder {
    struct EnergyPair {
        var kj: AssembledCell?
        var kcal: AssembledCell?
        var kjValue: Decimal?
        var kcalValue: Double? { kcalDecimal.map { $0.asDouble } }
        var kcalDecimal: Decimal?
        var repairs: [ValueRepair] = []
        var consistent: Bool?

        /// Takes a kJ/kcal reading that passed the ratio check, with the repairs that produced it.
        mutating func accept(kj: Decimal, kcal: Decimal, repairs: [ValueRepair]) {
            kjValue = kj
            kcalDecimal = kcal
            self.repairs = repairs
            consistent = true
        }
    }

    /// Splits energy cells into columns: the i-th kJ value and the i-th kcal value form column i. Values whose unit
    /// was not read are paired by the kJ/kcal ratio.
    func energyColumns(columnCount: Int) -> [EnergyPair] {
        // "00", "00KJ": energy is printed in whole kJ/kcal without a leading zero, so a zero-led run is debris (the
        // tail of a footnote's "8400kJ", a rule beside a lost digit), never a 0 kJ cell.
        // A reference intake whose unit was printed apart from it ("8400" / "kJ", ``EnergyUnitsAfterAmounts``) is
        // no amount either: the line's own check only sees units on the number's line.
        let readCells = energyCells.filter { cell in
            let digits = cell.quantity.text.drop { !$0.isNumber }.prefix { $0.isNumber || $0 == "." || $0 == "," }
            return !(digits.count >= 2 && digits.first == "0" && digits.allSatisfy(\.isNumber))
                && !cell.quantity.isReferenceIntakeEnergy
        }
        let energyCells = Self.droppingEnergyAboveTable(readCells, energyLine: energyLine, columnCount: columnCount)
        var kjCells = energyCells.filter { $0.quantity.unit == .kilojoule }
        var kcalCells = energyCells.filter { $0.quantity.unit == .kilocalorie }
        var unknown: [AssembledCell] = []
        func double(_ cell: AssembledCell) -> Double { cell.quantity.doubleValue }
        for cell in energyCells where cell.quantity.unit == nil {
            // "Energy/Energie/Energia (kJ) 1404 351": the one energy unit the row's name prints is the unit of each
            // bare amount on its line (per 100 g and per portion), whatever their ratio.
            if let hint = cell.unitHint, energyCells.contains(where: { other in
                other.lineIndex == cell.lineIndex && other.quantity.start != cell.quantity.start
                    && (other.quantity.unit ?? other.unitHint) == hint
            }) {
                if hint == .kilojoule {
                    insertInReadingOrder(withUnit(cell, hint), into: &kjCells)
                } else {
                    insertInReadingOrder(withUnit(cell, hint), into: &kcalCells)
                }
                continue
            }
            // A cut-off unit ("758 k)", "(180 k") next to a known partner: the ratio says which it is.
            if kjCells.count > kcalCells.count,
               ConsistencyChecks.energyPairAgrees(kj: double(kjCells[kcalCells.count]), kcal: double(cell)) {
                kcalCells.append(withUnit(cell, .kilocalorie))
            } else if kcalCells.count > kjCells.count,
                      ConsistencyChecks.energyPairAgrees(kj: double(cell), kcal: double(kcalCells[kjCells.count])) {
                kjCells.append(withUnit(cell, .kilojoule))
            } else if cell.quantity.isEnergyOfUnknownUnit {
                // "(180 k": an energy value in brackets is the kcal of "750 kJ (180 kcal)".
                // A cut-off unit is still a printed energy cell: it takes its place in reading order
                // ("1651 K/395 kcal 476 Kl/115 kcal" is 1651 then 476).
                if cell.quantity.isBracketed {
                    insertInReadingOrder(withUnit(cell, .kilocalorie), into: &kcalCells)
                } else {
                    insertInReadingOrder(withUnit(cell, .kilojoule), into: &kjCells)
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
                    let a = first.quantity.doubleValue
                    let b = second.quantity.doubleValue
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
        let servingGrams = layout.servingSize?.quantity.map { $0.asDouble }
        let servingFirst = layout.columns.count >= 2 && layout.columns[0].basis == .perServing
            && layout.columns[1].basis == .per100g
        (kjCells, kcalCells) = Self.pairedByRatio(kj: kjCells, kcal: kcalCells, servingGrams: servingGrams,
                                                  servingFirst: servingFirst)
        let count = max(kjCells.count, kcalCells.count)
        return orderedByRowMacros((0..<count).map { index in
            EnergyPair(kj: index < kjCells.count ? kjCells[index] : nil,
                       kcal: index < kcalCells.count ? kcalCells[index] : nil)
        })
    }

    /// Rows rebuilt from a photo can read the energy cells of two columns out of order ("104 kcal" of the serving
    /// above "497 kcal" of 100 g; "868kJ" of the portion above "1928 kJ"). When the i-th kJ and i-th kcal disagree,
    /// the columns are rebuilt from Annex XIV ratio partners: each kcal cell in its order with its one kJ partner, or
    /// failing that each kJ cell in reading order with its one kcal partner. With a known serving size, two columns
    /// are ordered so that the per-serving one is the per-100 g one × size/100. Cells without a partner follow in their order.
    static func pairedByRatio(kj: [AssembledCell], kcal: [AssembledCell], servingGrams: Double?,
                              servingFirst: Bool) -> (kj: [AssembledCell], kcal: [AssembledCell]) {
        func double(_ cell: AssembledCell) -> Double { cell.quantity.doubleValue }
        func agrees(_ a: AssembledCell, _ b: AssembledCell) -> Bool {
            ConsistencyChecks.energyPairAgrees(kj: double(a), kcal: double(b))
        }
        let count = min(kj.count, kcal.count)
        guard count >= 2, !(0..<count).allSatisfy({ agrees(kj[$0], kcal[$0]) }) else { return (kj, kcal) }
        /// For each anchor cell in order, the index of its only partner; `nil` when any anchor has none or several.
        func partners(anchors: [AssembledCell], others: [AssembledCell],
                      agree: (AssembledCell, AssembledCell) -> Bool) -> [Int]? {
            var chosen: [Int] = []
            for anchor in anchors {
                let matches = others.indices.filter { !chosen.contains($0) && agree(anchor, others[$0]) }
                guard matches.count == 1 else { return nil }
                chosen.append(matches[0])
            }
            return chosen
        }
        var pairs: [(kj: AssembledCell, kcal: AssembledCell)]
        var restKJ: [AssembledCell] = [], restKcal: [AssembledCell] = []
        let ordered = kj.sorted { ($0.lineIndex, $0.quantity.start) < ($1.lineIndex, $1.quantity.start) }
        if let chosen = partners(anchors: ordered, others: kcal, agree: agrees) {
            pairs = zip(ordered, chosen).map { ($0.0, kcal[$0.1]) }
            restKcal = kcal.indices.filter { !chosen.contains($0) }.map { kcal[$0] }
        } else {
            guard let chosen = partners(anchors: kcal, others: kj, agree: { agrees($1, $0) }) else { return (kj, kcal) }
            pairs = zip(chosen, kcal).map { (kj[$0.0], $0.1) }
            restKJ = kj.indices.filter { !chosen.contains($0) }.map { kj[$0] }
        }
        if let servingGrams, servingGrams > 0, servingGrams != 100, pairs.count == 2 {
            let factor = servingGrams / 100
            func fits(_ per100: Double, _ serving: Double) -> Bool { abs(serving - per100 * factor) <= 0.1 * per100 * factor + 6 }
            let (per100, serving) = servingFirst ? (1, 0) : (0, 1)
            if !fits(double(pairs[per100].kj), double(pairs[serving].kj)),
               fits(double(pairs[serving].kj), double(pairs[per100].kj)) {
                pairs.reverse()
            }
        }
        return (pairs.map(\.kj) + restKJ, pairs.map(\.kcal) + restKcal)
    }

    /// The first two energy columns swapped when the macros of each value column fit the other column's energy
    /// (Annex XIV) and not their own: OCR read the energy cells of a two-column table in the other order.
    func orderedByMacros(_ pairs: [EnergyPair], rows: [AssembledRow], placement: ColumnPlacement) -> [EnergyPair] {
        guard pairs.count >= 2 else { return pairs }
        func kcal(_ pair: EnergyPair) -> Double? {
            if let cell = pair.kcal { return cell.quantity.doubleValue }
            return pair.kj.map { $0.quantity.doubleValue / 4.184 }
        }
        func estimate(column: Int) -> (withFiber: Double, withoutFiber: Double)? {
            var values: [Nutrient: CandidateValue] = [:]
            for (index, row) in rows.enumerated()
            where [.fat, .carbohydrates, .proteins, .fiber, .polyols].contains(row.nutrient) && values[row.nutrient] == nil {
                guard let cell = placement.cell(of: rows, row: index, column: column), cell.quantity.qualifier == nil
                else { continue }
                values[row.nutrient] = candidate(for: cell, nutrient: row.nutrient)
            }
            return ConsistencyChecks.macroEnergyKcal(values)
        }
        guard let first = kcal(pairs[0]), let second = kcal(pairs[1]), let estimate0 = estimate(column: 0),
              let estimate1 = estimate(column: 1) else { return pairs }
        let asRead = ConsistencyChecks.energyMismatch(kcal: first, estimate: estimate0)
            + ConsistencyChecks.energyMismatch(kcal: second, estimate: estimate1)
        let swapped = ConsistencyChecks.energyMismatch(kcal: second, estimate: estimate0)
            + ConsistencyChecks.energyMismatch(kcal: first, estimate: estimate1)
        guard asRead > 0, swapped == 0 else { return pairs }
        var result = pairs
        result.swapAt(0, 1)
        return result
    }

    private func insertInReadingOrder(_ cell: AssembledCell, into cells: inout [AssembledCell]) {
        let key = (cell.lineIndex, cell.quantity.start)
        let index = cells.firstIndex { ($0.lineIndex, $0.quantity.start) > key } ?? cells.count
        cells.insert(cell, at: index)
    }

    /// A lone energy cell whose unit OCR cut short ("Energy 524 K", no partner to pair by ratio) is read as kJ by
    /// default; when the column's macros × Annex XIV factors give its value in kcal and not in kJ, it is the kcal.
    /// A lost protein value counts as 0 here: kJ and kcal differ fourfold, far more than protein moves the estimate.
    static func unitOfLoneCutOffEnergy(_ pair: inout EnergyPair, macros: [Nutrient: CandidateValue]) {
        var known = macros
        if known[.proteins] == nil, let fat = known[.fat] {
            known[.proteins] = CandidateValue(readings: [ScannedQuantity.Reading(value: 0, unit: .gram, repairs: [],
                                                                                fractionDigits: 0)],
                                              chosen: 0, qualifier: nil, cell: fat.cell)
        }
        guard let estimate = ConsistencyChecks.macroEnergyKcal(known) else { return }
        let cell = pair.kj ?? pair.kcal
        guard let cell, pair.kj == nil || pair.kcal == nil, cell.quantity.isEnergyOfUnknownUnit else { return }
        let value = cell.quantity.doubleValue
        let asKcal = ConsistencyChecks.energyMismatch(kcal: value, estimate: estimate) == 0
        let asKJ = ConsistencyChecks.energyMismatch(kcal: value / 4.184, estimate: estimate) == 0
        if pair.kj != nil, asKcal, !asKJ {
            pair.kcal = pair.kj.map { var c = $0; c.quantity.primary.unit = .kilocalorie; return c }
            pair.kj = nil
        } else if pair.kcal != nil, asKJ, !asKcal {
            pair.kj = pair.kcal.map { var c = $0; c.quantity.primary.unit = .kilojoule; return c }
            pair.kcal = nil
        } else {
            return
        }
        pair.kjValue = pair.kj?.quantity.value
        pair.kcalDecimal = pair.kcal?.quantity.value
    }

    private func withUnit(_ cell: AssembledCell, _ unit: NutrientUnit) -> AssembledCell {
        var copy = cell
        copy.quantity.primary.unit = unit
        copy.quantity.primary.repairs.append(.inferredUnit)
        return copy
    }

    /// Chooses kJ and kcal readings that agree: as read, swapped, a leading "1" dropped from the second value (a
    /// "/" read as "1": "1010kJ1239kcal"), or a decimal separator treated as thousands separator.
    ///
    /// `macros` (the column's fat, carbohydrate, protein… as read) vet a restored leading digit: with all three
    /// present the resulting kcal must fit Σ macros × Annex XIV, and a changed kcal must not have fitted as read.
    func resolveEnergy(_ pair: inout EnergyPair, findings: inout [ConsistencyFinding], spec: ColumnSpec,
                       macros: [Nutrient: CandidateValue] = [:]) {
        pair.kjValue = pair.kj?.quantity.value
        pair.kcalDecimal = pair.kcal?.quantity.value
        guard let kjCell = pair.kj, let kcalCell = pair.kcal else {
            Self.unitOfLoneCutOffEnergy(&pair, macros: macros)
            if spec.basis == .per100g { Self.applyEnergyLimit(&pair, findings: &findings, spec: spec) }
            return
        }
        let kjOptions = energyReadings(kjCell)
        let kcalOptions = energyReadings(kcalCell)
        let kjKey = spec.key(of: .energyKJ)
        let kcalKey = spec.key(of: .energyKcal)
        for (kjValue, kjRepairs) in kjOptions {
            for (kcalValue, kcalRepairs) in kcalOptions {
                let a = kjValue.asDouble, b = kcalValue.asDouble
                if ConsistencyChecks.energyPairAgrees(kj: a, kcal: b) {
                    pair.accept(kj: kjValue, kcal: kcalValue, repairs: kjRepairs + kcalRepairs)
                    if !pair.repairs.isEmpty {
                        findings.append(ConsistencyFinding(
                            check: "energy-ratio", keys: [kjKey, kcalKey],
                            message: "kJ/kcal \(kjCell.quantity.text) / \(kcalCell.quantity.text) disagree as read; "
                                + "repaired to \(kjValue) kJ / \(kcalValue) kcal"))
                    }
                    return
                }
                if ConsistencyChecks.energyPairAgrees(kj: b, kcal: a), kjRepairs.isEmpty, kcalRepairs.isEmpty {
                    pair.accept(kj: kcalValue, kcal: kjValue, repairs: [.swappedEnergyUnits])
                    findings.append(ConsistencyFinding(
                        check: "energy-swap", keys: [kjKey, kcalKey],
                        message: "kJ \(kjValue) is smaller than kcal \(kcalValue): units swapped"))
                    return
                }
            }
        }
        if let (kjValue, kcalValue) = Self.restoredLeadingDigit(kj: kjCell, kcal: kcalCell),
           Self.macrosAllow(kcal: kcalValue, asRead: kcalCell.quantity.value, macros: macros),
           spec.basis != .per100g || (kcalValue <= Self.maximumKcalPer100g && kjValue <= Self.maximumKJPer100g) {
            pair.accept(kj: kjValue, kcal: kcalValue, repairs: [.restoredLeadingDigit])
            findings.append(ConsistencyFinding(
                check: "energy-ratio", keys: [kjKey, kcalKey],
                message: "kJ/kcal \(kjCell.quantity.text) / \(kcalCell.quantity.text) disagree as read; a lost leading "
                    + "digit restored: \(kjValue) kJ / \(kcalValue) kcal"))
            return
        }
        // A bare number taken as the missing partner of an energy cell whose unit was read (no unit of its own, cut
        // off or printed, and none in the row name) that no reading makes agree with it is no energy cell: the next
        // row's amount with its g read as 9 ("(135 kcal" / "129" for fat 12 g, the "558 kJ" lost). It is left out
        // rather than shown beside the printed energy it contradicts.
        if let bare = Self.bareInferredPartner(kj: kjCell, kcal: kcalCell) {
            let key = bare == .energyKJ ? kjKey : kcalKey
            findings.append(ConsistencyFinding(
                check: "energy-partner", keys: [key],
                message: "\((bare == .energyKJ ? kjCell : kcalCell).quantity.text) has no energy unit and does not "
                    + "fit \((bare == .energyKJ ? kcalCell : kjCell).quantity.text): left out"))
            if bare == .energyKJ { pair.kj = nil; pair.kjValue = nil } else { pair.kcal = nil; pair.kcalDecimal = nil }
            if spec.basis == .per100g { Self.applyEnergyLimit(&pair, findings: &findings, spec: spec) }
            return
        }
        if let kjValue = pair.kjValue, let kcalValue = pair.kcalDecimal,
           let contradicted = Self.energySideContradictedByMacros(kj: kjValue, kcal: kcalValue, macros: macros) {
            let key = contradicted == .energyKJ ? kjKey : kcalKey
            findings.append(ConsistencyFinding(
                check: "energy-contradicted", keys: [key],
                message: "kJ/kcal \(kjCell.quantity.text) / \(kcalCell.quantity.text) disagree; the macros confirm "
                    + "\(contradicted == .energyKJ ? kcalCell.quantity.text : kjCell.quantity.text): "
                    + "\(contradicted == .energyKJ ? kjCell.quantity.text : kcalCell.quantity.text) left out"))
            if contradicted == .energyKJ { pair.kj = nil; pair.kjValue = nil } else { pair.kcal = nil; pair.kcalDecimal = nil }
            if spec.basis == .per100g { Self.applyEnergyLimit(&pair, findings: &findings, spec: spec) }
            return
        }
        pair.consistent = false
        // Checked only now: a pair read in swapped units ("3050" taken for kcal) is put right above.
        if spec.basis == .per100g { Self.applyEnergyLimit(&pair, findings: &findings, spec: spec) }
        findings.append(ConsistencyFinding(
            check: "energy-ratio", keys: [kjKey, kcalKey],
            message: "\(pair.kjValue ?? 0) kJ is not 3.9–4.4 × \(pair.kcalDecimal ?? 0) kcal"))
    }

    /// Which of a disagreeing kJ/kcal pair is a bare number whose unit was only inferred (no unit read, not even cut
    /// off, and no unit in its row name) while its partner's unit was read; `nil` when neither or both are.
    static func bareInferredPartner(kj: AssembledCell, kcal: AssembledCell) -> Nutrient? {
        func isBare(_ cell: AssembledCell) -> Bool {
            cell.quantity.primary.repairs.contains(.inferredUnit) && !cell.quantity.isEnergyOfUnknownUnit
                && cell.unitHint == nil
        }
        switch (isBare(kj), isBare(kcal)) {
        case (true, false): return .energyKJ
        case (false, true): return .energyKcal
        default: return nil
        }
    }

    /// Energy of pure fat per 100 g (Annex XIV: 9 kcal/g, 37 kJ/g): no food declares more.
    static let maximumKcalPer100g: Decimal = 900
    static let maximumKJPer100g: Decimal = 3700

    /// No food has more energy per 100 g than pure fat: 900 kcal (Regulation (EU) 1169/2011 Annex XIV, 9 kcal/g),
    /// 3700 kJ (37 kJ/g). A value above that per 100 g is OCR: a "/" or "|" read as a leading "1" ("kJ 1547 / 365
    /// kcal" → "1365 kcal") when dropping that "1" leaves a possible value, else no value at all (never a number a
    /// user would trust).
    static func applyEnergyLimit(_ pair: inout EnergyPair, findings: inout [ConsistencyFinding], spec: ColumnSpec) {
        func limited(_ cell: AssembledCell, limit: Decimal, nutrient: Nutrient) -> Decimal? {
            let value = cell.quantity.value
            guard value > limit else { return value }
            let key = spec.key(of: nutrient)
            let digits = cell.quantity.text.filter(\.isNumber)
            if digits.count >= 3, digits.first == "1", !cell.quantity.text.contains(where: { $0 == "." || $0 == "," }),
               let repaired = Decimal(string: String(digits.dropFirst())), repaired > 0, repaired <= limit {
                findings.append(ConsistencyFinding(check: "energy-limit", keys: [key],
                                                   message: "\(value) per 100 g is above pure fat; a leading \"1\" "
                                                       + "was a \"/\": \(repaired)"))
                pair.repairs.append(.slashAsOne)
                return repaired
            }
            findings.append(ConsistencyFinding(check: "energy-limit", keys: [key],
                                               message: "\(value) per 100 g is above pure fat: dropped"))
            return nil
        }
        if let cell = pair.kcal {
            pair.kcalDecimal = limited(cell, limit: maximumKcalPer100g, nutrient: .energyKcal)
            if pair.kcalDecimal == nil { pair.kcal = nil }
        }
        if let cell = pair.kj {
            pair.kjValue = limited(cell, limit: maximumKJPer100g, nutrient: .energyKJ)
            if pair.kjValue == nil { pair.kj = nil }
        }
    }

    /// OCR drops the first digit of a number on curved or creased film ("245 kcal" → "45", "118" → "18"). When the
    /// pair disagrees as read, each digit 1–9 is put in front of the kcal, then of the kJ, whole numbers only; the
    /// repair is taken only when exactly one of those eighteen readings makes the pair agree (Annex XIV ratio).
    static func restoredLeadingDigit(kj: AssembledCell, kcal: AssembledCell) -> (kj: Decimal, kcal: Decimal)? {
        func wholeDigits(_ cell: AssembledCell) -> String? {
            guard cell.quantity.qualifier == nil, cell.quantity.primary.repairs.allSatisfy({ $0 == .inferredUnit }),
                  cell.quantity.value > 0 else { return nil }
            let digits = "\(cell.quantity.value)"
            return digits.count <= 4 && digits.allSatisfy(\.isNumber) ? digits : nil
        }
        guard let kjDigits = wholeDigits(kj), let kcalDigits = wholeDigits(kcal) else { return nil }
        let kjValue = kj.quantity.value, kcalValue = kcal.quantity.value
        var fits: [(Decimal, Decimal)] = []
        // A one-digit cell is too little to rebuild ("1" beside "18 kcal" would become 71 kJ), and a partner under
        // 100 leaves several digits fitting the ratio's band.
        for digit in 1...9 {
            if kcalDigits.count >= 2, kjValue >= 100, let restored = Decimal(string: "\(digit)\(kcalDigits)"),
               ConsistencyChecks.energyPairAgrees(kj: kjValue.asDouble,
                                                  kcal: restored.asDouble) {
                fits.append((kjValue, restored))
            }
            if kjDigits.count >= 2, kcalValue >= 100, let restored = Decimal(string: "\(digit)\(kjDigits)"),
               ConsistencyChecks.energyPairAgrees(kj: restored.asDouble,
                                                  kcal: kcalValue.asDouble) {
                fits.append((restored, kcalValue))
            }
        }
        return fits.count == 1 ? fits[0] : nil
    }

    private static func macrosAllow(kcal: Decimal, asRead: Decimal, macros: [Nutrient: CandidateValue]) -> Bool {
        guard let estimate = ConsistencyChecks.macroEnergyKcal(macros) else { return true }
        func mismatch(_ value: Decimal) -> Double {
            ConsistencyChecks.energyMismatch(kcal: value.asDouble, estimate: estimate)
        }
        return mismatch(kcal) == 0 && (kcal == asRead || mismatch(asRead) > 0)
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
}
