import Foundation

// Pack text printed after a table whose numbers are no amounts: addresses, telephone numbers, counts of packs and
// portions (issue 22, session 16).
extension LineAnalyzer {
    /// Words of a postal address: a post-office box ("Postfach 255", "Postbus 12", "Box 31015", "BP 42",
    /// "Casella postale 8", "Apartado 30") or a street ("Rue de la Gare 4", "Via Roma 12", "Hauptstrasse 5"); a
    /// folded word ending in "strasse" or "str" (German street names and their abbreviation "Waldstr. 27") counts too.
    static let addressWords: Set<String> = [
        "postfach", "postbus", "postboks", "postbox", "box", "bp", "cedex", "casella", "apartado", "postale",
        "rue", "avenue", "via", "viale", "calle", "strasse", "street", "road", "weg", "gasse", "platz", "laan",
        "straat", "gatan", "vej",
    ]

    /// Words that count packs or portions ("1 Packung", "emballage = 16,5", "Packung enthält 16,5 Portionen",
    /// "10 porzioni"): the number beside them is a count, not a row's amount. Singular "Portion"/"portion" is left
    /// out: it heads a per-portion column; so are words of the pieces in a portion ("10 Stück (25 g)", "2 sachets"),
    /// which head a portion column too (a first version with "Stück" lost a column header, FoodLabel large 0408).
    static let packCountWords: Set<String> = [
        "packung", "packungen", "packungsinhalt", "emballage", "emballages", "confezione", "confezioni", "envase",
        "envases", "verpakking", "verpakkingen", "forpackning", "pakkaus", "opakowanie", "portionen", "portions",
        "porzioni", "porciones", "porcoes", "porties", "portioner", "annosta", "annoksia", "porcji",
    ]

    /// `true` when a line without row names is pack text whose bare numbers are no amounts: it holds a word of an
    /// address or of a pack/portion count (``addressWords``, ``packCountWords``), or it is a telephone number.
    /// - Parameters:
    ///   - folded: the line's folded words (``TextFolding``).
    ///   - chars: the line's characters.
    static func isPackTextWithNumbers(folded: [String], chars: [Character]) -> Bool {
        folded.contains { word in
            addressWords.contains(word) || packCountWords.contains(word)
                || (word.count > 4 && word.allSatisfy(\.isLetter) && (word.hasSuffix("strasse") || word.hasSuffix("str")))
        } || isTelephoneNumber(chars)
    }

    /// A telephone number alone on a line ("0800 86 00 60", "+41 61 555 12 34", "030/123 45 67"): only digits,
    /// spaces and "+", "/", "-", "(", ")", at least three groups of digits, the first written with a leading
    /// zero and at least three digits ("0800", "030") or after "+". No amount is written so (an amount has no
    /// leading zero before further digits, and a row of amounts has separators or units).
    static func isTelephoneNumber(_ chars: [Character]) -> Bool {
        guard chars.allSatisfy({ $0.isASCII && ($0.isNumber || " +/-()".contains($0)) }) else { return false }
        let groups = String(chars).split(whereSeparator: { !$0.isNumber })
        guard groups.count >= 3, let first = groups.first else { return false }
        let international = String(chars).trimmingCharacters(in: .whitespaces).hasPrefix("+")
        return international || (first.count >= 3 && first.hasPrefix("0"))
    }
}
