import XCTest
@testable import NutriLensLabel

/// Text of a whole pack (FoodLabel's full-photo variant): the table's lines come interleaved with the ingredient
/// list, directions and other columns, in the OCR service's reading order.
final class FullPackTextTests: XCTestCase {
    /// Ingredient-list fragments between the table's rows ("Reismehl, Maismehl, Zucker} Weizenmehl") name sugar,
    /// starch or salt among other words; they took the next values and pushed every row's column over by one
    /// (the shape of FoodLabel full photos 0272, 0323).
    func testIngredientFragmentsBetweenRowsNameNoRow() throws {
        let table = try parseTable("""
            /100g
            /40g
            %RI*
            Energie / Energi / Energia / Énergie
            1567 kJ
            627 kJ
            371 kcal
            148 kcal
            Reismehl, Maismehl, Zucker} Weizenmehl
            Fett / Rasva / Matières grasses / Vetten
            3.2
            1.3 g
            2%
            Stärke Sonnenblumenöl, Backtriebmittel
            davon gesättigte Fettsäuren / varav mättat
            0.5
            0.2
            1%
            Kohlenhydrate / Kolhydrat / Hiilihydraatit
            69 g
            28 g
            11%
            skt fett (palm, shea), gräddpulver,
            davon Zucker / varav sockerarter / josta
            14 g
            5.6 g
            6%
            Eiweiß / Protein / Proteiini / Protéines
            12g
            4.8 g
            10%
            apiokastärkelse. kalciumkarbonat salt},
            Salz / Salt / Suola / Sel / Zout
            0,67 g
            0,27 g
            5%
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "3.2"), ("fat_serving", "1.3"), ("saturated-fat_100g", "0.5"),
            ("saturated-fat_serving", "0.2"), ("carbohydrates_100g", "69"), ("sugars_100g", "14"),
            ("sugars_serving", "5.6"), ("proteins_100g", "12"), ("salt_100g", "0.67"), ("salt_serving", "0.27"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
        XCTAssertNil(table["starch_100g"])
    }

    /// Row-name lines with commas stay rows: "Fat, total" (AU), a name list "Protein, Eiweiß, Proteine", and a
    /// continuation ending in a comma.
    func testRowNamesWithCommasStayRows() throws {
        let table = try parseTable("""
            Energy 1046 kJ / 250 kcal
            Fat, total 3,2 g
            Kohlenhydrate, Glucides,
            30 g
            Protein, Eiweiß, Proteine
            12 g
            Salt, Salz 0,5 g
            """)
        assertValue(table, "fat_100g", "3.2")
        assertValue(table, "carbohydrates_100g", "30")
        assertValue(table, "proteins_100g", "12")
        assertValue(table, "salt_100g", "0.5")
    }

    /// A line of ingredients with an amount is kept: rows rebuilt from word boxes may join a table row with a
    /// side text block, and the row's amount must survive.
    func testLineWithAmountIsNotAnIngredientFragment() throws {
        let analysis = LineAnalyzer.analyze("Salt 0.5 g wheat flour, yeast, water", lineIndex: 0)
        XCTAssertFalse(analysis.isNonTable)
        let fragment = LineAnalyzer.analyze("Reismehl, Maismehl, Zucker} Weizenmehl", lineIndex: 0)
        XCTAssertTrue(fragment.isNonTable)
        let shares = LineAnalyzer.analyze("Zucker, Kakaobutter 32%, Vollmilchpulver", lineIndex: 0)
        XCTAssertTrue(shares.isNonTable)
    }
}
