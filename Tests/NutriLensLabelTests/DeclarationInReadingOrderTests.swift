import XCTest
@testable import NutriLensLabel
import NutriLensTestSupport

/// One-column EU tables whose amounts were read whole and in order while several row names were lost
/// (`TableBuilder+DeclarationInReadingOrder`, session 26 flfull5): the amounts in reading order are the mandatory
/// declaration. Constructed text of the class (other words and numbers than the FoodLabel photos it was found on);
/// each case was run through main's `nutrilens parse` (s26-base) first.
final class DeclarationInReadingOrderTests: XCTestCase {
    /// A three-language table whose carbohydrate and protein names OCR lost, amounts in order; `energy` is its
    /// energy line, `stray` a line of pack text read after carbohydrate's amount.
    private func twoNamesLost(energy: String, stray: String? = nil) -> String {
        let head = ["Nährwerte / valeurs nutritives / valori nutritivi", "100 g", "Energie / énergie / energia",
                    energy, "Fett / matières grasses / grassi", "14 g",
                    "davon gesättigte Fettsäuren / dont acides gras saturés", "5,2 g", "48 g"]
        let tail = ["davon Zucker / dont sucres / di cui zuccheri", "6,1 g", "10 g", "Salz / sel / sale", "1,3 g"]
        return (head + (stray.map { [$0] } ?? []) + tail).joined(separator: "\n")
    }

    /// Carbohydrate's and protein's names both lost between the names read. Main: carbohydrate 48 (inferred from
    /// the saturates' name line), protein missing. In order: carbohydrate 48, sugars 6,1, protein 10 (126 + 192 +
    /// 40 = 358 kcal as printed).
    func testTwoNamesLostInsideTheTable() throws {
        let table = try parseTable(twoNamesLost(energy: "1500 kJ (358 kcal)"))
        assertValue(table, "fat_100g", "14")
        assertValue(table, "saturated-fat_100g", "5.2")
        assertValue(table, "carbohydrates_100g", "48")
        assertValue(table, "sugars_100g", "6.1")
        assertValue(table, "proteins_100g", "10")
        assertValue(table, "salt_100g", "1.3")
    }

    /// Fat's name lost before the first name read, protein's lost, salt's read after every amount. Main: saturates
    /// 25 (fat's), no fat, no protein. In order: fat 25, saturates 11, carbohydrate 2, sugars < 0,5, protein 22,
    /// salt 2,1 (225 + 8 + 88 = 321 of 323 kcal).
    func testFirstAndLastNamesLost() throws {
        let table = try parseTable("""
            Valeurs nutritives pour 100 g
            Énergie / Energie
            1350 kJ / 323 kcal
            davon gesättigte Fettsäuren / dont acides gras saturés
            25 g
            11 g
            Kohlenhydrate / glucides
            2 g
            davon Zucker / dont sucres
            <0,5 g
            22 g
            2,1 g
            Salz / sel
            """)
        assertValue(table, "fat_100g", "25")
        assertValue(table, "saturated-fat_100g", "11")
        assertValue(table, "carbohydrates_100g", "2")
        assertValue(table, "sugars_100g", "0.5", qualifier: .lessThan)
        assertValue(table, "proteins_100g", "22")
        assertValue(table, "salt_100g", "2.1")
    }

    /// The same rows under a kcal the amounts in order do not give (420 declared, 358 from the macros): protein's
    /// lost name gets nothing, the rows stay as main reads them (carbohydrate 48 inferred by the lost-row-name rule,
    /// sugars 6,1).
    func testDealThatDoesNotConfirmTheEnergyIsNotTaken() throws {
        let table = try parseTable(twoNamesLost(energy: "1760 kJ (420 kcal)"))
        XCTAssertNil(table["proteins_100g"])
        assertValue(table, "carbohydrates_100g", "48")
        assertValue(table, "sugars_100g", "6.1")
    }

    /// One amount more than the declaration's rows (a stray "3 g" of the pack text): the deal would pass over an
    /// amount, so the rows stay as read (main's reading: no protein).
    func testExtraAmountLeavesTheRowsAsRead() throws {
        let table = try parseTable(twoNamesLost(energy: "1500 kJ (358 kcal)", stray: "3 g"))
        XCTAssertNil(table["proteins_100g"])
        assertValue(table, "carbohydrates_100g", "48")
    }
}

/// The FoodLabel full photos the class was found on (Textract text; skipped without ../shared): 0300 (A: fat's name
/// read above the energy row, carbohydrate's lost), 0232 (A: fat's and protein's lost, salt's after the amounts),
/// 0017 (A: protein's lost), 0378 (B: carbohydrate's and protein's lost).
final class DeclarationInReadingOrderFoodLabelTests: XCTestCase {
    func testFoodLabelNamesLost() throws {
        let t0300 = try foodLabelFullPhotoTable("0300")
        assertValue(t0300, "carbohydrates_100g", "26")
        assertValue(t0300, "sugars_100g", "17")
        assertValue(t0300, "fiber_100g", "1.2")
        assertValue(t0300, "proteins_100g", "0.9")
        assertValue(t0300, "salt_100g", "4.1")
        let t0232 = try foodLabelFullPhotoTable("0232")
        assertValue(t0232, "fat_100g", "31")
        assertValue(t0232, "carbohydrates_100g", "1")
        assertValue(t0232, "proteins_100g", "17")
        let t0378 = try foodLabelFullPhotoTable("0378")
        assertValue(t0378, "carbohydrates_100g", "68")
        assertValue(t0378, "proteins_100g", "9.6")
    }
}
