import XCTest
@testable import NutriLensLabel

/// A multilingual row name wrapped over lines whose name line and continuation both hold cells
/// (`TableBuilder+ContinuationCells.swift`). Constructed text of the class's shapes with other figures; each was read
/// wrong by main (583442b, `nutrilens parse`): fat missing, saturates 4 (its serving cell), sugars 4 (fibre's serving
/// cell), fibre 30 (a recipe's "300 g").
final class ContinuationCellsTests: XCTestCase {
    /// Fat's name left empty, its amount read under saturates' first name line and saturates' on the continuation.
    func testParentLeftEmptyTakesTheNameLinesCells() throws {
        let table = try parseTable("""
            Energie / énergie / energia
            2210 kJ
            530kcal
            60
            Fett/graisses/grassi
            /Hergestellt in Deutschland
            davon gesättigte Fettsäuren /
            31g
            Germany
            dont acides gras saturés
            3.5g
            di cui acidi grassi saturi
            Kohlenhydrate / glucides
            55g
            davon Zucker/dont sucres /
            1.2g | 3g
            Ballaststoffe / fibres alimentaires/
            4.0g | 1.2g
            Eiweiss / protéines
            7.0g | 2.1g
            Salz / sel
            1.5g | 0.45g
            """)
        assertValue(table, "fat_100g", "31")
        assertValue(table, "saturated-fat_100g", "3.5")
    }

    /// Saturates' serving cell on its continuation, fat's serving cell (with its %RI) on saturates' name line; the
    /// serving ratio 1.25 of the energy columns pairs 3,2 with 4,0 and 8,0 with 10. A lost separator ("45g") keeps
    /// the pairing from rebuilding the table.
    func testServingCellOnTheContinuation() throws {
        let table = try parseTable("""
            Energie ; Energie Energia
            610 kJ
            146 kcal
            763kJ
            183kcal
            Fett Matières grasses Grassi
            8,0 g
            11%
            davon gesättigte Fettsäuren
            3,2 g
            10g 14%
            dont acides gras saturés
            4,0g 20%
            di cui acidi grassi saturi
            Kohlenhydrate . Glucides . Carboidrati
            3,6 g
            45g 2%
            davon Zucker dont sucres
            3,6 g
            4,5g
            di cui zuccheri
            Nahrungsfasern
            0g
            0g
            Fibres alimentaires Fibre
            Eiweiss Protéines Proteine
            15g
            19g 38%
            Salz Sel Sale
            0,4 g
            0,5g 8%
            """)
        assertValue(table, "saturated-fat_100g", "3.2")
        assertValue(table, "saturated-fat_serving", "4")
        assertValue(table, "fat_serving", "10")
        assertValue(table, "fat_100g", "8")
    }

    /// Fibre's serving cell "4g" read on sugars' continuation, before fibre's name (ratio 0.9: fibre 4,4 | 4).
    func testNextRowsServingCellBeforeItsName() throws {
        let table = try parseTable("""
            Energie a Energie . Energia
            1250 kJ
            1125kJ 13%
            298kcal
            268 kcal
            Fett Matières grasses . Grassi
            11g
            9,9g
            14%
            davon gesättigte Fettsäuren
            5,0g
            4,5g
            23%
            dont acides gras saturés
            Kohlenhydrate S Glucides . Carboidrati
            32g 12%
            36g
            20g 22%
            davon Zucker dont sucres
            22g
            di cui zuccheri
            4g
            Nahrungsfasern
            4,4g
            Fibres alimentaires - Fibre
            10,8g 22%
            Eiweiss Protéines a Proteine
            12 g
            4%
            0,54g
            Sal Sel Sale
            0,60g
            """)
        assertValue(table, "sugars_100g", "22")
        assertValue(table, "fiber_100g", "4.4")
    }

    /// A recipe's "300 g" on fibre's name line is no per-100 g amount; the continuation's 4,2 g is fibre's.
    func testOverHundredGramsOnTheNameLine() throws {
        let table = try parseTable("""
            Energie / énergie
            1480 kJ / 350 kcal
            Fett / matières grasses
            2,1g
            davon gesättigte Fettsäuren / dont acides gras saturés
            0,4 g
            Kohlenhydrate / glucides
            68 g
            davon Zucker / dont sucres
            3,1
            Ballaststoffe / fibres alimentaires
            300 g
            fibre alimentari
            4,2g
            Eiweiss / protéines
            12g
            Salz / sel
            0,1 g
            """)
        assertValue(table, "fiber_100g", "4.2")
        assertValue(table, "sugars_100g", "3.1")
    }

    /// A zero read from letters ("og") under an empty parent is too little to move the name line's amount.
    func testZeroOnTheContinuationLeavesTheRows() {
        func row(_ name: String, _ line: Int, _ cells: String, continuation: Bool = false) -> AssembledRow {
            var row = assembledRow(name, cells: cells, line: line)
            row.continuesRowAbove = continuation
            return row
        }
        let rows = [row("carbohydrates", 10, ""), row("sugars", 12, "52g"), row("sugars", 14, "0g", continuation: true)]
        let settled = TableBuilder.settlingNameContinuationCells(rows, ratio: nil)
        XCTAssertEqual(settled.count, 3)
        XCTAssertTrue(settled[0].cells.isEmpty)
        let moved = [row("carbohydrates", 10, ""), row("sugars", 12, "52g"), row("sugars", 14, "8g", continuation: true)]
        let parent = TableBuilder.settlingNameContinuationCells(moved, ratio: nil)
        XCTAssertEqual(parent.map { $0.cells.map(\.quantity.value) }, [[52], [8]])
    }
}
