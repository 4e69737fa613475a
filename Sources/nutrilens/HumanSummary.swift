import Foundation
import NutriLens

/// The readable, terminal form of a result.
enum HumanSummary {
    /// Nutrients in label order (EU Regulation 1169/2011 Annex XV order, then US extras) for display.
    static let displayOrder = ["energy-kj", "energy-kcal", "fat", "saturated-fat", "monounsaturated-fat",
                               "polyunsaturated-fat", "trans-fat", "cholesterol", "carbohydrates", "sugars",
                               "added-sugars", "polyols", "starch", "fiber", "proteins", "salt", "sodium"]

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
        for w in r.warnings ?? [] { lines.append("  ! \(w.message)") }
        return lines.joined(separator: "\n")
    }

    static func nutritionLines(_ n: NutritionResult) -> [String] {
        var header = "  nutrition"
        if let lang = n.language { header += " [\(lang)]" }
        if let serving = n.servingSize { header += "  serving \(serving)" }
        var lines = [header]
        let names = Set(n.nutriments.keys.map(NutritionResult.nutrientName(of:)))
        let ordered = displayOrder.filter(names.contains) + names.subtracting(displayOrder).sorted()
        let hasServing = n.nutriments.keys.contains { $0.hasSuffix("_serving") }
        let hasPer100 = n.nutriments.keys.contains { $0.hasSuffix("_100g") }
        var columns: [String] = []
        if hasPer100 { columns.append("_100g") }
        if hasServing { columns.append("_serving") }
        lines.append("    " + pad("", 22) + columns.map { pad($0 == "_100g" ? "per 100 g" : "per serving", 14) }.joined())
        for name in ordered {
            var row = "    " + pad(name, 22)
            for suffix in columns {
                row += pad(cell(n, key: name + suffix, unit: unit(of: name)), 14)
            }
            lines.append(row)
        }
        return lines
    }

    static func cell(_ n: NutritionResult, key: String, unit: String) -> String {
        guard let value = n.nutriments[key] else { return "" }
        var s = ""
        switch n.qualifiers?[key] {
        case "<": s = "<"
        case "trace": return "trace"
        default: break
        }
        s += "\(value) \(unit)"
        if n.fields?[key]?.needsReview == true { s += " ?" }
        return s
    }

    static func unit(of name: String) -> String {
        switch name {
        case "energy-kj": return "kJ"
        case "energy-kcal": return "kcal"
        default: return "g"
        }
    }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }
}
