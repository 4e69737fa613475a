import Foundation

/// Values of a digit run: the printed reading and the others OCR noise allows (a separator read or dropped, the g
/// read as a trailing 9 or 8).
extension NumberGrammar {
    /// Parses a digit/separator run into a value. One kind of separator used once is a decimal separator, except
    /// that an energy value with exactly three digits after it ("1,046 kJ") is a thousands separator; with both kinds
    /// the last one is decimal ("1.234,5").
    static func parseDigits(_ digits: [Character], unit: NutrientUnit?) -> ScannedQuantity.Reading? {
        var run = digits
        while let last = run.last, isSeparator(last) { run.removeLast() }
        if run.first.map(isSeparator) == true { run.insert("0", at: 0) }
        guard !run.isEmpty else { return nil }
        let separatorPositions = run.indices.filter { isSeparator(run[$0]) }
        var integerPart: [Character]
        var fractionPart: [Character] = []
        if separatorPositions.isEmpty {
            integerPart = run
        } else {
            let kinds = Set(separatorPositions.map { run[$0] })
            let last = separatorPositions.last!
            let afterLast = run.count - last - 1
            let thousandsOnly = (kinds.count == 1 && separatorPositions.count > 1)
                || (kinds.count == 1 && afterLast == 3 && (unit?.isEnergy ?? false) && run[0] != "0")
            if thousandsOnly {
                integerPart = run.filter(isDigit)
            } else {
                integerPart = run[..<last].filter(isDigit)
                fractionPart = Array(run[(last + 1)...])
            }
        }
        if integerPart.isEmpty { integerPart = ["0"] }
        let literal = String(integerPart) + (fractionPart.isEmpty ? "" : "." + String(fractionPart))
        guard let value = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
        return ScannedQuantity.Reading(value: value, unit: unit, repairs: [], fractionDigits: fractionPart.count)
    }

    /// Readings the printed run also allows: the other meaning of a lone separator, and (for plain digit runs) a
    /// decimal separator OCR may have dropped.
    static func alternativeReadings(digits: [Character], primary: ScannedQuantity.Reading,
                                    unit: NutrientUnit?) -> [ScannedQuantity.Reading] {
        var readings: [ScannedQuantity.Reading] = []
        let separators = digits.filter(isSeparator)
        if separators.count == 1 {
            // "1,046" without unit: 1.046 or 1046.
            let joined = digits.filter(isDigit)
            if joined.first != "0", let thousands = parseDigits(joined, unit: unit), thousands.value != primary.value {
                var reading = thousands
                reading.repairs = [.removedDecimalSeparator]
                readings.append(reading)
            }
            if let decimal = parseDigits(digits, unit: nil), decimal.value != primary.value {
                readings.append(ScannedQuantity.Reading(value: decimal.value, unit: unit, repairs: [],
                                                        fractionDigits: decimal.fractionDigits))
            }
        } else if separators.isEmpty, digits.count >= 2 {
            for split in 1..<digits.count where digits.count - split <= 2 {
                var withSeparator = digits
                withSeparator.insert(".", at: split)
                if let reading = parseDigits(withSeparator, unit: unit) {
                    readings.append(ScannedQuantity.Reading(value: reading.value, unit: unit,
                                                            repairs: [.insertedDecimalSeparator],
                                                            fractionDigits: reading.fractionDigits))
                }
            }
        }
        return readings
    }

    /// "129" → 12 g, "0,29" → 0.2 g, "09" → 0 g: a trailing 9 that was the unit g. "08" → 0 g too: no label
    /// prints a leading zero before a whole number, and "0g" read as "08" is one misread glyph.
    static func nineAsGramReadings(digits: [Character]) -> [ScannedQuantity.Reading] {
        // "0,198" for salt "0,19g", "4,78" for "4,7 g": a g read as 8 after the decimals. Only a reading: the table
        // weighs it (`TableBuilder.cost`), and a decimal count the rounding guidance allows keeps the printed
        // reading (salt "0,08" conforms; "4,78" of carbohydrate does not, "4,7" does). Session 21: rendered labels
        // in LiberationSerif read "1,78" / "0,28" / "7.78" for "1,7 g" / "0,2 g" / "7,7 g" (seed 2101: 7 of 12
        // lost fields), and Tesseract read timovirtaneva testLabelFI1's "2,0g 3,0g" as "2,08 3,08".
        let eightAfterDecimal = digits.last == "8" && digits.lastIndex(where: isSeparator).map { digits.count - $0 >= 3 } == true
        guard digits.count >= 2, digits.last == "9" || digits == ["0", "8"] || eightAfterDecimal else { return [] }
        let trimmed = Array(digits.dropLast())
        guard let last = trimmed.last, !isSeparator(last) || trimmed.count > 1,
              var reading = parseDigits(trimmed, unit: .gram) else { return [] }
        reading.repairs = [.nineAsGram]
        var readings = [reading]
        // "799" for "7,9g": the g read as 9 and the separator dropped; one decimal, as labels print.
        if trimmed.count >= 2, !trimmed.contains(where: isSeparator) {
            var withSeparator = trimmed
            withSeparator.insert(".", at: trimmed.count - 1)
            if var both = parseDigits(withSeparator, unit: .gram) {
                both.repairs = [.nineAsGram, .insertedDecimalSeparator]
                readings.append(both)
            }
        }
        return readings
    }
}
