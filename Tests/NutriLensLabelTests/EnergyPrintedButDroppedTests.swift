import XCTest
@testable import NutriLensLabel

/// Energy printed and read but given no value (issue 22, session 18 flmiss): the kcal of an energy line whose unit
/// and row name OCR lost ("1453 kJ / 351", FoodLabel full photo 0232), and the kcal printed beside the kJ when an
/// energy figure of the pack text above the table took its place ("+5 Cal" over "270 kJ (64 kcal)", full 0265; fixed
/// by the portion-energy rule, session 18 flcol).
final class EnergyPrintedButDroppedTests: XCTestCase {
    /// A bare whole figure after an energy amount on its line, nothing but "/" or "(" between, in Annex XIV ratio
    /// with it, is that amount's partner even where no energy row name waits for values.
    func testBareFigureAfterEnergyAmountIsItsPartner() throws {
        let german = try parseTable("""
            Nährwerte / Valeurs nutritives pour 100 g
            1453 kJ / 351
            Fett / Matières grasses 31 g
            davon gesättigte Fettsäuren / dont acides gras saturés 22 g
            Kohlenhydrate / Glucides 1 g
            Eiweiss / Protéines 17 g
            Salz / Sel 1,4 g
            """)
        assertValue(german, "energy-kj_100g", "1453")
        assertValue(german, "energy-kcal_100g", "351")
        assertValue(german, "fat_100g", "31")
        assertValue(german, "proteins_100g", "17")
        let italian = try parseTable("""
            Valori nutrizionali per 100 g / Typical values per 100 g
            1210 kJ (289
            Grassi / Fat 9,5 g
            Carboidrati / Carbohydrate 41 g
            Proteine / Protein 9,0 g
            Sale / Salt 0,8 g
            """)
        assertValue(italian, "energy-kcal_100g", "289")
        assertValue(italian, "fat_100g", "9.5")
    }

    /// Not the partner: a figure out of ratio, one after a word, or after the reference intake's 8400 kJ.
    func testFigureThatIsNoPartnerStaysOut() throws {
        for line in ["1453 kJ / 120", "1453 kJ Fett 351", "8400 kJ / 2000"] {
            let table = try parseTable("""
                Nährwerte pro 100 g
                \(line)
                Kohlenhydrate 1 g
                Eiweiss 17 g
                Salz 1,4 g
                """)
            XCTAssertNil(table["energy-kcal_100g"], line)
            assertValue(table, "carbohydrates_100g", "1")
        }
    }

    /// The pack text's energy figure above the table ("+5 Cal" of a storage line) gives way to the table's own agreeing
    /// kJ/kcal pair (``TableBuilder/droppingEnergyAboveTable(_:energyLine:columnCount:)``, session 18 flcol).
    func testPackTextEnergyAboveTableGivesWayToTablePair() throws {
        let germanItalian = try parseTable("""
            conservare a +5 Cal
            Nährwerte / valori nutrizionali 100 ml
            Energie / energia
            270 kJ (64 kcal)
            Fett / grassi 1,6 g
            davon gesättigte Fettsäuren / di cui acidi grassi saturi 0,9 g
            Kohlenhydrate / carboidrati 9,0 g
            davon Zucker / di cui zuccheri 9,0 g
            Eiweiss / proteine 3,4 g
            Salz / sale 0,10 g
            """)
        assertValue(germanItalian, "energy-kj_100g", "270")
        assertValue(germanItalian, "energy-kcal_100g", "64")
        let french = try parseTable("""
            À conserver à +5 Cal
            Valeurs nutritionnelles pour 100 g
            Énergie
            1046 kJ / 250 kcal
            Matières grasses 10 g
            Glucides 30 g
            Protéines 9,5 g
            Sel 1 g
            """)
        assertValue(french, "energy-kj_100g", "1046")
        assertValue(french, "energy-kcal_100g", "250")
    }

    /// The table's pair disagrees (the printed 250 kcal read "350"), so the figure above is not dropped as a
    /// summary; the macros (248 kcal) contradict it and it is left out, never given as the kcal.
    func testContradictedFigureAboveTableIsNotTheKcal() throws {
        let table = try parseTable("""
            À conserver à +5 Cal
            Valeurs nutritionnelles pour 100 g
            Énergie
            1046 kJ / 350 kcal
            Matières grasses 10 g
            Glucides 30 g
            Protéines 9,5 g
            Sel 1 g
            """)
        assertValue(table, "energy-kj_100g", "1046")
        XCTAssertNotEqual(table["energy-kcal_100g"]?.value, 5)
    }
}
