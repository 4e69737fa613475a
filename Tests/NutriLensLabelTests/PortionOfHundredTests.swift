import XCTest
@testable import NutriLensLabel

/// One value column headed by a portion that weighs exactly 100 g or 100 ml ("⅕ of a pot (100g) contains"): the
/// column is per portion and per 100 g at once, so the table gives both (pxlshpr A049E005, a UK yogurt whose sidecar
/// records both). "per 100 g" alone, a portion of another weight, and US panels keep one basis.
final class PortionOfHundredTests: XCTestCase {
    private func assertBothBases(_ table: NutritionTable, _ values: [(String, String)],
                                 file: StaticString = #filePath, line: UInt = #line) {
        for (nutrient, value) in values {
            assertValue(table, "\(nutrient)_100g", value, file: file, line: line)
            assertValue(table, "\(nutrient)_serving", value, file: file, line: line)
        }
    }

    /// UK layout: "Typical values | ⅕ of a pot (100g) contains | %RI* | RI* for an average adult", the header over
    /// two lines, as the neural reader gives it ("Vs" for ⅕, "(1o0g)" with a letter for a zero) and as printed.
    func testFractionOfAPotOfHundredGrams() throws {
        for (fraction, hundred) in [("Vs", "(1o0g)"), ("1/5", "(100g)"), ("⅕", "(100 g)")] {
            let table = try parseTable("""
                NUTRITION
                Typical values \(fraction) of a pot % RI* for an
                \(hundred) contains RI* average adult
                Energy 553kJ 8400kJ
                133kcal 7% 2000kcal
                Fat 9.5g 14% 70g
                of which saturates 5.9g 30% 20g
                Carbohydrate 7.3g
                of which sugars 6.8g 8% 90g
                Protein 4.3g 6g
                Salt 0.2g 3%
                """)
            assertBothBases(table, [("energy-kj", "553"), ("energy-kcal", "133"), ("fat", "9.5"),
                                    ("saturated-fat", "5.9"), ("carbohydrates", "7.3"), ("sugars", "6.8"),
                                    ("proteins", "4.3"), ("salt", "0.2")])
        }
    }

    /// A portion word on the header's own line, in English, German and for a drink (100 ml).
    func testPortionWordBeforeTheBracketedHundred() throws {
        for header in ["Typical values per portion (100 g)", "Nährwerte 1 Portion (100 g)", "Average values 1 serving (100 ml)"] {
            let table = try parseTable("""
                \(header)
                Energy 250 kJ / 60 kcal
                Fat 1.2 g
                Carbohydrate 10.5 g
                Protein 2.0 g
                Salt 0.10 g
                """)
            assertBothBases(table, [("energy-kj", "250"), ("energy-kcal", "60"), ("fat", "1.2"),
                                    ("carbohydrates", "10.5"), ("proteins", "2.0"), ("salt", "0.10")])
        }
    }

    /// "per 100 g" names the per-100 g column only; a 30 g portion is its own column; a portion of 100 g beside a
    /// per-100 g column of its own adds nothing.
    func testOtherHeadersKeepTheirBases() throws {
        let per100 = try parseTable("""
            Typical values per 100 g (100 g)
            Energy 553kJ / 133kcal
            Fat 9.5g
            Carbohydrate 7.3g
            Protein 4.3g
            """)
        assertValue(per100, "fat_100g", "9.5")
        XCTAssertNil(per100["fat_serving"])

        let portion30 = try parseTable("""
            Typical values per 100 g per portion (30 g)
            Energy 1500kJ / 358kcal 450kJ / 107kcal
            Fat 10.0g 3.0g
            Carbohydrate 50.0g 15.0g
            Protein 8.0g 2.4g
            """)
        assertValue(portion30, "fat_100g", "10.0")
        assertValue(portion30, "fat_serving", "3.0")
        assertValue(portion30, "proteins_serving", "2.4")
    }

    /// A US panel's "Serving size 1 cup (100g)": its values are per serving (21 CFR 101.9), and they are given so;
    /// the bracketed 100 g also reads as a per-100 g header (as before this rule), which for a 100 g serving is true.
    func testUSPanelWithAHundredGramServingGivesItsServingValues() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving size 1 cup (100g)
            Amount per serving
            Calories 120
            Total Fat 2g 3%
            Total Carbohydrate 20g 7%
            Protein 5g
            """)
        assertValue(table, "fat_serving", "2")
        assertValue(table, "energy-kcal_serving", "120")
        assertValue(table, "proteins_serving", "5")
    }
}
