import Foundation

/// What one value column holds.
struct ColumnSpec: Sendable, Hashable {
    var basis: NutritionBasis
    var preparation: Preparation

    /// The Open Food Facts nutriment key of `nutrient` in this column ("fat_100g", "sugars_prepared_serving").
    func key(of nutrient: Nutrient) -> String {
        NutritionEntry.key(nutrient: nutrient, basis: basis, preparation: preparation)
    }
}

/// The amount columns of a table (left to right), read from header text such as "per 100 g | per portion (30 g) |
/// %RI*". %RI columns are not amount columns: percent cells are kept with the amount before them.
struct ColumnLayout: Sendable {
    var columns: [ColumnSpec]
    var servingSize: ServingSize?
    /// `true` when the columns came from printed headers rather than the default.
    var fromHeaders: Bool
    /// `true` for US/CA panels (per serving by default; no per-100 g column implied).
    var isUSStyle = false
    /// What the table's percentages refer to: Australian/NZ panels print "% Daily Intake" ("%DI") against FSANZ
    /// reference values, EU/UK tables %RI against Annex XIII.
    var referenceIntakes: ReferenceIntakes = .euAnnexXIII
    /// Every amount in g or ml other than 100 printed in the header zone ("62.5g Trockenreis) (140 g)"): the
    /// serving sizes a column may refer to, when the header names more than one.
    var headerAmounts: [Decimal] = []
    /// The lines right above the table's first row that name no nutrient (up to four, top first): the header cells
    /// ``HeaderColumns`` reads from word geometry.
    var headerLines: [LineAnalysis] = []
    /// `true` when the header names a portion of exactly 100 g or 100 ml ("⅕ of a pot (100g) contains", "1 Portion
    /// (100 ml)"): that column is per portion and per 100 g at once (``TableBuilder/portionOfHundredEntries``).
    var portionOfHundred = false
    /// `true` when the header words gave the columns in another order than read, or named fewer columns than the
    /// table has: per 100 g read on a later line and moved first (EU order), a front-of-pack strip's default. The
    /// columns' bases then rest on a weak cue (``TableBuilder/ColumnBasisDecision``).
    var reordered = false
    /// The per 100 g and per serving columns (as sold) in the order one header line names both ("per Serving (per
    /// Serving) per 100g", "Per 100 g per serve"): the first line naming per 100 g, when it names a serving column
    /// too; empty otherwise. Gives the columns' order where OCR mostly lost one of them (session 24).
    var oneLineOrder: [ColumnSpec] = []
    /// `true` for a front-of-pack strip per portion followed by a line giving the energy per 100 g ("Typical energy
    /// values per 100g: 1149kJ/277kcal"): the strip's amounts are the first column, that energy the second.
    var frontOfPackWithEnergyPer100 = false
    /// The energy amounts (kJ, kcal) of the first line stating the energy per 100 g ("Typical energy values per
    /// 100g: 1149kJ/277kcal", ``statesEnergyPer100(_:)``; it may be the table's own energy row); empty when none or
    /// on US/CA panels. A per-100 g column none of whose energy amounts it repeats is doubtful
    /// (``TableBuilder/statedEnergyContradiction(_:layout:)``).
    var energyPer100Statement: [ScannedQuantity] = []

    /// Reads the layout from the header zone: the lines from 12 before to 3 after `tableStart` (the energy row, or
    /// the first row) that name no nutrient. `isUSStyle` selects the per-serving default of US/CA "Nutrition
    /// Facts" panels when no header names a column.
    static func detect(lines: [LineAnalysis], tableStart: Int?, isUSStyle: Bool) -> ColumnLayout {
        var layout = detectColumns(lines: lines, tableStart: tableStart, isUSStyle: isUSStyle)
        if lines.contains(where: namesDailyIntake) { layout.referenceIntakes = .australiaNewZealand }
        if !isUSStyle, let statement = lines.first(where: statesEnergyPer100) {
            layout.energyPer100Statement = energies([statement])
        }
        let start = tableStart ?? 0
        let namingNoNutrient = headerZone(lines, tableStart: start).filter { $0.mentions.isEmpty }
        layout.headerAmounts = namingNoNutrient.flatMap(\.quantities).filter { $0.headerBasis() == .perServing }
            .map(\.value)
        layout.headerLines = Array(lines.filter { $0.lineIndex < start }.reversed()
            .prefix { $0.mentions.isEmpty }.prefix(4).reversed())
        layout.portionOfHundred = !isUSStyle && namesPortionOfHundred(namingNoNutrient)
        return layout
    }

