import Foundation

// Two-column tables (per 100 g | per serving) where OCR read one row's two cells in two passes, the per-serving
// cell (often with its %RI) first: "49g 19%" then "54g" for carbohydrate 54 | 49 on a 90 g piece. The other rows'
// cells give the columns' ratio; the row whose cells fit that ratio only in the other order gets them swapped.
extension TableBuilder {
    /// Rows whose first two cells, read on different lines, fit the table's column ratio only when swapped, with
    /// those two cells swapped (each cell keeps its %RI).
    ///
    /// The ratio R = second cell ÷ first cell is the median over rows with two informative cells (not zero, no "<"
    /// bound, same unit); it counts only when at least three witnesses agree with it within 10 % (rows, and the
    /// printed serving size ÷ 100 g), the agreeing rows are at least two thirds of such rows less one (the row read
    /// out of order is among them), and R is at least 8 % away from 1 (per serving = per 100 g × serving size / 100,
    /// so a 90 g piece gives R = 0.9; nearer 1, two close values fit either order within a cell's 5 % rounding
    /// tolerance). A row is swapped only when its cells fit R in the swapped order (within rounding and within 10 %
    /// of the value: "0.8g" then a stray "2g" on a 30 g-serving table fits only by the whole-gram rounding) and not
    /// as read. A pair printed on one line keeps its order: left to right is the column order there.
    /// - Parameters:
    ///   - rows: assembled rows in reading order.
    ///   - servingGrams: the printed serving size in g or ml, when the header states one.
    /// - Returns: the rows, with the swapped pairs put back in column order.
    static func swappingRowCellsAgainstColumnRatio(_ rows: [AssembledRow], servingGrams: Decimal?) -> [AssembledRow] {
        var ratios: [Double] = []
        for row in rows where !row.nutrient.isEnergy && row.cells.count >= 2 {
            let a = row.cells[0], b = row.cells[1]
            guard isInformative(a), isInformative(b), !a.quantity.isPercent, !b.quantity.isPercent,
                  a.quantity.unit == b.quantity.unit else { continue }
            ratios.append(b.quantity.doubleValue
                          / a.quantity.doubleValue)
        }
        guard ratios.count >= 3 else { return rows }
        let median = ratios.sorted()[ratios.count / 2]
        let agreeing = ratios.filter { abs($0 - median) <= 0.1 * median }.count
        let servingFactor = servingGrams.map { $0.asDouble / 100 }
        let servingAgrees = servingFactor.map { abs($0 - median) <= 0.1 * median } ?? false
        guard median > 0, abs(median - 1) >= 0.08, agreeing + (servingAgrees ? 1 : 0) >= 3, agreeing >= 2,
              (agreeing + 1) * 3 >= ratios.count * 2 else { return rows }
        return rows.map { row in
            guard !row.nutrient.isEnergy, row.cells.count >= 2 else { return row }
            let a = row.cells[0], b = row.cells[1]
            let first = a.quantity.doubleValue
            let second = b.quantity.doubleValue
            guard a.lineIndex != b.lineIndex, isInformative(a), isInformative(b),
                  fits(b, a, ratio: median), !fits(a, b, ratio: median),
                  abs(first - second * median) <= 0.1 * first else { return row }
            var swapped = row
            swapped.cells.swapAt(0, 1)
            return swapped
        }
    }
}
