import XCTest
@testable import NutriLensLabel

/// Several row names in a row lost to OCR: the value lines under the last named row belong to the missing rows,
/// in declaration order. Rows are Tesseract's visual rows of openfoodfacts robotoff 3596710368259_2.jpg (a French
/// stock-cube table, per 100 g | per 100 ml of broth), where "dont acides gras saturés", "Glucides" and "dont
/// sucres" came out as "Ss es", "er ucides" and "SL res".
final class LostRowNamesTests: XCTestCase {
    static let frenchStockCube = """
        ONNELLES
        2.9 (100 ml) a partir
        00g d'un bouillon 500ml | |
        (une tablette 10g
        928 kJ 19 kJ
        Ene QIe
        221 kcal 5 kcal hs,
        N 0,2g hie
        t 2res grasses 8,9 g —
        Ss es 4,4g 0,1g Fe
        er ucides 27,3g 0,5g Den
        m
        SL res 8,4 g 0,2g wre
        Fibres De “ren.
        alimentaires 0,5g 0,0g Pu
        Protéines Were
        100 0,2g
        \\Sel 48,9g 0,97 g LA
        """

    func testThreeLostNamesTakeTheirLinesInDeclarationOrder() throws {
        let table = try parseTable(Self.frenchStockCube)
        assertValue(table, "fat_100g", "8.9")
        assertValue(table, "saturated-fat_100g", "4.4")
        assertValue(table, "saturated-fat_serving", "0.1")
        assertValue(table, "carbohydrates_100g", "27.3")
        assertValue(table, "carbohydrates_serving", "0.5")
        assertValue(table, "sugars_100g", "8.4")
        assertValue(table, "sugars_serving", "0.2")
        assertValue(table, "fiber_100g", "0.5")
        assertValue(table, "salt_100g", "48.9")
        assertValue(table, "salt_serving", "0.97")
        XCTAssertEqual(table["carbohydrates_100g"]?.repairs.contains(.inferredRow), true)
        // Fat's serving cell was printed on the line above its name: missing is better than saturates' 4.4.
        XCTAssertNil(table["fat_serving"])
    }

    /// Value lines that do not match the missing rows one to one stay with the named row: two lines for three
    /// missing rows, or a line with a single cell in a two-column table.
    func testLinesThatDoNotFitTheMissingRowsAreNotSplit() throws {
        let twoLinesThreeMissing = try parseTable("""
            Energie 928 kJ 19 kJ
            221 kcal 5 kcal
            Matières grasses 8,9 g 0,2 g
            Ss es 4,4g 0,1g
            er ucides 27,3g 0,5g
            Fibres alimentaires 0,5g 0,0g
            Protéines 7,7 g 0,2g
            Sel 48,9g 0,97 g
            """)
        XCTAssertNil(twoLinesThreeMissing["saturated-fat_100g"])
        XCTAssertNil(twoLinesThreeMissing["sugars_100g"])

        let unevenLine = try parseTable("""
            Energie 928 kJ 19 kJ
            221 kcal 5 kcal
            Matières grasses 8,9 g 0,2 g
            Ss es 4,4g
            er ucides 27,3g 0,5g
            SL res 8,4 g 0,2g
            Fibres alimentaires 0,5g 0,0g
            Protéines 7,7 g 0,2g
            Sel 48,9g 0,97 g
            """)
        XCTAssertNil(unevenLine["sugars_100g"])
        assertValue(unevenLine, "fat_100g", "8.9")
    }

    /// The project's Tesseract lines of TestImages/deg_noise_light_nl.jpg: the protein name came out as "itten"
    /// under its "19g". The value read after fibre is not moved forward into salt over that line (salt has no
    /// value rather than protein's). With the value directly above the last name ("1.7g" / "Zout/Salz…", FoodLabel
    /// 0017) it still moves.
    func testValueIsNotMovedForwardOverALostRowName() throws {
        let table = try parseTable("""
            Gemiddelde waarden
            per 100g
            Energie
            1174 kJ / 283 kcal
            Vetten
            23g
            waarvan verzadigde vetzuren
            5,lg
            Koolhydraten
            <0,5g
            waarvan suikers
            <0,5g
            Suse Rn ie See |
            Br E
            edingsvezel
            <0,5g
            19g
            itten
            Zout
            Lis
            """)
        XCTAssertNil(table["salt_100g"], "19 g is the lost protein row's value, not salt's")
        assertValue(table, "fiber_100g", "0.5", qualifier: .lessThan)
        // The same lines grouped by their boxes into visual rows: "19g" beside the lost name.
        let rows = try parseTable("""
            per 100g
            Energie
            1174 kJ / 283 kcal
            Vetten 23g
            waarvan verzadigde vetzuren 5,lg
            Koolhydraten <0,5g
            waarvan suikers <0,5g
            edingsvezel <0,5g
            itten 19g
            Zout Lis
            """)
        XCTAssertNil(rows["salt_100g"])
    }
}
