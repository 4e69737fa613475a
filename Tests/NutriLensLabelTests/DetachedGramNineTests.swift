import XCTest
@testable import NutriLensLabel

/// A table that prints units after its amounts, read with a per-100 g amount's "g" detached by a space and taken for
/// a 9 ("Glucides 27,3 9 0,5"; openfoodfacts test-data 3596710368259_2, bouillon per 100 g | per 2 g): the 9 is no
/// cell, and the per-serving value after it is the row's.
final class DetachedGramNineTests: XCTestCase {
    private static func table(carbohydrate: String, fat: String) -> String {
        """
        Pour 100 g Pour 2 g (100 ml)
        Énergie 928 kJ 19 kJ
        221 kcal 5 kcal
        \(fat)
        dont a.g. saturés 4,4 g 0,1
        \(carbohydrate)
        dont sucres 8,4 0,2
        Protéines 7,7g 0,2g
        Sel 48,9 g 0,97g
        """
    }

    func testDetachedNineIsTheGramOfTheAmountBefore() throws {
        for (carbohydrate, fat) in [("Glucides 27,3 9 0,5", "Matières grasses 8,9 9 0,2g"),
                                    ("Glucides 27,3 9 0,5 g", "Matières grasses 8,9 g 0,2g"),
                                    ("Glucides 27.3 9 0.5", "Matières grasses 8.9 9 0.2 g")] {
            let table = try parseTable(Self.table(carbohydrate: carbohydrate, fat: fat))
            assertValue(table, "carbohydrates_100g", String(carbohydrate.split(separator: " ")[1]).replacingOccurrences(of: ",", with: "."))
            assertValue(table, "carbohydrates_serving", "0.5")
            assertValue(table, "fat_100g", "8.9")
            assertValue(table, "fat_serving", "0.2")
            assertValue(table, "sugars_serving", "0.2")
        }
    }

    /// A 9 that is a value stays: in a row no longer than the others (three value columns), or after a whole number.
    func testNineAsAValueStays() throws {
        let threeColumns = try parseTable("""
            Typical values per 100 g per portion (75 g) per portion (150 g)
            Energy 1500 kJ 1125 kJ 2250 kJ
            Fat 12.0 9 18
            Carbohydrate 40.0 30 60
            Protein 8.0 6 12
            """)
        assertValue(threeColumns, "fat_100g", "12.0")
        assertValue(threeColumns, "fat_serving", "9")
        let wholeNumber = try parseTable("""
            Typical values per 100 g per portion (75 g)
            Energy 1500 kJ 1125 kJ
            Fat 12 9
            Carbohydrate 40 30
            Protein 8.0 6.0
            """)
        assertValue(wholeNumber, "fat_serving", "9")
    }
}
