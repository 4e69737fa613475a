import XCTest
@testable import NutriLensLabel

/// Tables that print the unit in a column of its own, read with every "g" as a 9: after the amounts (Hong Kong /
/// Singapore stickers "Total fat | 5.5 | g"), after each of two columns, or between the names and the amounts
/// (Indian FSSAI panels "Protein | g | 7.2"). The 9s are units, not a column of values. Rendered cases written here;
/// the rule's real cases are in docs/label.md ("Unit columns read as 9").
final class GramColumnNineTests: XCTestCase {
    func testUnitColumnAfterTheAmounts() throws {
        let table = try parseTable("""
            Nutrition Information
            Per 100 g
            Energy 452 kcal
            Protein 8.0 9
            Total fat 21.6 9
            Saturated fat 5.5 9
            Trans fat 0 9
            Carbohydrates 57.2 9
            Sugars 32.0 9
            Dietary fibre 3.1 9
            Sodium 380 mg
            """)
        assertValue(table, "proteins_100g", "8.0")
        assertValue(table, "fat_100g", "21.6")
        assertValue(table, "saturated-fat_100g", "5.5")
        assertValue(table, "trans-fat_100g", "0")
        assertValue(table, "sugars_100g", "32.0")
        assertValue(table, "fiber_100g", "3.1")
        assertValue(table, "sodium_100g", "380")
        XCTAssertFalse(table.nutriments.keys.contains { $0.hasSuffix("_serving") }, "\(table.nutriments)")
    }

    func testUnitColumnAfterEachOfTwoColumns() throws {
        let table = try parseTable("""
            Nutrition Information per 100 g per serving (30 g)
            Energy 1890 kJ 567 kJ
            Fat 21.6 9 6.5 9
            of which saturates 5.5 9 1.7 9
            Carbohydrate 57.2 9 17.2 9
            of which sugars 32.0 9 9.6 9
            Protein 8.0 9 2.4 9
            """)
        assertValue(table, "fat_100g", "21.6")
        assertValue(table, "fat_serving", "6.5")
        assertValue(table, "saturated-fat_serving", "1.7")
        assertValue(table, "carbohydrates_serving", "17.2")
        assertValue(table, "sugars_100g", "32.0")
        assertValue(table, "sugars_serving", "9.6")
        assertValue(table, "proteins_serving", "2.4")
    }

    func testUnitColumnBetweenNamesAndAmounts() throws {
        let table = try parseTable("""
            Nutritional Information per 100 g per serve (25 g)
            Energy kcal 520 130
            Protein 9 7.2 1.8
            Carbohydrate 9 55.1 13.8
            Total Sugars 9 3.0 0.8
            Fat 9 30.5 7.6
            Sodium mg 610 153
            """)
        assertValue(table, "proteins_100g", "7.2")
        assertValue(table, "proteins_serving", "1.8")
        assertValue(table, "carbohydrates_100g", "55.1")
        assertValue(table, "sugars_serving", "0.8")
        assertValue(table, "fat_100g", "30.5")
        assertValue(table, "fat_serving", "7.6")
    }

    /// The same sticker read as the neural engine gives it: every amount and every unit a word box of its own, the
    /// units in a column far to the right of the amounts (rows from the boxes' geometry, `VisualRows`).
    func testUnitColumnFromWordBoxes() throws {
        let rows: [(String, String)] = [("Protein", "8.0"), ("Total fat", "21.6"), ("Saturated fat", "5.5"),
                                        ("Carbohydrates", "57.2"), ("Sugars", "32.0"), ("Dietary fibre", "3.1")]
        var lines = [TextLine(words: [TextWord(text: "Per", box: TextBox(x: 300, y: 40, width: 50, height: 30), confidence: 0.95),
                                      TextWord(text: "100g", box: TextBox(x: 360, y: 40, width: 70, height: 30), confidence: 0.95)]),
                     TextLine(words: [TextWord(text: "Energy", box: TextBox(x: 20, y: 90, width: 110, height: 30), confidence: 0.95)]),
                     TextLine(words: [TextWord(text: "452", box: TextBox(x: 330, y: 91, width: 60, height: 30), confidence: 0.95)]),
                     TextLine(words: [TextWord(text: "kcal", box: TextBox(x: 440, y: 90, width: 60, height: 30), confidence: 0.95)])]
        for (index, (name, amount)) in rows.enumerated() {
            let y = 140.0 + 50 * Double(index)
            lines.append(TextLine(words: [TextWord(text: name, box: TextBox(x: 20, y: y, width: 180, height: 30), confidence: 0.95)]))
            lines.append(TextLine(words: [TextWord(text: amount, box: TextBox(x: 330, y: y + 1, width: 60, height: 30), confidence: 0.95)]))
            lines.append(TextLine(words: [TextWord(text: "9", box: TextBox(x: 450, y: y, width: 18, height: 30), confidence: 0.9)]))
        }
        let table = try XCTUnwrap(NutritionParser().parse(lines: lines))
        for (key, value) in [("proteins_100g", "8.0"), ("fat_100g", "21.6"), ("saturated-fat_100g", "5.5"),
                             ("carbohydrates_100g", "57.2"), ("sugars_100g", "32.0"), ("fiber_100g", "3.1")] {
            assertValue(table, key, value)
        }
        XCTAssertFalse(table.nutriments.keys.contains { $0.hasSuffix("_serving") }, "\(table.nutriments)")
    }

    /// 9s that are values stay: two rows are not a column, and 9s among other figures are a value column.
    func testNinesThatAreValuesStay() throws {
        let two = try parseTable("""
            Typical values per 100 g per portion (75 g)
            Energy 1500 kJ 1125 kJ
            Fat 12.0 9
            Carbohydrate 12.0 9
            Protein 8.0 6.0
            Salt 1.0 0.8
            """)
        assertValue(two, "fat_serving", "9")
        assertValue(two, "carbohydrates_serving", "9")
        let mixed = try parseTable("""
            Typical values per 100 g per portion (75 g)
            Energy 1500 kJ 1125 kJ
            Fat 12.0 9
            of which saturates 4.0 3.0
            Carbohydrate 12.0 9
            of which sugars 12.0 9
            Fibre 4.0 3.0
            Protein 8.0 6.0
            """)
        assertValue(mixed, "fat_serving", "9")
        assertValue(mixed, "sugars_serving", "9")
        assertValue(mixed, "proteins_serving", "6.0")
    }
}
