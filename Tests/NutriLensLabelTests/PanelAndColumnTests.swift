import XCTest
@testable import NutriLensLabel

/// US/CA/AU panels, column headers (per 100 g, per serving, %RI, prepared), serving sizes, checks across columns.
final class PanelAndColumnTests: XCTestCase {
    func testUSNutritionFactsPanel() throws {
        let table = try parseTable("""
            Nutrition Facts
            8 servings per container
            Serving size 2/3 cup (55g)
            Amount per serving
            Calories 230
            % Daily Value*
            Total Fat 8g 10%
            Saturated Fat 1g 5%
            Trans Fat 0g
            Cholesterol 0mg 0%
            Sodium 160mg 7%
            Total Carbohydrate 37g 13%
            Dietary Fiber 4g 14%
            Total Sugars 12g
            Includes 10g Added Sugars 20%
            Protein 3g
            *The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet.
            2,000 calories a day is used for general nutrition advice.
            """)
        assertValue(table, "energy-kcal_serving", "230", unit: .kilocalorie)
        assertValue(table, "fat_serving", "8")
        assertValue(table, "saturated-fat_serving", "1")
        assertValue(table, "trans-fat_serving", "0")
        assertValue(table, "cholesterol_serving", "0", unit: .milligram)
        assertValue(table, "sodium_serving", "160", unit: .milligram)
        XCTAssertEqual(table.nutriments["sodium_serving"], Decimal(string: "0.16"))
        assertValue(table, "carbohydrates_serving", "37")
        assertValue(table, "fiber_serving", "4")
        assertValue(table, "sugars_serving", "12")
        assertValue(table, "proteins_serving", "3")
        XCTAssertNil(table["fat_100g"])
        XCTAssertEqual(table.servingSize?.quantity, 55)
        XCTAssertEqual(table.servingSize?.unit, "g")
        // %DV is not an amount and not an EU %RI.
        XCTAssertFalse(table.entries.contains { $0.value == 10 && $0.nutrient == .fat })
    }

    func testUSCaloriesFromFatIsIgnored() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving Size 1 cup (228g)
            Calories 250 Calories from Fat 110
            Total Fat 12g 18%
            Sodium 470mg 20%
            Total Carbohydrate 31g 10%
            Protein 5g
            """)
        assertValue(table, "energy-kcal_serving", "250")
        assertValue(table, "fat_serving", "12")
        XCTAssertEqual(table.servingSize?.quantity, 228)
        XCTAssertEqual(table.servingSize?.text, "1 cup (228g)")
    }

    func testAustralianPanel() throws {
        let table = try parseTable("""
            NUTRITION INFORMATION
            Servings per package: 8
            Serving size: 30 g
            Avg Quantity per Serving per 100 g
            Energy 452 kJ 1507 kJ
            Protein 3.1 g 10.4 g
            Fat, total 1.5 g 5.0 g
            - saturated Less than 1 g 1.1 g
            Carbohydrate 17.9 g 59.8 g
            - sugars 3.3 g 11.0 g
            Dietary Fibre Nil 10.0 g
            Sodium 120 mg 400 mg
            """)
        assertValue(table, "energy-kj_serving", "452")
        assertValue(table, "energy-kj_100g", "1507")
        assertValue(table, "proteins_serving", "3.1")
        assertValue(table, "proteins_100g", "10.4")
        assertValue(table, "fat_100g", "5")
        assertValue(table, "saturated-fat_serving", "1", qualifier: .lessThan)
        assertValue(table, "saturated-fat_100g", "1.1")
        assertValue(table, "fiber_serving", "0", qualifier: .trace)
        assertValue(table, "fiber_100g", "10")
        assertValue(table, "sodium_100g", "400", unit: .milligram)
        XCTAssertEqual(table.servingSize?.quantity, 30)
        XCTAssertFalse(table.findings.contains { $0.check == "serving-vs-100g" }, "\(table.findings)")
    }

    func testPer100AndPortionWithReferenceIntakes() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g pro Portion (30 g) %RI*
            Energie 1569 kJ / 373 kcal 471 kJ / 112 kcal 6%
            Fett 7,1 g 2,1 g 3%
            davon gesättigte Fettsäuren 1,2 g 0,4 g 2%
            Kohlenhydrate 62 g 18,6 g 7%
            davon Zucker 21,9 g 6,6 g 7%
            Ballaststoffe 8,4 g 2,5 g
            Eiweiß 9,8 g 2,9 g 6%
            Salz 0,45 g 0,14 g 2%
            *Referenzmenge für einen durchschnittlichen Erwachsenen (8400 kJ/2000 kcal)
            """)
        assertValue(table, "energy-kj_100g", "1569")
        assertValue(table, "energy-kcal_serving", "112")
        assertValue(table, "sugars_serving", "6.6")
        assertValue(table, "salt_serving", "0.14")
        XCTAssertEqual(table["carbohydrates_serving"]?.referenceIntakePercent, 7)
        XCTAssertEqual(table.servingSize?.quantity, 30)
        // 8400 kJ / 2000 kcal in the footnote is not a value.
        XCTAssertFalse(table.entries.contains { $0.value == 8400 || $0.value == 2000 })
        XCTAssertTrue(table.findings.isEmpty, "\(table.findings)")
        XCTAssertEqual(table.entries.count, 18)
    }

    func testServingInconsistentWithPer100IsFlagged() throws {
        let table = try parseTable("""
            per 100 g per portion (30 g)
            Fett 7,1 g 5,0 g
            Kohlenhydrate 62 g 18,6 g
            Eiweiß 9,8 g 2,9 g
            """)
        XCTAssertTrue(table.findings.contains { $0.check == "serving-vs-100g" && $0.keys.contains("fat_serving") })
        XCTAssertLessThan(table["fat_serving"]!.confidence, table["carbohydrates_serving"]!.confidence)
    }

    func testReferenceIntakePercentChecked() throws {
        // 62 g carbohydrate is 24 % of 260 g; a printed 7 % belongs to another column or is misread.
        let table = try parseTable("Fat 14 g 20%\nCarbohydrate 62 g 7%\nProtein 10 g 20%")
        XCTAssertTrue(table.findings.contains { $0.check == "ri-percent" && $0.keys == ["carbohydrates_100g"] })
        XCTAssertFalse(table.findings.contains { $0.keys == ["fat_100g"] })
    }

    func testSaltAgainstSodium() throws {
        let good = try parseTable("Fat 1 g\nSalt 1.25 g\nSodium 0.5 g")
        XCTAssertFalse(good.findings.contains { $0.check == "salt-vs-sodium" })
        let bad = try parseTable("Fat 1 g\nSalt 3 g\nSodium 0.5 g")
        XCTAssertTrue(bad.findings.contains { $0.check == "salt-vs-sodium" })
    }

    func testPreparedColumn() throws {
        let table = try parseTable("""
            pro 100 g Pulver | pro 100 ml zubereitet
            Energie 1600 kJ / 380 kcal 250 kJ / 60 kcal
            Fett 2,0 g 0,3 g
            Kohlenhydrate 80 g 12 g
            Eiweiß 5,0 g 0,8 g
            """)
        assertValue(table, "fat_100g", "2")
        assertValue(table, "fat_prepared_100g", "0.3")
        assertValue(table, "energy-kcal_prepared_100g", "60")
    }

    func testServingSizeForms() {
        let forms: [(String, String, Decimal?)] = [
            ("per 30 g", "30 g", 30),
            ("Portion (30 g)", "30 g", 30),
            ("Serving size 1 cup (228g)", "1 cup (228g)", 228),
            ("per ½ pack", "½ pack", nil),
            ("Per serving (250 ml)", "250 ml", 250),
        ]
        for (text, printed, quantity) in forms {
            let analysis = LineAnalyzer.analyze(text, lineIndex: 0)
            XCTAssertEqual(analysis.servingSize?.text, printed, text)
            XCTAssertEqual(analysis.servingSize?.quantity, quantity, text)
        }
    }
}

