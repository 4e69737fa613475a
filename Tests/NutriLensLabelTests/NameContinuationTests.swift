import XCTest
@testable import NutriLensLabel

/// A multilingual row name wrapped over two lines with the row's amount printed between them ("of which Sugars/
/// davon Zucker/" / "85.4g" / "dont sucres/ waarvan suikers"), the shape of FoodLabel full photo 0032 (Textract).
/// The second line continues the row; the amount after it is the next row's, read ahead of that row's name.
/// Constructed text of that class.
final class NameContinuationTests: XCTestCase {
    func testWrappedNameLineDoesNotPushTheRowsBelowOneRowLate() throws {
        let table = try parseTable("""
            Nutritional Information / Nährwertangaben / Valeurs nutritives / Voedingswaarde per 100g
            Energy/Energie/Energie
            1700kJ/400kcal
            Fat/Fett/matières grasses/Vet
            2.4g
            of which Saturates/ davon gesättigte Fettsäuren/
            1.8g
            Carbohydrate/ Kohlenhydrate/ Glucides/ Koolhydraten
            92.5g
            of which Sugars/ davon Zucker/
            80.2g
            dont sucres/ waarvan suikers
            0.3g
            Protein/Eiweiß/Protéines/Eiwitten
            1.4g
            Salt/ Salz/ Sel/ Zout
            """)
        assertValue(table, "sugars_100g", "80.2")
        assertValue(table, "proteins_100g", "0.3")
        assertValue(table, "salt_100g", "1.4")
        // The continuation is no row of its own (fibre is voluntary and not printed here).
        XCTAssertNil(table["fiber_100g"])
    }

    /// Every row below the continuation has its value: the cells after it are a row whose name OCR lost, which
    /// keeps its inference (here carbohydrate, between saturates and sugars).
    func testContinuationFollowedByALostRowNameKeepsTheInferredRow() throws {
        let table = try parseTable("""
            Energie / énergie
            1250 kJ / 300 kcal
            Fett / Matières grasses
            20 g
            davon gesättigte Fettsäuren /
            6.3 g
            dont acides gras saturés
            25 g
            davon Zucker / dont sucres
            12 g
            Eiweiss / Protéines
            5.5 g
            Salz / Sel
            1.2 g
            """)
        assertValue(table, "saturated-fat_100g", "6.3")
        assertValue(table, "carbohydrates_100g", "25")
        assertValue(table, "sugars_100g", "12")
        assertValue(table, "proteins_100g", "5.5")
        assertValue(table, "salt_100g", "1.2")
    }
}
