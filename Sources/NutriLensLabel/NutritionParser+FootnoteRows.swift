import Foundation

// The US %DV footnote table read without its "Calories 2,000 2,500" heading (condensed print, a crease, the heading
// cut off by the crop): its rows ("Sat Fat Less than 20g 25g", "Protein 50g 65g") then look like table rows and
// their reference amounts became the food's values (saturated fat 20 g, protein 50 g, cholesterol 300 mg).
extension NutritionParser {
    /// The amounts each nutrient's row of the footnote table prints, for the 2,000 and 2,500 kcal diets (21 CFR
    /// 101.9(d)(9); protein and potassium on older labels), as digit strings ("2400" for "2,400mg").
    static let footnoteReferenceAmounts: [Nutrient: Set<String>] = [
        .fat: ["65", "80"], .saturatedFat: ["20", "25"], .cholesterol: ["300"], .sodium: ["2400"],
        .carbohydrates: ["300", "375"], .fiber: ["25", "30"], .proteins: ["50", "65"], .potassium: ["3500"],
    ]

    /// A footnote amount's digits with the "g" OCR read as a trailing 9 left out ("659" → "65", "3759" → "375") when
    /// what remains is one of `references`; else `digits` as they are.
    static func footnoteDigits(_ digits: String, references: Set<String>) -> String {
        digits.count > 2 && digits.hasSuffix("9") && references.contains(String(digits.dropLast()))
            ? String(digits.dropLast()) : digits
    }

    /// Lines of a footnote table whose heading was not read: each names one nutrient and every amount after the
    /// name is one of that nutrient's ``footnoteReferenceAmounts`` (a "g" read as 9 forgiven: "659"), and either
    /// "less than" (or an OCR form of it: "less tan", "les than") stands before the first amount, or the line holds
    /// two amounts that are the nutrient's reference pair ("50g 65g"; "300mg 300mg" for a single reference). A real
    /// row is never declared as "less than 20 g", and never at both diets' references at once. At least two such
    /// lines are needed (the footnote lists four to seven rows), so one coincidence cannot drop a real row.
    /// `excluding`: lines already known to be footnote lines.
    static func headerlessFootnoteLines(_ analyses: [LineAnalysis], excluding known: Set<Int>) -> Set<Int> {
        let found = analyses.filter { line in
            guard !known.contains(line.lineIndex), line.mentions.count == 1, let mention = line.mentions.first,
                  let references = footnoteReferenceAmounts[mention.nutrient] else { return false }
            let amounts = line.quantities.filter { !$0.isPercent && $0.start >= mention.end }
            guard let first = amounts.first else { return false }
            let digits = amounts.map { footnoteDigits($0.text.filter(\.isNumber), references: references) }
            guard digits.allSatisfy(references.contains) else { return false }
            let pair = digits.count == 2 && (references.count == 1 ? digits[0] == digits[1] : Set(digits) == references)
            let chars = Array(line.text)
            let between = TextFolding.fold(String(chars[mention.end..<min(first.start, chars.count)]))
            let lessThan = first.qualifier == .lessThan
                || between.range(of: #"\bles+\s*t?h?[ae]n\b"#, options: .regularExpression) != nil
            return pair || lessThan
        }
        return found.count >= 2 ? Set(found.map(\.lineIndex)) : []
    }
}