    /// The lines of the header zone: from 12 before to 3 after `tableStart` (the energy row, or the first row), in
    /// reading order. Each reader of the zone filters it further (lines naming no nutrient, or not prose).
    private static func headerZone(_ lines: [LineAnalysis], tableStart start: Int) -> [LineAnalysis] {
        lines.filter { $0.lineIndex >= start - 12 && $0.lineIndex <= start + 3 }
    }

    /// "% Daily Intake", "%DI", "DAILY INTAKES ARE BASED ON AN AVERAGE ADULT DIET OF 8700 kJ": the AU/NZ wording.
    /// A lower-case "% di" followed by a word is Italian prose ("yogurt intero (3,8% di grassi)", a product name on
    /// a Swiss pack whose table prints RM/AR against Annex XIII), not the %DI column.
    private static func namesDailyIntake(_ line: LineAnalysis) -> Bool {
        TextFolding.fold(line.text).contains("daily intake")
            || line.text.range(of: #"%\s?(DI|Di|dI)\b"#, options: .regularExpression) != nil
            || line.text.range(of: #"%\s?di\b(?!\s*\p{L})"#, options: .regularExpression) != nil
    }

    private static func detectColumns(lines: [LineAnalysis], tableStart: Int?, isUSStyle: Bool) -> ColumnLayout {
        let start = tableStart ?? 0
        // A header line an ingredient list printed beside the table joined ("entier, sucre, crème, Valeurs moyennes
        // pour 1 pot (330 g) %AR* pour 100 g") reads as prose, but its figures are still the columns' amounts.
        let zone = headerZone(lines, tableStart: start).filter { !$0.isNonTable || namesHundredAndServing($0) }
        var servingSize = zone.first { $0.servingSize?.quantity != nil }?.servingSize
            ?? zone.first { $0.servingSize != nil }?.servingSize
        if servingSize == nil {
            servingSize = lines.first { $0.servingSize != nil && $0.namesServing && !$0.isNonTable }?.servingSize
        }
        // Header tokens in reading order (line, then position in line).
        var tokens: [(position: Double, line: Int, spec: ColumnSpec)] = []
        for line in zone {
            if !line.mentions.isEmpty && !line.namesPer100 { continue }

            // "Portion (100 ml)" with the unit misread: a bare 100 on a serving line is still the 100 g/ml column.
            let amounts = line.quantities.filter { headerBasis(of: $0, on: line) != nil }
            let hundredAndServing = namesHundredAndServing(line)
            for (index, quantity) in amounts.enumerated() {
                let position = Double(quantity.start) + Double(line.lineIndex) * 10_000
                let preparation = preparation(of: quantity, index: index, amounts: amounts, line: line)
                if quantity.value == 100 {
                    tokens.append((position, line.lineIndex, ColumnSpec(basis: .per100g, preparation: preparation)))
                } else if line.namesServing || servingSize?.quantity == quantity.value || hundredAndServing
                            || (line.isBareQuantityLine && line.lineIndex < start
                                && tokens.contains { $0.spec.basis == .per100g }) {
                    // "100 g" then "30 g" on the next line above the first row: the second column's header.
                    tokens.append((position, line.lineIndex, ColumnSpec(basis: .perServing, preparation: preparation)))
                    if servingSize == nil {
                        servingSize = ServingSizeParser.parse(line.text, quantities: [quantity])
                    }
                }
            }
            if line.namesServing, let hundred = amounts.first(where: { $0.value == 100 }), line.mentions.isEmpty,
               let servingPosition = line.servingPositions.first,
               !amounts.contains(where: { $0.value != 100 && abs($0.start - servingPosition) < 12 }),
               namesSeparateColumns(line.text, servingAt: servingPosition, amountAt: hundred.start) {
                // "Avg Quantity per Serving | per 100 g": the serving column is named by a word, not an amount.
                let position = Double(line.lineIndex) * 10_000 + Double(servingPosition)
                tokens.append((position, line.lineIndex, ColumnSpec(basis: .perServing, preparation: .asSold)))
            }
            if line.namesServing, line.mentions.isEmpty, let prepared = line.preparedPositions.first,
               let servingPosition = line.servingPositions.first, servingPosition < prepared,
               !amounts.contains(where: { $0.start > servingPosition && $0.start < prepared }) {
                // "Amount per serving | Cereal | with ½ cup skim milk", "per serve | per serve with milk" (US/CA and
                // AU cereal panels): the food as sold, then as prepared, both per serving.
                let base = Double(line.lineIndex) * 10_000
                tokens.append((base + Double(servingPosition), line.lineIndex,
                               ColumnSpec(basis: .perServing, preparation: .asSold)))
                tokens.append((base + Double(prepared), line.lineIndex,
                               ColumnSpec(basis: .perServing, preparation: .prepared)))
            } else if line.namesServing, amounts.isEmpty, line.mentions.isEmpty, line.wordCount <= 5 {
                let position = Double(line.lineIndex) * 10_000 + 5_000
                let preparation: Preparation = line.namesPrepared ? .prepared : .asSold
                tokens.append((position, line.lineIndex, ColumnSpec(basis: .perServing, preparation: preparation)))
            }
        }
        tokens.sort { $0.position < $1.position }
        var columns: [ColumnSpec] = []
        for token in tokens where !columns.contains(token.spec) {
            columns.append(token.spec)
        }
        let stripEnd = isUSStyle ? nil : Self.frontOfPackStripEnd(lines)
        // The strip's own energy amounts (its lines naming no nutrient), which a per-100 g statement may repeat.
        let stripEnergies = stripEnd.map { end in Self.energies(lines.filter { $0.lineIndex <= end && $0.mentions.isEmpty }) }
        if let stripEnd, let stripEnergies,
           let statement = lines.first(where: { $0.lineIndex > stripEnd && Self.statesEnergyPer100($0) }),
           !Self.sameEnergy(stripEnergies, Self.energies([statement])) {
            // Regulation (EU) 1169/2011 Art. 33(2): a front-of-pack declaration per portion gives the energy per
            // 100 g as well ("One typical slice contains" ... "Typical energy values per 100g: 1149kJ/277kcal").
            // The same energy on both says the strip itself is per 100 g: left to the default below.
            var layout = ColumnLayout(columns: [ColumnSpec(basis: .perServing, preparation: .asSold),
                                                ColumnSpec(basis: .per100g, preparation: .asSold)],
                                      servingSize: servingSize, fromHeaders: true, isUSStyle: false)
            layout.frontOfPackWithEnergyPer100 = true
            return layout
        }
        if columns.isEmpty {
            // A strip whose energy the per-100 g statement repeats is per 100 g.
            let stripPer100 = stripEnergies.map { energies in
                Self.sameEnergy(energies, Self.energies(lines.first(where: Self.statesEnergyPer100).map { [$0] } ?? []))
            } ?? false
            let perServing = isUSStyle || (stripEnd != nil && !stripPer100)
            let spec = ColumnSpec(basis: perServing ? .perServing : .per100g, preparation: .asSold)
            return ColumnLayout(columns: [spec], servingSize: servingSize, fromHeaders: false, isUSStyle: isUSStyle)
        }
        // A per-serving header read on an earlier line than per 100 g is usually a title line ("Portion 30 g +
        // 125 ml") that OCR placed earlier; EU labels print per 100 g first. On one line the order is the print
        // order ("Avg Quantity per Serving | per 100 g").
        let firstPer100 = tokens.first { $0.spec.basis == .per100g }
        let sameLine = firstPer100.map { per100 in tokens.contains { $0.line == per100.line && $0.spec.basis == .perServing } }
            ?? false
        var reordered = false
        if !isUSStyle, !sameLine, let index = columns.firstIndex(where: { $0.basis == .per100g }), index > 0 {
            let per100 = columns.remove(at: index)
            columns.insert(per100, at: 0)
            reordered = true
        }
        var layout = ColumnLayout(columns: columns, servingSize: servingSize, fromHeaders: true, isUSStyle: isUSStyle)
        layout.reordered = reordered
        if sameLine, let per100 = firstPer100 {
            let asSold = [NutritionBasis.per100g, .perServing].map { ColumnSpec(basis: $0, preparation: .asSold) }
            var order: [ColumnSpec] = []
            for token in tokens where token.line == per100.line && asSold.contains(token.spec)
                && !order.contains(token.spec) {
                order.append(token.spec)
            }
            layout.oneLineOrder = order.count == 2 ? order : []
        }
        return layout
    }

    /// "MOYENNES de 125 g AQR 100g" (FR "pour 1 pot de 125 g | % des AQR | pour 100 g" over two lines, the serving
    /// word on the line above), "pour 1 pot (330 g) %AR* pour 100 g": a line whose only figures are the 100 g
    /// column's amount and one other mass (g or ml) names the serving column by that mass, in print order (session 24).
    /// A count before a household measure ("1 pot", a bare number up to 10) is no figure.
    private static func namesHundredAndServing(_ line: LineAnalysis) -> Bool {
        let bases = headerFigures(line).map { headerBasis(of: $0, on: line) }
        return bases.count == 2 && Set(bases) == [.per100g, .perServing]
    }

    /// The column `quantity` names as a header amount on `line` (``ScannedQuantity/headerBasis(bareHundred:)``, a bare
    /// 100 counting on a line that names the serving: "Portion (100 ml)" with its unit misread); `nil` for a bound.
    private static func headerBasis(of quantity: ScannedQuantity, on line: LineAnalysis) -> NutritionBasis? {
        quantity.qualifier == nil ? quantity.headerBasis(bareHundred: line.namesServing) : nil
    }

    /// The line's figures, leaving out a count before a household measure ("1 pot": a bare number up to 10).
    private static func headerFigures(_ line: LineAnalysis) -> [ScannedQuantity] {
        line.quantities.filter { $0.unit != nil || $0.isPercent || $0.isVolume || $0.value > 10 }
    }

    /// "per Serving | per 100 g" names two columns; "Portion (100 ml)" names one (a 100 ml portion): a per-word or
    /// a column rule must stand between the serving word and the amount.
    private static func namesSeparateColumns(_ text: String, servingAt serving: Int, amountAt amount: Int) -> Bool {
        let chars = Array(text)
        let range = serving < amount ? serving..<amount : amount..<serving
        let between = String(chars[range])
        if between.contains("|") { return true }
        let words = TextFolding.words(between).dropFirst(serving < amount ? 1 : 0)
        return words.contains { ["per", "pro", "je", "pour", "par", "por", "para"].contains($0) }
    }

    /// A preparation word belongs to the header amount nearest to it ("pro 100 g | pro 100 ml zubereitet").
    private static func preparation(of quantity: ScannedQuantity, index: Int, amounts: [ScannedQuantity],
                                    line: LineAnalysis) -> Preparation {
        guard !line.preparedPositions.isEmpty else { return .asSold }
        for position in line.preparedPositions {
            let nearest = amounts.indices.min { abs(amounts[$0].start - position) < abs(amounts[$1].start - position) }
            if nearest == index { return .prepared }
        }
        return amounts.count == 1 ? .prepared : .asSold
    }
}
