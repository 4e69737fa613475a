import Foundation

// The kcal (or kJ) of an energy line whose unit OCR lost, read right after its partner on a line no energy name
// precedes.
extension RowAssembler {
    /// `true` when `quantity`, a bare whole number, is the energy partner of `previous`, the energy amount read just
    /// before it on the same line with its unit read: nothing but "/", "(", "|" and spaces between them, the
    /// first no reference intake (8400 kJ / 2000 kcal), and the two in Annex XIV ratio
    /// (``ConsistencyChecks/energyPairAgrees(kj:kcal:)``: kJ 3.9–4.4 × kcal, either order).
    ///
    /// Class: an energy line "1453 kJ / 351" whose "kcal" OCR lost, read where no energy row name waits for values
    /// (the name lost or read on another block's line; FoodLabel full photo 0232). After an energy name such a
    /// figure is already an energy cell (`isUnitlessEnergyValue`); without one it was a mass value that the next row
    /// names took or dropped, and the table lost its kcal. The cell keeps no unit:
    /// ``TableBuilder/energyColumns(columnCount:)`` gives it the missing side of its partner by the same ratio.
    /// - Parameters:
    ///   - quantity: the amount just scanned on `line`.
    ///   - previous: the last cell the assembler took, when it was an energy cell.
    ///   - line: the line both were read on.
    static func isBareEnergyPartner(_ quantity: ScannedQuantity, after previous: AssembledCell,
                                    on line: LineAnalysis) -> Bool {
        guard quantity.primary.unit == nil, quantity.qualifier == nil, !quantity.isPercent, !quantity.isVolume,
              !quantity.isEnergyOfUnknownUnit, quantity.primary.fractionDigits == 0,
              previous.lineIndex == line.lineIndex, let unit = previous.quantity.primary.unit, unit.isEnergy,
              !previous.quantity.primary.repairs.contains(.inferredUnit), !previous.quantity.isReferenceIntakeEnergy,
              previous.quantity.end <= quantity.start
        else { return false }
        let characters = Array(line.text)
        guard quantity.start <= characters.count,
              characters[previous.quantity.end..<quantity.start].allSatisfy({ " /(|".contains($0) }) else { return false }
        let bare = quantity.doubleValue
        let read = previous.quantity.doubleValue
        return unit == .kilojoule ? ConsistencyChecks.energyPairAgrees(kj: read, kcal: bare)
            : ConsistencyChecks.energyPairAgrees(kj: bare, kcal: read)
    }
}
