import XCTest
@testable import NutriLensLabel

/// Property tests: random but label-shaped tables are rendered as text in the layouts OCR produces, in random
/// languages and number styles, parsed back, and compared value by value.
final class RoundTripPropertyTests: XCTestCase {
    private struct Row {
        var nutrient: Nutrient
        var per100: Decimal
        var serving: Decimal
    }

    private static let names: [String: [Nutrient: String]] = [
        "en": [.energyKJ: "Energy", .fat: "Fat", .saturatedFat: "of which saturates", .carbohydrates: "Carbohydrate",
               .sugars: "of which sugars", .fiber: "Fibre", .proteins: "Protein", .salt: "Salt"],
        "de": [.energyKJ: "Brennwert", .fat: "Fett", .saturatedFat: "davon gesättigte Fettsäuren",
               .carbohydrates: "Kohlenhydrate", .sugars: "davon Zucker", .fiber: "Ballaststoffe", .proteins: "Eiweiß",
               .salt: "Salz"],
        "fr": [.energyKJ: "Énergie", .fat: "Matières grasses", .saturatedFat: "dont acides gras saturés",
               .carbohydrates: "Glucides", .sugars: "dont sucres", .fiber: "Fibres alimentaires", .proteins: "Protéines",
               .salt: "Sel"],
        "it": [.energyKJ: "Energia", .fat: "Grassi", .saturatedFat: "di cui acidi grassi saturi",
               .carbohydrates: "Carboidrati", .sugars: "di cui zuccheri", .fiber: "Fibre", .proteins: "Proteine",
               .salt: "Sale"],
        "nl": [.energyKJ: "Energie", .fat: "Vetten", .saturatedFat: "waarvan verzadigde vetzuren",
               .carbohydrates: "Koolhydraten", .sugars: "waarvan suikers", .fiber: "Vezels", .proteins: "Eiwitten",
               .salt: "Zout"],
        "pl": [.energyKJ: "Wartość energetyczna", .fat: "Tłuszcz", .saturatedFat: "w tym kwasy tłuszczowe nasycone",
               .carbohydrates: "Węglowodany", .sugars: "w tym cukry", .fiber: "Błonnik", .proteins: "Białko",
               .salt: "Sól"],
        "sv": [.energyKJ: "Energi", .fat: "Fett", .saturatedFat: "varav mättat fett", .carbohydrates: "Kolhydrat",
               .sugars: "varav sockerarter", .fiber: "Kostfiber", .proteins: "Protein", .salt: "Salt"],
        "es": [.energyKJ: "Valor energético", .fat: "Grasas", .saturatedFat: "de las cuales saturadas",
               .carbohydrates: "Hidratos de carbono", .sugars: "de los cuales azúcares", .fiber: "Fibra alimentaria",
               .proteins: "Proteínas", .salt: "Sal"],
    ]

    private enum Layout: CaseIterable {
        case inline           // "Fat 3,2 g 1,0 g"
        case labelThenValues  // label line, then one line per value
        case columnWise       // all labels, then all per-100 values (single column only)
    }

    /// Rounds like labels do (EC guidance): ≥10 g whole grams, else one decimal; salt two decimals below 1 g.
    private static func labelRound(_ value: Double, nutrient: Nutrient) -> Decimal {
        let scale: Double
        if nutrient == .salt { scale = value >= 1 ? 10 : 100 } else { scale = value >= 10 ? 1 : 10 }
        return Decimal(string: String(format: "%.\(Int(log10(scale)))f", (value * scale).rounded() / scale))!
    }

