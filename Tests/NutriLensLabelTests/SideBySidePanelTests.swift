import XCTest
@testable import NutriLensLabel

/// A table printed as two half-tables side by side, each with its name column, its "Per 100 g" header and its %RDA
/// column (Indian FSSAI panels; pxlshpr 7648338E: energy … added sugars left, fat … sodium right). Visual rows join
/// the halves level with each other; each half is read as its own run of rows, every value per 100 g.
final class SideBySidePanelTests: XCTestCase {
    /// One half: (name, unit, amount, %RDA or nil) per row.
    typealias Half = [(String, String, String, String?)]

    static let left: Half = [("Energy", "kcal", "468", "4%"), ("Protein", "g", "3.6", nil),
                             ("Carbohydrate", "g", "75.1", nil), ("Total Sugars", "g", "70.0", nil),
                             ("Added Sugars", "g", "61.6", "23%")]
    static let right: Half = [("Total Fat", "g", "17.5", "5%"), ("Saturated Fat", "g", "17.3", "15%"),
                              ("Trans Fat", "g", "0.2", "2%"), ("Cholesterol", "mg", "3.0", nil),
                              ("Sodium", "mg", "74", "1%")]

    /// A word 14 px a character wide and 30 px high with its left edge at `x` and top at `y`.
    static func word(_ text: String, _ x: Double, _ y: Double) -> TextWord {
        TextWord(text: text, box: TextBox(x: x, y: y, width: Double(text.count) * 14, height: 30), confidence: 0.9)
    }

    /// Words with boxes: the left half's names at x 60, amounts at 420, %RDA at 560; the right half from `rightX`.
    /// `dy` moves the right half down (a photo taken at a slant), `unitFirst` prints the unit before the amount
    /// ("Total Fat g 17.5") as the label does, else after it ("Total Fat 17.5 g").
    static func lines(rightX: Double = 760, dy: Double = 0, unitFirst: Bool = true) -> [TextLine] {
        func header(_ x: Double, _ y: Double) -> [TextWord] {
            [word("Per", x + 340, y), word("100", x + 395, y), word("g", x + 450, y),
             word("%", x + 500, y - 20), word("RDA", x + 525, y - 20), word("per", x + 500, y + 20),
             word("serve", x + 550, y + 20)]
        }
        func row(_ entry: (String, String, String, String?), _ x: Double, _ y: Double) -> [TextWord] {
            let (name, unit, amount, percent) = entry
            var words = name.split(separator: " ").enumerated().map { word(String($1), x + Double($0) * 110, y) }
            if unitFirst {
                words += [word(unit, x + 260, y), word(amount, x + 360, y)]
            } else {
                words += [word(amount, x + 340, y), word(unit, x + 420, y)]
            }
            if let percent { words.append(word(percent, x + 500, y)) }
            return words
        }
        var lines = [TextLine(words: [word("NUTRITION", 500, 40), word("INFORMATION*", 680, 40)]),
                     TextLine(words: [word("Serving", 200, 90), word("size:", 320, 90), word("18.96", 400, 90),
                                      word("g;", 490, 90)])]
        lines += header(60, 160).map { TextLine(words: [$0]) }
        lines += header(rightX, 160 + dy).map { TextLine(words: [$0]) }
        for index in left.indices {
            let y = 240 + Double(index) * 60
            lines.append(TextLine(words: row(left[index], 60, y)))
            lines.append(TextLine(words: row(right[index], rightX, y + dy)))
        }
        lines.append(TextLine(words: [word("*Approximate", 200, 600), word("values", 400, 600)]))
        return lines
    }

    private func assertHalves(_ table: NutritionTable?, file: StaticString = #filePath, line: UInt = #line) {
        guard let table else { return XCTFail("no table", file: file, line: line) }
        let expected: [(String, String, NutrientUnit?)] = [
            ("energy-kcal_100g", "468", nil), ("proteins_100g", "3.6", nil), ("carbohydrates_100g", "75.1", nil),
            ("sugars_100g", "70.0", nil), ("added-sugars_100g", "61.6", nil), ("fat_100g", "17.5", nil),
            ("saturated-fat_100g", "17.3", nil), ("trans-fat_100g", "0.2", nil),
            ("cholesterol_100g", "3.0", .milligram), ("sodium_100g", "74", .milligram),
        ]
        for (key, value, unit) in expected { assertValue(table, key, value, unit: unit, file: file, line: line) }
        XCTAssertEqual(table.entries.filter { $0.basis == .perServing }.map(\.key), [], file: file, line: line)
    }

    func testHalvesSideBySide() throws {
        assertHalves(try grammarParser.parse(lines: Self.lines()))
    }

    func testHalvesFurtherApartAndSlanted() throws {
        assertHalves(try grammarParser.parse(lines: Self.lines(rightX: 900, dy: 8)))
        assertHalves(try grammarParser.parse(lines: Self.lines(rightX: 820, dy: -8)))
    }

    func testUnitAfterTheAmount() throws {
        assertHalves(try grammarParser.parse(lines: Self.lines(unitFirst: false)))
    }

    /// One half as text: one amount a row under "Serving size: 18.96 g" and "Per 100 g | % RDA per serve" (the
    /// serving words head the %RDA column): the amounts are per 100 g.
    func testOneAmountPerRowUnderAPercentPerServeHeaderIsPer100Grams() throws {
        let table = try parseTable("""
            NUTRITION INFORMATION*
            Serving size: 18.96 g; No. of Servings per package: 64
            % RDA
            Per 100 g per serve
            Total Fat g 17.5 5%
            Saturated Fat g 17.3 15%
            Trans Fat g 0.2 2%
            Cholesterol mg 3.0
            Sodium mg 74 1%
            """)
        assertValue(table, "fat_100g", "17.5")
        assertValue(table, "saturated-fat_100g", "17.3")
        assertValue(table, "sodium_100g", "74", unit: .milligram)
        XCTAssertNil(table["fat_serving"])
    }

    /// A two-column table whose rows name one nutrient each is not split, and a US linear row "Total Fat 2g Sat.
    /// Fat 0g" keeps its per-serving reading (no per-100 g header on either side).
    func testOneTableWithTwoColumnsIsNotSplit() throws {
        let word = Self.word
        let rows: [(String, String, String)] = [("Energy", "1500kJ", "450kJ"), ("Fat", "10.0g", "3.0g"),
                                                ("Carbohydrate", "50.0g", "15.0g"), ("Protein", "8.0g", "2.4g"),
                                                ("Salt", "1.0g", "0.3g")]
        var lines = [TextLine(words: [word("per", 400, 40), word("100", 450, 40), word("g", 500, 40),
                                      word("per", 600, 40), word("portion", 650, 40), word("(30", 760, 40),
                                      word("g)", 810, 40)])]
        for (index, row) in rows.enumerated() {
            let y = 100 + Double(index) * 50
            lines.append(TextLine(words: [word(row.0, 60, y), word(row.1, 420, y), word(row.2, 640, y)]))
        }
        let table = try XCTUnwrap(try grammarParser.parse(lines: lines))
        assertValue(table, "fat_100g", "10.0")
        assertValue(table, "fat_serving", "3.0")
        assertValue(table, "salt_serving", "0.3")
    }
}
