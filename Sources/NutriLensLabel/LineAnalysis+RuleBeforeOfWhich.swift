import Foundation

// "davon gesättigte Fettsäuren 1 of which" / "saturates ! dont acides gras saturés I": a multilingual sub-row name
// whose "/" between languages was read as 1, with the next language's name starting "of which" (session 26 flprec2,
// issue 22; FoodLabel small crop 0046, whose saturates came out 1 g while the printed "S,0g" was lost).
extension LineAnalyzer {
    /// `true` for a bare "1" (``ScannedQuantity/isSeparatorLike``) after every row name on its line, when that last
    /// name is a sub-row's (saturates, sugars: ``Nutrient/parentRow`` set) and the next word after the "1" (past
    /// "/" or "|") is an "of which" word (``Lexicon/ofWhichWords``). "Of which" introduces a sub-row, and a sub-row
    /// has none of its own, so the words after the "1" are the same row's name in another language and the "1" is
    /// the rule between them, as the rule between two names already is (`analyzeWhole`: "Fett 1 Grassi"). A parent's
    /// "Fat 1 of which" keeps its 1 (fat's amount, the sub-row named after it).
    static func isRuleBeforeOfWhich(_ quantity: ScannedQuantity, words: [Word], lastMention: LineAnalysis.Mention?)
        -> Bool {
        guard quantity.isSeparatorLike, let lastMention, lastMention.nutrient.parentRow != nil,
              quantity.start >= lastMention.end,
              let next = words.first(where: { $0.start >= quantity.end }) else { return false }
        return Lexicon.ofWhichWords.contains(next.folded)
    }
}
