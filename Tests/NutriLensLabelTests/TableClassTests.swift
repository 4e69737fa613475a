import XCTest
@testable import NutriLensLabel

/// Rules for classes of labels beyond column semantics: the RI column of UK tables, US panel rows beside side text,
/// dropped decimal separators with two leading zeros, vitamin and mineral names in the lexicon's languages, and
/// fortification lists. Real rows are PP-OCRv6 tiny readings of the shared corpus photos named.
final class TableClassTests: XCTestCase {
    /// Class: UK/EU tables with a "RI* for an average adult" column after the %RI (pxlshpr A049E005: "Fat 9.5g 14%
    /// 70g"). The intakes are no per-serving amounts.
    func testReferenceIntakeColumnIsNoAmount() throws {
        let table = try parseTable("""
            NUTRITION
            Typical values Vs of a pot % RI* for an
            (100g) contains RI* average adult
            553kJ 8400kJ
            Energy 133kcal 7% 2000kcal
            Fat 9.5g 14% 70g
            of which saturates 5.9g 30% 20g
            Carbohydrate 7.3g
            of which sugars 6.8g 8% 90g
            Fibre 0.5g
            Protein 4.3g
            Salt 0.2g 3% 6g
            """)
        assertValue(table, "fat_100g", "9.5")
        assertValue(table, "saturated-fat_100g", "5.9")
        assertValue(table, "salt_100g", "0.2")
        // The one column is "⅕ of a pot (100g)": its per-serving values are its own (session 15,
        // `PortionOfHundredTests`), never the intakes.
        assertValue(table, "fat_serving", "9.5")
        assertValue(table, "sugars_serving", "6.8")
        assertValue(table, "salt_serving", "0.2")
        XCTAssertEqual(table["fat_100g"]?.referenceIntakePercent, 14)
    }

    /// A single amount equal to an intake is kept: it may be the row's own value ("Protein 50 g" in a protein bar).
    func testOneCellEqualToAnIntakeIsKept() throws {
        let table = try parseTable("""
            per 100 g  per bar (60 g)
            Energy 1500 kJ 900 kJ
            Fat 20 g 12 g
            Carbohydrate 30 g 18 g
            Protein 40 g 24 g 48% 50 g
            """)
        assertValue(table, "proteins_100g", "40")
        XCTAssertEqual(TableBuilder.droppingReferenceIntakeAmounts(
            [], intakes: .euAnnexXIII).count, 0)
    }

