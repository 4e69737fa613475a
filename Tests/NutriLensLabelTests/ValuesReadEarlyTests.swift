import XCTest
@testable import NutriLensLabel

/// Rows read out of step with their values on whole-pack text (the shape of Textract's text of FoodLabel full photos):
/// values printed half a row above their names down to a row that then has none, with level rows after it; and
/// two-column tables read half a row off where most rows show one cell of their own and one of the next row.
/// Constructed multilingual text of that class (session 16).
final class ValuesReadEarlyTests: XCTestCase {
    /// Single column: saturates' line block holds carbohydrate's value too, carbohydrate holds sugars', sugars none,
    /// and fibre, protein and salt are level. The energy check says the values belong one row further down.
    func testValuesReadEarlyMoveForwardIntoAnEmptyMiddleRow() throws {
        let table = try parseTable("""
            Nutrition declaration / Nährwerte / Valeurs nutritives per 100 g
            Energy / Energie / Énergie 1046 kJ / 250 kcal
            Fat / Fett / Matières grasses 9,0 g
            of which saturates / davon gesättigte Fettsäuren
            2,0 g
            34 g
            Carbohydrate / Kohlenhydrate / Glucides
            30 g
            of which sugars / davon Zucker / dont sucres
            Fibre / Ballaststoffe / Fibres alimentaires 3,0 g
            Protein / Eiweiss / Protéines 6,0 g
            Salt / Salz / Sel 1,1 g
            """)
        assertValue(table, "saturated-fat_100g", "2")
        assertValue(table, "carbohydrates_100g", "34")
        assertValue(table, "sugars_100g", "30")
        assertValue(table, "fiber_100g", "3")
        assertValue(table, "proteins_100g", "6")
    }

    /// The same shape where the rows as read already fit the declared energy: the surplus is a stray amount and the
    /// empty row was printed without a value, so nothing moves.
    func testStrayAmountBeforeAnEmptyMiddleRowStaysWhenTheChecksDoNotImprove() throws {
        let table = try parseTable("""
            Nutrition declaration / Nährwerte / Valeurs nutritives per 100 g
            Energy / Energie / Énergie 1046 kJ / 250 kcal
            Fat / Fett / Matières grasses 9,0 g
            of which saturates / davon gesättigte Fettsäuren
            2,0 g
            12 g
            Carbohydrate / Kohlenhydrate / Glucides
            34 g
            of which sugars / davon Zucker / dont sucres
            Fibre / Ballaststoffe / Fibres alimentaires 3,0 g
            Protein / Eiweiss / Protéines 6,0 g
            Salt / Salz / Sel 1,1 g
            """)
        assertValue(table, "carbohydrates_100g", "34")
        assertValue(table, "proteins_100g", "6")
        XCTAssertNotEqual(table["sugars_100g"]?.value, 34)
    }

    /// A wrapped name's continuation line ("waarvan verzadigde vetzuren") took carbohydrate's value read before its
    /// name; carbohydrate holds sugars', sugars none, and the rows below are level: the cells move one row down as
    /// far as the empty row.
    func testContinuationCellsMoveDownIntoAnEmptyMiddleRow() throws {
        let table = try parseTable("""
            Nutrition values / Valeurs nutritionnelles / Voedingswaarden per 100 g
            Energy/Energie 1250 kJ/298 kcal
            Fat/Matières grasses/Vetten 12 g
            of which saturates/dont acides gras saturés/
            1,5 g
            waarvan verzadigde vetzuren
            40 g
            Carbohydrate/Glucides/Koolhydraten
            22 g
            of which sugars/dont sucres/waarvan suikers
            Fibre/Fibres alimentaires/Vezels
            2,0 g
            Protein/Protéines/Eiwitten
            5,0 g
            Salt/Sel/Zout
            0,8 g
            """)
        assertValue(table, "saturated-fat_100g", "1.5")
        assertValue(table, "carbohydrates_100g", "40")
        assertValue(table, "sugars_100g", "22")
        assertValue(table, "fiber_100g", "2")
        assertValue(table, "proteins_100g", "5")
        assertValue(table, "salt_100g", "0.8")
    }

    /// Two columns (per 100 g | one 100 g portion) read half a row off from carbohydrate on: most rows show one
    /// cell, but the cells are exactly two per row name, and so cut they fit the declared energy.
    func testTwoColumnTableHalfARowOffIsCutIntoColumnPairs() throws {
        let table = try parseTable("""
            Nährwerte / Valeurs nutritives
            100 g
            1 Portion (100 g)
            Energie / Énergie
            520 kJ
            520 kJ
            124 kcal
            124 kcal
            Fett / Matières grasses
            5,2 g
            5,2 g
            davon gesättigte Fettsäuren / dont acides gras saturés
            3,1 g
            3,1 g
            Kohlenhydrate / Glucides
            8,4 g
            davon Zucker / dont sucres
            8,4 g
            7,9 g
            7,9 g
            Ballaststoffe / Fibres alimentaires 0,5 g
            Eiweiss / Protéines
            0,5 g
            Salz / Sel
            10 g
            10 g
            1,2 g
            1,2 g
            """)
        assertValue(table, "fat_100g", "5.2")
        assertValue(table, "carbohydrates_100g", "8.4")
        assertValue(table, "sugars_100g", "7.9")
        assertValue(table, "fiber_100g", "0.5")
        assertValue(table, "proteins_100g", "10")
        assertValue(table, "salt_100g", "1.2")
    }

    /// The column counts realignment tries: an exact fill of a larger count, not where the energy columns' ratio
    /// (serving ≠ 100 g) lets the cells pair by value.
    func testRealignmentTriesAnExactlyFilledColumnCountOnlyWithoutAServingRatio() {
        func counts(_ typical: Int, _ cells: Int, _ names: Int, ratio: Double?) -> [Int] {
            TableBuilder.realignmentCellsPerRow(typical: typical, cellCount: cells, nameCount: names,
                                                servingRatio: ratio)
        }
        XCTAssertEqual(counts(1, 14, 7, ratio: nil), [1, 2])
        XCTAssertEqual(counts(1, 14, 7, ratio: 1), [1, 2])
        XCTAssertEqual(counts(1, 15, 7, ratio: nil), [1])
        XCTAssertEqual(counts(1, 14, 7, ratio: 1.33), [1])
        XCTAssertEqual(counts(2, 21, 7, ratio: nil), [2, 3])
        XCTAssertEqual(counts(4, 35, 7, ratio: nil), [4])
    }
}
