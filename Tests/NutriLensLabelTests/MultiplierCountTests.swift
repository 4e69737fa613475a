import XCTest
@testable import NutriLensLabel

/// A count glued to its multiplication sign ("4x", "1x", "2× 30 g": packs, portions, pieces) is no table cell
/// (`NumberGrammar`). A pack text's "4x" read after the salt row had become salt's value while salt's own "1,1 g"
/// went to a "potassium" named in the ingredient list above it (FoodLabel full photo 0151). Constructed text.
final class MultiplierCountTests: XCTestCase {
    func testGluedCountIsNoNumber() {
        XCTAssertNil(scanOne("4x"))
        XCTAssertNil(scanOne("3×"))
        XCTAssertEqual(NumberGrammar.scan(Array("2x 30 g")).map(\.value), [30], "the count goes, the amount stays")
        XCTAssertEqual(scanOne("2 g")?.value, 2)
    }

    /// Salt keeps its 1,1 g: the side text's "4x" below it is no cell, so the ingredient list's "potassium" named
    /// above salt's name (one names block with it) no longer takes salt's amount. The label's text, cut to the table.
    func testPackCountAfterTheLastRowIsNoSaltValue() throws {
        let table = try parseTable("""
            Energie / energie / énergie
            1036 kJ
            246kcal
            Fett / vetten / matières grasses
            3,4 g
            davon gesättigte Fettsäuren / dont acides gras saturés
            0,4g
            Kohlenhydrate / koolhydraten / glucides
            48 g
            davon Zucker / waarvan suikers / dont sucres
            3,8 g
            Ballaststoffe / vezels / fibres alimentaires
            6,6g
            3% (farine de riz, eau), fibre
            e amidon de riz, épaississant :
            Eiweiß / eiwitten protéines
            2,9 g
            esol riche en acide oléique,
            de potassium). Peut contenir des
            Salz / zout / sel
            1,1 g
            cuits, Conserver dans un lieu frais
            Dr. Schär AG / SPA Winkelau 9
            4x
            ent le produit ou le conserver dans
            39014 Burgstall / Postal (BZ) Italy
            urs qui suivent.
            """)
        assertValue(table, "salt_100g", "1.1")
        XCTAssertNil(table.nutriments["potassium_100g"])
    }
}
