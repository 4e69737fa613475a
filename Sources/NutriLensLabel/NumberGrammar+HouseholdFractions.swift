import Foundation

// A household fraction in the pack text ("1/2 Dose", "1/4 Packung", "3/4 cup"): its digits are a share of the pack,
// not amounts of the table. Session 27 (issue 22, FoodLabel full photo A 0447): the "2" of "1/2 Dose" read among a
// two-column table's amounts gave a second alignment of the rows (carbohydrate 2 | 2,6 g beside 2,6 g | 2.9 g), so
// the alignment that fits the table's checks was not taken.
extension NumberGrammar {
    /// `true` when `quantity` is a bare one-digit figure (no unit, qualifier or percent) joined by a slash, with no
    /// space, to another one-digit figure: either side of "1/2". Longer figures ("12/05/2026", "201/48") are dates or
    /// a cell pair and stay what they are.
    static func isFractionDigit(_ quantity: ScannedQuantity, in chars: [Character]) -> Bool {
        guard quantity.unit == nil, quantity.qualifier == nil, !quantity.isPercent, quantity.end - quantity.start == 1,
              quantity.start < chars.count, isDigit(chars[quantity.start]) else { return false }
        func singleDigit(at index: Int) -> Bool {
            guard index >= 0, index < chars.count, isDigit(chars[index]) else { return false }
            let before = index - 1 < 0 || !(isDigit(chars[index - 1]) || isSeparator(chars[index - 1]))
            let after = index + 1 >= chars.count || !(isDigit(chars[index + 1]) || isSeparator(chars[index + 1]))
            return before && after
        }
        let start = quantity.start, end = quantity.end
        let denominator = start >= 2 && chars[start - 1] == "/" && singleDigit(at: start - 2)
        let numerator = end + 1 < chars.count && chars[end] == "/" && singleDigit(at: end + 1)
        return denominator || numerator
    }
}
