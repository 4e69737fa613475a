import XCTest
@testable import NutriLensLabel

/// A block of row names read before its values, the names out of the declaration order (a wrapped multilingual name
/// column read bottom row first), the values top to bottom (issue 22, session 18; FoodLabel large 0300).
/// Constructed multilingual text of that class.
final class BlockNameOrderTests: XCTestCase {
    /// German/French: "Eiweiss" / "Ballaststoffe" / "davon Zucker" then 17 g / 1,2 g / 0,9 g. Dealt as read, protein
    /// takes 17 g and the macros give 343 kcal of 281; in the declaration order they give 279.
    func testNamesBlockReadBottomFirstIsDealtInDeclarationOrder() throws {
        let table = try parseTable("""
            Nährwerte / valeurs nutritives pro 100 ml
            Energie / énergie: 1170 kJ / 281 kcal
            Fett / matières grasses:
            19 g
            davon gesättigte Fettsäuren / dont acides gras saturés:
            2,8 g
            Kohlenhydrate / glucides:
            26 g
            Eiweiss / protéines:
            Ballaststoffe / fibres alimentaires:
            davon Zucker / dont sucres:
            17 g
            1,2 g
            0,9 g
            Salz / sel:
            4,1 g
            """)
        assertValue(table, "sugars_100g", "17")
        assertValue(table, "fiber_100g", "1.2")
        assertValue(table, "proteins_100g", "0.9")
        assertValue(table, "salt_100g", "4.1")
    }

    /// Italian/English: protein named before sugars and fibre; as read protein's 30 g gives 473 kcal of 376.
    func testItalianEnglishBlockOutOfOrder() throws {
        let table = try parseTable("""
            Valori nutrizionali / Nutrition information per 100 g
            Energia / Energy 1573 kJ / 376 kcal
            Grassi / Fat 9,0 g
            di cui acidi grassi saturi / of which saturates 1,2 g
            Carboidrati / Carbohydrate 68 g
            Proteine / Protein
            di cui zuccheri / of which sugars
            Fibre / Fibre
            30 g
            3,5 g
            4,0 g
            Sale / Salt 0,9 g
            """)
        assertValue(table, "sugars_100g", "30")
        assertValue(table, "fiber_100g", "3.5")
        assertValue(table, "proteins_100g", "4.0")
    }

    /// German: a block out of order that the checks cannot tell from the reading as dealt (fibre 2 g or 1,5 g moves
    /// the energy by 1 kcal) stays as read.
    func testBlockStaysAsReadWhenTheChecksDoNotPreferTheOrder() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie 1000 kJ / 239 kcal
            Fett 10 g
            davon gesättigte Fettsäuren 2 g
            Kohlenhydrate 30 g
            Ballaststoffe
            davon Zucker
            2,0 g
            1,5 g
            Eiweiß 5 g
            Salz 1 g
            """)
        assertValue(table, "fiber_100g", "2.0")
        assertValue(table, "sugars_100g", "1.5")
    }
}
