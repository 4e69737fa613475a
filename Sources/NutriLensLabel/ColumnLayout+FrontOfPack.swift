import Foundation

// A front-of-pack reference-intake strip: one column per nutrient, each name printed above its amount.
extension ColumnLayout {
    /// The index of the strip's amounts line when the text is a front-of-pack reference-intake strip, else `nil`.
    /// A strip (the UK/EU "GDA" or "traffic-light" icons: "Energy | Fat | Saturates | Sugars | Salt", each name
    /// above its amount and its "% of an adult's reference intake"): a line names energy and at least two other nutrients side by side with no amount on it, the first
    /// line after it with amounts holds at least three of them side by side (one per name, not a row's columns),
    /// and at least two figures after the names are percentages (the icons' %RI).
    ///
    /// Such a strip with no column header is per portion: Regulation (EU) 1169/2011 Art. 33(2) and the UK
    /// front-of-pack guidance let the front of the pack give the amounts per portion, with the %RI of the portion;
    /// a strip per 100 g says "per 100 g", which the header reading finds before this default is needed
    /// (`detectColumns`). julielee9067 `eng_real_17` ("Energy Fat Saturates Sugar" / "1042kJ 15.5g 8.5g 12.2g" /
    /// "22% 43% 14% 5%", the "Each … contains" line cut off) was read per 100 g; session 20,
    /// `FrontOfPackStripTests`.
    /// - Parameter lines: the table's lines in reading order (the header-zone lines `detectColumns` looks at are
    ///   not enough: the strip's names are its first row).
    static func frontOfPackStripEnd(_ lines: [LineAnalysis]) -> Int? {
        stripOnOneNamesLine(lines) ?? stripUnderPortionStatement(lines)
    }

    /// The strip whose names one line holds (see ``frontOfPackStripEnd(_:)``).
    private static func stripOnOneNamesLine(_ lines: [LineAnalysis]) -> Int? {
        guard let namesIndex = lines.firstIndex(where: { line in
            let nutrients = Set(line.mentions.map(\.nutrient))
            return !line.isNonTable && line.quantities.isEmpty && nutrients.contains(where: \.isEnergy)
                && nutrients.filter({ !$0.isEnergy }).count >= 2
        }) else { return nil }
        let after = lines[(namesIndex + 1)...]
        guard let amounts = after.first(where: { !$0.quantities.isEmpty }),
              amounts.mentions.isEmpty,
              amounts.quantities.filter({ !$0.isPercent }).count >= 3,
              after.flatMap(\.quantities).filter(\.isPercent).count >= 2 else { return nil }
        return amounts.lineIndex
    }

    /// The index of the last amounts line of a strip whose names OCR split over several lines, read under a portion
    /// statement ("One typical slice contains", "Each burger (113g) contains", "Per ½ pizza", "Une portion de 30 g
    /// contient"), else `nil`. The reader cut the strip's icons into pieces ("Energy" / "854kJ" / "Fat Saturates
    /// Sugars" / "5.6g" / … / "Salt"), so no one line names energy and two other nutrients. Taken as a strip when the
    /// lines after the statement, up to the first table row (a line with a name and an amount), the per-100 g energy
    /// statement or 16 lines, hold: names on lines without amounts, energy and at least two others, two of them
    /// side by side on one line (a table's names column gives one a line); at least three amounts (not %) on lines
    /// without names, the first below the first names line; and at least two percentages (the icons' %RI).
    /// The statement names the portion the strip's amounts are for (UK Department of Health / FSA front-of-pack
    /// guidance, 2016: "Each … contains" above the icons); session 27, held-out set 1 `offx_20327132_1`.
    static func stripUnderPortionStatement(_ lines: [LineAnalysis]) -> Int? {
        for (index, statement) in lines.enumerated() where namesPortion(statement) {
            var nutrients = Set<Nutrient>(), sideBySide = false, firstNames: Int?
            var amounts = 0, percents = 0, lastAmounts: Int?, amountsBeforeNames = false
            for line in lines[(index + 1)...].prefix(16) {
                if line.namesPer100 || namesPortion(line) { break }
                let names = Set(line.mentions.map(\.nutrient))
                if !names.isEmpty && !line.quantities.isEmpty { break }
                if line.isNonTable { continue }
                if !names.isEmpty {
                    nutrients.formUnion(names)
                    sideBySide = sideBySide || names.count >= 2
                    firstNames = firstNames ?? line.lineIndex
                } else {
                    let figures = line.quantities.filter { !$0.isPercent }
                    if !figures.isEmpty {
                        if firstNames == nil { amountsBeforeNames = true }
                        amounts += figures.count
                        lastAmounts = line.lineIndex
                    }
                    percents += line.quantities.filter(\.isPercent).count
                }
            }
            if !amountsBeforeNames, sideBySide, nutrients.contains(where: \.isEnergy),
               nutrients.filter({ !$0.isEnergy }).count >= 2, amounts >= 3, percents >= 2, let lastAmounts {
                return lastAmounts
            }
        }
        return nil
    }

