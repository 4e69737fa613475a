import Foundation

/// What the table's numbers say about which column is per 100 g and which per serving, and the review flag on
/// columns whose basis nothing firm decides (session 22, issue 22 class 1: a column swap must not come out unflagged).
extension TableBuilder {
    /// The cells' ratio against the printed serving size, for the per 100 g and per serving columns (as sold).
    struct ServingRatioVerdict {
        /// Indices of the per 100 g and per serving columns when the ratio says they stand in each other's place.
        var swapped: (Int, Int)?
        /// `true` when three rows or more gave the ratio; `false` when two pairs did (energy included), which
        /// decides the order but does not lift a weak cue's review flag.
        var firm = true
    }

    /// Check name of the finding that lists the fields of a table whose columns' bases are uncertain.
    static let uncertainBasisCheck = "column-basis-uncertain"

    /// The serving ratio's verdict on the columns as assigned, `nil` when it cannot tell (no serving size other than
    /// about 100 g, too few ratios that agree, or a ratio fitting neither order).
    ///
    /// The cells of each row give a ratio R = per-serving cell ÷ per-100 g cell; with at least three rows whose
    /// ratios agree within 10 % of their median, R is the serving size ÷ 100 — unless the columns are swapped, when
    /// 1/R is. Where OCR left fewer such rows (a light-on-dark AU tin whose rows lost their figures), the energy
    /// columns' kJ and kcal pairs count as ratios too, and two or more ratios that all agree within 10 % decide
    /// (session 24: "150kJ | 300kJ" and "230mg | 460mg" under "SERVING SIZE: 50g" are per serving | per 100 g).
    /// Swapped when the printed serving size S (not within 20 % of 100 g) is within 10 % of 100/R and no
    /// serving amount printed in the header fits R itself ("Pro zubereiteter Portion (62.5g Trockenreis) (140 g)":
    /// 140 g fits); as assigned when S or a header amount fits R. Per 100 g = per serving × 100 / S.
    /// - Parameter energy: the table's energy columns (``energyColumns(columnCount:)``), left to right.
    static func servingRatioVerdict(_ columns: [ColumnSpec], rows: [AssembledRow], placement: ColumnPlacement,
                                    energy: [EnergyPair], layout: ColumnLayout) -> ServingRatioVerdict? {
        guard let servingGrams = layout.servingSize?.quantity else { return nil }
        let factor = servingGrams.asDouble / 100
        guard factor > 0, abs(factor - 1) > 0.2,
              let per100 = columns.firstIndex(of: ColumnSpec(basis: .per100g, preparation: .asSold)),
              let serving = columns.firstIndex(of: ColumnSpec(basis: .perServing, preparation: .asSold)),
              let measured = columnRatio(columns, rows: rows, placement: placement).map({ ($0, true) })
                ?? unanimousMedian(rowRatios(columns, rows: rows, placement: placement)
                    + energyRatios(energy, per100: per100, serving: serving)).map({ ($0, false) }) else { return nil }
        let (median, firm) = measured
        func fits(_ ratio: Double, _ size: Double) -> Bool { abs(ratio - size) <= 0.1 * size }
        let printedFitsAsRead = layout.headerAmounts.contains { fits(median, $0.asDouble / 100) }
        if fits(median, factor) || printedFitsAsRead { return ServingRatioVerdict(swapped: nil, firm: firm) }
        return fits(1 / median, factor) ? ServingRatioVerdict(swapped: (per100, serving), firm: firm) : nil
    }

    /// The rows' per-serving ÷ per-100 g ratio (the median of rows with both cells exact, in one unit, non-zero),
    /// `nil` unless at least three rows, and two thirds of them, agree within 10 % of it.
    static func columnRatio(_ columns: [ColumnSpec], rows: [AssembledRow], placement: ColumnPlacement) -> Double? {
        agreedMedian(rowRatios(columns, rows: rows, placement: placement))
    }

