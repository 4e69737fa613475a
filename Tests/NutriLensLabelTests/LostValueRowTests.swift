import XCTest
@testable import NutriLensLabel

/// Rows whose amount OCR lost but whose unit it read, alone on the line under the row name ("Kohlenhydrate/
/// Glucides" / "g"), the shape of FoodLabel full photo 0192 (Textract). Such a row keeps its place: the rows below
/// keep their own values instead of moving up one row each into it when a stray number after the table ("336", a
/// pack code) gives the last row a surplus cell. Constructed text of that class.
final class LostValueRowTests: XCTestCase {
    static let lostAmounts = """
        Nährwerte / Valeurs nutritives
        pro 100 g / par 100 g:
        Energie/Energie
        1480 kJ / 355 kcal
        Fett/Matières grasses
        28 g
        davon gesättigte Fettsäuren/
        11g
        dont acides gras saturés
        Kohlenhydrate/Glucides
        g
        davon Zucker/dont sucres
        g
        Nahrungsfasern/
        g
        Fibres alimentaires
        Eiweiss/Protéines
        24 g
        Salz/Sel
        2.3 g
        336
        Unter Schutzatmosphäre verpackt
        """

    func testRowsUnderLostAmountsKeepTheirOwnValues() throws {
        let table = try parseTable(Self.lostAmounts)
        assertValue(table, "fat_100g", "28")
        assertValue(table, "saturated-fat_100g", "11")
        assertValue(table, "proteins_100g", "24")
        assertValue(table, "salt_100g", "2.3")
        // The lost amounts are not invented, and no other row's value is moved into them.
        XCTAssertNil(table["carbohydrates_100g"])
        XCTAssertNil(table["sugars_100g"])
        XCTAssertNil(table["fiber_100g"])
    }

    /// A unit column printed left of the amounts ("Fett" / "g" / "46"): the unit alone is followed by its amount,
    /// so nothing was lost (FoodLabel small crop 0457).
    func testUnitPrintedBeforeItsAmountIsNoLostValue() throws {
        let table = try parseTable("""
            Energie
            kJ 1989
            kcal 482
            Fett - Matières grasses
            g
            46
            davon: gesättigte Fettsäuren - dont: Acides gras saturés
            g
            5,3
            Kohlenhydrate - Glucides
            g
            9,8
            Eiweiss - Protéines
            g
            4,7
            Salz - Sel
            g
            3,25
            """)
        assertValue(table, "fat_100g", "46")
        assertValue(table, "saturated-fat_100g", "5.3")
        assertValue(table, "carbohydrates_100g", "9.8")
        assertValue(table, "proteins_100g", "4.7")
        assertValue(table, "salt_100g", "3.25")
    }

    /// Amounts printed apart from their units, one of them read before its row name ("< 0.1" / "Salz" / "g"): the
    /// unit alone after the name is that bare amount's, so the amount still reaches the last row.
    func testUnitOfABareAmountReadEarlyIsNoLostValue() throws {
        let table = try parseTable("""
            Energie / énergie
            3050 kJ / 742 kcal
            Fett / graisses:
            82.0 g
            davon gesättigte Fettsäuren / dont acides gras saturés:
            49.2
            g
            Kohlenhydrate / glucides:
            0.5
            g
            davon Zucker / dont sucres:
            0.5
            g
            Eiweiss / protéines:
            0.5
            g
            <
            0.1
            Salz / sel:
            g
            """)
        assertValue(table, "fat_100g", "82")
        assertValue(table, "proteins_100g", "0.5")
        // (The "<" on a line of its own is not joined to its amount; the amount is what this case is about.)
        XCTAssertEqual(table["salt_100g"]?.value, Decimal(string: "0.1"))
    }
}
