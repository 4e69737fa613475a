import XCTest
@testable import NutriLensLabel

/// US/CA vitamin and mineral rows with amounts (mg, mcg → grams in the key unit), %DV-only rows skipped, leading-zero
/// values read as decimals, and long digit runs (barcodes, lot numbers) that are never amounts.
final class MicronutrientAndCodeTests: XCTestCase {
    func testUSPanelVitaminsAndMineralsWithAmounts() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving size 1 cup (240mL)
            Calories 120
            Total Fat 5g 6%
            Cholesterol 20mg 7%
            Sodium 120mg 5%
            Total Carbohydrate 12g 4%
            Protein 8g
            Vitamin D 2.5mcg 10%
            Calcium 300mg 25%
            Vitamin A 150mcg 15%
            Vitamin C 9mg 10%
            Thiamin 0.1mg 8%
            Riboflavin 0.4mg 30%
            Niacin 1.6mg 10%
            Vitamin B6 0.2mg 10%
            Folate 24mcg DFE 6%
            Vitamin B12 1.2mcg 50%
            Phosphorus 245mg 20%
            Magnesium 27mg 6%
            Zinc 1mg 10%
            Iodine 55mcg 35%
            """)
        assertValue(table, "vitamin-a_serving", "150", unit: .microgram)
        XCTAssertEqual(table.nutriments["vitamin-a_serving"], Decimal(string: "0.00015"))
        assertValue(table, "vitamin-c_serving", "9", unit: .milligram)
        XCTAssertEqual(table.nutriments["vitamin-c_serving"], Decimal(string: "0.009"))
        assertValue(table, "vitamin-b1_serving", "0.1", unit: .milligram)
        assertValue(table, "vitamin-b2_serving", "0.4", unit: .milligram)
        assertValue(table, "vitamin-pp_serving", "1.6", unit: .milligram)
        assertValue(table, "vitamin-b6_serving", "0.2", unit: .milligram)
        assertValue(table, "vitamin-b9_serving", "24", unit: .microgram)
        assertValue(table, "vitamin-b12_serving", "1.2", unit: .microgram)
        XCTAssertEqual(table.nutriments["vitamin-b12_serving"], Decimal(string: "0.0000012"))
        assertValue(table, "phosphorus_serving", "245", unit: .milligram)
        assertValue(table, "magnesium_serving", "27", unit: .milligram)
        assertValue(table, "zinc_serving", "1", unit: .milligram)
        assertValue(table, "iodine_serving", "55", unit: .microgram)
        assertValue(table, "vitamin-d_serving", "2.5", unit: .microgram)
        assertValue(table, "calcium_serving", "300", unit: .milligram)
        assertValue(table, "cholesterol_serving", "20", unit: .milligram)
    }

    func testPercentOnlyVitaminRowsGiveNoAmount() throws {
        let table = try parseTable("""
            Nutrition Facts
            Calories 90
            Total Fat 3g 5%
            Sodium 200mg 8%
            Total Carbohydrate 13g 4%
            Protein 3g
            Vitamin A 0% Vitamin C 2%
            Vitamin E 4% Riboflavin 6%
            """)
        XCTAssertNil(table["vitamin-a_serving"])
        XCTAssertNil(table["vitamin-c_serving"])
        XCTAssertNil(table["vitamin-e_serving"])
        XCTAssertNil(table["vitamin-b2_serving"])
        assertValue(table, "proteins_serving", "3")
    }

    func testVitaminNamesResolveToTheirOwnNutrient() {
        let cases: [(String, Nutrient)] = [
            ("vitamin a", .vitaminA), ("vitamin b6", .vitaminB6), ("vitamin b12", .vitaminB12),
            ("vitamin b1", .vitaminB1), ("folic acid", .vitaminB9), ("folsäure", .vitaminB9),
            ("niacin", .vitaminPP), ("zink", .zinc), ("phosphore", .phosphorus), ("vitamin d", .vitaminD),
        ]
        for (text, expected) in cases {
            let mentions = LineAnalyzer.matchMentions(LineAnalyzer.words(Array(text)))
            XCTAssertEqual(mentions.map(\.nutrient), [expected], text)
        }
    }

    func testLeadingZeroWholeNumberIsADroppedSeparator() throws {
        // "Ballaststoffe 07 g": no label prints a leading zero before a whole number; "09" stays "0 g".
        let table = try parseTable("""
            Energie 881 kJ / 211 kcal
            Fett 14 g
            davon gesättigte Fettsäuren 2.4 g
            Kohlenhydrate 13 g
            davon Zucker 3.4 g
            Ballaststoffe 07 g
            Eiweiss 09
            Salz 1.7 g
            """)
        assertValue(table, "fiber_100g", "0.7")
        assertValue(table, "proteins_100g", "0")
    }

    func testLongDigitRunsAreCodesNotAmounts() {
        XCTAssertNil(scanOne("15923793"))
        XCTAssertNil(scanOne("7610800123456"))
        XCTAssertEqual(scanOne("1046 kJ")?.value, 1046)
        XCTAssertEqual(scanOne("12500 mg")?.value, 12500)
    }
}

/// OCR debris between a row name, its number and its unit.
final class CellDebrisTests: XCTestCase {
    func testStrayStrokeBeforeEnergyUnit() {
        let quantity = scanOne("645 l kcal")
        XCTAssertEqual(quantity?.value, 645)
        XCTAssertEqual(quantity?.unit, .kilocalorie)
        XCTAssertEqual(scanOne("2673 kJ | 645 kcal")?.unit, .kilojoule)
    }

    func testRowNameEndedByFullStopBeforeMassCell() {
        let quantities = NumberGrammar.scan(Array("Salz.4,0 g"))
        XCTAssertEqual(quantities.map(\.value), [4])
        XCTAssertEqual(quantities.first?.unit, .gram)
        // Codes and abbreviations stay debris.
        XCTAssertTrue(NumberGrammar.scan(Array("T.4.")).isEmpty)
        XCTAssertTrue(NumberGrammar.scan(Array("E3.2")).isEmpty)
    }
}

/// Which occurrence of a row name is the table's.
final class RowInstanceTests: XCTestCase {
    func testIngredientListNameAboveTheTableLosesToTheTableRow() throws {
        // The ingredient list's "salt" picks up the header's "30g"; the table's salt value has no unit read.
        let table = try parseTable("""
            Ingredients: oat flakes, sugar, hazelnut paste (5,2%),
            NATURAL FLAVOURING, SALT, ANTIOXIDANT (TOCOPHEROLS)
            Nutrition information per
            30g + 125ml
            100g
            30g
            Energy
            1896 kJ
            452 kcal
            Fat
            17,4g
            of which saturates
            2,4g
            Carbohydrate
            62,8 g
            of which sugars
            17,5g
            Protein
            8,1 g
            Salt
            0.22
            """)
        assertValue(table, "salt_100g", "0.22")
        assertValue(table, "carbohydrates_100g", "62.8")
    }

    func testUSPanelRowsAboveCaloriesKeepTheirSameLineValues() throws {
        let table = try parseTable("""
            Nutrition Facts
            Total Fat 6g
            Sat. Fat 1g
            Servings 15
            Calories 70
            Fat Cal. 50
            Sodium 170mg
            Total Carb. 3g
            Protein 0g
            """)
        assertValue(table, "fat_serving", "6")
        assertValue(table, "sodium_serving", "170", unit: .milligram)
    }
}

/// Ingredient text that full-photo OCR interleaves with the table.
final class InterleavedProseTests: XCTestCase {
    func testIngredientLineNamingSeveralNutrientsIsProse() {
        // Three row names among eight words (37 %): an ingredient list, not a multilingual row.
        let text = "Zucker, Stärke, Salz, Vanille, Kakaobutter, Haselnüsse, Milchpulver, Emulgator"
        XCTAssertEqual(LineAnalyzer.matchMentions(LineAnalyzer.words(Array(text))).count, 3)
        XCTAssertTrue(LineAnalyzer.analyze(text, lineIndex: 0).isNonTable)
        // A multilingual row is mostly row names.
        XCTAssertFalse(LineAnalyzer.analyze("Fett / matières grasses / grassi / fat", lineIndex: 0).isNonTable)
        XCTAssertFalse(LineAnalyzer.analyze("davon gesättigte Fettsäuren / dont acides gras saturés / di cui acidi grassi saturi",
                                            lineIndex: 0).isNonTable)
    }
}

/// Amounts in international units (activity, not mass) are no g/mg/µg values: M-Strzelecki nf97's
/// "Vitamin A 488 IU Vitamin C 3mg" gave vitamin A 4.88 g (a separator inserted into 488), a key the label lacks.
final class InternationalUnitTests: XCTestCase {
    func testAmountsInInternationalUnitsAreNotValues() throws {
        for text in ["488 IU", "488 I.U.", "400 UI", "1000 I.E."] {
            XCTAssertEqual(scanOne(text)?.isInternationalUnits, true, text)
            XCTAssertNil(scanOne(text)?.unit, text)
        }
        XCTAssertEqual(scanOne("3mg")?.unit, .milligram)
        let table = try parseTable("""
            NUTRITION FACTS
            (Approx. per 100g)*
            Calories 357 Kcal Calories from Fat 117 Kcal
            Total Fat 13g 52%
            Saturated Fat 5.36g
            Total Carbohydrate 57g 11%
            Sugars 46g
            Protein 3g 5%
            Vitamin A 488 IU Vitamin C 3mg
            Calcium 19mg Iron 0.3 mg
            """)
        XCTAssertNil(table["vitamin-a_100g"])
        XCTAssertTrue(table.findings.contains { $0.check == "international-units" && $0.keys == ["vitamin-a_100g"] })
        assertValue(table, "vitamin-c_100g", "3", unit: .milligram)
        assertValue(table, "calcium_100g", "19", unit: .milligram)
        assertValue(table, "iron_100g", "0.3", unit: .milligram)
    }

    /// Vitamin D has one factor (40 IU = 1 µg, 21 CFR 101.9(c)(8)(iv)); A and E depend on the form and are left out.
    func testVitaminDInInternationalUnitsIsConverted() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving Size 1 cup (240mL)
            Calories 110
            Total Fat 2.5g 4%
            Total Carbohydrate 12g 4%
            Protein 8g
            Vitamin D 100 IU 25%
            Vitamin E 15 IU 50%
            """)
        assertValue(table, "vitamin-d_serving", "2.5", unit: .microgram)
        XCTAssertEqual(table.nutriments["vitamin-d_serving"], Decimal(string: "0.0000025"))
        XCTAssertNil(table["vitamin-e_serving"])
        XCTAssertTrue(table.findings.contains { $0.check == "international-units" })
    }
}

