import XCTest
@testable import NutriLensLabel

/// A per-100 g mass above 100 g (sodium above 40 g: sodium chloride is 39.3 % sodium) with no repair reading that
/// fits is OCR debris and gets no value; the finding says what was dropped.
final class ImpossibleMassTests: XCTestCase {
    /// Tesseract's rows of julielee eng_real_23 (a US panel at 4 px text): "Sodium et" / "6010" gave sodium
    /// 60.1 g per 100 g; with it gone the single stray "Fat 4" is no table.
    func testSodiumAboveFortyGramsIsDropped() throws {
        let analyses = """
            jon Facts
            Fat von NUH aw
            4
            Sodium et
            6010
            """.split(separator: "\n").enumerated().map { LineAnalyzer.analyze(String($1), lineIndex: $0) }
        XCTAssertNil(NutritionParser().parse(analyses: analyses))
    }

    /// A code read into a row (FoodLabel full-size text gave sugars 49107001 g, saturates 52072 g; here a
    /// thousands separator makes it a number) is dropped; the rest of the table stays.
    func testMassAboveHundredGramsIsDropped() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie 1046 kJ / 250 kcal
            Fett 3,2 g
            Kohlenhydrate 44 g
            davon Zucker 4.910,7 g
            Eiweiss 8 g
            Natrium 52,5 g
            """)
        XCTAssertNil(table["sugars_100g"])
        XCTAssertNil(table["sodium_100g"])
        assertValue(table, "carbohydrates_100g", "44")
        XCTAssertTrue(table.findings.contains { $0.check == "mass-over-100g" && $0.keys == ["sugars_100g"] })
        XCTAssertTrue(table.findings.contains { $0.check == "mass-over-100g" && $0.keys == ["sodium_100g"] })
        // Salt itself may be nearly all of 100 g.
        let salt = try parseTable("""
            Nutrition per 100 g
            Energy 0 kJ / 0 kcal
            Fat 0 g
            Salt 97.5 g
            """)
        assertValue(salt, "salt_100g", "97.5")
    }
}

/// Per serving there is no 100 g bound, but no serving holds 10 g of a vitamin, mineral or sodium, nor 2 kg of a
/// macronutrient: lot numbers and cells run together are dropped with a `serving-mass-impossible` finding.
final class ImpossibleServingMassTests: XCTestCase {
    /// julielee eng_real_23's US panel shape ("Fat … 6010", "Sodium … 9948" read with their rows) and pxlshpr
    /// 4CF0CBA5's "Calcium oe | 66g".
    func testImpossiblePerServingMassesAreDropped() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving size 1 bar
            Calories 250
            Total Fat 6010g
            Sodium 9948g
            Total Carbohydrate 33g 11%
            Protein 4g
            Calcium 66g
            """)
        XCTAssertNil(table["fat_serving"])
        XCTAssertNil(table["sodium_serving"])
        XCTAssertNil(table["calcium_serving"])
        assertValue(table, "carbohydrates_serving", "33")
        for key in ["fat_serving", "sodium_serving", "calcium_serving"] {
            XCTAssertTrue(table.findings.contains { $0.check == "serving-mass-impossible" && $0.keys == [key] }, key)
        }
    }

    /// pxlshpr 02CE7C0B read the serving cell of "Salt 5.59" as 1710 (g): no serving holds 25 g of salt (10 g of
    /// sodium), while a salty serving of 4.5 g stays (flagged as rare).
    func testImpossibleSaltPerServingIsDropped() throws {
        let rows = """
            Nutrition Information Per serving Per 100 g
            Energy 800 kJ 190 kcal 1600 kJ 380 kcal
            Fat 5.0 g 10.0 g
            Carbohydrate 30.0 g 60.0 g
            Protein 4.0 g 8.0 g
            Salt 1710 5.59
            """
        let table = try parseTable(rows)
        XCTAssertNil(table["salt_serving"])
        XCTAssertTrue(table.findings.contains { $0.check == "serving-mass-impossible" && $0.keys == ["salt_serving"] })
        let salty = try parseTable(rows.replacingOccurrences(of: "Salt 1710 5.59", with: "Salt 4.5 g 9.0 g"))
        assertValue(salty, "salt_serving", "4.5")
    }

    /// julielee eng_internet_3: a novelty 2 lb bar declares 960 g carbohydrate and 1400 mg sodium per serving.
    func testLargeServingsKeepTheirValues() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving size 1 bar (2 lbs)
            Calories 4600
            Total Fat 260g 400%
            Sodium 1400mg 58%
            Total Carbohydrate 960g 320%
            Sugars 840g
            Protein 120g
            """)
        assertValue(table, "carbohydrates_serving", "960")
        assertValue(table, "sugars_serving", "840")
        assertValue(table, "sodium_serving", "1400", unit: .milligram)
        XCTAssertFalse(table.findings.contains { $0.check == "serving-mass-impossible" })
    }
}
