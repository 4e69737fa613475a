import XCTest
@testable import NutriLensLabel

/// `../shared/docs/bug-cases.md` sections A and B: each entry as a class of inputs, not the single string.
/// (Energy cases 1, 2 and 9 are in ``EnergyTests``; grammar cases 7, 12 and 15 in ``NumberGrammarTests``.)
final class BugCaseTests: XCTestCase {
    // MARK: 3 — unit g read as 9

    func testTrailingNineReadAsGramWhenImplausible() throws {
        // "129" for fat is impossible next to 250 kcal; "09" has a leading zero; saturates "29" > fat.
        let table = try parseTable("""
            Energy 1046 kJ / 250 kcal
            Fat 129
            of which saturates 09
            Carbohydrate 35g
            of which sugars 12,59
            Protein 6,4g
            Salt 0,759
            """)
        assertValue(table, "fat_100g", "12")
        assertValue(table, "saturated-fat_100g", "0")
        assertValue(table, "sugars_100g", "12.5")
        assertValue(table, "salt_100g", "0.75")
        for key in ["fat_100g", "saturated-fat_100g", "sugars_100g", "salt_100g"] {
            XCTAssertEqual(table[key]?.repairs, [.nineAsGram], key)
            XCTAssertLessThan(table[key]!.confidence, 0.92, key)
        }
    }

    func testTrailingNineKeptWhenPlausibleAndUnitPrinted() throws {
        let table = try parseTable("""
            Energy 1046 kJ / 250 kcal
            Fat 9 g
            Carbohydrate 39 g
            of which sugars 19 g
            Protein 2,9 g
            Salt 0,29 g
            """)
        assertValue(table, "carbohydrates_100g", "39")
        assertValue(table, "sugars_100g", "19")
        assertValue(table, "proteins_100g", "2.9")
        assertValue(table, "salt_100g", "0.29")
        XCTAssertTrue(table.entries.allSatisfy { $0.repairs.isEmpty })
    }

    /// Tables that print the unit after their amounts ("1g", "170mg"; every US/CA panel) never print one bare whole
    /// number ending in 9: that 9 is the g, even where no consistency check could tell (per-serving columns).
    func testTrailingNineInTablesThatPrintUnits() throws {
        let cases: [(text: String, expected: [String: String])] = [
            ("""
             Nutrition Facts
             Serving size 1 Tbsp (15g)
             Calories 70
             Total Fat 69 9%
             Saturated Fat 1g 5%
             Trans Fat 0g
             Cholesterol <5mg 1%
             Sodium 170mg 7%
             Total Carbohydrate 49 1%
             Protein 0g
             """, ["fat_serving": "6", "carbohydrates_serving": "4", "saturated-fat_serving": "1"]),
            ("""
             Nutrition Facts
             Amount per serving
             Calories 150
             Total Fat 2g 3%
             Sodium 150mg 7%
             Total Carbohydrate 159 5%
             Dietary Fiber 1g 4%
             Total Sugars 7g
             Protein 109
             """, ["carbohydrates_serving": "15", "proteins_serving": "10", "fat_serving": "2"]),
            // EU table with units printed: the whole number "19" is "1 g"; a two-decimal salt stays as printed.
            ("""
             Nutrition declaration per 100 g
             Energy 1046 kJ / 250 kcal
             Fat 9.5g
             of which saturates 0.9g
             Carbohydrate 35g
             of which sugars 12g
             Fibre 19
             Protein 6.4g
             Salt 0.19
             """, ["fiber_100g": "1", "saturated-fat_100g": "0.9", "salt_100g": "0.19", "fat_100g": "9.5"]),
        ]
        for (text, expected) in cases {
            let table = try parseTable(text)
            for (key, value) in expected.sorted(by: { $0.key < $1.key }) { assertValue(table, key, value) }
        }
        // No units printed in the cells (the unit is in the header): "Fett 19" is 19 g.
        let bare = try parseTable("""
            Nährwerte pro 100 g
            Energie 1900 kJ / 455 kcal
            Fett 19
            davon gesättigte Fettsäuren 9
            Kohlenhydrate 59
            davon Zucker 29
            Eiweiß 9
            Salz 1,2
            """)
        assertValue(bare, "fat_100g", "19")
        assertValue(bare, "carbohydrates_100g", "59")
        assertValue(bare, "sugars_100g", "29")
    }

