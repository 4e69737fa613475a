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
    /// the energy by 1 kcal). Names read with no cell between them say nothing by their order, and sorted they fit
    /// the rows around them (carbohydrate before, protein after), so the declaration order stands (session 27; until
    /// then the block stayed as read).
    func testTiedBlockTakesTheDeclarationOrderWhereItFits() throws {
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
        assertValue(table, "sugars_100g", "2.0")
        assertValue(table, "fiber_100g", "1.5")
    }

    /// Italian/English: fibre named before sugars, 24 g and 3,2 g after them; both readings give about 446 kcal, so
    /// only the declaration order tells sugars 24 g (main read fibre 2,4 g and sugars 3,2 g).
    func testItalianEnglishFibreBeforeSugarsTied() throws {
        let table = try parseTable("""
            Valori nutrizionali / Nutrition information per 100 g
            Energia / Energy 1866 kJ / 446 kcal
            Grassi / Fat 18 g
            di cui acidi grassi saturi / of which saturates 7,5 g
            Carboidrati / Carbohydrate 61 g
            Fibre / Fibre
            di cui zuccheri / of which sugars
            24 g
            3,2 g
            Proteine / Protein 8,1 g
            Sale / Salt 0,6 g
            """)
        assertValue(table, "sugars_100g", "24")
        assertValue(table, "fiber_100g", "3.2")
        assertValue(table, "proteins_100g", "8.1")
    }

    /// German/French, two names on one line ("Eiweiss Ballaststoffe / protéines / fibres alimentaires"), protein
    /// first: 3,4 and 7,9 are fibre and protein in the declaration order (the kcal cannot tell, 469 or 478 of 480).
    func testTwoNamesOnOneLineTakeTheDeclarationOrder() throws {
        let table = try parseTable("""
            Nährwerte / Valeurs nutritionnelles pro/par 100 g
            Brennwert / énergie 2010 kJ (480 kcal)
            Fett / matières grasses 24 g
            davon gesättigte Fettsäuren / dont acides gras saturés 9,8 g
            Kohlenhydrate / glucides 56 g
            davon Zucker / dont sucres 41 g
            Eiweiss Ballaststoffe / protéines / fibres alimentaires
            3,4
            7,9
            Salz / sel 0,3 g
            """)
        assertValue(table, "fiber_100g", "3.4")
        assertValue(table, "proteins_100g", "7.9")
        assertValue(table, "salt_100g", "0.3")
    }

    /// German: a stray "Zucker" read above the saturates, sugars named again under carbohydrate. Sorted, the block
    /// (saturates, sugars) would not fit between fat and carbohydrate, so a tie keeps the reading order.
    func testBlockWithANameNamedAgainKeepsReadingOrder() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie 2240 kJ / 535 kcal
            Fett 30 g
            Zucker
            davon gesättigte Fettsäuren
            18 g
            12 g
            Kohlenhydrate 58 g
            davon Zucker 55 g
            Ballaststoffe 2 g
            Eiweiß 6 g
            Salz 0,1 g
            """)
        assertValue(table, "saturated-fat_100g", "12")
        assertValue(table, "sugars_100g", "55")
    }

    /// French per 100 ml | per bottle, fibre named before sugars, then "6,5 g 19,5 g 0 g 0 g 0 g" (a fifth zero the
    /// next row's): the assembler dealt fibre "19,5 g" with "6,5 g" before it and sugars "0 g" with two zeros after.
    /// Dealt evenly in reading order to the names sorted, sugars take 6,5 | 19,5 g and fibre the zeros; the bottle
    /// energy read first goes to its column (main: 78 kcal, fibre 19,5 g, sugars 0 g per 100 ml).
    func testUnevenlyDealtBlockIsDealtEvenlyInDeclarationOrder() throws {
        let table = try parseTable("""
            Valeurs nutritives
            pour 100 ml
            par bouteille
            Énergie
            330 kJ
            110 kJ
            78 kcal
            26 kcal
            Matières grasses 0 g
            Glucides
            6,5 g
            19,5 g
            Fibres alimentaires
            dont sucres
            6,5 g
            19,5 g
            0 g
            0 g
            0 g
            Protéines
            0 g
            0 g
            Sel 0 g
            """)
        assertValue(table, "energy-kcal_100g", "26")
        assertValue(table, "sugars_100g", "6.5")
        assertValue(table, "fiber_100g", "0")
        assertValue(table, "carbohydrates_100g", "6.5")
    }
}
