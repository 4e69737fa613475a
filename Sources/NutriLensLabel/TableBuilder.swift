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
            // columns than headers read, the unread header is the per-100 g one. Australian/NZ panels (FSANZ 1.2.8)
            // print it last, after per serving and %DI: the cells' ratio to the printed serving size says which.
            let per100 = ColumnSpec(basis: .per100g, preparation: .asSold)
            if Self.servingColumnFirst(chosenRows, servingGrams: layout.servingSize?.quantity) {
                headerColumns.append(per100)
            } else {
                headerColumns.insert(per100, at: 0)
            }
        }
        let columnCount = max(headerColumns.count, cellCount)
        var columns = (0..<columnCount).map { index -> ColumnSpec in
            index < headerColumns.count ? headerColumns[index]
                : ColumnSpec(basis: .perServing, preparation: layout.columns.first?.preparation ?? .asSold)
        }
        var findings: [ConsistencyFinding] = []
        var entries: [NutritionEntry] = []
        let rowsWithInferred = inferMissingRows(Self.shiftHalfRowTail(chosenRows, columnCount: columnCount),
                                                columnCount: columnCount)
        var usedSpecs = Set<ColumnSpec>()
        let placement = ColumnPlacement(rows: rowsWithInferred, columnCount: columnCount)
        if let swap = Self.basesSwappedByServingRatio(columns, rows: rowsWithInferred, placement: placement,
                                                      servingGrams: layout.servingSize?.quantity) {
            columns.swapAt(swap.0, swap.1)
            findings.append(ConsistencyFinding(
                check: "columns-by-serving-ratio", keys: [],
                message: "the per 100 g and per serving columns read in each other's place: the cells' ratio is the serving size"))
        }
        let energyByColumn = orderedByMacros(energyColumns(columnCount: columnCount), rows: rowsWithInferred,
                                             placement: placement)
        for (columnIndex, spec) in columns.enumerated() where !usedSpecs.contains(spec) {
            usedSpecs.insert(spec)
            var values: [Nutrient: CandidateValue] = [:]
            var rowOf: [Nutrient: AssembledRow] = [:]
            for (rowIndex, row) in rowsWithInferred.enumerated() where !row.nutrient.isEnergy {
                guard let cell = placement.cell(of: rowsWithInferred, row: rowIndex, column: columnIndex),
                      values[row.nutrient] == nil else { continue }
                // US/CA panels give vitamins and minerals as %DV ("Calcium 4", the "%" lost); an amount there
                // always prints its unit (mg, mcg). Sodium and cholesterol are amounts whose "mg" OCR may lose.
                if layout.isUSStyle, row.nutrient.isMicronutrient, ![.sodium, .cholesterol].contains(row.nutrient),
                   cell.quantity.unit == nil { continue }
                values[row.nutrient] = candidate(for: cell, nutrient: row.nutrient)
                rowOf[row.nutrient] = row
            }
            var energy = columnIndex < energyByColumn.count ? energyByColumn[columnIndex] : EnergyPair()
            resolveEnergy(&energy, findings: &findings, spec: spec, macros: values)
            chooseMassReadings(&values, basis: spec.basis, kcal: energy.kcalValue,
                               servingLimit: spec.preparation == .asSold ? servingGrams : nil)
            entries += makeEntries(values: values, rows: rowOf, energy: energy, spec: spec, findings: &findings)
        }
        crossColumnChecks(&entries, findings: &findings)
        flagRareAmounts(&entries)
        ReviewEvidenceBuilder.attach(to: &entries, servingGrams: layout.servingSize?.quantity.map {
            NSDecimalNumber(decimal: $0).doubleValue }, intakes: layout.referenceIntakes)
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
}

extension TableBuilder {
    /// `true` when the rows' first two cells read as per serving then per 100 g: for most rows with two exact cells
    /// in the same unit, first ÷ second is the printed serving size ÷ 100 (within 15 %; AU "68 g per serving"
    /// gives 11.2 g | 16.4 g). `false` without a serving size other than 100, or with fewer than three such rows.
    static func servingColumnFirst(_ rows: [AssembledRow], servingGrams: Decimal?) -> Bool {
        guard let servingGrams else { return false }
        let factor = NSDecimalNumber(decimal: servingGrams).doubleValue / 100
        guard factor > 0, abs(factor - 1) > 0.2 else { return false }
        var servingFirst = 0, per100First = 0
        for row in rows where row.cells.count >= 2 {
            let (a, b) = (row.cells[0].quantity, row.cells[1].quantity)
            guard a.qualifier == nil, b.qualifier == nil, !a.isPercent, !b.isPercent, a.unit == b.unit else { continue }
            let first = NSDecimalNumber(decimal: a.value).doubleValue, second = NSDecimalNumber(decimal: b.value).doubleValue
            guard first > 0, second > 0 else { continue }
            if abs(first / second - factor) <= 0.15 * factor { servingFirst += 1 }
            if abs(second / first - factor) <= 0.15 * factor { per100First += 1 }
        }
        return servingFirst >= 3 && servingFirst > 2 * per100First
    }
}

extension TableBuilder {
    /// Indices of the per 100 g and per serving columns (as sold) when the numbers say they were read in each other's
    /// place: with a printed serving size S (not within 20 % of 100 g), at least three rows whose per-100 g cell is S/100
    /// × the per-serving cell (within 15 %), more than twice as many as rows the other way round. Header words put in
    /// the wrong order ("per pezzo" on a title line above "per 100 g | per 29 g") or a per-serving column printed first
    /// cannot outvote the table's own numbers: per 100 g = per serving × 100 / S.
    static func basesSwappedByServingRatio(_ columns: [ColumnSpec], rows: [AssembledRow], placement: ColumnPlacement,
                                           servingGrams: Decimal?) -> (Int, Int)? {
        guard let servingGrams else { return nil }
        let factor = NSDecimalNumber(decimal: servingGrams).doubleValue / 100
        guard factor > 0, abs(factor - 1) > 0.2,
              let per100 = columns.firstIndex(of: ColumnSpec(basis: .per100g, preparation: .asSold)),
              let serving = columns.firstIndex(of: ColumnSpec(basis: .perServing, preparation: .asSold)) else { return nil }
        var agree = 0, swapped = 0
        for index in rows.indices where !rows[index].nutrient.isEnergy {
            guard let a = placement.cell(of: rows, row: index, column: per100)?.quantity,
                  let b = placement.cell(of: rows, row: index, column: serving)?.quantity,
                  a.qualifier == nil, b.qualifier == nil, !a.isPercent, !b.isPercent, a.unit == b.unit else { continue }
            let first = NSDecimalNumber(decimal: a.value).doubleValue, second = NSDecimalNumber(decimal: b.value).doubleValue
            guard first > 0, second > 0 else { continue }
            if abs(second / first - factor) <= 0.15 * factor { agree += 1 }
            if abs(first / second - factor) <= 0.15 * factor { swapped += 1 }
        }
        return swapped >= 3 && swapped > 2 * agree ? (per100, serving) : nil
    }
}
