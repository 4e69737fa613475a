import Foundation
import NutriLens

/// The readable, terminal form of a result: values in the units printed on the label, the %RI/%DV where read, the
/// serving size only as an amount, and only the warnings a user can act on.
enum HumanSummary {
    /// Nutrients in label order (EU Regulation 1169/2011 Annex XV order, then US extras) for display.
    static let displayOrder = ["energy-kj", "energy-kcal", "fat", "saturated-fat", "monounsaturated-fat",
                               "polyunsaturated-fat", "trans-fat", "cholesterol", "carbohydrates", "sugars",
                               "added-sugars", "polyols", "starch", "fiber", "proteins", "salt", "sodium"]

    /// The legend printed under a table that has a value marked for review.
    static let reviewLegend = "? = check against the photo: the table's own checks (kJ/kcal, sums, %RI) could not confirm this value"

    static func describe(_ r: ScanResult) -> String {
        var lines: [String] = []
        var head = r.path ?? "(input)"
        if let w = r.width, let h = r.height { head += "  \(w)×\(h)" }
        if let kind = r.kind {
            head += "  \(kind.rawValue)"
            if let p = r.kindConfidence { head += String(format: " (%.2f)", p) }
        }
        if let total = r.timingsMs?[.total] { head += String(format: "  %.0f ms", total) }
        lines.append(head)
        if let error = r.error {
            lines.append("  ✗ \(error.kind.rawValue): \(error.message)")
        }
        for b in r.barcodes ?? [] {
            var s = "  barcode  \(b.symbology) \(b.text)"
            if let gtin = b.gtin, gtin != b.text { s += "  (GTIN-13 \(gtin))" }
            lines.append(s)
        }
        if let n = r.nutrition { lines += nutritionLines(n) }
        if let items = r.foodItems, !items.isEmpty {
            lines.append("  food     " + items.prefix(3).map { String(format: "%@ %.2f", $0.label, $0.confidence) }
                .joined(separator: ", "))
        }
        if r.nutrition == nil, r.warnings?.contains(where: { $0.code == .noTableInText }) == true {
            lines.append("  no nutrition table found")
        }
        for w in actionableWarnings(r) { lines.append("  ! \(w.message)") }
        return lines.joined(separator: "\n")
    }

    /// The warnings worth a line in the readable view: an OCR budget that cut the table short always; a barcode budget
    /// that ran out or a decoder that recovered from damage only when the photo gave neither a barcode nor a table (on
    /// a label photo without a code the budget running out is expected); never the skip that `--routing food-first`
    /// asked for, nor "no table in text" (printed as a result line). JSON keeps them all.
    static func actionableWarnings(_ r: ScanResult) -> [ScanWarning] {
        let readNothing = (r.barcodes ?? []).isEmpty && r.nutrition == nil
        return (r.warnings ?? []).filter { w in
            switch w.code {
            case .ocrBudget, .other: return true
            case .barcodeBudget, .decoder: return readNothing
            case .ocrSkippedForFood, .noTableInText: return false
            }
        }
    }

    static func nutritionLines(_ n: NutritionResult) -> [String] {
        var header = "  nutrition"
        if let lang = n.language { header += " [\(lang)]" }
        let serving = servingAmount(n)
        if let serving { header += "  serving \(serving)" }
        var lines = [header]
        let names = Set(n.nutriments.keys.map(NutritionResult.nutrientName(of:)))
        let ordered = displayOrder.filter(names.contains) + labelOrder(names.subtracting(displayOrder), in: n)
        var columns: [Column] = []
        for (suffix, title) in [("_100g", "per 100 g"), ("_serving", serving.map { "per \($0)" } ?? "per serving")]
        where n.nutriments.keys.contains(where: { $0.hasSuffix(suffix) }) {
            columns.append(Column(suffix: suffix, title: title, isPercent: false))
            if n.fields?.contains(where: { $0.key.hasSuffix(suffix) && $0.value.referenceIntakePercent != nil }) == true {
                columns.append(Column(suffix: suffix, title: "%RI/DV", isPercent: true))
            }
        }
        var titles = "    " + pad("", 22) + columns.map { pad($0.title, $0.width) }.joined()
        while titles.last == " " { titles.removeLast() }
        lines.append(titles)
        var flagged = false
        for name in ordered {
            var row = "    " + pad(name, 22)
            for column in columns {
                let key = name + column.suffix
                let text = column.isPercent ? percentCell(n, key: key) : cell(n, key: key)
                if !column.isPercent, n.fields?[key]?.needsReview == true { flagged = true }
                row += pad(text, column.width)
            }
            while row.last == " " { row.removeLast() }
            lines.append(row)
        }
        if flagged { lines.append("    " + reviewLegend) }
        return lines
    }

    /// Nutrients outside ``displayOrder`` (vitamins, minerals) in the order the label prints them: by the top of
    /// their row in the photo, then by name (text input has no rows' positions).
    static func labelOrder(_ names: Set<String>, in n: NutritionResult) -> [String] {
        func top(_ name: String) -> Int {
            n.fields?.filter { NutritionResult.nutrientName(of: $0.key) == name }.compactMap { $0.value.box?.y }.min() ?? Int.max
        }
        return names.map { ($0, top($0)) }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }

    /// One column of the table: a basis's values or its %RI/%DV.
    struct Column {
        var suffix: String
        var title: String
        var isPercent: Bool
        var width: Int { isPercent ? 7 : max(16, title.count + 2) }
    }

    /// "28 g" when the serving size holds an amount (Open Food Facts `serving_quantity` and its unit), else `nil`:
    /// OCR debris around it ("1 02. (28g)") is not shown.
    static func servingAmount(_ n: NutritionResult) -> String? {
        guard let quantity = n.servingQuantity, let unit = n.servingQuantityUnit else { return nil }
        return "\(quantity) \(unit)"
    }

    /// The value as printed on the label: "340 mg", "<0.5 g", "trace", with " ?" when it needs review.
    static func cell(_ n: NutritionResult, key: String) -> String {
        guard let (value, unit) = n.printedValue(of: key) else { return "" }
        var s = ""
        switch n.qualifiers?[key] {
        case "<": s = "<"
        case "trace": s = "trace"
        default: break
        }
        if s != "trace" { s += "\(value) \(unit)" }
        if n.fields?[key]?.needsReview == true { s += " ?" }
        return s
    }

    /// The %RI/%DV printed beside the value ("11%"), or "".
    static func percentCell(_ n: NutritionResult, key: String) -> String {
        n.fields?[key]?.referenceIntakePercent.map { "\($0)%" } ?? ""
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
}
