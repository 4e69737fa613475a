import XCTest
@testable import NutriLensLabel

/// A block of row names read before more values than names, but not whole columns (`RowAssembler.flush`): the window
/// of one value per name deals the block's values, and the values outside it are kept in reading order
/// (`AssembledRow.surplusBefore` / `surplusAfter`) for the serving-ratio pairing, which rebuilds two-column tables
/// read out of row order (`TableBuilder.pairedByServingRatio`). Shapes of FoodLabel large crops 0260 and 0322 and
/// full photo 0465, with other numbers.
final class UndealtBlockValueTests: XCTestCase {
    /// German/French, 30 g portion (ratio 0.3): carbohydrate's and sugars' names read before "66 g" / "20 g" /
    /// "4,0 g", sugars' portion cell read under the fibre name and every row below a row late. The window deals
    /// 66 and 20 g; sugars' 4,0 g, which the window used to drop, is the per-100 g cell the pairing needs.
    func testGermanFrenchSugarsCellAfterTheWindow() throws {
        let text = """
            Durchschnittliche Nährwerte / Apport nutritionnel moyen
            pro 100 g
            pro 30 g
            Energie / Énergie
            1690 kJ (400 kcal)
            507 kJ (120 kcal)
            Fett/ Matières grasses
            - davon gesättigte Fettsäuren /
            10 g
            3,0 g
            dont acides gras saturés
            3,0 g
            0,9 g
            Kohlenhydrate / Glucides
            - davon Zucker/ dont sucres
            66 g
            20 g
            4,0 g
            Ballaststoffe / Fibres alimentaires
            1,2 g
            3,0 g
            Eiweiß/ Protéines
            0,9 g
            Salz/Sel
            10 g
            3,0 g
            1,5 g
            0,45 g
            """
        let rows = assembledRows(text)
        let sugars = try XCTUnwrap(rows.first { $0.nutrient == .sugars })
        XCTAssertEqual(sugars.cells.map(\.quantity.text), ["20 g"])
        XCTAssertEqual(sugars.surplusAfter.map(\.quantity.text), ["4,0 g"])
        XCTAssertEqual(sugars.cellsInReadingOrder.map(\.quantity.text), ["20 g", "4,0 g"])
        let table = try parseTable(text)
        let expected: [(String, String)] = [
            ("fat_100g", "10"), ("saturated-fat_100g", "3"), ("carbohydrates_100g", "66"), ("sugars_100g", "4"),
            ("sugars_serving", "1.2"), ("fiber_100g", "3"), ("fiber_serving", "0.9"), ("proteins_100g", "10"),
            ("salt_100g", "1.5"), ("salt_serving", "0.45"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// Italian/English, 25 g portion (ratio 0.25) with a %RI column: fat and saturates read column-wise, then
    /// carbohydrate and sugars before "40 g" / "10 g" / "4%" / "28 g", sugars' portion cell under the fibre name.
    func testItalianEnglishSugarsCellAfterTheWindow() throws {
        let table = try parseTable("""
            Valori nutrizionali / Nutrition information
            100 g
            1 porzione / 1 portion (25 g)
            %*
            Energia / Energy
            2200 kJ
            550 kJ
            7%
            525 kcal
            131 kcal
            Grassi / Fat
            di cui acidi grassi saturi / of which saturates
            36 g
            9,0 g
            13%
            16 g
            4,0 g
            20%
            Carboidrati / Carbohydrate
            di cui zuccheri / of which sugars
            40 g
            10 g
            4%
            28 g
            Fibre / Fibre
            7,0 g
            9%
            Proteine / Protein
            7,2 g
            1,8 g
            Sale / Salt
            8,4 g
            2,1 g
            4%
            0,40 g
            0,10 g
            2%
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "36"), ("saturated-fat_100g", "16"), ("carbohydrates_100g", "40"), ("sugars_100g", "28"),
            ("sugars_serving", "7"), ("fiber_100g", "7.2"), ("proteins_100g", "8.4"), ("proteins_serving", "2.1"),
            ("salt_100g", "0.4"), ("salt_serving", "0.1"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// The undealt values give no value of their own: a one-column block of two names with three values keeps the
    /// window's values, and the value outside it reaches no row (no pairing without a second energy column).
    func testUndealtValuesAreNoRowsValue() throws {
        let rows = assembledRows("""
            Energy 1500 kJ / 355 kcal
            Carbohydrate
            of which sugars
            61 g
            12 g
            99 g
            """)
        let carbohydrates = try XCTUnwrap(rows.first { $0.nutrient == .carbohydrates })
        let sugars = try XCTUnwrap(rows.first { $0.nutrient == .sugars })
        XCTAssertEqual(carbohydrates.cells.map(\.quantity.text), ["61 g"])
        XCTAssertEqual(sugars.cells.map(\.quantity.text), ["12 g"])
        XCTAssertEqual(sugars.surplusAfter.map(\.quantity.text), ["99 g"])
        XCTAssertTrue(carbohydrates.surplusBefore.isEmpty && carbohydrates.surplusAfter.isEmpty)
    }

    /// A bare single digit in a row name ("davon gesättigte Fettsäuren 1", a footnote mark) takes no part in the
    /// pairing: at ratio 2.45 it fits "0,6 g" as a portion cell (± 0.5), and every later pair would start one cell
    /// on (1,4 g with carbohydrate's 3,5 g). Each cell on a line of its own, as on a whole pack read a row late.
    func testWeakDigitTakesNoPartInThePairing() throws {
        var line = 0
        let read = [("fat", "1"), ("saturated-fat", "0,6 g 1,4 g"), ("carbohydrates", "0,2 g 0,4 g"),
                    ("sugars", "3,5 g 8,8 g"), ("fiber", "<0,5 g 0,5 g"), ("proteins", "0,7 g 1,8 g"),
                    ("salt", "1,7 g 4,2 g 0,81 g 2,0 g")].map { name, cells in
            var row = assembledRow(name, cells: cells, line: line)
            for index in row.cells.indices {
                line += 1
                row.cells[index].lineIndex = line
            }
            line += 1
            return row
        }
        let rebuilt = try XCTUnwrap(TableBuilder.pairedByServingRatio(read, leading: [], ratio: 2.45, kcal: nil,
                                                                      after: -1))
        XCTAssertEqual(rebuilt.map { $0.cells.map(\.quantity.text) },
                       [["0,6 g", "1,4 g"], ["0,2 g", "0,4 g"], ["3,5 g", "8,8 g"], ["<0,5 g", "0,5 g"],
                        ["0,7 g", "1,8 g"], ["1,7 g", "4,2 g"], ["0,81 g", "2,0 g"]])
    }

    /// A bare digit among a block's values is not dealt when the amounts alone are one per name: protein's and
    /// salt's names read before "6,5g" / "1" (the count of "1 Packung / 1 emballage") / "0,09 g" (FoodLabel small
    /// crop 0460's shape, here Italian/English with a 1 confezione / 1 pack line).
    func testBareDigitAmongTheBlocksValuesIsNotDealt() throws {
        let rows = assembledRows("""
            Energia / Energy 2124 kJ / 508 kcal
            Grassi / Fat 26 g
            Proteine / Protein
            Sale / Salt
            6,5g
            1
            confezione / pack
            0,09 g
            """)
        let salt = try XCTUnwrap(rows.first { $0.nutrient == .salt })
        let proteins = try XCTUnwrap(rows.first { $0.nutrient == .proteins })
        XCTAssertEqual(proteins.cells.map(\.quantity.text), ["6,5g"])
        XCTAssertEqual(salt.cells.map(\.quantity.text), ["0,09 g"])
    }
}
