import Foundation

/// Amounts in column headers, and the basis each names: "per 100 g", "pro 100 ml", "100g" over a column are per 100 g;
/// "per 30 g", "pour 1 pot de 125 g", "½ cup (30 g)" name a serving. The one reader of header amounts: line analysis
/// (``LineAnalysis/namesPer100``, a serving amount after "per"), the column layout's header tokens and
/// ``ColumnLayout/headerAmounts``, the serving size (``ServingSizeParser``), 100 g cells (``ScannedQuantity/
/// isHundredGramsOrMillilitres``) and the header words over the columns (``HeaderColumns``) all ask it, so that what
/// counts as a header amount is the number grammar's units (g and its spellings, ml, cl, l), read once.
extension ScannedQuantity {
    /// The basis this amount names in a column header: a mass in grams or a volume (ml, cl, l) that is no
    /// percentage names per 100 g (ml) when it is 100 and a serving (of that size) otherwise; `nil` for any other
    /// quantity (mg, energy, %, a bare number).
    /// - Parameter bareHundred: a bare 100 (no unit read) names per 100 g too: where the context says the unit was
    ///   lost ("Portion (100 ml)" with the unit misread on a serving line, "per 100" before a unit on the next line).
    func headerBasis(bareHundred: Bool = false) -> NutritionBasis? {
        guard !isPercent else { return nil }
        if unit == .gram || isVolume { return value == 100 ? .per100g : .perServing }
        return bareHundred && unit == nil && value == 100 ? .per100g : nil
    }
}

extension NumberGrammar {
    /// The first header amount (``ScannedQuantity/headerBasis(bareHundred:)`` not `nil`) that starts in `word`, one
    /// header word, with the basis it names; its unit in the word or the word after it: "100g", "100" "ml", "(125
    /// g)", "pro100ml", "33.3gWith" (a unit glued to the next, capitalised, word is split from it first; "mL" is no
    /// such glue).
    /// - Parameters:
    ///   - next: the word after `word` on its line ("" when none), for a unit printed apart.
    ///   - bareHundred: as in ``ScannedQuantity/headerBasis(bareHundred:)`` (the word after "per").
    static func headerAmount(word: String, next: String,
                             bareHundred: Bool) -> (amount: ScannedQuantity, basis: NutritionBasis)? {
        let chars = splittingCapitalisedGlue(Array(word))
        for amount in scan(chars + [" "] + Array(next)) where amount.start < chars.count {
            if let basis = amount.headerBasis(bareHundred: bareHundred) { return (amount, basis) }
        }
        return nil
    }

    /// `chars` with a space before each capitalised word glued to a lower-case letter ("33.3gWith" → "33.3g With"):
    /// an upper-case letter followed by a lower-case one after a lower-case letter.
    private static func splittingCapitalisedGlue(_ chars: [Character]) -> [Character] {
        var result: [Character] = []
        for (index, character) in chars.enumerated() {
            if index > 0, index + 1 < chars.count, chars[index - 1].isLowercase, character.isUppercase,
               chars[index + 1].isLowercase {
                result.append(" ")
            }
            result.append(character)
        }
        return result
    }
}
