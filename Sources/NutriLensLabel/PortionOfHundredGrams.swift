import Foundation

// A value column headed by a portion that weighs exactly 100 g or 100 ml ("Typical values | ⅕ of a pot (100g)
// contains | %RI", "pro Portion (100 ml)"). Regulation 1169/2011 Art. 32–33 asks for per 100 g / 100 ml and allows per
// portion in addition; a portion of 100 g is both, so the one column gives both.
extension ColumnLayout {
    /// `true` when a header line prints 100 g or 100 ml in brackets, not after "per" ("(100g)", OCR's "(1o0g)"), and
    /// that line or the header line above it names the portion: a serving word ("portion", "serving") or a
    /// household measure ("pot", "tub", "cup"). "per 100 g" names the per-100 g column alone; a bracketed 100 g after
    /// a portion word is the portion's weight.
    /// Either line may be prose to the line analysis ("Typical values ⅕ of a pot % RI* for an", "(100g) contains
    /// RI* average adult": a header row joined across its columns with the %RI column's heading); only their words
    /// are read.
    /// - Parameter zone: the header zone's lines without row names, in reading order.
    static func namesPortionOfHundred(_ zone: [LineAnalysis]) -> Bool {
        for (index, line) in zone.enumerated() {
            let chars = Array(line.text)
            guard let hundred = line.quantities.first(where: { $0.isHundredGramsOrMillilitres && $0.isBracketed })
            else { continue }
            let before = LineAnalyzer.words(Array(chars[..<hundred.start]))
            if let last = before.last, Lexicon.perWords.contains(last.folded) {
                continue
            }
            let above = index > 0 && zone[index - 1].lineIndex == line.lineIndex - 1 ? [zone[index - 1].text] : []
            let namesPortion = ([String(chars[..<hundred.start])] + above).contains { text in
                let words = LineAnalyzer.words(Array(text)).map(\.folded)
                return words.contains { Lexicon.servingWords.contains($0) || Lexicon.householdMeasureWords.contains($0) }
                    && !words.contains("servings")
            }
            if namesPortion { return true }
        }
        return false
    }
}

extension TableBuilder {
    /// The per-serving twins of a portion-of-100-g column's entries: when ``ColumnLayout/portionOfHundred`` and the
    /// table has per-100 g entries as sold but none per serving, each per-100 g entry again under `perServing`
    /// (same value, unit and confidence; review evidence is attached afterwards, as for every entry). Tables with a
    /// per-serving column of their own are left alone.
    static func portionOfHundredEntries(_ entries: [NutritionEntry], layout: ColumnLayout) -> [NutritionEntry] {
        guard layout.portionOfHundred, !layout.isUSStyle,
              !entries.contains(where: { $0.basis == .perServing && $0.preparation == .asSold }) else { return [] }
        return entries.filter { $0.basis == .per100g && $0.preparation == .asSold }.map { entry in
            var twin = entry
            twin.basis = .perServing
            return twin
        }
    }
}
