import Foundation

// The last line of a row name wrapped over two or more lines, which carries the row's amounts.
extension LineAnalyzer {
    /// The units a name column prints in brackets ("Glucides/Hidratos de carbono (g)", "Sodium (mg)"), lower case
    /// and without spaces: tables that give the unit in the name column and bare numbers in the value columns.
    static let bracketedMassUnits = ["(g)", "(mg)", "(µg)", "(μg)", "(mcg)"]

    /// `true` when the line's first bare amount follows a mass unit in brackets with only spaces between ("taire
    /// /ibra dietética* (g) 0 0"): the line ends a row name wrapped from the line above ("Dietary fibre /fibre
    /// alimen-"), in words the lexicon does not know (the rest of a word, another language's name read with a
    /// letter lost), and the bare numbers after the name column's unit are the row's amounts. Without this, two
    /// such words make the line look like pack text, whose bare numbers are counts ("Packung enthält ca. 11
    /// Portionen") and are dropped; pack text does not print a bracketed unit right before its counts.
    ///
    /// Multilingual tables that print each row's unit in its name wrap their longer names (EU/Canadian export
    /// packs in English/French/Portuguese: pxlshpr `C05EDF6E`, whose fibre row "0 | 0" stands on the name's second
    /// line; session 20, `WrappedRowNameTests`). The amounts go to the row name waiting above (``RowAssembler``).
    static func amountsFollowBracketedUnit(_ chars: [Character], quantities: [ScannedQuantity]) -> Bool {
        guard let first = quantities.first(where: \.isBare)
        else { return false }
        var end = first.start
        while end > 0, chars[end - 1] == " " { end -= 1 }
        guard end > 0, chars[end - 1] == ")", let open = chars[..<end].lastIndex(of: "(") else { return false }
        let unit = String(chars[open..<end]).lowercased().replacingOccurrences(of: " ", with: "")
        return bracketedMassUnits.contains(unit)
    }
}
