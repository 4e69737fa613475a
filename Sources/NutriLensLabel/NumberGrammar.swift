import Foundation

/// A number found in label text, with its unit, qualifier and any alternative readings that OCR noise allows.
struct ScannedQuantity: Sendable, Hashable {
    /// One reading of the printed characters.
    struct Reading: Sendable, Hashable {
        var value: Decimal
        var unit: NutrientUnit?
        var repairs: [ValueRepair]
        /// Digits after the decimal separator in this reading (printed precision).
        var fractionDigits: Int
    }

    /// The preferred reading (clean parse, or the repair the grammar alone can justify).
    var primary: Reading
    /// Other readings that consistency checks may prefer (thousands vs decimal, trailing "9" as "g", …).
    var alternatives: [Reading]
    var qualifier: ValueQualifier?
    /// `true` for "%" values (reference intake or percent daily value), never an amount.
    var isPercent: Bool
    /// `true` when the unit is ml/l (serving sizes and column headers only).
    var isVolume: Bool
    /// `true` for an energy unit OCR cut short ("758 k)"): kJ or kcal is decided by the kJ/kcal ratio.
    var isEnergyOfUnknownUnit = false
    /// `true` when an opening bracket precedes the number ("(180 kcal)").
    var isBracketed = false
    /// `true` for "100 g" / "100 ml" used as a column header ("per 100 g", "100g Kohlenhydrate …").
    var isHeaderAmount = false
    /// `true` for an amount in international units ("400 IU"): activity, not mass; see ``TableBuilder/candidate``.
    var isInternationalUnits = false
    /// `true` for a bare one-digit figure written as a household fraction with another ("1/2 Dose", "3/4 cup": the
    /// slash right between the two digits): a share of the pack in side text, never a table's amount. Set by
    /// ``NumberGrammar/isFractionDigit(_:in:)``.
    var isFractionDigit = false
    /// `true` for an amount of exactly 100 g or 100 ml (``headerBasis(bareHundred:)`` per 100 g, no qualifier).
    var isHundredGramsOrMillilitres: Bool { qualifier == nil && headerBasis() == .per100g }
    /// Character offsets of the number (including qualifier and unit) in its line.
    var start: Int
    var end: Int
    /// The characters as printed.
    var text: String

    var value: Decimal { primary.value }
    /// ``value`` as a `Double`, for ratio and consistency arithmetic (the grammar keeps amounts as `Decimal`).
    var doubleValue: Double { value.asDouble }

    /// A bare "1" (or "I", "l", "|" read as one) with no unit: often a column rule, not a value.
    var isSeparatorLike: Bool {
        isBare && !isEnergyOfUnknownUnit
            && ["1", "I", "l", "|"].contains(text.trimmingCharacters(in: .whitespaces))
    }
    var unit: NutrientUnit? { primary.unit }
}

extension ScannedQuantity {
    /// `true` for a figure printed bare: no unit (read or assigned), no qualifier ("<", trace) and no "%". In a
    /// table such a figure is an amount whose unit stands elsewhere (a unit column, the row name), a %RI figure
    /// whose "%" OCR lost, or a unit read as a digit (a "g" as 9, ``isLoneNine``).
    var isBare: Bool { unit == nil && qualifier == nil && !isPercent }

    /// `true` for a bare figure printed exactly "9": how OCR reads a "g" that stands apart from its amount (units
    /// printed after the amounts or in a column of their own, a row whose figure OCR lost). Whether this one is such
    /// a g is for the caller's layout test to decide (``TableBuilder/droppingDetachedGramNines(_:typicalCount:)``,
    /// ``TableBuilder/droppingGramColumnNines(_:)``, ``TableBuilder/leaveOutLoneNinesTheEnergyDenies``).
    var isLoneNine: Bool { text == "9" && isBare }

    /// 8400 kJ / 2000 kcal, the reference intake of an average adult (Regulation (EU) 1169/2011 Annex XIII Part B),
    /// and 8700 kJ, Australia/New Zealand's ("Percentage daily intakes are based on an average adult diet of 8700
    /// kJ", FSANZ Standard 1.2.8): the footnote's figure or the %RI column's heading, never the food's energy. A
    /// value with a cut-off unit ("8400 k") counts as kJ.
    var isReferenceIntakeEnergy: Bool {
        ((unit == .kilojoule || isEnergyOfUnknownUnit) && [8400, 8700].contains(value))
            || (unit == .kilocalorie && value == 2000)
    }
}