/// The US %DV footnote table repeats the row names with the reference amounts ("Total Fat Less than 65g 80g"):
/// those are never the product's values, whether the panel's own rows were read or not.
final class DailyValueFootnoteTests: XCTestCase {
    private let panel = """
        Nutrition Facts
        Serving Size 1 Cookie (19g)
        Calories 90 Calories from Fat 30
        Total Fat 3.5g 5%
        Saturated Fat 1g 5%
        Cholesterol 5mg 2%
        Sodium 25mg 1%
        Total Carbohydrate 13g 4%
        Dietary Fiber 1g 4%
        Sugars 9g
        Protein 1g
        *Percent Daily Values are based on a 2,000 calorie diet.
        Calories: 2,000 2,500
        Total Fat Less than 65g 80g
        Saturated Fat Less than 20g 25g
        Cholesterol Less than 300mg 300mg
        Sodium Less than 2,400mg 2,400mg
        Total Carbohydrate 300g 375g
        Dietary Fiber 25g 30g
        Calories per gram:
        Fat 9 Carbohydrate 4 Protein 4
        """

    func testFootnoteAmountsAreNotValues() throws {
        let table = try parseTable(panel)
        let expected: [(String, String)] = [
            ("fat_serving", "3.5"), ("saturated-fat_serving", "1"), ("cholesterol_serving", "5"),
            ("sodium_serving", "25"), ("carbohydrates_serving", "13"), ("fiber_serving", "1"),
            ("sugars_serving", "9"), ("proteins_serving", "1"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// Rows printed after a footnote-like line keep their values once an amount outside the references appears.
    func testFootnoteBlockEndsAtAnotherAmount() {
        let lines = ["Calories 2000 2500", "Total Fat Less than 65g 80g", "Protein 7g", "Salt 1.2g"]
        let analyses = lines.enumerated().map { LineAnalyzer.analyze($0.element, lineIndex: $0.offset) }
        XCTAssertEqual(NutritionParser.dailyValueFootnoteLines(analyses), [0, 1])
    }
}
