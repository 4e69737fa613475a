import Foundation

// A one-column EU table whose amounts OCR read whole and in order while it lost several of the row names: the
// amounts in reading order are the declaration itself.
extension TableBuilder {
    /// Deals a one-column EU table's mass amounts to the mandatory declaration in order when OCR lost row names the
    /// sequence alignment needs (``aligningBySequence(_:stream:leading:kcal:servingRatio:energyLine:)`` takes one lost
    /// name at most, and only between the names read).
    ///
    /// Class: whole-pack photos of one-column tables (per 100 g only) whose text reader kept every amount in
    /// order but lost two or more names, or the first or last name: a name merged into another line ("Fett T
    /// matières énergie: grasses:" read above the energy row), dropped, or read in a language the lexicon does not
    /// hold; the assembler then deals the amounts to the names left and the rows come out one or more places off
    /// (sugars 1,2 for 17, fibre 17) or empty (no fat, no carbohydrate). FoodLabel full 0300, 0232, 0017, 0378.
    ///
    /// The sequence is Regulation 1169/2011 Art. 30(1)'s mandatory rows (fat, saturates, carbohydrate, sugars,
    /// protein, salt) with fibre (Art. 30(2)) when fibre is named below the energy row; the amounts are every mass
    /// amount read below the energy row (``amountsInReadingOrder(_:leading:after:)``: no energy, %, mg/µg, none over
    /// 100 g). Taken only when the two have exactly as many entries (nothing passed over, nothing left), at least
    /// one mandatory name is named nowhere below the energy row, the rows as chosen do not have the macros confirm
    /// the kcal, and the deal in order passes every first-column check with the macros confirming the kcal within
    /// the printed figures' rounding (``SequenceAlignmentSearch``'s fit: 5 % or 5 kcal, Annex XIV factors; sub-rows
    /// not above their parents). Rows read keep their name line; a row whose name is lost is inserted where its
    /// amount was read and marked inferred. Not on US panels (another declaration), nor with two energy columns.
    /// - Parameters:
    ///   - chosen: the table's rows, one instance per nutrient, after every other row rule.
    ///   - stream: every row as assembled, the source of the amounts in reading order and of names read.
    ///   - leading: amounts read before the first row name.
    ///   - kcal: the declared kcal (`nil`: rows unchanged).
    ///   - energyLine: the energy row name's line; amounts and names above it are not the table's.
    static func dealingDeclarationInReadingOrder(_ chosen: [AssembledRow], stream: [AssembledRow],
                                                 leading: [AssembledCell], kcal: Double?,
                                                 energyLine: Int?) -> [AssembledRow] {
        guard let kcal, kcal > 0, let template = chosen.first(where: { !$0.nutrient.isEnergy }) else { return chosen }
        let floor = energyLine ?? -1
        guard !ConsistencyChecks.macrosConfirm(kcal: kcal, firstColumnValues(chosen)) else { return chosen }
        let namedBelow = Set(stream.filter { $0.lineIndex > floor }.map(\.nutrient))
        let names = euMandatoryOrder.filter { $0 != .fiber || namedBelow.contains(.fiber) }
        guard names.contains(where: { !namedBelow.contains($0) }) else { return chosen }
        // A name read above the energy row whose amounts were read below it ("Fett T matières énergie: grasses:"
        // over "Energie", fat's "19g" under the energy figures) gives them to the run; amounts read above it do not.
        let rows = stream.map { row -> AssembledRow in
            var row = row
            row.lineIndex = max(row.lineIndex, floor + 1)
            return row
        }
        let amounts = amountsInReadingOrder(rows, leading: leading, after: energyLine)
        guard amounts.count == names.count,
              let deal = SequenceAlignmentSearch(names: names, amounts: amounts, servingRatio: nil, kcal: kcal)
                .fittingAlignments().first(where: { $0.cost == 0 }) else { return chosen }
        var result = chosen.filter { !names.contains($0.nutrient) }
        for (nutrient, cells) in zip(names, deal.rows) {
            var row: AssembledRow
            if let read = chosen.first(where: { $0.nutrient == nutrient })
                ?? stream.first(where: { $0.nutrient == nutrient && $0.lineIndex > floor }) {
                row = read
            } else {
                // The lost name's row, placed where its amount was read, marked inferred (its name is not printed).
                row = template
                row.nutrient = nutrient
                row.inferred = true
                row.lineIndex = cells[0].lineIndex
            }
            row.cells = cells
            row.surplusBefore = []
            row.surplusAfter = []
            result.insert(row, at: result.firstIndex { $0.lineIndex > row.lineIndex } ?? result.endIndex)
        }
        return result
    }
}
