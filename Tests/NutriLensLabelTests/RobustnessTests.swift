import XCTest
@testable import NutriLensLabel

/// Text that is not a nutrition table gives no table; oversized input throws; word geometry rebuilds rows.
final class RobustnessTests: XCTestCase {
    func testNonTablesReturnNil() throws {
        let texts = [
            "",
            "   \n\n  ",
            "Ingredients: wheat flour, sugar, palm oil, salt, raising agent (E500), emulsifier (soy lecithin).",
            "Zutaten: Weizenmehl, Zucker, Palmfett, Salz 1,2%, Backtriebmittel.",
            "Best before: 12.05.2026\nLot 4711\nNet weight 500 g\nEAN 7610000000001",
            "Store in a cool dry place. May contain traces of nuts and sesame.",
            "Energy", // a row name without any value
            "Fat 3 g", // a single row is not a table
            "Reference intake of an average adult (8400 kJ / 2000 kcal)",
            "Call 069 / 6671-3071 www.nestle.de 100 g 30 g 12% 4,5",
        ]
        for text in texts {
            XCTAssertNil(try NutritionParser().parse(text: text), "parsed a table from: \(text)")
        }
    }

    func testGarbageNeverCrashes() throws {
        var generator = SeededGenerator(seed: 42)
        let alphabet = Array("0123456789.,<>/|()%-+ kJcalgmµOolISBFatSugarSalzFett\n\t ½¼")
        for _ in 0..<300 {
            let length = Int.random(in: 0..<200, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let table = try NutritionParser().parse(text: text)
            if let table {
                XCTAssertTrue(table.entries.allSatisfy { $0.confidence >= 0 && $0.confidence <= 1 })
            }
        }
    }

    func testSizeLimitsThrowDescriptiveErrors() {
        let parser = NutritionParser(options: .init(maximumCharacters: 100, maximumLines: 10))
        XCTAssertThrowsError(try parser.parse(text: String(repeating: "Fat 3 g\n", count: 20))) { error in
            XCTAssertEqual(error as? NutritionParsingError, .inputTooLarge(characters: 160, limit: 100))
        }
        let lines = Array(repeating: TextLine(text: "x"), count: 11)
        XCTAssertThrowsError(try parser.parse(lines: lines)) { error in
            XCTAssertEqual(error as? NutritionParsingError, .tooManyLines(count: 11, limit: 10))
            XCTAssertTrue("\(error)".contains("11 lines"))
        }
    }

    func testWordBoxesRebuildTableRows() throws {
        // The OCR engine returned each cell as its own line, in column order; geometry puts rows back together.
        func word(_ text: String, x: Double, y: Double) -> TextLine {
            TextLine(words: [TextWord(text: text, box: TextBox(x: x, y: y, width: Double(text.count) * 9, height: 14),
                                      confidence: 0.9)])
        }
        let rows: [(String, String, String)] = [
            ("Energy", "1046 kJ / 250 kcal", "471 kJ / 112 kcal"),
            ("Fat", "9.5 g", "2.9 g"),
            ("Carbohydrate", "35 g", "10.5 g"),
            ("Protein", "6.4 g", "1.9 g"),
            ("Salt", "0.75 g", "0.23 g"),
        ]
        var lines = [word("Per 100 g", x: 200, y: 10), word("Per 30 g", x: 400, y: 10)]
        for (index, row) in rows.enumerated() {
            lines.append(word(row.0, x: 10, y: Double(40 + index * 30)))
        }
        for (index, row) in rows.enumerated() {
            lines.append(word(row.1, x: 200, y: Double(41 + index * 30)))
            lines.append(word(row.2, x: 400, y: Double(39 + index * 30)))
        }
        let table = try XCTUnwrap(try NutritionParser().parse(lines: lines))
        assertValue(table, "fat_100g", "9.5")
        assertValue(table, "fat_serving", "2.9")
        assertValue(table, "energy-kcal_serving", "112")
        assertValue(table, "salt_serving", "0.23")
        XCTAssertEqual(table.servingSize?.quantity, 30)
        let fatBox = try XCTUnwrap(table["fat_100g"]?.box)
        XCTAssertEqual(fatBox.x, 200)
        XCTAssertEqual(fatBox.y, 71)
    }

    func testSendableAndCodableRoundTrip() throws {
        let table = try parseTable("Energy 1046 kJ / 250 kcal\nFat <0,5 g\nSalt traces")
        let data = try JSONEncoder().encode(table)
        let decoded = try JSONDecoder().decode(NutritionTable.self, from: data)
        XCTAssertEqual(decoded, table)
        let sendable: any Sendable = table
        XCTAssertNotNil(sendable)
    }
}
