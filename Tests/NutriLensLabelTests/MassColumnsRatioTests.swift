import XCTest
@testable import NutriLensLabel
import NutriLensTestSupport

/// Per 100 g | per portion tables whose cells OCR read out of row order and whose columns' ratio the energy row does
/// not give (no per-portion energy printed or read, no serving size read): the mass rows' own neighbouring pairs
/// state it (`TableBuilder.massColumnsRatio`), and the serving-ratio pairing rebuilds the rows; the columns' header
/// and bare kJ figures read after the energy row's name are no row's amounts (`TableBuilder.rowAmounts`); two
/// amounts left between the pairs are one row's whose ratio OCR broke (`loneCellAmongPairs`); a "<" bound above 1 g
/// is no amount a label prints (`isBoundNoLabelPrints`). Session 24 (flfull3). Constructed text of the classes
/// (other numbers and words than the FoodLabel photos they were found on, full 0286, 0175, 0479); each case was run
/// through main's `nutrilens parse` (7fd2987) first, where all but the one-column control are read wrong.
final class MassColumnsRatioTests: XCTestCase {
    /// Per 100 g | per 30 g with one energy column: sugars' pair read above its name, fibre's under the next name.
    static let pairsAboveTheirName = """
        Nährwerte / Valeurs nutritives
        Energie / Énergie
        1975 kJ (472 kcal)
        Fett / Matières grasses
        24g
        7.2g
        davon gesättigte Fettsäuren / dont acides gras saturés
        15g
        4.5g
        Kohlenhydrate / Glucides
        52g
        15.6g
        44g
        13.2g
        davon Zucker / dont sucres
        Ballaststoffe / Fibres
        12g
        3.6g
        Eiweiss / Protéines
        6.0g
        1.8g
        Salz / Sel
        0.40g
        0.12g
        """

    /// Sugars' pair read above its name, fibre's under the next name; one energy column. Main: sugars 12 (fibre's),
    /// fibre 3,6 (fibre's portion figure). Paired at the rows' own ratio (0.3): sugars 44, fibre 12.
    func testPairsReadAboveTheirNameWithOneEnergyColumn() throws {
        let table = try parseTable(Self.pairsAboveTheirName)
        assertValue(table, "sugars_100g", "44")
        assertValue(table, "fiber_100g", "12")
        assertValue(table, "carbohydrates_100g", "52")
        assertValue(table, "proteins_100g", "6")
        assertValue(table, "salt_100g", "0.4")
    }

    /// As above with sugars' portion figure misread ("73" for 13,2) and two bare figures: the two amounts left
    /// between the pairs are sugars' row; its per-100 g amount (read first) stands, the misread one gives no value.
    func testRowWhosePortionFigureWasMisreadKeepsItsPlace() throws {
        // Sugars' portion figure misread, fibre's and salt's per-100 g figures without their unit.
        let table = try parseTable(Self.pairsAboveTheirName.replacingOccurrences(of: "13.2g", with: "73")
            .replacingOccurrences(of: "\n12g\n", with: "\n12.0\n").replacingOccurrences(of: "0.40g", with: "0.40"))
        assertValue(table, "sugars_100g", "44")
        assertValue(table, "fiber_100g", "12")
        XCTAssertNil(table["sugars_serving"], "73 does not fit the ratio: no per-portion sugars")
    }

    /// The columns' header ("100 g: 25 g:") and the kJ figures without their unit read after the energy row's
    /// name, and every pair read one name late. Main: fat took the rows below's pairs one off (saturates 6,7 =
    /// fat's portion figure, salt 20). Paired at 0.25 without the header and the kJ figures.
    func testHeaderAndBareKilojoulesAfterTheEnergyName() throws {
        let table = try parseTable("""
            Durchschnittliche Nährwerte
            Energie / Energy
            100 g: 25 g:
            1540
            368 kcal
            385
            Fett / Fat
            davon gesättigte Fettsäuren / of which saturates
            26,8
            6,7
            Kohlenhydrate / Carbohydrate
            15,2
            3,8
            davon Zucker / of which sugars
            12 g
            3,0
            Eiweiss / Protein
            11,2
            2,8
            Salz / Salt
            20 g
            5,0
            2,4 g
            0,6
            """)
        assertValue(table, "fat_100g", "26.8")
        assertValue(table, "saturated-fat_100g", "15.2")
        assertValue(table, "carbohydrates_100g", "12")
        assertValue(table, "sugars_100g", "11.2")
        assertValue(table, "proteins_100g", "20")
        assertValue(table, "salt_100g", "2.4")
    }