    /// Verbs of a portion statement: EN "contains", FR "contient", DE "enthält", IT/ES "contiene", NL "bevat".
    private static let containsWords: Set<String> = ["contains", "contain", "contient", "enthalt", "contiene", "bevat"]

    /// `true` for a line that names a portion and no nutrient and gives no amount per 100: "One typical slice
    /// contains", "Each pack (400g) contains" (a verb of ``containsWords`` and at most eight words), "Per ½ pizza",
    /// "Per serving", "Per 2 biscuits" (a per-word first, then a serving, package or household word or a count, and
    /// no 100 g or 100 ml).
    static func namesPortion(_ line: LineAnalysis) -> Bool {
        guard line.mentions.isEmpty, !line.namesPer100, line.wordCount <= 8,
              !line.quantities.contains(where: { $0.value == 100 || $0.isPercent }) else { return false }
        let words = TextFolding.words(line.text)
        if words.contains(where: containsWords.contains) { return true }
        guard let first = words.first, Lexicon.perWords.contains(first), words.count >= 2 else { return false }
        // "Per ½ pizza", "Per 2 biscuits": a count or fraction after the per-word names a portion too.
        return line.namesServing || words[1].first?.isNumber == true || words.dropFirst().contains {
            Lexicon.packageWords.contains($0) || Lexicon.householdMeasureWords.contains($0)
        }
    }

    /// `true` for a line stating the energy per 100 g: it names per 100 g, gives an amount in kJ or kcal and names
    /// no nutrient but energy ("Typical energy values per 100g: 1149kJ/277kcal", "Typical values per 100g: Energy
    /// 1089kJ/262kcal", "Valeurs énergétiques pour 100 g : 1707kJ/407kcal"). Regulation (EU) 1169/2011 Art. 33(2)
    /// and the UK front-of-pack guidance: a declaration per portion on the front gives the energy per 100 g beside it.
    /// A line that names a serving too ("Per 100g Per serving % RI 104 kcal": a two-column header a cell joined) or
    /// prints a percentage is a header or a row, not the statement; nor are the reference intake's 8400 kJ /
    /// 2000 kcal (Annex XIII) the energy per 100 g.
    static func statesEnergyPer100(_ line: LineAnalysis) -> Bool {
        let figures = energies([line])
        return line.namesPer100 && !line.namesServing && line.mentions.allSatisfy(\.nutrient.isEnergy)
            && !line.quantities.contains(where: \.isPercent) && (1...2).contains(figures.count)
            && !figures.contains { $0.value == 8400 || $0.value == 2000 }
    }

    /// The amounts in kJ or kcal of `lines` (not percentages).
    static func energies(_ lines: [LineAnalysis]) -> [ScannedQuantity] {
        lines.flatMap(\.quantities).filter { $0.unit?.isEnergy == true && !$0.isPercent }
    }

    /// `true` when `a` and `b` share an energy amount in the same unit (the same declaration read twice).
    static func sameEnergy(_ a: [ScannedQuantity], _ b: [ScannedQuantity]) -> Bool {
        a.contains { x in b.contains { $0.unit == x.unit && $0.value == x.value } }
    }
}
