import Foundation

/// Units after an amount: the unit words of the supported languages and their OCR misreads.
extension NumberGrammar {
    /// A unit read after an amount (``scanUnit(_:at:)``): the unit, or that it was a %, a volume or a cut-short
    /// energy unit; `end` is the index just past it.
    struct UnitScan {
        var unit: NutrientUnit?
        var isPercent = false
        var isVolume = false
        var isEnergyOfUnknownUnit = false
        var end: Int
    }

    /// `true` when the word after `start` (up to two spaces) is an international unit: "IU", "I.U.", "UI" (FR/ES/IT),
    /// "I.E." (DE Internationale Einheiten; without its points "ie" is OCR debris as often as a unit).
    /// The index just past an international unit after `start`, or `nil` (see the rules above).
    static func internationalUnitEnd(_ chars: [Character], at start: Int) -> Int? {
        var index = start
        while index < chars.count, chars[index] == " ", index - start < 2 { index += 1 }
        var word = ""
        while index < chars.count, chars[index].isLetter || chars[index] == "." {
            word.append(chars[index])
            index += 1
        }
        let letters = word.lowercased().filter { $0 != "." }
        return ["iu", "ui"].contains(letters) || (letters == "ie" && word.contains(".")) ? index : nil
    }

    /// Reads a unit after optional spaces: kJ, kcal, Cal, g, mg, µg, mcg, ml, l, %.
    static func scanUnit(_ chars: [Character], at start: Int) -> UnitScan? {
        var index = start
        var spaces = 0
        while index < chars.count, chars[index] == " ", spaces < 2 {
            index += 1
            spaces += 1
        }
        guard index < chars.count else { return nil }
        // "645 l kcal": a stray stroke (a rule or the "/" of "kJ/kcal" read as l, I or |) between the number and
        // its energy unit.
        if spaces > 0, "lI|".contains(chars[index]), index + 1 < chars.count, chars[index + 1] == " ",
           let unit = scanUnit(chars, at: index + 1), unit.unit?.isEnergy == true {
            return unit
        }
        if chars[index] == "%" {
            // "Calories 140 % Daily Value": the "%" starts the panel's column heading beside the amount.
            var next = index + 1
            while next < chars.count, chars[next] == " " { next += 1 }
            let word = String(chars[next...].prefix { $0.isLetter }).lowercased()
            if ["daily", "dally", "dv"].contains(word) { return nil }
            return UnitScan(isPercent: true, end: index + 1)
        }
        var letters = ""
        var cursor = index
        while cursor < chars.count, chars[cursor].isLetter || chars[cursor] == "µ" || chars[cursor] == "μ",
              letters.count < 12 {
            letters.append(chars[cursor])
            cursor += 1
        }
        // The unit must end at a word boundary ("g" in "gesättigt" is not a unit).
        let boundary = cursor >= chars.count || !chars[cursor].isLetter
        // "524 K ca": kcal split by a space (a k cut short would read kJ or kcal from the ratio; "ca" settles it).
        // "545k kcal": the k doubled, once glued to the number (Textract, FoodLabel full photos 0369, 0418; read
        // as a kJ-or-kcal cell of its own, the per-serving kcal became the per-100 g one).
        if boundary, letters.lowercased() == "k", cursor + 2 < chars.count, chars[cursor] == " " {
            var end = cursor + 1
            var word = ""
            while end < chars.count, chars[end].isLetter, word.count < 5 {
                word.append(chars[end])
                end += 1
            }
            if ["ca", "cal", "cai", "cals", "kcal", "kcals"].contains(word.lowercased()),
               end >= chars.count || !chars[end].isLetter {
                return UnitScan(unit: .kilocalorie, end: end)
            }
        }
        guard !letters.isEmpty, boundary else {
            // "kJ1239": unit glued to the next number is still a unit.
            if !letters.isEmpty, cursor < chars.count, isDigit(chars[cursor]) {
                return unitFromLetters(letters, end: cursor)
            }
            return nil
        }
        return unitFromLetters(letters, end: cursor)
    }

