import Foundation

/// Builds the ``NutritionTable`` from assembled rows: places cells in columns, chooses between OCR readings with
/// ``ConsistencyChecks``, and sets confidence and review flags.
struct TableBuilder {
    /// The grammar's own review threshold on its uncalibrated confidence, used while the table is built (which
    /// per-serving values are trusted as evidence for repairs) and for the grammar-only confidence
    /// (`Options.wordConfidenceWeight` 0). The review flag users see comes from ``ReviewModel``.
    static let grammarReviewThreshold = 0.7

    var rows: [AssembledRow]
    var energyCells: [AssembledCell]
    var leadingCells: [AssembledCell] = []
    /// Line of the energy row name, when read: realignment only looks at rows below it.
    var energyLine: Int?
    var layout: ColumnLayout
    var languages: [String]
    var options: NutritionParser.Options

    func build() -> NutritionTable? {
        let read = Self.droppingGramColumnNines(
            Self.droppingReferenceIntakeAmounts(chooseRowInstances(), intakes: layout.referenceIntakes))
        let instances = Self.droppingDigitsBeforeAmount(read, typicalCount: typicalCellCount(read))
        let chosenRows = Self.swappingRowCellsAgainstColumnRatio(
            Self.readingGramEights(Self.droppingDetachedGramNines(instances, typicalCount: typicalCellCount(instances))),
            servingGrams: layout.servingSize?.quantity)
        let cellCount = typicalCellCount(chosenRows)
        let bases = decideColumnBases(chosenRows, cellCount: cellCount)
        let columnCount = max(bases.headers.count, cellCount)
        var columns = (0..<columnCount).map { index -> ColumnSpec in
            index < bases.headers.count ? bases.headers[index]
                : ColumnSpec(basis: .perServing, preparation: layout.columns.first?.preparation ?? .asSold)
        }
        var findings: [ConsistencyFinding] = []
        var entries: [NutritionEntry] = []
        let rowsWithInferred = inferMissingRows(Self.shiftHalfRowTail(chosenRows, columnCount: columnCount),
                                                columnCount: columnCount)
        var usedSpecs = Set<ColumnSpec>()
        let placement = ColumnPlacement(rows: rowsWithInferred, columnCount: columnCount)
        let energyPairs = energyColumns(columnCount: columnCount)
        let ratio = Self.servingRatioVerdict(columns, rows: rowsWithInferred, placement: placement,
                                             energy: energyPairs, layout: layout)
        if let swap = ratio?.swapped, bases.cue != .headerWordsOverColumns {
            // Header words in reading order give way to the numbers; header words standing over the columns do not.
            columns.swapAt(swap.0, swap.1)
            findings.append(ConsistencyFinding(
                check: "columns-by-serving-ratio", keys: [],
                message: "the per 100 g and per serving columns read in each other's place: the cells' ratio is the serving size"))
        }
        let energyByColumn = orderedByMacros(energyPairs, rows: rowsWithInferred,
                                             placement: placement)
        for (columnIndex, spec) in columns.enumerated() where !usedSpecs.contains(spec) {
            usedSpecs.insert(spec)
            var values: [Nutrient: CandidateValue] = [:]
            var rowOf: [Nutrient: AssembledRow] = [:]
            // Rows with a cell in another column too, which can witness their readings (ServingColumnRepair).
            var witnessed: Set<Nutrient> = []
            for (rowIndex, row) in rowsWithInferred.enumerated() where !row.nutrient.isEnergy {
                guard let cell = placement.cell(of: rowsWithInferred, row: rowIndex, column: columnIndex),
                      values[row.nutrient] == nil else { continue }
                // US/CA panels give vitamins and minerals as %DV ("Calcium 4", the "%" lost); an amount there
                // always prints its unit (mg, mcg). Sodium and cholesterol are amounts whose "mg" OCR may lose.
                if layout.isUSStyle, row.nutrient.isMicronutrient, ![.sodium, .cholesterol].contains(row.nutrient),
                   cell.quantity.unit == nil, !cell.quantity.isInternationalUnits { continue }
                let key = spec.key(of: row.nutrient)
                if cell.isOversized {
                    findings.append(ConsistencyFinding(
                        check: "oversized-figure", keys: [key],
                        message: "\(cell.quantity.text) left out: set far taller than the other figures (two stacked "
                            + "cells read as one, or a headline figure)"))
                    continue
                }
                guard let value = candidate(for: cell, nutrient: row.nutrient) else {
                    findings.append(ConsistencyFinding(
                        check: "international-units", keys: [key],
                        message: "\(cell.quantity.text) left out: \(row.nutrient.rawValue) in IU has no single mass factor"))
                    continue
                }
                values[row.nutrient] = value
                rowOf[row.nutrient] = row
                if (0..<columnCount).contains(where: {
                    $0 != columnIndex && placement.cell(of: rowsWithInferred, row: rowIndex, column: $0) != nil }) {
                    witnessed.insert(row.nutrient)
                }
            }
            var energy = columnIndex < energyByColumn.count ? energyByColumn[columnIndex] : EnergyPair()
            resolveEnergy(&energy, findings: &findings, spec: spec, macros: values)
            let servingLimit = spec.preparation == .asSold ? servingGrams : nil
            chooseMassReadings(&values, basis: spec.basis, kcal: energy.kcalValue, servingLimit: servingLimit)
            settleContradictions(&values, basis: spec.basis, kcal: energy.consistent == false ? nil : energy.kcalValue,
                                 servingLimit: servingLimit, witnessed: witnessed, findings: &findings, spec: spec)
            settleFiberByEnergy(&values, basis: spec.basis, kcal: energy.consistent == false ? nil : energy.kcalValue,
                                witnessed: witnessed, findings: &findings, spec: spec)
            leaveOutValuesTheTableContradicts(&values, energy: energy, witnessed: witnessed, findings: &findings,
                                              spec: spec)
            // A lone cut-off energy unit, judged again on the macros as chosen ("Fat 289" is 28 g only now).
            Self.unitOfLoneCutOffEnergy(&energy, macros: values)
            entries += makeEntries(values: values, rows: rowOf, energy: energy, spec: spec, findings: &findings)
        }
        crossColumnChecks(&entries, findings: &findings)
        flagRareAmounts(&entries)
        if let uncertainBasis = bases.uncertainty(columns, cellCount: cellCount, ratio: ratio,
                                                  impliedServingGrams: Self.impliedServingGrams(entries),
                                                  printedServingGrams: layout.servingSize?.quantity?.asDouble) {
            Self.flagUncertainBasis(&entries, reason: uncertainBasis, findings: &findings)
        } else if let contradiction = Self.statedEnergyContradiction(entries, layout: layout) {
            Self.flagUncertainBasis(&entries, reason: contradiction, findings: &findings)
        }
        entries += Self.portionOfHundredEntries(entries, layout: layout)
        ReviewEvidenceBuilder.attach(to: &entries, servingGrams: layout.servingSize?.quantity.map(\.asDouble), intakes: layout.referenceIntakes)
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
    /// `true` when rows print a percentage beside their first amount rather than their second (three or more, twice
    /// as often as the other way round; or two and never the other way): a %DI/%RI column between the first and
    /// second amount columns.
    static func percentFollowsFirstAmount(_ rows: [AssembledRow]) -> Bool {
        var first = 0, second = 0
        for row in rows where !row.nutrient.isEnergy && row.cells.count >= 2 {
            let (a, b) = (row.cells[0].referenceIntakePercent != nil, row.cells[1].referenceIntakePercent != nil)
            if a && !b { first += 1 }
            if b && !a { second += 1 }
        }
        return (first >= 3 && first > 2 * second) || (first == 2 && second == 0)
    }

    /// `true` when the rows' first two cells read as per serving then per 100 g: for most rows with two exact cells
    /// in the same unit, first ÷ second is the printed serving size ÷ 100 (within 15 %; AU "68 g per serving"
    /// gives 11.2 g | 16.4 g). `false` without a serving size other than 100, or with fewer than three such rows.
    static func servingColumnFirst(_ rows: [AssembledRow], servingGrams: Decimal?) -> Bool {
        guard let servingGrams else { return false }
        let factor = servingGrams.asDouble / 100
        guard factor > 0, abs(factor - 1) > 0.2 else { return false }
        var servingFirst = 0, per100First = 0
        for row in rows where row.cells.count >= 2 {
            let (a, b) = (row.cells[0].quantity, row.cells[1].quantity)
            guard a.qualifier == nil, b.qualifier == nil, !a.isPercent, !b.isPercent, a.unit == b.unit else { continue }
            let first = a.value.asDouble, second = b.value.asDouble
            guard first > 0, second > 0 else { continue }
            if abs(first / second - factor) <= 0.15 * factor { servingFirst += 1 }
            if abs(second / first - factor) <= 0.15 * factor { per100First += 1 }
        }
        return servingFirst >= 3 && servingFirst > 2 * per100First
    }
}

extension TableBuilder {
    /// UK/EU tables with an "RI* for an average adult" column print each row's reference intake after its %RI
    /// ("Fat 9.5g 14% 70g", "of which sugars 6.8g 8% 90g"): a cell right after a %RI cell whose amount is the
    /// row's reference intake (Annex XIII Part B; FSANZ Schedule 1.2.8 for %DI panels) is that column, never a
    /// per-serving amount, when two rows or more show that column. Energy's 8400 kJ / 2000 kcal are dropped when the
    /// line is read.
    static func droppingReferenceIntakeAmounts(_ rows: [AssembledRow], intakes: ReferenceIntakes) -> [AssembledRow] {
        func isIntakeCell(_ row: AssembledRow, _ index: Int) -> Bool {
            guard index > 0, let intake = row.nutrient.referenceIntake(in: intakes) else { return false }
            let cell = row.cells[index]
            return row.cells[index - 1].referenceIntakePercent != nil && cell.referenceIntakePercent == nil
                && cell.quantity.qualifier == nil && !cell.quantity.isPercent
                && (cell.quantity.unit == nil || cell.quantity.unit == .gram) && cell.quantity.value == intake
        }
        // A column: two rows or more print their intake (one such cell may be another row's amount).
        guard rows.filter({ row in row.cells.indices.contains { isIntakeCell(row, $0) } }).count >= 2 else { return rows }
        return rows.map { row in
            var kept = row
            kept.cells = row.cells.indices.filter { !isIntakeCell(row, $0) }.map { row.cells[$0] }
            return kept
        }
    }
}
