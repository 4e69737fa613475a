import Foundation

// The last fraction digit of a cell read as a letter before its unit: "2S.Sg" for 25,5 g, "1,B g" for 1,8 g
// (session 26 flprec2, issue 22; FoodLabel small and large crop 0420). The letters are the ones OCR makes for a 5
// and an 8 ("S", "B"); a 1 read as "I"/"l" there is `letterIsDigit`'s own "l.lg" case.
extension NumberGrammar {
    /// `true` when the letter at `index` is an "S" or a "B" that ends a number's fraction: right after a separator
    /// that follows a digit (or a letter read as one) of the same run, and before a mass unit, a space or the line
    /// end. Without it "2S.Sg" read as 25 (the "S" before the g ended the number, and the trailing separator was
    /// dropped as punctuation). A word cannot start this way: the run already holds a digit and a separator.
    static func isFractionLetterBeforeUnit(_ chars: [Character], at index: Int, runStart: Int) -> Bool {
        guard "SB".contains(chars[index]), index - 2 >= runStart, isSeparator(chars[index - 1]) else { return false }
        let beforeSeparator = chars[index - 2]
        guard isDigit(beforeSeparator) || "SBOoIl".contains(beforeSeparator) else { return false }
        let next: Character? = index + 1 < chars.count ? chars[index + 1] : nil
        return next == nil || next == " " || next == "g" || massUnitFollows(chars, at: index + 1)
    }
}
