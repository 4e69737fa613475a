import XCTest
@testable import NutriLensLabel

/// Values read half a row above their names down to the table's last row, which took a number from the text below
/// the table (a lot number, a second panel's "100g") instead of staying empty (issue 22, session 18; FoodLabel full
/// 0406, 0438). Constructed multilingual text of that class.
final class DebrisInLastRowTests: XCTestCase {
    /// German/French: fibre's "0 g" read before its name (after sugars' 4 g), salt's "0,23 g" before "Salz / Sel",
    /// and a lot number below the table taken by salt. Fibre, protein and salt each get their own value back.
    func testLotNumberBelowTableDoesNotStopTheForwardMove() throws {
        let table = try parseTable("""
            Nährwerte / Valeurs nutritives pro 100 ml / pour 100 ml
            Energie / Énergie 671 kJ / 162 kcal
            Fett / Matières grasses
            15 g
            davon gesättigte Fettsäuren / dont acides gras saturés 9,2 g
            Kohlenhydrate / Glucides
            4 g
            davon Zucker / dont sucres
            4 g
            0 g
            Ballaststoffe / Fibres alimentaires
            Eiweiss / Protéines
            2,8 g
            0,23 g
            Salz / Sel
            Nach dem Öffnen im Kühlschrank aufbewahren
            2406
            """)
        assertValue(table, "sugars_100g", "4")
        assertValue(table, "fiber_100g", "0")
        assertValue(table, "proteins_100g", "2.8")
        assertValue(table, "salt_100g", "0.23")
    }

    /// Italian/English: protein's 9,3 g read under fibre's line, salt's 4,4 g under protein's name, and the "100g" of
    /// a panel further down taken by salt; the macros' energy (141 kcal of 176 as read) says the values belong one
    /// row down.
    func testHeaderAmountBelowTableDoesNotStopTheForwardMove() throws {
        let table = try parseTable("""
            Valori nutrizionali / Nutrition declaration per 100 g
            Energia / Energy 732 kJ / 176 kcal
            Grassi / Fat 11 g
            di cui acidi grassi saturi / of which saturates 0,8 g
            Carboidrati / Carbohydrate 3,8 g
            di cui zuccheri / of which sugars 2,1 g
            Fibre / Fibre 4,4 g
            9,3 g
            Proteine / Protein
            4,4 g
            Sale / Salt
            Conservare in luogo fresco e asciutto
            Store in a cool dry place
            e 100g
            """)
        assertValue(table, "fiber_100g", "4.4")
        assertValue(table, "proteins_100g", "9.3")
        assertValue(table, "salt_100g", "4.4")
    }

    /// German: the last row's own value on the line under its name is no debris, even with a lot number after it;
    /// and a debris row with no row above holding a surplus stays as read (the later checks leave the number out).
    func testLastRowsOwnValueIsKept() throws {
        let lines = ["Nährwerte pro 100 g", "Energie 1580 kJ / 377 kcal", "Fett 12 g", "davon gesättigte Fettsäuren 4,1 g",
                     "Kohlenhydrate 58 g", "davon Zucker 21 g", "Eiweiß 7,5 g", "Salz", "0,5 g",
                     "Nach dem Öffnen kühl lagern", "2406"]
        let table = try parseTable(lines.joined(separator: "\n"))
        assertValue(table, "salt_100g", "0.5")
        assertValue(table, "proteins_100g", "7.5")
        let level = try parseTable(lines.filter { $0 != "0,5 g" }.joined(separator: "\n"))
        assertValue(level, "proteins_100g", "7.5")
        XCTAssertNil(level["salt_100g"], "salt took \(level["salt_100g"].map { "\($0.value)" } ?? "")")
    }
}