    private func randomTable(_ generator: inout SeededGenerator) -> (rows: [Row], kj: [Decimal], kcal: [Decimal],
                                                                     serving: Int) {
        let fat = Double.random(in: 0.6...40, using: &generator)
        let saturates = fat * Double.random(in: 0.1...0.7, using: &generator)
        let carbohydrates = Double.random(in: 0.6...80, using: &generator)
        let sugars = carbohydrates * Double.random(in: 0.05...0.9, using: &generator)
        let fiber = Double.random(in: 0.6...9, using: &generator)
        let proteins = Double.random(in: 0.6...30, using: &generator)
        let salt = Double.random(in: 0.02...3, using: &generator)
        let serving = [25, 30, 40, 50, 125][Int.random(in: 0..<5, using: &generator)]
        let raw: [(Nutrient, Double)] = [(.fat, fat), (.saturatedFat, saturates), (.carbohydrates, carbohydrates),
                                         (.sugars, sugars), (.fiber, fiber), (.proteins, proteins), (.salt, salt)]
        let rows = raw.map { nutrient, value in
            Row(nutrient: nutrient, per100: Self.labelRound(value, nutrient: nutrient),
                serving: Self.labelRound(value * Double(serving) / 100, nutrient: nutrient))
        }
        let kcal = 9 * fat + 4 * carbohydrates + 4 * proteins + 2 * fiber
        let kcal100 = kcal.rounded(), kcalServing = (kcal * Double(serving) / 100).rounded()
        return (rows, [Decimal(Int(kcal100 * 4.184)), Decimal(Int((kcalServing * 4.184).rounded()))],
                [Decimal(Int(kcal100)), Decimal(Int(kcalServing))], serving)
    }

    private func render(_ value: Decimal, comma: Bool) -> String {
        let text = "\(value)"
        return comma ? text.replacingOccurrences(of: ".", with: ",") : text
    }

    func testRenderedTablesParseBack() throws {
        var generator = SeededGenerator(seed: 20_261_130)
        let languages = Array(Self.names.keys).sorted()
        for iteration in 0..<150 {
            let (rows, kj, kcal, serving) = randomTable(&generator)
            let language = languages[iteration % languages.count]
            let names = Self.names[language]!
            let layout = Layout.allCases[Int.random(in: 0..<Layout.allCases.count, using: &generator)]
            let comma = Bool.random(using: &generator)
            let twoColumns = layout != .columnWise && Bool.random(using: &generator)
            let space = Bool.random(using: &generator) ? " " : ""
            var lines: [String] = []
            lines.append(twoColumns ? "per 100 g | per portion (\(serving) g)" : "per 100 g")
            let columns = twoColumns ? [0, 1] : [0]
            let energyCells = columns.map { "\(kj[$0])\(space)kJ / \(kcal[$0])\(space)kcal" }
            func cells(_ row: Row) -> [String] {
                columns.map { render($0 == 0 ? row.per100 : row.serving, comma: comma) + space + "g" }
            }
            switch layout {
            case .inline:
                lines.append(([names[.energyKJ]!] + energyCells).joined(separator: " "))
                for row in rows { lines.append(([names[row.nutrient]!] + cells(row)).joined(separator: " ")) }
            case .labelThenValues:
                lines.append(names[.energyKJ]!)
                lines += energyCells
                for row in rows {
                    lines.append(names[row.nutrient]!)
                    lines += cells(row)
                }
            case .columnWise:
                lines.append(names[.energyKJ]!)
                lines += energyCells
                for row in rows { lines.append(names[row.nutrient]!) }
                for row in rows { lines += cells(row) }
            }
            let text = lines.joined(separator: "\n")
            let table = try parseTable(text)
            let context = "iteration \(iteration) \(language) \(layout) comma=\(comma)\n\(text)"
            XCTAssertEqual(table["energy-kj_100g"]?.value, kj[0], context)
            XCTAssertEqual(table["energy-kcal_100g"]?.value, kcal[0], context)
            for row in rows {
                let key = NutritionEntry.key(nutrient: row.nutrient, basis: .per100g)
                XCTAssertEqual(table[key]?.value, row.per100, "\(key) \(context)")
                if twoColumns {
                    let servingKey = NutritionEntry.key(nutrient: row.nutrient, basis: .perServing)
                    XCTAssertEqual(table[servingKey]?.value, row.serving, "\(servingKey) \(context)")
                }
            }
            if twoColumns {
                XCTAssertEqual(table["energy-kcal_serving"]?.value, kcal[1], context)
                XCTAssertEqual(table.servingSize?.quantity, Decimal(serving), context)
            }
            XCTAssertFalse(table.findings.contains { $0.check.hasPrefix("energy") }, "\(table.findings) \(context)")
        }
    }
}