    /// Class: US panels photographed with side text level with the rows (julielee eng_real_23): the row before the
    /// prose is kept.
    func testUSPanelRowsBeforeSideText() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving Size 1 Cup (240mL)
            Calories 10 Calories from Fat WHOLE FOODS MARKET
            % Daily Value C2015 WHOLE FOODS MARKET IP LP
            Total Fat 0g 0% www.wholefoodsmarket.com
            Sodium 570mg 24% AVOID GENETICALLY ENGINEERED INGREDIENTS US LAW
            Total Carbohydrate 0g 0% SHAKE WELL BEFORE OPENING
            Protein 2g HEAT AND SERVE
            """)
        assertValue(table, "energy-kcal_serving", "10")
        assertValue(table, "carbohydrates_serving", "0")
        assertValue(table, "sodium_serving", "570", unit: .milligram)
        assertValue(table, "proteins_serving", "2")
    }

    /// The %DV footnote's reference amounts stay dropped even with prose after them.
    func testFootnoteWithSideTextStaysDropped() throws {
        let head = LineAnalyzer.analyze("Sodium Less than 2,400mg 2,400mg SHAKE WELL BEFORE OPENING", lineIndex: 0)
        XCTAssertTrue(head.isNonTable)
    }

    /// Class: salt and saturates cells whose separator OCR dropped after two zeros ("001 g", "005 g"): read with
    /// the separator, never dropped, and marked as repaired.
    func testTwoLeadingZerosWithAMassUnit() throws {
        let table = try parseTable("""
            Energy 1550 kJ / 370 kcal
            Fat 12 g
            of which saturates 005 g
            Carbohydrate 55 g
            Protein 7 g
            Salt 001 g
            """)
        assertValue(table, "salt_100g", "0.01")
        assertValue(table, "saturated-fat_100g", "0.05")
        XCTAssertEqual(table["salt_100g"]?.repairs, [.insertedDecimalSeparator])
        // Without a unit "00500" stays a code.
        XCTAssertNil(scanOne("00500"))
    }

    /// Vitamin and mineral names of the lexicon's languages map to Open Food Facts keys (amounts in mg/µg → g).
    func testMicronutrientNamesInTheLexiconLanguages() throws {
        let rows: [(String, String, Decimal)] = [
            ("Eisen 2,1 mg", "iron_100g", Decimal(string: "0.0021")!),
            ("Fer 2,1 mg", "iron_100g", Decimal(string: "0.0021")!),           // FR "fer": beside mg only
            ("Jod 150 µg", "iodine_100g", Decimal(string: "0.00015")!),         // DE "jod": beside µg only
            ("Żelazo 2,1 mg", "iron_100g", Decimal(string: "0.0021")!),
            ("Kalzium 120 mg", "calcium_100g", Decimal(string: "0.12")!),
            ("Wapń 120 mg", "calcium_100g", Decimal(string: "0.12")!),
            ("Tiamina 0,3 mg", "vitamin-b1_100g", Decimal(string: "0.0003")!),
            ("Ryboflawina 0,4 mg", "vitamin-b2_100g", Decimal(string: "0.0004")!),
            ("Niacyna 5 mg", "vitamin-pp_100g", Decimal(string: "0.005")!),
            ("Kwas foliowy 60 µg", "vitamin-b9_100g", Decimal(string: "0.00006")!),
            ("Acide folique 60 µg", "vitamin-b9_100g", Decimal(string: "0.00006")!),
            ("Witamina D 2,5 µg", "vitamin-d_100g", Decimal(string: "0.0000025")!),
            ("Vitamina C 12 mg", "vitamin-c_100g", Decimal(string: "0.012")!),
            ("Magnez 57 mg", "magnesium_100g", Decimal(string: "0.057")!),
            ("Draslík 300 mg", "potassium_100g", Decimal(string: "0.3")!),
            ("Foszfor 100 mg", "phosphorus_100g", Decimal(string: "0.1")!),
        ]
        for (row, key, expected) in rows {
            let table = try NutritionParser().parse(text: "Energie 1550 kJ / 370 kcal\nFett 12 g\n\(row)")
            XCTAssertEqual(table?.nutriments[key], expected, row)
        }
        // Matched only as spelt: German "einen" is no "eisen".
        let ingredients = try NutritionParser().parse(text: "Energie 1550 kJ\nFett 12 g\nfür einen Erwachsenen\n0,3 g")
        XCTAssertNil(ingredients?["iron_100g"])
    }

    /// Short mineral names that are common words elsewhere (FR "fer", HU "vas", DE/PL "jod", FR "iode") name a row
    /// only when the first amount after them is in mg or µg. Session 21's fresh renders (`generate-testimages.py
    /// --classes`, seed 2111 r00007) print a French %NRV block whose "Fer 3,4 mg 24%" was lost; rows as read.
    func testShortMineralNamesNeedAnAmountInMilligrams() throws {
        let table = try parseTable("""
            Valeurs nutritionnelles
            Valeurs moyennes pour 100 g
            Énergie 313 kJ/74 kcal
            Matières grasses 0,5 g
            dont acides gras saturés 0,2 g
            Glucides 16 g
            dont sucres 0,6 g
            Fibres alimentaires 1,1 g
            Protéines 0,8 g
            Sel 1,9 g
            Vitamines et minéraux %NRV*
            Vitamine D 1,4μg 28%
            Thiamine 0,39 mg 35%
            Calcium 420 mg 52%
            Fer 3,4 mg 24%
            Zinc 2,7 mg 27%
            """)
        assertValue(table, "iron_100g", "3.4", unit: .milligram)
        assertValue(table, "zinc_100g", "2.7", unit: .milligram)
        assertValue(table, "salt_100g", "1.9")
        // Before a gram amount, or with no amount, the word is no row name: its line keeps no mention.
        XCTAssertTrue(LineAnalyzer.analyze("Fer 12 g", lineIndex: 0).mentions.isEmpty)
        XCTAssertTrue(LineAnalyzer.analyze("sel iodé, fer", lineIndex: 0).mentions.allSatisfy { $0.nutrient != .iron })
        XCTAssertEqual(LineAnalyzer.analyze("Vas 2,1 mg 15%", lineIndex: 0).mentions.map(\.nutrient), [.iron])
    }

    /// Class: fortification and ingredient lists naming vitamins and minerals ("Eisen, Zink, Riboflavin, Thiamin,
    /// Vitamin B6,") are no rows: their names would take the next amounts (FoodLabel full photo 0272).
    func testFortificationListIsNoRow() {
        let line = LineAnalyzer.analyze("Eisen, Zink, Riboflavin, Thiamin, Vitamin B6,", lineIndex: 0)
        XCTAssertTrue(line.isNonTable)
        XCTAssertFalse(LineAnalyzer.analyze("Eisen 2,1 mg 15%", lineIndex: 0).isNonTable)
    }
}
