// Zeros of a round amount read as letters, after a digit.
extension NumberGrammar {
    /// "1OO g", "(1oOg)": several zeros after a digit all read as O/o, the run ending at a "g", a mass unit, a
    /// non-letter or the line end ("10Oz", "1Oops" stay words); `index` is the letter asked about, `runStart` where
    /// the number began. One such letter alone ("1O g") is `letterIsDigit`'s own case; a run of them is what the
    /// recogniser made of pxlshpr A049E005's "(100g)" serving header from a detector box a pixel off
    /// (docs/history/session-18-detscale.md).
    static func zerosReadAsLetters(_ chars: [Character], at index: Int, runStart: Int) -> Bool {
        guard "Oo".contains(chars[index]) else { return false }
        var back = index - 1
        while back > runStart, "Oo".contains(chars[back]) { back -= 1 }
        guard back >= runStart, back < index, isDigit(chars[back]) else { return false }
        var end = index + 1
        while end < chars.count, "Oo".contains(chars[end]) { end += 1 }
        return end == chars.count || !chars[end].isLetter || chars[end] == "g" || massUnitFollows(chars, at: end)
    }
}