    /// Each row's per-serving ÷ per-100 g ratio (rows with both cells exact, in one unit, non-zero; energy rows
    /// left out: their cells are the energy columns').
    static func rowRatios(_ columns: [ColumnSpec], rows: [AssembledRow], placement: ColumnPlacement) -> [Double] {
        guard let per100 = columns.firstIndex(of: ColumnSpec(basis: .per100g, preparation: .asSold)),
              let serving = columns.firstIndex(of: ColumnSpec(basis: .perServing, preparation: .asSold)) else { return [] }
        var ratios: [Double] = []
        for index in rows.indices where !rows[index].nutrient.isEnergy {
            guard let a = placement.cell(of: rows, row: index, column: per100)?.quantity,
                  let b = placement.cell(of: rows, row: index, column: serving)?.quantity,
                  a.qualifier == nil, b.qualifier == nil, !a.isPercent, !b.isPercent, a.unit == b.unit else { continue }
            let first = a.value.asDouble, second = b.value.asDouble
            if first > 0, second > 0 { ratios.append(second / first) }
        }
        return ratios
    }

    /// The per-serving ÷ per-100 g ratios of the energy columns' kJ cells and kcal cells (each where both columns
    /// read one, exact and non-zero).
    static func energyRatios(_ energy: [EnergyPair], per100: Int, serving: Int) -> [Double] {
        guard energy.indices.contains(per100), energy.indices.contains(serving) else { return [] }
        let pairs = [(energy[per100].kj, energy[serving].kj), (energy[per100].kcal, energy[serving].kcal)]
        return pairs.compactMap { pair -> Double? in
            guard pair.0?.quantity.qualifier == nil, pair.1?.quantity.qualifier == nil else { return nil }
            return cellRatio(pair.0, pair.1)
        }
    }

    /// `second`'s value ÷ `first`'s, both read and above 0; else `nil`. The one ratio of two energy cells that the
    /// column-basis and row-instance passes share (``energyRatios(_:per100:serving:)``, ``energyRatio(_:_:)``).
    static func cellRatio(_ first: AssembledCell?, _ second: AssembledCell?) -> Double? {
        guard let a = first?.quantity.doubleValue, let b = second?.quantity.doubleValue, a > 0, b > 0 else {
            return nil
        }
        return b / a
    }

    /// The median of `ratios` when there are at least two and every one lies within 10 % of it; else `nil`.
    static func unanimousMedian(_ ratios: [Double]) -> Double? {
        guard ratios.count >= 2 else { return nil }
        let median = ratios.sorted()[ratios.count / 2]
        return ratios.allSatisfy { abs($0 - median) <= 0.1 * median } ? median : nil
    }

    /// The median of `ratios` when at least three, and two thirds of them, lie within 10 % of it; else `nil`.
    static func agreedMedian(_ ratios: [Double]) -> Double? {
        guard ratios.count >= 3 else { return nil }
        let median = ratios.sorted()[ratios.count / 2]
        let agreeing = ratios.filter { abs($0 - median) <= 0.1 * median }.count
        return agreeing >= 3 && agreeing * 3 >= ratios.count * 2 ? median : nil
    }

    /// The serving size in grams the entries imply as assigned: 100 × the median per-serving ÷ per-100 g ratio of the
    /// nutrients valued in both columns (as sold, exact, non-zero; energy included), `nil` unless at least three,
    /// and two thirds of them, agree within 10 % of it. Read from the entries as chosen (a "473" read as 47,3 g).
    static func impliedServingGrams(_ entries: [NutritionEntry]) -> Double? {
        let exact = entries.filter { $0.qualifier == nil && $0.preparation == .asSold && $0.value > 0 }
        let per100 = Dictionary(exact.filter { $0.basis == .per100g }.map { ($0.nutrient, $0.value.asDouble) },
                                uniquingKeysWith: { first, _ in first })
        let ratios = exact.filter { $0.basis == .perServing }.compactMap { entry in
            per100[entry.nutrient].map { entry.value.asDouble / $0 }
        }
        return agreedMedian(ratios).map { $0 * 100 }
    }

    /// `true` when the serving the columns imply as assigned (``impliedServingGrams(_:)``) is at most 2/3 of
    /// 100 g, so that read the other way round the serving would be 150 g or more: the per-100 g column is clearly
    /// the larger. Servings of 100–150 g (yoghurt pots, rice pouches) print either column larger, and a swap there
    /// shows no such margin. A printed serving of 100 g or more says the per-serving column is the larger, so the
    /// magnitudes confirm nothing then (session 24: "Serving Size: 125 g" over a serving-first panel).
    /// - Parameter printedServingGrams: the serving size the label prints, in g or ml, when read.
    static func magnitudesConfirm(impliedServingGrams: Double?, printedServingGrams: Double? = nil) -> Bool {
        guard let implied = impliedServingGrams, implied > 0 else { return false }
        if let printed = printedServingGrams, printed >= 100 { return false }
        return implied <= 100 / 1.5
    }