    func testTrailingNineNeverAppliedToEnergy() throws {
        let table = try parseTable("Energy 1049 kJ / 249 kcal\nFat 9,5 g\nCarbohydrate 35 g\nProtein 6,4 g")
        assertValue(table, "energy-kj_100g", "1049")
        assertValue(table, "energy-kcal_100g", "249")
    }

    // MARK: 4 — letter O for zero

    func testLetterOInValueCells() throws {
        let table = try parseTable("""
            Fat O g
            of which saturates O,1 g
            Carbohydrate 1O g
            Protein o
            Salt 0,O5 g
            """)
        assertValue(table, "fat_100g", "0")
        assertValue(table, "saturated-fat_100g", "0.1")
        assertValue(table, "carbohydrates_100g", "10")
        assertValue(table, "proteins_100g", "0")
        assertValue(table, "salt_100g", "0.05")
        XCTAssertEqual(table["fat_100g"]?.repairs, [.letterAsDigit])
    }

    // MARK: 5 — locale-free numbers

    func testCommaAndPointGiveTheSameDecimal() throws {
        let comma = try parseTable("Fett 2,4 g\nEiweiß 3,25 g")
        let point = try parseTable("Fat 2.4 g\nProtein 3.25 g")
        XCTAssertEqual(comma["fat_100g"]?.value, point["fat_100g"]?.value)
        XCTAssertEqual(comma["proteins_100g"]?.value, Decimal(string: "3.25"))
        let json = String(decoding: try JSONEncoder().encode(comma.nutriments), as: UTF8.self)
        XCTAssertTrue(json.contains("2.4"), json)
        XCTAssertFalse(json.contains("2,4"), json)
    }

    // MARK: 8 — qualified values stay out of sum checks

    func testLessThanValuesKeepQualifierAndSkipSumChecks() throws {
        // "<0.5 g" sugars with 0.3 g carbohydrate is not a violation: 0.5 is only a bound.
        let table = try parseTable("""
            Energy 17 kJ / 4 kcal
            Fat <0.5 g
            of which saturates <0.1 g
            Carbohydrate 0.3 g
            of which sugars <0.5 g
            Protein <0.5 g
            Salt <0.01 g
            """)
        assertValue(table, "fat_100g", "0.5", qualifier: .lessThan)
        assertValue(table, "saturated-fat_100g", "0.1", qualifier: .lessThan)
        assertValue(table, "sugars_100g", "0.5", qualifier: .lessThan)
        assertValue(table, "salt_100g", "0.01", qualifier: .lessThan)
        XCTAssertFalse(table.findings.contains { $0.check == "sugars-exceed-carbohydrates" })
        XCTAssertEqual(table.qualifiers["sugars_100g"], "<")
    }

    func testSumChecksFireOnExactValues() throws {
        let table = try parseTable("Fat 2 g\nof which saturates 5 g\nCarbohydrate 10 g\nof which sugars 12 g")
        XCTAssertTrue(table.findings.contains { $0.check == "saturates-exceed-fat" })
        XCTAssertTrue(table.findings.contains { $0.check == "sugars-exceed-carbohydrates" })
        XCTAssertTrue(table["sugars_100g"]!.needsReview || table["carbohydrates_100g"]!.needsReview)
    }

    // MARK: 10 — per-serving-only tables keep the serving size

    func testPerServingOnlyTableKeepsServingSize() throws {
        let shapes = ["Nutrition per portion (30 g)", "Per 30 g serving", "Pro Portion (30 g)", "Portion (30 g)"]
        for header in shapes {
            let table = try parseTable(header + "\nEnergy 471 kJ / 112 kcal\nFat 2.1 g\nCarbohydrate 18.6 g\nProtein 2.9 g")
            XCTAssertNil(table["fat_100g"], header)
            assertValue(table, "fat_serving", "2.1")
            assertValue(table, "energy-kcal_serving", "112")
            XCTAssertEqual(table.servingSize?.quantity, 30, header)
            XCTAssertEqual(table.servingSize?.unit, "g", header)
        }
    }

    // MARK: 11 — both columns kept; traces as a qualifier

