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
        let rowsWithInferred = inferMissingRows(Self.shiftHalfRowTail(chosenRows, columnCount: columnCount),
                                                columnCount: columnCount)
        var usedSpecs = Set<ColumnSpec>()
        let energyByColumn = orderedByMacros(energyColumns(columnCount: columnCount), rows: rowsWithInferred)
        for (columnIndex, spec) in columns.enumerated() where !usedSpecs.contains(spec) {
            usedSpecs.insert(spec)
            var values: [Nutrient: CandidateValue] = [:]
            var rowOf: [Nutrient: AssembledRow] = [:]
            for row in rowsWithInferred where columnIndex < row.cells.count && !row.nutrient.isEnergy {
                let cell = row.cells[columnIndex]
                guard values[row.nutrient] == nil else { continue }
                // US/CA panels give vitamins and minerals as %DV ("Calcium 4", the "%" lost); an amount there
                // always prints its unit (mg, mcg). Sodium and cholesterol are amounts whose "mg" OCR may lose.
                if layout.isUSStyle, row.nutrient.isMicronutrient, ![.sodium, .cholesterol].contains(row.nutrient),
                   cell.quantity.unit == nil { continue }
                values[row.nutrient] = candidate(for: cell, nutrient: row.nutrient)
                rowOf[row.nutrient] = row
            }
            var energy = columnIndex < energyByColumn.count ? energyByColumn[columnIndex] : EnergyPair()
            resolveEnergy(&energy, findings: &findings, spec: spec, macros: values)
            chooseMassReadings(&values, basis: spec.basis, kcal: energy.kcalValue)
            entries += makeEntries(values: values, rows: rowOf, energy: energy, spec: spec, findings: &findings)
        }
        crossColumnChecks(&entries, findings: &findings)
        flagRareAmounts(&entries)
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