/// UK/EU packs that print a mineral's or vitamin's %RI, and what it is of, between its name and its amounts
/// ("CALCIUM (20% RI* PER 100g) 162 mg 120 mg"): the "%" is no %DV-only row (pxlshpr 991D390B, a two-column
/// yogurt table; both rows were lost and salt's per-serving cell became 162 mg).
final class PercentBeforeAmountTests: XCTestCase {
    func testPercentPrintedBeforeTheAmountsKeepsTheRow() throws {
        let table = try parseTable("""
            TYPICAL VALUES PER 100g 74g (2 tubes)
            ENERGY 384kJ/91kcal 284kJ/67kcal
            FAT 2.7g 2.0g
            of which saturates 1.8g 1.3g
            CARBOHYDRATE 12.1g 9.0g
            of which sugars 10.9g 8.1g
            PROTEIN 3.7g 2.7g
            SALT 0.15g
            CALCIUM (20% RI* PER 100g) 162 mg 120 mg
            VITAMIN D (68% RI* PER 100g) 3.4µg 2.5µg
            * RI: REFERENCE INTAKE
            """)
        assertValue(table, "calcium_100g", "162", unit: .milligram)
        assertValue(table, "calcium_serving", "120", unit: .milligram)
        assertValue(table, "vitamin-d_100g", "3.4", unit: .microgram)
        assertValue(table, "vitamin-d_serving", "2.5", unit: .microgram)
        assertValue(table, "salt_100g", "0.15")
        XCTAssertNil(table["salt_serving"])
    }

    /// A US panel's %DV-only rows stay without an amount: the next row's amount is not theirs.
    func testUSPercentOnlyRowsStay() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving Size 1 cup (228g)
            Calories 250
            Total Fat 12g 18%
            Sodium 470mg 20%
            Total Carbohydrate 31g 10%
            Protein 5g
            Vitamin A 4% Calcium 20% Iron 4% Potassium 300mg
            """)
        XCTAssertNil(table["vitamin-a_serving"])
        XCTAssertNil(table["calcium_serving"])
        XCTAssertNil(table["iron_serving"])
        assertValue(table, "potassium_serving", "300", unit: .milligram)
    }
}
