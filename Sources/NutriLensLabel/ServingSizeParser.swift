import Foundation

/// Reads the serving size out of a column header or a "Serving size" line: "per 30 g", "Portion (30 g)",
/// "pro Portion à 30 g", "Serving size 1 cup (228g)", "per ½ pack", "1 portion = 2 biscuits (25 g)".
enum ServingSizeParser {
    static func parse(_ text: String, quantities: [ScannedQuantity]) -> ServingSize? {
        // Prefer a gram/ml amount that is not the per-100 column.
        if let amount = quantities.first(where: {
            $0.qualifier == nil && $0.headerBasis() == .perServing && $0.value > 0
        }) {
            let unit = amount.isVolume ? "ml" : "g"
            var quantity = amount.value
            if amount.isVolume, amount.text.lowercased().hasSuffix("cl") { quantity *= 10 }
            if amount.isVolume, amount.text.lowercased().hasSuffix("l"), !amount.text.lowercased().hasSuffix("ml"),
               !amount.text.lowercased().hasSuffix("cl") { quantity *= 1000 }
            return ServingSize(text: describe(text, around: amount), quantity: quantity, unit: unit)
        }
        // "per ½ pack", "per serve (1 bar)": keep the words after the serving keyword.
        let lowered = text.lowercased()
        for keyword in ["serving size", "per ", "pro ", "pour ", "par ", "portion", "serve"] {
            if let range = lowered.range(of: keyword) {
                let rest = text[range.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
                if !rest.isEmpty, rest.count <= 40, rest.contains(where: { $0.isNumber || "½¼¾⅓".contains($0) }) {
                    return ServingSize(text: rest)
                }
            }
        }
        return nil
    }

    /// The printed serving description: the words between the serving keyword and the amount ("1 cup (228g)"),
    /// or the amount alone ("30 g").
    private static func describe(_ text: String, around amount: ScannedQuantity) -> String {
        let chars = Array(text)
        var end = amount.end
        let before = String(chars[0..<amount.start])
        let lowered = before.lowercased()
        var from = amount.start
        for keyword in ["serving size", "size", "portion", "serving", "per ", "pro ", "pour ", "par ", "serve"] {
            if let range = lowered.range(of: keyword, options: .backwards) {
                let offset = lowered.distance(from: lowered.startIndex, to: range.upperBound)
                if offset <= amount.start { from = offset }
                break
            }
        }
        var prefix = String(chars[from..<amount.start])
        prefix = prefix.trimmingCharacters(in: CharacterSet(charactersIn: " :=à-"))
        if prefix == "(" || prefix.count > 30 { prefix = "" }
        if prefix.hasSuffix("("), end < chars.count, chars[end] == ")" { end += 1 }
        let amountText = String(chars[amount.start..<end])
        let joined = prefix.isEmpty ? amountText : prefix + (prefix.hasSuffix("(") ? "" : " ") + amountText
        return joined.trimmingCharacters(in: .whitespaces)
    }
}