/// Number grammar for label values: decimal comma or point, leading separator (",5" → 0.5), thousands separators,
/// "<", "less than" and its translations, trace words, units (g, mg, µg/mcg, kJ, kcal, Cal, ml, %), and the
/// letter-for-digit confusions OCR makes inside numeric cells.
enum NumberGrammar {
    private static let digitLetters: [Character: Character] = ["O": "0", "o": "0", "l": "1", "I": "1",
                                                                "|": "1", "S": "5", "B": "8"]

    /// Phrases meaning "less than" before a number (folded words). "not more than" is an upper bound too (Indian
    /// FSSAI tables: "Trans fatty acids not more than 0.2 g"); the sidecars record such bounds as "<".
    private static let lessThanPhrases: [[String]] = [
        "less than", "not more than", "no more than", "moins de", "weniger als", "menos de", "meno di", "minder dan", "mniej niz", "mindre an",
        "mindre end", "inferieur a", "under",
    ].map { TextFolding.words($0) }

    /// Words printed instead of a number for negligible amounts; value 0 with the trace qualifier.
    static let traceWords: Set<String> = [
        "trace", "traces", "spuren", "spur", "tracce", "traccia", "trazas", "traza", "sporen", "spoor", "slady",
        "spar", "spor", "vestigios", "nil", "hivenia", "stopy",
    ]

    /// Finds every quantity in `characters` (one line).
    /// - Parameter gluedStarts: offsets right after a row name where a number may follow without a space
    ///   ("Fat3.2g"); elsewhere a number glued to letters is part of a code ("E330", "B12").
    static func scan(_ characters: [Character], gluedStarts: Set<Int> = []) -> [ScannedQuantity] {
        var results: [ScannedQuantity] = []
        var index = 0
        while index < characters.count {
            if var quantity = scanNumber(characters, at: index, glued: gluedStarts.contains(index)) {
                quantity.isFractionDigit = isFractionDigit(quantity, in: characters)
                results.append(quantity)
                index = max(quantity.end, index + 1)
            } else if isDigit(characters[index]) {
                // Skip the rest of a rejected digit run so "3.2" in "E3.2" does not yield "2".
                index += 1
                while index < characters.count, isDigit(characters[index]) || isSeparator(characters[index]) {
                    index += 1
                }
            } else {
                index += 1
            }
        }
        return results
    }