    /// How the value columns' bases were decided (``decideColumnBases(_:cellCount:)``): the specs the headers give,
    /// what gave them and how firmly, and whether they are uncertain once the numbers are read
    /// (``uncertainty(_:cellCount:ratio:impliedServingGrams:)``).
    struct ColumnBasisDecision {
        /// What decided the bases, firmest first.
        enum Cue: Equatable {
            /// Header words standing over the value columns (``HeaderColumns``): never overruled by the serving ratio.
            case headerWordsOverColumns
            /// Header lines naming the bases in reading order, in the columns' order: the serving ratio may overrule
            /// them.
            case headerLines
            /// No header word over the columns and no header line naming them in order: the default per 100 g
            /// column, an inferred or appended column, per 100 g read on a later line moved first, the FSANZ %DI
            /// order, more value columns than headers, or one amount a row where some rows show two.
            case weak
        }

        /// The column specs the headers give (or infer), left to right; there may be fewer than value columns.
        var headers: [ColumnSpec]
        var cue: Cue
        /// One amount a row read where some rows show two: a column OCR mostly lost, so the lone amounts' basis is a
        /// guess, judged as for two columns.
        var lostColumn = false

        /// Why the per 100 g and per serving columns' bases are uncertain, or `nil` when something firm decides
        /// them. Uncertain when the table has both columns (as sold) and either the header words and the serving
        /// ratio disagree (header words over the columns are kept, words in reading order give way: both flagged),
        /// or only a weak cue gives the bases and neither a firm serving ratio (three rows) nor the magnitudes
        /// (``TableBuilder/magnitudesConfirm(impliedServingGrams:printedServingGrams:)``) confirm them. The ratio deciding against a weak
        /// cue is firm.
        /// - Parameters:
        ///   - columns: the columns' specs as assigned (after the ratio's swap); `cellCount` the amounts a row.
        ///   - ratio: the serving ratio's verdict (``TableBuilder/servingRatioVerdict(_:rows:placement:layout:)``).
        ///   - impliedServingGrams: the serving the entries imply as assigned
        ///     (``TableBuilder/impliedServingGrams(_:)``); `printedServingGrams` the printed one, when read.
        func uncertainty(_ columns: [ColumnSpec], cellCount: Int, ratio: ServingRatioVerdict?,
                         impliedServingGrams: Double?, printedServingGrams: Double? = nil) -> String? {
            guard cellCount >= 2 || lostColumn, columns.contains(ColumnSpec(basis: .per100g, preparation: .asSold)),
                  columns.contains(ColumnSpec(basis: .perServing, preparation: .asSold)) else { return nil }
            switch cue {
            case .headerWordsOverColumns where ratio?.swapped != nil:
                return "the header words over the columns and the cells' ratio to the serving size disagree"
            case .headerLines where ratio?.swapped != nil:
                return "the header words and the cells' ratio to the serving size disagree"
            case .weak where ratio?.firm != true
                && !TableBuilder.magnitudesConfirm(impliedServingGrams: impliedServingGrams,
                                                   printedServingGrams: printedServingGrams):
                return "no header word over the columns names their bases and the serving size does not confirm them"
            default:
                return nil
            }
        }
    }

