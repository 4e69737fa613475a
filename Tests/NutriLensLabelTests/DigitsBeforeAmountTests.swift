import XCTest
@testable import NutriLensLabel

/// A word of a row's name read as digits (Polish "Sól" as "561") or a code printed among the name lines (a batch
/// number "52072 AA") in front of the amount the row prints with its unit (issue 22, session 18 flmiss; FoodLabel
/// full photos 0304, 0198, 0050): no cell of the row.
final class DigitsBeforeAmountTests: XCTestCase {
    func testNameWordReadAsDigitsIsNoCell() throws {
        let germanPolish = try parseTable("""
            Nährwerte pro 100 g / Wartość odżywcza w 100 g
            Energie 200 kJ / 48 kcal
            Fett/Tłuszcz 1,5 g
            davon gesättigte Fettsäuren 0,2 g
            Kohlenhydrate/Węglowodany 7,0 g
            davon Zucker 3,4 g
            Eiweiß/Białko 1,1 g
            Salz/Sel/561
            0,10 g
            """)
        assertValue(germanPolish, "salt_100g", "0.10")
        assertValue(germanPolish, "proteins_100g", "1.1")
    }

    func testBatchCodeBetweenNameLinesIsNoCell() throws {
        let english = try parseTable("""
            Nutrition per 100 g
            Energy 2208 kJ / 529 kcal
            Fat 32 g
            of which saturates
            52072 AA
            17 g
            Carbohydrate 52 g
            of which sugars 50 g
            Protein 6.8 g
            Salt 0.16 g
            """)
        assertValue(english, "saturated-fat_100g", "17")
        assertValue(english, "fat_100g", "32")
        let french = try parseTable("""
            Valeurs nutritionnelles pour 100 g
            Énergie 2208 kJ / 529 kcal
            Matières grasses 32 g
            dont acides gras
            52072 AA
            saturés 17 g
            Glucides 52 g
            dont sucres 50 g
            Protéines 6,8 g
            Sel 0,16 g
            """)
        assertValue(french, "saturated-fat_100g", "17")
    }

    /// Left alone: a bare amount after the figure (no unit read), and a figure of 100 or less (possible as a mass per 100 g).
    func testPossibleCellsStay() throws {
        let bareAfter = try parseTable("""
            Nährwerte pro 100 g
            Energie 200 kJ / 48 kcal
            Fett 1,5 g
            Kohlenhydrate 7,0 g
            Eiweiß 1,1 g
            Salz 561 0,10
            """)
        XCTAssertNotEqual(bareAfter["salt_100g"]?.value, Decimal(string: "0.1"))
        let possible = try parseTable("""
            Nährwerte pro 100 g
            Energie 200 kJ / 48 kcal
            Fett 25 1,5 g
            Kohlenhydrate 7,0 g
            Eiweiß 1,1 g
            Salz 0,1 g
            """)
        // "25" stays the first cell (the grammar reads it against the energy; the 1,5 g is not moved up).
        XCTAssertNotNil(possible["fat_100g"])
        XCTAssertNotEqual(possible["fat_100g"]?.value, Decimal(string: "1.5"))
    }
}