    static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isNumber }
    static func isSeparator(_ character: Character) -> Bool { character == "." || character == "," }

    /// Tries to read a number starting exactly at `start`.
    private static func scanNumber(_ chars: [Character], at start: Int, glued: Bool = false) -> ScannedQuantity? {
        let first = chars[start]
        let startsWithDigit = isDigit(first)
        let startsWithSeparator = isSeparator(first) && start + 1 < chars.count && isDigit(chars[start + 1])
            && (start == 0 || !isDigit(chars[start - 1]) && !chars[start - 1].isLetter && !isSeparator(chars[start - 1]))
        let startsWithLetterDigit = digitLetters[first] != nil
        guard startsWithDigit || startsWithSeparator || startsWithLetterDigit else { return nil }
        // Never start inside a digit run the scanner already rejected ("E330" must not yield "30").
        if start > 0, isDigit(chars[start - 1]) { return nil }
        // A number glued to a preceding letter is part of a code ("E330", "B12", "Omega3"), not a value —
        // except a unit or a "/" read as "l" ("kJl239") which the energy repair handles.
        if start > 0, chars[start - 1].isLetter, !startsWithSeparator, !glued, !followsEnergyUnit(chars, at: start),
           !followsPerWord(chars, at: start) {
            return nil
        }
        // "T.4.": a number right after a separator that follows a letter is OCR debris, not a cell.
        // A row name ended by a full stop with a unit after the number ("Salz.4,0 g") is a cell, though.
        if start > 1, isSeparator(chars[start - 1]), chars[start - 2].isLetter,
           !followsEnergyUnit(chars, at: start - 1), !isNameThenMassCell(chars, separatorAt: start - 1) { return nil }
        var repairs: [ValueRepair] = []
        var digits: [Character] = []   // the numeric run after letter repairs
        var index = start
        while index < chars.count {
            let character = chars[index]
            if isDigit(character) || isSeparator(character) {
                digits.append(character)
            } else if let digit = digitLetters[character], letterIsDigit(chars, at: index, runStart: start) {
                digits.append(digit)
                repairs.append(.letterAsDigit)
            } else if character == " ", index + 4 < chars.count, digits.count <= 3, !digits.contains(where: isSeparator),
                      isDigit(chars[index + 1]), isDigit(chars[index + 2]), isDigit(chars[index + 3]),
                      !(index + 4 < chars.count && isDigit(chars[index + 4])),
                      energyUnitFollows(chars, at: index + 4) {
                // "1 046 kJ", "8 400 kJ": a space as thousands separator, only before an energy unit.
                digits.append(",")
                digits.append(contentsOf: chars[(index + 1)...(index + 3)])
                index += 4
                continue
            } else {
                break
            }
            index += 1
        }
        // A lone letter-digit ("O g") is a number only when a unit follows; otherwise it is a word.
        guard digits.contains(where: isDigit) else { return nil }
        if !digits.contains(where: { _ in true }) { return nil }
        let hasRealDigit = chars[start..<index].contains(where: isDigit) || (index == start + 1 && index == chars.count)
        // A single digit and a decimal comma making up the whole line ("0,", "3,"): a decimal whose digits after the
        // comma were cut off at the crop's edge ("0,88 g" read "0,"), no amount (FoodLabel crops 0233, 0052, session 20).
        if isCutOffDecimal(chars, digits: digits, start: start, end: index) { return nil }
        // Trailing separators ("389.") are punctuation.
        var end = index
        while let last = digits.last, isSeparator(last) {
            digits.removeLast()
            end -= 1
        }
        // The number must not run into a word ("12abc"): letters after it must form a unit.
        var unitScan = scanUnit(chars, at: end)
        // "8.1.8": a second separator before one last 8 or 9 is no thousands group (those have three digits); the
        // "g" was read as that digit after a stray point. The value is the run before it, in grams.
        if unitScan == nil, digits.filter(isSeparator).count >= 2, digits.count >= 4,
           isSeparator(digits[digits.count - 2]), digits.last == "8" || digits.last == "9" {
            digits.removeLast(2)
            unitScan = UnitScan(unit: .gram, end: end)
            repairs.append(.nineAsGram)
        }
        if !hasRealDigit && unitScan == nil { return nil }
        // "Vitamin D 400 IU": international units measure activity, not mass; the amount is kept apart so that only
        // vitamin D (one factor) is converted (TableBuilder.candidate).
        let internationalUnitsEnd = unitScan == nil ? internationalUnitEnd(chars, at: end) : nil
        // A number glued to a word is part of it; so is a count glued to its multiplication sign ("4x", "2× 30 g",
        // "1x = 49.5 ml": packs, portions, pieces), no cell: a pack text "4x" after the salt row's name had become
        // salt's value (FoodLabel full 0151, session 20).
        if unitScan == nil, internationalUnitsEnd == nil, end < chars.count,
           chars[end].isLetter || isMultiplicationSign(chars, at: end) {
            return nil
        }
        // "© 2017 MONSTER ENERGY COMPANY": a copyright year, next to a word that names the energy row.
        var beforeStart = start - 1
        while beforeStart >= 0, chars[beforeStart] == " " { beforeStart -= 1 }
        if beforeStart >= 0, chars[beforeStart] == "©" { return nil }
        // "Glucides (9)": the row name's unit "(g)" with the g read as 9 is no amount.
        if digits == ["9"], start > 0, chars[start - 1] == "(", end < chars.count, chars[end] == ")" { return nil }
        // "001 g", "005 g": a salt or saturates cell whose decimal separator OCR dropped ("0,01 g"); no label prints
        // two leading zeros, so with a mass unit the only reading is the one with the separator after the first zero.
        var droppedSeparator = false
        if digits.count == 3, digits[0] == "0", digits[1] == "0", isDigit(digits[2]),
           let unit = unitScan?.unit, unit.grams != nil {
            digits.insert(".", at: 1)
            droppedSeparator = true
        }
        // "00500": two leading zeros before more digits is a code or a barcode fragment, never a label value.
        if !droppedSeparator, digits.count >= 3, digits[0] == "0", digits[1] == "0", isDigit(digits[2]) { return nil }
        // Six or more digits with no separator: a barcode, lot or phone number. No amount on a label is that long
        // (energy stays below 4000 kJ per 100 g; 12500 mg is five digits).
        if digits.count >= 6, !digits.contains(where: isSeparator) { return nil }
        guard var reading = parseDigits(digits, unit: unitScan?.unit) else { return nil }
        reading.repairs = repairs + (droppedSeparator ? [.insertedDecimalSeparator] : [])
        var alternatives = alternativeReadings(digits: digits, primary: reading, unit: unitScan?.unit)
        if unitScan?.unit == nil, unitScan?.isPercent != true, internationalUnitsEnd == nil {
            alternatives += nineAsGramReadings(digits: digits)
        }
        var quantity = ScannedQuantity(
            primary: reading, alternatives: internationalUnitsEnd == nil ? alternatives : [], qualifier: nil,
            isPercent: unitScan?.isPercent ?? false, isVolume: unitScan?.isVolume ?? false,
            isEnergyOfUnknownUnit: unitScan?.isEnergyOfUnknownUnit ?? false,
            start: start, end: unitScan?.end ?? internationalUnitsEnd ?? end, text: "")
        quantity.isInternationalUnits = internationalUnitsEnd != nil
        if let (qualifierStart, qualifier) = lessThanBefore(chars, at: start) {
            quantity.qualifier = qualifier
            quantity.start = qualifierStart
            // A printed "<" bound is read as printed; OCR repair hypotheses do not apply to it, except the one the
            // grammar alone justifies: no label prints "<05 g", the bound is "<0,5 g" with its separator lost.
            quantity.alternatives = []
            if digits.count == 2, digits[0] == "0", let digit = digits[1].wholeNumberValue, digit > 0,
               quantity.unit?.isEnergy != true, !quantity.isPercent {
                quantity.primary.value = Decimal(digit) / 10
                quantity.primary.fractionDigits = 1
                quantity.primary.repairs.append(.insertedDecimalSeparator)
            } else if unitScan == nil, internationalUnitsEnd == nil,
                      let bound = lessThanBoundWithNineAsGram(digits: digits) {
                // "<0,59": the bound is one of the printed round figures and its g was read as 9.
                quantity.primary = bound
            }
        }
        quantity.text = String(chars[quantity.start..<quantity.end])
        var before = quantity.start - 1
        while before >= 0, chars[before] == " " { before -= 1 }
        quantity.isBracketed = before >= 0 && (chars[before] == "(" || chars[before] == "[")
        return quantity
    }

    /// A letter counts as a digit only inside a numeric run: between digits/separators, or a leading O/o/l/I
    /// directly before a digit or separator, or O/o directly after digits ("1O g").
    private static func letterIsDigit(_ chars: [Character], at index: Int, runStart: Int) -> Bool {
        let character = chars[index]
        let previous: Character? = index > 0 ? chars[index - 1] : nil
        let next: Character? = index + 1 < chars.count ? chars[index + 1] : nil
        let previousNumeric = previous.map { isDigit($0) || isSeparator($0) } ?? false
        let nextNumeric = next.map { isDigit($0) || isSeparator($0) } ?? false
        if index == runStart {
            guard "OoIl".contains(character) else { return false }
            if previous?.isLetter == true { return false }
            if "Oo".contains(character) {
                // "O,5", "O g", "O" alone in a cell.
                if nextNumeric { return next.map(isSeparator) == true || next.map(isDigit) == true }
                // A lone "O" ends the line (a value cell) or precedes a unit ("Og", "Omg": US panels' zeros).
                return next == nil || next == " " || next == "g" || massUnitFollows(chars, at: index + 1)
            }
            if next.map(isDigit) == true { return true }
            // "l.lg", "I,5 g": a one with a separator after it, then a digit or another one (1.1 g on a rotated page).
            guard let next, isSeparator(next), index + 2 < chars.count else { return false }
            let afterSeparator = chars[index + 2]
            return isDigit(afterSeparator) || "Il".contains(afterSeparator)
        }
        if previousNumeric && nextNumeric { return true }
        // The fraction digit of "l.lg" / "0,l g": a one after a separator that follows a digit or a one, ending the
        // number before a mass unit, a space or the line end.
        if "Il".contains(character), let previous, isSeparator(previous), index >= 2,
           isDigit(chars[index - 2]) || "Il".contains(chars[index - 2]),
           next == nil || next == " " || next == "g" || massUnitFollows(chars, at: index + 1) {
            return true
        }
        if previousNumeric, "Oo".contains(character), next.map({ !$0.isLetter || $0 == "g" }) ?? true { return true }
        if isFractionLetterBeforeUnit(chars, at: index, runStart: runStart) { return true }
        return zerosReadAsLetters(chars, at: index, runStart: runStart)
    }

    /// The letters directly before `start` when they form a whole word of at most five letters ("kJ" in
    /// "kJ1239", "pro" in "pro100ml"), else `nil`.
    private static func gluedWord(_ chars: [Character], before start: Int) -> String? {
        var index = start
        var letters = ""
        while index > 0, chars[index - 1].isLetter, letters.count < 5 {
            letters = String(chars[index - 1]) + letters
            index -= 1
        }
        guard !letters.isEmpty, index == 0 || !chars[index - 1].isLetter else { return nil }
        return letters.lowercased()
    }

    /// "pro100ml", "per100g": a number glued to a per-word is a column header amount.
    private static func followsPerWord(_ chars: [Character], at start: Int) -> Bool {
        gluedWord(chars, before: start).map { ["per", "pro", "je", "pour", "par", "por"].contains($0) } ?? false
    }

    /// "1010kJ1239kcal": a number glued to a preceding kJ/kcal unit (the "/" lost or read as "1").
    private static func followsEnergyUnit(_ chars: [Character], at start: Int) -> Bool {
        gluedWord(chars, before: start).map { ["kj", "kcal", "kcai", "j", "cal"].contains($0) } ?? false
    }

    /// "mg", "mcg" (or its misreads "meg", "mcq"), "µg" at `index`, ending the word.
    static func massUnitFollows(_ chars: [Character], at index: Int) -> Bool {
        for unit in ["mg", "mcg", "meg", "mcq", "µg", "μg"] {
            let letters = Array(unit)
            guard index + letters.count <= chars.count,
                  Array(chars[index..<(index + letters.count)]).map({ Character($0.lowercased()) }) == letters else { continue }
            let end = index + letters.count
            if end == chars.count || !chars[end].isLetter { return true }
        }
        return false
    }

    private static func energyUnitFollows(_ chars: [Character], at index: Int) -> Bool {
        guard let unit = scanUnit(chars, at: index)?.unit else { return false }
        return unit.isEnergy
    }

    /// `true` when the line is one digit and a decimal comma, spaces aside: the integer part of a decimal whose
    /// fraction digits a crop cut off. A full stop stays punctuation ("Eiweiss 8." ends a run-in sentence), and a
    /// comma after more digits or other words is a list's ("Postfach 2550,").
    private static func isCutOffDecimal(_ chars: [Character], digits: [Character], start: Int, end: Int) -> Bool {
        guard digits.count == 2, isDigit(digits[0]), digits[1] == "," else { return false }
        return chars[..<start].allSatisfy { $0 == " " } && chars[end...].allSatisfy { $0 == " " }
    }

    /// "x" or "×" glued to a number and ending the word ("4x", "2× 30 g"): the number is a count.
    private static func isMultiplicationSign(_ chars: [Character], at index: Int) -> Bool {
        let next: Character? = index + 1 < chars.count ? chars[index + 1] : nil
        return (chars[index] == "x" || chars[index] == "×") && (next == nil || next == " ")
    }

    /// `true` when the separator at `position` ends a word of three or more letters and the digits after it carry
    /// a mass unit: "Salz.4,0 g" (a name, a full stop read for the gap, the cell), unlike "T.4." or "E3.2".
    private static func isNameThenMassCell(_ chars: [Character], separatorAt position: Int) -> Bool {
        var letters = 0
        var index = position - 1
        while index >= 0, chars[index].isLetter { letters += 1; index -= 1 }
        guard letters >= 3 else { return false }
        var end = position + 1
        while end < chars.count, isDigit(chars[end]) || isSeparator(chars[end]) { end += 1 }
        guard let unit = scanUnit(chars, at: end)?.unit else { return false }
        return !unit.isEnergy
    }

    /// A "<" / "≤" / "less than" (any language) directly before the number at `start`.
    private static func lessThanBefore(_ chars: [Character], at start: Int) -> (Int, ValueQualifier)? {
        var index = start - 1
        while index >= 0, chars[index] == " " { index -= 1 }
        guard index >= 0 else { return nil }
        if chars[index] == "<" || chars[index] == "≤" || chars[index] == "‹" { return (index, .lessThan) }
        let prefixStart = max(0, index - 16)
        let prefix = String(chars[prefixStart...index])
        let words = TextFolding.words(prefix)
        for phrase in lessThanPhrases where words.count >= phrase.count && Array(words.suffix(phrase.count)) == phrase {
            // Locate the phrase start in the original text (approximate: the folded phrase length).
            let length = phrase.joined(separator: " ").count
            return (max(prefixStart, index - length + 1), .lessThan)
        }
        return nil
    }
}

extension Decimal {
    /// The value as a `Double`: the grammar's one conversion for ratio and consistency arithmetic (amounts stay
    /// `Decimal`, so printed figures keep their digits). Foundation's own `Decimal.doubleValue` is not public on Linux.
    var asDouble: Double { NSDecimalNumber(decimal: self).doubleValue }
}
