import XCTest
@testable import NutriLensLabel

/// US/CA panels (21 CFR 101.9): no salt row, vitamins and minerals as %DV, a stray number after an amount is its
/// %DV with the "%" lost.
final class USPanelValueTests: XCTestCase {
    /// "Saturated 3g 15", "Protein 2 g 4" (%DV): the 4 is no salt row (EU declaration order does not apply), and a row whose
    /// name OCR lost is inferred in the US order (fibre between carbohydrate and sugars).
    func testStrayPercentIsNoSaltRowAndUSOrderInfersRows() throws {
        let table = try parseTable("""
            Calories 140
            Fat 8 g 11 %
            Saturated 3g 15
            Trans 0 g
            Carbohydrate 19 g
            Fibre 2 g
            Sugars 14 g
            Protein 2 g 4
            Sodium 5 mg
            """)
        XCTAssertNil(table["salt_serving"], "\(table.entries.map { "\($0.key)=\($0.value)" })")
        assertValue(table, "saturated-fat_serving", "3")
        assertValue(table, "trans-fat_serving", "0")
        assertValue(table, "proteins_serving", "2")

        let inferred = try parseTable("""
            Amount per serving
            Calories 5
            Total Fat 0g 0%
            Sodium 70mg 3%
            Total Carbohydrate 1g 0g
            Total Sugars 1g
            Protein 0g
            """)
        assertValue(inferred, "carbohydrates_serving", "1")
        assertValue(inferred, "fiber_serving", "0")
        XCTAssertEqual(inferred["fiber_serving"]?.repairs.contains(.inferredRow), true)
        XCTAssertNil(inferred["salt_serving"])
    }

    /// "Calcium 4" / "Iron 8" on a US panel are %DV with the "%" lost; amounts print mg/mcg. Sodium and cholesterol
    /// keep a unitless amount (their "mg" lost).
    func testUnitlessVitaminAndMineralCellsAreDailyValues() throws {
        let table = try parseTable("""
            Amount per serving
            Calories 230
            Total Fat 8g 10%
            Cholesterol 0
            Sodium 160 7%
            Protein 3g
            Calcium 4
            Iron 8
            Potassium 235mg 6%
            """)
        XCTAssertNil(table["calcium_serving"])
        XCTAssertNil(table["iron_serving"])
        assertValue(table, "potassium_serving", "235", unit: .milligram)
        assertValue(table, "cholesterol_serving", "0")
        XCTAssertNotNil(table["sodium_serving"])
    }

    /// The vitamin/mineral lines of 2016-format panels as Tesseract read them (M-Strzelecki nf47, pxlshpr
    /// 713A721E): "Omeg" is 0 mcg (c read as e), "Potas." is the panel's abbreviation of potassium.
    func testMicrogramMisreadAndPotassiumAbbreviation() throws {
        XCTAssertEqual(scanOne("Omeg")?.unit, .microgram)
        XCTAssertEqual(scanOne("Omeg")?.value, 0)
        XCTAssertEqual(scanOne("(2.5mcq)")?.unit, .microgram)
        XCTAssertNil(scanOne("Omega"), "a word, not a zero")
        let table = try parseTable("""
            Amount per serving
            Calories 220
            Total Fat 12g 15%
            Sodium 330mg 14%
            Total Carbohydrate 21g 8%
            Protein 8
            Vitamin D (Omeg) 0% © Iron (0.9mg) 4
            Calcium (38mg) @ Potassium (182mg) 4%
            Iron Omg 0 + Potas. 60mg 2%
            """)
        assertValue(table, "vitamin-d_serving", "0", unit: .microgram)
        assertValue(table, "iron_serving", "0.9", unit: .milligram)
        assertValue(table, "potassium_serving", "182", unit: .milligram)
        XCTAssertNil(table["iron_prepared_serving"], "Potas. 60mg is potassium, not a second iron column")
    }

    /// Sodium and cholesterol amounts on US panels are milligrams (21 CFR 101.9(c)(3)-(4)); with the "mg" on the
    /// next line (julielee eng_real_8 as Tesseract read it) the bare "150" is 150 mg, not 150 g. An EU table's bare
    /// sodium stays in grams.
    func testUnitlessSodiumOnUSPanelsIsMilligrams() throws {
        let table = try parseTable("""
            UTRITION FACTS
            Serving Size 1 Ounce
            Amount Per Serving
            Calories 150
            Calories from Fat 90
            % Daily Value! |
            Total Fat 9g 15°
            Saturated Fat 2.5 g 14%
            Trans Fat 0g
            Cholesterol 0 mg 0°
            Sodium 150 6°
            mg
            Total Carbohydrate 159 5%
            Sugars 1g
            """)
        assertValue(table, "sodium_serving", "150", unit: .milligram)
        XCTAssertEqual(table.nutriments["sodium_serving"], Decimal(string: "0.15"))
        assertValue(table, "carbohydrates_serving", "15")
        let eu = try parseTable("""
            Nährwerte pro 100 g
            Fett 3,2 g
            Kohlenhydrate 12 g
            Natrium 0,4
            """)
        assertValue(eu, "sodium_100g", "0.4", unit: .gram)
    }

    /// A row beside the panel's "% Daily Value" heading (julielee eng_real_9 as Tesseract read it: "Total Fat 14g
    /// % Daily 18% Value IL") keeps its amount; the phrase does not run across the numbers. The heading alone and
    /// the %DV statement stay non-table text.
    func testRowBesideDailyValueHeading() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving size 1 tbsp (15ml)
            Amount per serving
            Calories 130
            Total Fat 14g % Daily 18% Value IL
            Saturated Fat 2g 10%
            Sodium Omg 0%
            Total Carbohydrate 0g 0%
            Protein 0g |
            """)
        assertValue(table, "fat_serving", "14")
        assertValue(table, "saturated-fat_serving", "2")
        XCTAssertTrue(LineAnalyzer.analyze("% Daily Value*", lineIndex: 0).isNonTable)
        XCTAssertTrue(LineAnalyzer.analyze("Total Fat 65g % Daily Value is based on a 2,000 calorie diet",
                                           lineIndex: 0).isNonTable)
        XCTAssertFalse(LineAnalyzer.analyze("Total Fat 14g % Daily 18% Value IL", lineIndex: 0).isNonTable)
    }

    /// "Calories 140 % Dally Value *" (julielee eng_internet_1, a Canadian panel, as Tesseract read it): the "%"
    /// starts the column heading, so 140 is the energy, not a percent. A real %DV after an amount stays a percent.
    func testPercentOfTheDailyValueHeadingIsNoUnit() throws {
        XCTAssertEqual(scanOne("140 % Dally Value")?.isPercent, false)
        XCTAssertEqual(scanOne("140 %DV")?.isPercent, false)
        XCTAssertEqual(scanOne("11% Daily")?.isPercent, false)
        XCTAssertEqual(scanOne("11 %")?.isPercent, true)
        let table = try parseTable("""
            Nutrition Facts
            Per 1 cup (122 g)
            Calories 140 % Dally Value *
            Fat 8 g 11%
            Saturated 3g 15
            + Trans 0g %
            Carbohydrate 19 g
            Fibre 2g 7%
            Sugars 14g 14 %
            Protein 2g
            Cholesterol 0 mg
            Sodium 5 mg 1%
            """)
        assertValue(table, "energy-kcal_serving", "140", unit: .kilocalorie)
        assertValue(table, "fat_serving", "8")
        assertValue(table, "sugars_serving", "14")
        XCTAssertEqual(table["fat_serving"]?.referenceIntakePercent, 11)
    }
}