    /// A %RI "<1%" read as "<14" among the amounts. Main: salt 14 (the bound). It pairs with nothing now.
    func testBoundAboveOneGramIsNoAmount() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g / pro Stück (4 g)
            Energie
            1650 kJ/
            66 kJ/
            392 kcal
            16kcal
            Fett
            davon gesättigte Fettsäuren
            2,5g
            0,1g
            <14
            1,5 g
            0,06 g
            Kohlenhydrate
            davon Zucker
            89,0 g
            3,6g
            Eiweiß
            62,5g
            2,5g
            3,0 g
            0,1g
            <14
            Salz
            0,5g
            0,02 g
            """)
        assertValue(table, "salt_100g", "0.5")
        assertValue(table, "sugars_100g", "62.5")
        assertValue(table, "carbohydrates_100g", "89")
    }

    /// One column read in order: no ratio from the rows (no neighbouring pairs at one ratio), values as read.
    func testOneColumnTableHasNoMassColumnsRatio() throws {
        let text = """
            Nährwerte pro 100 g
            Energie 1620 kJ / 387 kcal
            Fett 20 g
            davon gesättigte Fettsäuren 10 g
            Kohlenhydrate 40 g
            davon Zucker 20 g
            Ballaststoffe 4 g
            Eiweiss 8 g
            Salz 4 g
            """
        let rows = assembledRows(text)
        XCTAssertNil(TableBuilder.massColumnsRatio(rows, after: 1))
        let table = try parseTable(text)
        assertValue(table, "fat_100g", "20")
        assertValue(table, "saturated-fat_100g", "10")
        assertValue(table, "sugars_100g", "20")
        assertValue(table, "salt_100g", "4")
    }

    /// The ratio the rows state, and none where fewer than four neighbouring pairs agree.
    func testMassColumnsRatioFromNeighbouringPairs() throws {
        let ratio = try XCTUnwrap(TableBuilder.massColumnsRatio(assembledRows(Self.pairsAboveTheirName), after: 2))
        XCTAssertEqual(ratio, 0.3, accuracy: 0.005)
        XCTAssertNil(TableBuilder.massColumnsRatio(assembledRows("""
            Energie 1000 kJ / 240 kcal
            Fett 10 g 3 g
            Kohlenhydrate 30 g 9 g
            Eiweiss 5 g
            Salz 1 g
            """), after: 0), "two pairs are no evidence of a ratio")
    }

    /// The FoodLabel full photos the classes were found on (Textract text; skipped without ../shared): 0286 (B,
    /// one energy column, sugars' pair above its name), 0175 (A, header and bare kJ after the energy name), 0479
    /// (A, "<14" for a %RI "<1%"), and 0466 (A, a fat amount equal to the portion size is a row's, not the header).
    func testFoodLabelPhotos() throws {
        let t0286 = try foodLabelFullPhotoTable("0286")
        assertValue(t0286, "sugars_100g", "39")
        assertValue(t0286, "fiber_100g", "10.9")
        let t0175 = try foodLabelFullPhotoTable("0175")
        assertValue(t0175, "fat_100g", "28.5")
        assertValue(t0175, "carbohydrates_100g", "3")
        assertValue(t0175, "proteins_100g", "6.5")
        assertValue(t0175, "salt_100g", "1.3")
        let t0479 = try foodLabelFullPhotoTable("0479")
        assertValue(t0479, "saturated-fat_100g", "5.7")
        assertValue(t0479, "sugars_100g", "71.6")
        assertValue(t0479, "proteins_100g", "0.3")
        let t0466 = try foodLabelFullPhotoTable("0466")
        assertValue(t0466, "fat_100g", "10")
    }
}