    /// The value columns' bases from the headers and the rows (`cellCount` amounts a row, the most common count).
    /// Header words standing over the columns decide when they name them (``HeaderColumns/completed(_:)``); otherwise
    /// the layout's header lines in reading order, with the EU per 100 g column added where a header is missing, the
    /// one amount column under headers naming both taken as per 100 g, and FSANZ panels' serving column put first.
    func decideColumnBases(_ chosenRows: [AssembledRow], cellCount: Int) -> ColumnBasisDecision {
        // Headers read from word geometry: each value column under the header words that name its basis.
        if cellCount >= 2, let positions = ColumnPlacement.columnCentres(chosenRows, columnCount: cellCount),
           let geometryHeaders = HeaderColumns.completed(
            HeaderColumns.columnSpecs(headerLines: layout.headerLines, positions: positions)) {
            return ColumnBasisDecision(headers: geometryHeaders, cue: .headerWordsOverColumns)
        }
        var headerColumns = layout.columns
        // Header lines give the bases firmly only when they name the columns in order.
        var decision = ColumnBasisDecision(headers: [],
                                           cue: layout.fromHeaders && !layout.reordered ? .headerLines : .weak)
        if !layout.isUSStyle, cellCount > headerColumns.count,
           !headerColumns.contains(where: { $0.basis == .per100g }) {
            // Per 100 g is mandatory in the EU (Regulation 1169/2011 Art. 32) and printed first; with more value
            // columns than headers read, the unread header is the per-100 g one. Australian/NZ panels (FSANZ 1.2.8)
            // print it last, after per serving and %DI: the cells' ratio to the printed serving size says which.
            let per100 = ColumnSpec(basis: .per100g, preparation: .asSold)
            if Self.servingColumnFirst(chosenRows, servingGrams: layout.servingSize?.quantity)
                || (layout.referenceIntakes == .australiaNewZealand && Self.percentFollowsFirstAmount(chosenRows)) {
                headerColumns.append(per100)
            } else {
                headerColumns.insert(per100, at: 0)
            }
            decision.cue = .weak
        }
        // One amount a row read where some rows show two: a column OCR mostly lost (judged below).
        let lostColumn = cellCount == 1 && chosenRows.contains { !$0.nutrient.isEnergy && $0.cells.count >= 2 }
        // One amount a row under headers naming per serving and per 100 g ("Serving size: 18.96 g" over "Per 100 g |
        // % RDA per serve": the serving words head the %RDA column, which holds no amounts): per 100 g is the
        // mandatory declaration (Regulation 1169/2011 Art. 32), so the one amount column is it. Where rows show a
        // second column OCR mostly lost, the table has two, and one header line naming both gives their order
        // ("Quantity per Serving | %DI | Quantity per 100g" read as "per Serving (per Serving) per 100g").
        if !layout.isUSStyle, !layout.frontOfPackWithEnergyPer100, cellCount == 1, headerColumns.count > 1,
           let index = headerColumns.firstIndex(of: ColumnSpec(basis: .per100g, preparation: .asSold)), index > 0 {
            if lostColumn, layout.oneLineOrder.count == 2, Set(headerColumns) == Set(layout.oneLineOrder) {
                headerColumns = layout.oneLineOrder
            } else {
                headerColumns.insert(headerColumns.remove(at: index), at: 0)
            }
        }
        // FSANZ Standard 1.2.8 panels print "Quantity per serving | %DI | Quantity per 100 g": the %DI (always per
        // serving) beside the first amount puts the serving column first whatever order OCR gave the headers.
        if layout.referenceIntakes == .australiaNewZealand, cellCount >= 2, Self.percentFollowsFirstAmount(chosenRows) {
            let per100 = ColumnSpec(basis: .per100g, preparation: .asSold)
            let serving = ColumnSpec(basis: .perServing, preparation: .asSold)
            if !layout.fromHeaders {
                headerColumns = [serving, per100]
                decision.cue = .weak
            } else if let a = headerColumns.firstIndex(of: per100), let b = headerColumns.firstIndex(of: serving), a < b {
                headerColumns.swapAt(a, b)
                decision.cue = .weak
            }
        }
        if cellCount > headerColumns.count { decision.cue = .weak }
        // One amount a row read where some rows show two: a column OCR mostly lost, so which basis the lone amounts
        // have is a guess whatever the header order (a serving-first panel read as per 100 g first).
        if lostColumn {
            decision.lostColumn = true
            decision.cue = .weak
        }
        decision.headers = headerColumns
        return decision
    }

    /// Flags every entry (finding ``uncertainBasisCheck`` lists the keys; ``WordConfidence`` keeps them flagged and
    /// their confidence below the review model's threshold). The grammar's own confidence is left as read: the
    /// scanner compares OCR readings by it (`GrammarScore`), and the bases' doubt says nothing about the reading.
    static func flagUncertainBasis(_ entries: inout [NutritionEntry], reason: String,
                                   findings: inout [ConsistencyFinding]) {
        guard !entries.isEmpty else { return }
        for index in entries.indices { entries[index].needsReview = true }
        findings.append(ConsistencyFinding(check: uncertainBasisCheck, keys: entries.map(\.key),
                                           message: "which column is per 100 g and which per serving: \(reason)"))
    }
}
