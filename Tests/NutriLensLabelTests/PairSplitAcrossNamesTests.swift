import XCTest
@testable import NutriLensLabel

/// A row whose figures OCR lost entirely (amounts and units), printed in one block of names with the next row: the
/// assembler deals the next row's per-100 g | per-serving pair one amount per name, so the next row's per-serving
/// amount becomes its per-100 g value (FoodLabel full photo 0452: carbohydrate 17 g, the 25 g portion's, for 67 g).
/// Constructed text of that class, and the table read a row late that shows the same shape and must stay as read.
final class PairSplitAcrossNamesTests: XCTestCase {
    /// Saturates' figures lost: carbohydrate keeps its 67 g | 17 g pair; saturates gets no value.
    func testPairAfterALostRowGoesToTheSecondName() throws {
        let table = try parseTable("""
            100 g
            1 Portion (25 g)
            Energie Énergie Energia
            1883 kJ
            471 kJ
            448 kcal
            112 kcal
            Fett Matières grasses Grassi
            16 g
            4 g
            davon gesättigte Fettsäuren
            dont acides gras saturés di cui acidi grassi saturi
            Kohlenhydrate Glucides Carboidrati
            67 g
            17 g
            davon Zucker dont sucres di cui zuccheri
            37 g
            9,3 g
            Eiweiss Protéines Proteine
            7,5 g
            1,9 g
            Salz Sel Sale
            0,19 g
            0,05 g
            """)
        assertValue(table, "carbohydrates_100g", "67")
        assertValue(table, "carbohydrates_serving", "17")
        assertValue(table, "sugars_100g", "37")
        XCTAssertNil(table.nutriments["saturated-fat_100g"], "the lost row takes no other row's amount")
    }

    /// The same shape from a table read a row late (sugars' 12 g | 14 g below the fibre name, fibre's pair below the
    /// protein name): giving the pair to fibre fits the energy no better, so sugars keeps 12 g.
    func testRowLateTableKeepsThePairOnTheFirstName() throws {
        let table = try parseTable("""
            100 g
            1 Portion (120 g)
            Energie Énergie
            233 kJ
            280 kJ
            55 kcal
            66 kcal
            Fett Matières grasses
            0 g
            0 g
            davon gesättigte Fettsäuren
            0 g
            0 g
            Kohlenhydrate Glucides
            13 g
            16 g
            davon Zucker dont sucres
            Ballaststoffe
            12 g
            14 g
            fibres alimentaires
            Eiweiss Protéines
            0,7 g
            0,8 g
            Salz Sel
            0,5 g
            0,6 g
            """)
        assertValue(table, "sugars_100g", "12")
        XCTAssertNotEqual(table.nutriments["fiber_100g"], 12, "sugars' amount stays off the fibre row")
    }
}
