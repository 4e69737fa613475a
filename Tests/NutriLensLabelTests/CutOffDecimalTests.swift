import XCTest
@testable import NutriLensLabel

/// A decimal whose digits after the comma a crop cut off ("0,88 g" read "0,", alone on its line) is no amount
/// (`NumberGrammar.isCutOffDecimal`): read as 0 it became salt's or protein's value (FoodLabel small crop 0233, large
/// crop 0052). A full stop stays punctuation, and a comma after a longer number is a list's. Constructed text.
final class CutOffDecimalTests: XCTestCase {
    func testDigitAndCommaAloneIsNoNumber() {
        XCTAssertNil(scanOne("0,"))
        XCTAssertNil(scanOne(" 3, "))
        XCTAssertEqual(scanOne("8.")?.value, 8, "a full stop is punctuation")
        XCTAssertEqual(scanOne("Salz 1,")?.value, 1, "a comma after a row name is a run-in list's")
        XCTAssertEqual(scanOne("0,5")?.value, Decimal(string: "0.5"))
    }

    /// The crop's right edge cut salt's "0,88 g": salt gets no value rather than 0 g.
    func testCutSaltDecimalGivesNoValue() throws {
        let table = try parseTable("""
            Energiewert / valeur énergétique
            774 kJ
            180 kcal
            Fett / matières grasses
            16 g
            davon gesättigte Fettsäuren / dont acides gras saturés
            3,7 g
            Kohlenhydrate / glucides
            2,7 g
            davon Zucker / dont sucres
            0,7 g
            Eiweiss / protéines
            6,1 g
            Salz / sel
            0,
            """)
        assertValue(table, "proteins_100g", "6.1")
        XCTAssertNil(table.nutriments["salt_100g"], "a cut decimal is no 0 g")
    }
}
