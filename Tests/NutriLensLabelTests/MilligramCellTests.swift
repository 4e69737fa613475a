import XCTest
@testable import NutriLensLabel

/// A vitamin's or mineral's amount in mg or µg dealt to a row declared in grams
/// (`TableBuilder.droppingMilligramCells`): the name of the micronutrient was read after its amounts, in a footnote,
/// or lost, and the assembler gave the amounts to the row before them, mostly salt. Shapes of FoodLabel full 0037,
/// small / full 0408 and full 0349, with other numbers.
final class MilligramCellTests: XCTestCase {
    /// French/Italian, 100 ml and a 250 ml glass: salt's two cells read under protein's, then the salt and calcium
    /// names, then calcium's footnoted "**120mg" / "300mg" (full 0037; its kJ read "4751" so the kJ pair does not
    /// witness the ratio). The mg pair was salt's (0,12 g) and calcium kept one cell; now salt gets its own cells
    /// back and calcium both of its.
    func testFrenchItalianCalciumAmountsAfterTheSaltName() throws {
        let text = """
            Valeurs nutritives / Valori nutritivi
            100 ml
            1 verre / bicchiere (250ml)
            Énergie / Energia
            190 kJ
            4751 kJ
            45 kcal
            113 kcal
            Matières grasses / Grassi
            1,6 g
            4,0g
            dont acides gras saturés / di cui acidi grassi saturi
            1,0 g
            2,5g
            Glucides / Carboidrati
            4,8 g
            12g
            dont sucres / di cui zuccheri
            4,8 g
            12g
            Protéines / Proteine
            3,4g
            8,5g
            0,1g
            0,25g
            Sel / Sale
            Calcium / Calcio
            **120mg
            300mg
            """
        let table = try parseTable(text)
        assertValue(table, "salt_100g", "0.1", unit: .gram)
        assertValue(table, "salt_serving", "0.25", unit: .gram)
        assertValue(table, "calcium_100g", "120", unit: .milligram)
        assertValue(table, "calcium_serving", "300", unit: .milligram)
        assertValue(table, "proteins_100g", "3.4", unit: .gram)
    }

    /// German/French, one column: fibre's value lost, protein's and salt's read a row early, and vitamin C's
    /// "**180 mg" (its name only in the footnote) after salt's "0,2 g" (small 0408). No gram row keeps the 180 mg.
    func testGermanFrenchFootnotedVitaminAmountAfterSalt() throws {
        let text = """
            Nährwerte / Valeurs nutritives
            100 g
            Energie / Énergie
            1520 kJ (360 kcal)
            Fett / Matières grasses
            0,5 g
            davon gesättigte Fettsäuren / dont acides gras saturés
            0,1 g
            Kohlenhydrate / Glucides
            88 g
            davon Zucker / dont sucres
            86 g
            Ballaststoffe / Fibres alimentaires
            Eiweiss / Protéines
            0,5 g
            Salz / Sel
            0,2 g
            **180 mg
            """
        let table = try parseTable(text)
        for entry in table.entries where TableBuilder.isDeclaredInGrams(entry.nutrient) {
            XCTAssertEqual(entry.unit, .gram, "\(entry.key) \(entry.value) \(entry.unit)")
        }
        XCTAssertNotEqual(table["salt_100g"]?.value, Decimal(string: "180"))
        assertValue(table, "carbohydrates_100g", "88", unit: .gram)
    }

    /// English/German: a vitamin's amount with its %NRV ("22.5mg (150%*)") right under the salt name, the vitamin's
    /// name lost (full 0349 "18.3mg (152%*)"). Salt is left without a value rather than given 0,0225 g.
    func testEnglishGermanVitaminAmountUnderTheSaltName() throws {
        let text = """
            Nutrition / Nährwerte
            per 100 g
            Energy / Energie
            1650 kJ / 392 kcal
            Fat / Fett
            12 g
            of which saturates / davon gesättigte Fettsäuren
            6,1 g
            Carbohydrate / Kohlenhydrate
            62 g
            of which sugars / davon Zucker
            35 g
            Fibre / Ballaststoffe
            3,1 g
            Protein / Eiweiss
            6,0 g
            Salt / Salz
            22.5mg (150%*)
            *of the nutrient reference value / der Referenzmenge
            """
        let table = try parseTable(text)
        XCTAssertNil(table["salt_100g"])
        assertValue(table, "proteins_100g", "6.0", unit: .gram)
        assertValue(table, "fiber_100g", "3.1", unit: .gram)
    }

    /// A US panel's zero in mcg ("Protein 0g 0mcg") stays: zero is zero in any unit, and the rule never removes one.
    func testZeroInMicrogramsStays() {
        let cells = assembledRows("""
            Protein 0g 0mcg
            """)
        let rows = TableBuilder.droppingMilligramCells(cells)
        XCTAssertEqual(rows.first?.cells.count, cells.first?.cells.count)
    }

    /// Sodium, cholesterol and the vitamins and minerals may be printed in mg: the rule leaves them; the macros,
    /// their sub-rows and salt are grams, energy is no mass.
    func testRowsPrintedInMilligramsAreNotDeclaredInGrams() {
        XCTAssertTrue(TableBuilder.isDeclaredInGrams(.salt))
        XCTAssertTrue(TableBuilder.isDeclaredInGrams(.proteins))
        XCTAssertTrue(TableBuilder.isDeclaredInGrams(.transFat))
        XCTAssertFalse(TableBuilder.isDeclaredInGrams(.sodium))
        XCTAssertFalse(TableBuilder.isDeclaredInGrams(.cholesterol))
        XCTAssertFalse(TableBuilder.isDeclaredInGrams(.calcium))
        XCTAssertFalse(TableBuilder.isDeclaredInGrams(.energyKcal))
    }
}
