import Foundation

// Two-column tables rebuilt by the serving ratio where one row's second cell was lost.
extension TableBuilder {
    /// The index of the one amount (not a %RI figure) left unpaired between the ratio's pairs, when the pairing
    /// (``pairedByServingRatio(_:leading:ratio:kcal:after:)``) found one pair fewer than row names: that row lost its
    /// per-serving (or per-100 g) cell to OCR ("31g" / "4,7g" / "Eiweiss" / "3,2g" / "Salz" / "5,8g" / "0.9g":
    /// fibre's 3,2 g stands alone between sugars' and protein's pairs, FoodLabel full photo 0337), and it keeps its
    /// place in reading order as a row of one cell. Amounts after the last pair are debris below the table, not a
    /// row's value, and so is a portion size read into the table ("Energie" / "muffin (15g)" / "1825 kJ": grams
    /// equal to 100 g × the ratio, within rounding); `nil` when no amount or more than one is left before the last
    /// pair, or it is a zero or a "<" bound.
    ///
    /// Two amounts left one right after the other are one row's two cells whose ratio OCR broke by misreading one
    /// of them ("39g" / "50" for sugars 39 g | 5,9 g, FoodLabel full 0286; session 24): the first, read first as
    /// the per-100 g cell is, stands for the row and the second is left out (it is contradicted by the ratio, so it
    /// is no value to give); `partnerLeftOut` says so, and the pairing then takes the rows only when the first
    /// column passes every check with the energy known (which of two leftovers is a row's is otherwise a guess:
    /// "39" passes sugars ≤ carbohydrate 43 g, "50" would not).
    /// - Parameters:
    ///   - cells: the cells the pairing read, in reading order; `used`: which of them are in a pair.
    ///   - pairPositions: the reading-order index of each pair's first cell.
    ///   - ratio: per-serving ÷ per-100 g, as the pairing used it.
    static func loneCellAmongPairs(_ cells: [AssembledCell], used: [Bool], pairPositions: [Int],
                                   ratio: Double) -> (index: Int, partnerLeftOut: Bool)? {
        guard let lastPair = pairPositions.max() else { return nil }
        let portion = 100 * ratio
        func isPortionSize(_ quantity: ScannedQuantity) -> Bool {
            let grams = quantity.doubleValue
            return quantity.unit == .gram && quantity.qualifier == nil && abs(grams - portion) <= 0.5 + 0.05 * portion
        }
        let lone = cells.indices.filter {
            $0 < lastPair && !used[$0] && !cells[$0].quantity.isPercent && !isPortionSize(cells[$0].quantity)
                && !cells[$0].quantity.isBoundNoLabelPrints
        }
        let isPairOfTwo = lone.count == 2 && lone[1] == lone[0] + 1 && isInformative(cells[lone[1]])
        guard lone.count == 1 || isPairOfTwo, isInformative(cells[lone[0]]) else { return nil }
        return (lone[0], isPairOfTwo)
    }
}