    /// The unit when `word` is exactly a milligram or microgram unit word ("mg", "mcg", "µg", OCR's "meg"),
    /// else `nil`: for units printed apart from their amount.
    static func smallMassUnit(word: String) -> NutrientUnit? {
        let unit = massUnit(word: word)
        return unit == .milligram || unit == .microgram ? unit : nil
    }

    /// The unit when `word` is exactly a mass unit word ("g", "mg", "µg", "mcg", OCR's "q" for g), else `nil`: a
    /// unit printed (or left by OCR) apart from any amount.
    static func massUnit(word: String) -> NutrientUnit? {
        guard let unit = unitFromLetters(word, end: word.count)?.unit, unit.grams != nil else { return nil }
        return unit
    }

    private static func unitFromLetters(_ letters: String, end: Int) -> UnitScan? {
        switch letters.lowercased() {
        case "kj", "kl", "kjoule", "kjoules", "kilojoule", "kilojoules": return UnitScan(unit: .kilojoule, end: end)
        case "k": return UnitScan(isEnergyOfUnknownUnit: true, end: end)
        // "Calories" stays a row name ("100 Calories from Fat 0"), never a unit.
        // "kcol", "keal", "kral": OCR misreads of kcal seen in Tesseract output of real photos. "kkal": Indonesian
        // and Malay labels ("Energi total 150 kkal", BPOM "Informasi Nilai Gizi").
        case "kcal", "kcai", "kca", "kcals", "cal", "cals", "kcol", "keal", "kral", "kilocalorie", "kilocalories",
             "kilokalorien", "kkal", "kilokalori":
            return UnitScan(unit: .kilocalorie, end: end)
        // "gm", "gms": Indian (FSSAI) and some US labels ("Protein 3.2 gm", "per 100 gm").
        case "g", "q", "gr", "grs", "gm", "gms", "gram", "grams", "gramm", "gramos", "grammi", "grammes", "gramme",
             "grammo", "gramas":
            return UnitScan(unit: .gram, end: end)
        // Product sheets (GS1/GDSN exports) spell the unit out: "97 Milligram", "389 Microgram".
        // "170ma": the g's descender lost.
        case "mg", "ma", "milligram", "milligrams", "milligramm", "milligramme", "milligrammes", "miligramos", "milligrammi",
             "miligramas":
            return UnitScan(unit: .milligram, end: end)
        // "3.4 pg": µ read as p (no label prints picograms); "0meg", "2mcq": the c read as e, the g as q.
        case "µg", "μg", "mcg", "meg", "mcq", "ug", "pg", "microgram", "micrograms", "mikrogramm", "microgramme", "microgrammes",
             "microgramos", "microgrammi", "microgramas", "mikrogram":
            return UnitScan(unit: .microgram, end: end)
        case "ml", "l", "cl": return UnitScan(isVolume: true, end: end)
        default: return spelledUnitMisread(letters, end: end)
        }
    }

    /// Spelled-out units as OCR damages them ("Miligram", "iligram", "Miligam", "Microgam", "Kilojoul"): a word of
    /// six or more letters within two edits of a spelled unit. Product sheets (GS1/GDSN exports) print the unit in
    /// full after every amount, so a lost letter turned a micronutrient's mg amount into grams.
    private static func spelledUnitMisread(_ letters: String, end: Int) -> UnitScan? {
        let word = letters.lowercased()
        guard word.count >= 6 else { return nil }
        let spelled: [(String, NutrientUnit)] = [("milligram", .milligram), ("microgram", .microgram),
                                                 ("kilojoule", .kilojoule), ("kilocalorie", .kilocalorie)]
        for (name, unit) in spelled where TextFolding.editDistance(word, name, limit: 2) <= 2
            || (word.hasSuffix("s") && TextFolding.editDistance(String(word.dropLast()), name, limit: 2) <= 2) {
            return UnitScan(unit: unit, end: end)
        }
        return nil
    }
}
