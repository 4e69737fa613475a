import XCTest
@testable import NutriLensLabel

/// A nutrient word read between the table's rows from text outside it (an ingredient fragment "Zucker mit", a side
/// text "alz, Salz.") opens a row of its own and takes the first amount read below the next row's name, which is
/// that row's per-100 g value; the next row keeps only its per-portion cell (FoodLabel full photos 0388, 0098, 0054:
/// Textract reading order of a two-column table on a full pack). Constructed text of that class.
final class StrayRowNameTests: XCTestCase {
    /// An ingredient fragment naming sugar above the energy row: fat keeps its 26 g, not the 22 g portion's 5,7 g.
    func testIngredientFragmentAboveTheTableDoesNotTakeTheFatValue() throws {
        let table = try parseTable("""
            100 g
            2 Stück (22 g)
            Zucker mit
            Energie Énergie Energia
            2140 kJ
            471 kJ
            6%
            512 kcal
            113 kcal
            Fett . Matières grasses - Grassi
            26g
            5,7 g
            8%
            davon gesättigte Fettsäuren
            10 g
            2,2g
            11%
            Kohlenhydrate . Glucides . Carboidrati
            59 g
            13g
            5%
            davon Zucker . dont sucres . di cui zuccheri
            20g
            4,4g
            5%
            Eiweiss . Protéines - Proteine
            9 g
            2g
            4%
            Salz . Sel . Sale
            0,27 g
            0,06g
            1%
            """)
        assertValue(table, "fat_100g", "26")
        assertValue(table, "fat_serving", "5.7")
        assertValue(table, "sugars_100g", "20")
        assertValue(table, "saturated-fat_100g", "10")
    }

    /// A side-text fragment naming salt between the energy lines and a wrapped protein name after its values: each
    /// takes the next row's first amount; both go back (fat 6.1 g, salt 0.56 g per 100 g).
    func testSideTextAndWrappedNameGiveTheAmountsBack() throws {
        let table = try parseTable("""
            NUTRITION INFORMATION
            /100g
            /30g
            Energie / Energi / Energia /
            1699 kJ
            510 kJ
            alz, Salz.
            402 kcal
            121 kcal
            Fett / Rasva / Fedt / Matières
            6.1 g
            1.8 g
            3 %
            davon gesättigte Fettsäuren / varav
            3.3 g
            1.0 g
            5 %
            Kohlenhydrate / Kolhydrat /
            75 g
            23 g
            9%
            davon Zucker / varav sockerarter /
            17 g
            5.1 g
            6 %
            Eiweiß / Protein / Proteiini /
            9.0 g
            2.7 g
            5%
            Protéines
            Salz / Salt / Suola / Sel
            0.56 g
            0,17 g
            3%
            """)
        assertValue(table, "fat_100g", "6.1")
        assertValue(table, "fat_serving", "1.8")
        assertValue(table, "proteins_100g", "9.0")
        assertValue(table, "salt_100g", "0.56")
        assertValue(table, "salt_serving", "0.17")
    }

    /// Names printed in a block above their values (no nutrient named twice): the amounts stay where the
    /// assembler dealt them.
    func testNamesBlockAboveValuesIsLeftAlone() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie
            1500 kJ / 360 kcal
            Fett
            Kohlenhydrate
            12 g
            55 g
            Eiweiss
            8 g
            Salz
            1,2 g
            """)
        assertValue(table, "fat_100g", "12")
        assertValue(table, "carbohydrates_100g", "55")
        assertValue(table, "proteins_100g", "8")
        assertValue(table, "salt_100g", "1.2")
    }

    /// A table row with one amount whose name is repeated in the ingredient list keeps its amount when the next row
    /// is complete: only a row short of one amount takes it.
    func testCompleteNextRowTakesNothing() throws {
        let table = try parseTable("""
            Zutaten: Weizenmehl, Zucker, Salz
            Nährwerte 100 g Portion (30 g)
            Energie 1600 kJ / 380 kcal 480 kJ / 114 kcal
            Fett 10 g 3 g
            Kohlenhydrate 62 g 18,6 g
            davon Zucker 20 g 6 g
            Eiweiss 9 g 2,7 g
            Salz 1 g 0,3 g
            """)
        assertValue(table, "fat_100g", "10")
        assertValue(table, "sugars_100g", "20")
        assertValue(table, "salt_100g", "1")
        assertValue(table, "salt_serving", "0.3")
    }
}
