import Foundation

// Three-column tables (per 100 g | per portion | %RI) whose %RI column OCR read without its "%" and interleaved with
// the two amount columns: bare whole numbers that are no row's amount.
extension TableBuilder {
    /// The rows without the %RI figures whose "%" OCR lost, for a second serving-ratio pairing; `nil` when fewer than
    /// three such figures are found.
    ///
    /// On a whole pack's text a three-column table's cells land out of row order ("51g | 15 | 22", "2,3g | 12 | 7,8 g",
    /// "3,3g | 1", "11 g" for fat 51 | 15 | 22 %, saturates 7,8 | 2,3 | 12 %, carbohydrate 11 | 3,3 | 1 %, FoodLabel
    /// full 0425). The serving-ratio pairing (``pairedByServingRatio(_:leading:ratio:kcal:after:)``) would rebuild the
    /// rows, but the %RI figures count as amounts (too many cells for the names) and pair by chance ("12" × 0,3 ≈
    /// "3,3g"). A bare whole number (no unit, no decimals, no "<") is taken for a %RI figure when a gram amount at most
    /// two cells away in reading order is that percentage of the reference intake of the row it was read under
    /// (Regulation 1169/2011 Annex XIII Part B, ``Nutrient/referenceIntake(in:)``; agreement as
    /// ``ServingColumnRepair/percentAgrees(amount:intake:percent:)``). Three such figures are the evidence that the
    /// column exists; one or two could be a portion amount printed without "g" that a neighbour's percentage matches by
    /// chance; the energy row's own bare figure that is a kcal cell's share of 2000 kcal (``Nutrient/referenceIntake``,
    /// Annex XIII Part B) counts as one of the three. The pairing's own guards (ratio fit, one pair per name, the
    /// energy check) still decide; this only runs where the pairing on the rows as read failed.
    /// - Parameters:
    ///   - rows: assembled rows in reading order.
    ///   - energyCells: the energy row's cells (kJ, kcal and any bare figures read with them).
    ///   - intakes: the reference amounts the table's percentages refer to.
    ///   - energyLine: the energy row's line; rows at or above it are left as read.
    /// - Returns: the rows without the figures taken for %RI, or `nil` when fewer than three are found.
    static func droppingUnmarkedPercentCells(_ rows: [AssembledRow], energyCells: [AssembledCell],
                                             intakes: ReferenceIntakes, after energyLine: Int?) -> [AssembledRow]? {
        let massRows = rows.indices.filter { !rows[$0].nutrient.isEnergy && rows[$0].lineIndex > (energyLine ?? -1) }
        // The mass rows' cells in reading order, each with its row and place in that row's reading order.
        let stream = massRows.flatMap { row in
            rows[row].cellsInReadingOrder.enumerated().map { (row: row, index: $0.offset, cell: $0.element) }
        }
        func isBareWholeNumber(_ quantity: ScannedQuantity) -> Bool {
            quantity.isBare && quantity.primary.fractionDigits == 0 && quantity.value > 0
        }
        var marked: [Int: Set<Int>] = [:]
        var count = 0
        for position in stream.indices where isBareWholeNumber(stream[position].cell.quantity) {
            let percent = stream[position].cell.quantity.value
            // The intake of the row the figure was read under: any row's intake would mark a per-100 g amount's
            // chance share of another row's (28 g of fat is 10.8 % of carbohydrate's 260 g, beside a fat "11").
            guard let intake = rows[stream[position].row].nutrient.referenceIntake(in: intakes)?.asDouble else {
                continue
            }
            let near = max(0, position - 2)...min(stream.count - 1, position + 2)
            let matches = near.contains { other in
                let quantity = stream[other].cell.quantity
                guard other != position, quantity.unit == .gram, quantity.qualifier == nil, quantity.value > 0 else {
                    return false
                }
                return ServingColumnRepair.percentAgrees(amount: quantity.doubleValue, intake: intake, percent: percent)
            }
            guard matches else { continue }
            marked[stream[position].row, default: []].insert(stream[position].index)
            count += 1
        }
        // The energy row's own %RI figure printed without "%" (a bare number that is a kcal cell's share of 2000
        // kcal) counts as one more: it shows the column exists where the mass rows' figures are few.
        let kcal = energyCells.filter { $0.quantity.unit == .kilocalorie }.map(\.quantity.doubleValue)
        let energyPercent = Nutrient.energyKcal.referenceIntake.map { intake in
            energyCells.contains { cell in
                isBareWholeNumber(cell.quantity) && kcal.contains {
                    ServingColumnRepair.percentAgrees(amount: $0, intake: intake.asDouble, percent: cell.quantity.value)
                }
            }
        } ?? false
        guard count + (energyPercent ? 1 : 0) >= 3 else { return nil }
        var result = rows
        for (row, indices) in marked {
            // Drop by place in the reading order surplusBefore + cells + surplusAfter.
            func keeping(_ part: [AssembledCell], from start: Int) -> [AssembledCell] {
                part.enumerated().filter { !indices.contains(start + $0.offset) }.map(\.element)
            }
            let before = rows[row].surplusBefore.count, cells = rows[row].cells.count
            result[row].surplusBefore = keeping(rows[row].surplusBefore, from: 0)
            result[row].cells = keeping(rows[row].cells, from: before)
            result[row].surplusAfter = keeping(rows[row].surplusAfter, from: before + cells)
        }
        return result
    }
}