    func testBothColumnsAndTraces() throws {
        let table = try parseTable("""
            Typical values Per 100 g Per 30 g serving %RI*
            Energy 1569 kJ / 373 kcal 471 kJ / 112 kcal 6%
            Fat 7.1 g 2.1 g 3%
            of which saturates 1.2 g 0.4 g 2%
            Carbohydrate 62 g 18.6 g 7%
            of which sugars traces traces
            Protein 9.8 g 2.9 g 6%
            Salt Spuren Spuren
            """)
        assertValue(table, "fat_100g", "7.1")
        assertValue(table, "fat_serving", "2.1")
        assertValue(table, "energy-kj_serving", "471")
        assertValue(table, "energy-kcal_serving", "112")
        assertValue(table, "sugars_100g", "0", qualifier: .trace)
        assertValue(table, "sugars_serving", "0", qualifier: .trace)
        assertValue(table, "salt_100g", "0", qualifier: .trace)
        XCTAssertEqual(table.qualifiers["salt_serving"], "trace")
        XCTAssertEqual(table["fat_serving"]?.referenceIntakePercent, 3)
        XCTAssertNil(table["fat_100g"]?.referenceIntakePercent)
        XCTAssertEqual(table.servingSize?.quantity, 30)
    }

    func testTraceWordsPerLanguage() throws {
        for word in ["traces", "Spuren", "tracce", "trazas", "sporen", "trace"] {
            let table = try parseTable("Fat 3 g\nof which saturates 1 g\nSalt \(word)")
            assertValue(table, "salt_100g", "0", qualifier: .trace)
        }
    }

    // MARK: 13, 14 — implausible per-100 g values (wrong leading digit, dropped separator)

    func testDroppedDecimalSeparatorRepairedByEnergy() throws {
        // Fat "345" cannot be per 100 g; 250 kcal = 9 × fat + 4 × (35 + 6.4) gives fat ≈ 9.4, so 3.45 fits worse
        // than 34.5? No: only 9.x fits; the check must pick the reading closest to consistency or flag it.
        let table = try parseTable("Energy 1046 kJ / 250 kcal\nFat 95\nCarbohydrate 35 g\nProtein 6.4 g")
        assertValue(table, "fat_100g", "9.5")
        XCTAssertEqual(table["fat_100g"]?.repairs, [.insertedDecimalSeparator])
        XCTAssertTrue(table["fat_100g"]!.needsReview)
    }

    func testMassAbove100GramsRepairedOrFlagged() throws {
        // "158 g" protein per 100 g is impossible: the dropped-separator reading 15.8 is used, marked for review.
        let table = try parseTable("Fat 9,5 g\nCarbohydrate 35 g\nSalt 0,586 g\nProtein 158 g")
        assertValue(table, "proteins_100g", "15.8")
        XCTAssertEqual(table["proteins_100g"]?.repairs, [.insertedDecimalSeparator])
        XCTAssertTrue(table["proteins_100g"]!.needsReview)
        assertValue(table, "salt_100g", "0.586")
        // A per-serving column may exceed 100 g (a 250 ml serving): no repair there.
        let serving = try parseTable("Per serving (250 ml)\nCarbohydrate 112 g\nSugars 110 g\nProtein 3 g")
        assertValue(serving, "carbohydrates_serving", "112")
    }

    // MARK: 16 — label and value glued together

    func testGluedLabelAndValue() throws {
        let table = try parseTable("Fat3.2g\nSaturates1.1g\nCarbohydrate40g\nProtein7.5g")
        assertValue(table, "fat_100g", "3.2")
        assertValue(table, "saturated-fat_100g", "1.1")
        assertValue(table, "carbohydrates_100g", "40")
        assertValue(table, "proteins_100g", "7.5")
    }

    // MARK: column rules read as "1"

    func testColumnRuleReadAsOneIsNotAValue() throws {
        let table = try parseTable("""
            Fett 1 Matières grasses 1 Grassi
            12 g
            Kohlenhydrate
            1
            glucides
            62g
            Salz | sel
            0,5 g
            """)
        assertValue(table, "fat_100g", "12")
        assertValue(table, "carbohydrates_100g", "62")
        assertValue(table, "salt_100g", "0.5")
    }
}
