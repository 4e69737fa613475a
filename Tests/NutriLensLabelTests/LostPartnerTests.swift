import XCTest
@testable import NutriLensLabel

/// Two-column tables (per 100 g | per portion) read out of row order on a whole pack, rebuilt by the serving ratio
/// (`TableBuilder.pairedByServingRatio`) although a %RI column adds figures between the cells, or one row lost its
/// second cell (`TableBuilder.loneCellAmongPairs`). Shapes of FoodLabel large crop 0161 and full photo 0337.
final class LostPartnerTests: XCTestCase {
    /// A 50 g portion (ratio 0.5) with a %RI column: saturates' name read before its cells, which land under the
    /// carbohydrate name, and every row below takes its upper neighbour's cells. The %RI figures are a column of
    /// their own, not debris below the table, so they do not stop the pairing.
    func testPercentColumnDoesNotStopThePairing() throws {
        let table = try parseTable("""
            Nährwerte / valeurs nutritives
            100 g
            1 Portion (50 g)
            %*
            Energie / énergie
            1507 kJ
            754 kJ
            357 kcal
            179 kcal 9%
            Fett / matières grasses
            6,9 g
            3,5 g 5%
            davon gesättigte Fettsäuren
            dont acides gras saturés
            Kohlenhydrate / glucides
            1,5 g
            0,8 g 4%
            34 g 13%
            davon Zucker / dont sucres 68 g
            39 g
            20 g 22%
            Ballaststoffe / fibres alimentaires 1,7 g
            0,9 g
            Eiweiss / protéines
            2,4 g 5%
            Salz / sel
            4,8 g
            0,08 g 1%
            0,15 g
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "6.9"), ("saturated-fat_100g", "1.5"), ("saturated-fat_serving", "0.8"),
            ("carbohydrates_100g", "68"), ("sugars_100g", "39"),
            ("sugars_serving", "20"), ("fiber_100g", "1.7"), ("proteins_100g", "4.8"), ("proteins_serving", "2.4"),
            ("salt_100g", "0.15"), ("salt_serving", "0.08"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// A 15 g muffin (ratio 0.15) read a row late from fat on, with fibre's per-portion cell lost: fibre's 3,2 g is
    /// the one amount between the pairs, and keeps its row. The portion size read under the energy name ("muffin
    /// (15 g)") is no row's lone value.
    func testOneRowWithItsPartnerLostKeepsItsPlace() throws {
        let table = try parseTable("""
            Valori nutrizionali / Nutrition information
            100 g
            1 muffin
            Energia / Energy
            muffin (15 g)
            1825 kJ
            274 kJ
            Grassi / Fat
            437 kcal
            66 kcal
            di cui acidi grassi saturi / of which saturates
            23 g
            3,5 g
            5%
            4,2 g
            0,6 g 3%
            Carboidrati / Carbohydrate
            di cui zuccheri / of which sugars
            50 g
            7,5 g
            Fibre / Fibre
            31 g
            4,7 g
            5%
            Proteine / Protein
            3,2 g
            Sale / Salt
            5,8 g
            0,9 g
            1,3 g
            0,2 g
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "23"), ("saturated-fat_100g", "4.2"), ("carbohydrates_100g", "50"), ("sugars_100g", "31"),
            ("fiber_100g", "3.2"), ("proteins_100g", "5.8"), ("salt_100g", "1.3"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
        XCTAssertNil(table["fiber_serving"])
    }

    /// The lone amount is taken only between pairs, alone, and informative.
    func testLoneCellGuards() throws {
        func rows(_ table: [(String, String)]) -> [AssembledRow] {
            table.enumerated().map { index, row in assembledRow(row.0, cells: row.1, line: index + 1) }
        }
        // fat 4 | 2, sugars 60 | 30, salt 10 | 5 at ratio 0.5 with carbohydrate's 1 g alone between them.
        let lone = rows([("fat", "4 g 2 g"), ("carbohydrates", "1 g"), ("sugars", "60 g 30 g"), ("salt", "10 g 5 g")])
        let rebuilt = try XCTUnwrap(TableBuilder.pairedByServingRatio(lone, leading: [], ratio: 0.5, kcal: nil,
                                                                      after: 0))
        XCTAssertEqual(rebuilt.map { $0.cells.map(\.quantity.text) },
                       [["4 g", "2 g"], ["1 g"], ["60 g", "30 g"], ["10 g", "5 g"]])
        // The only unpaired amount after the last pair is debris below the table, not the missing row's value.
        let debris = rows([("fat", "4 g 2 g"), ("carbohydrates", ""), ("sugars", "60 g 30 g"),
                           ("salt", "10 g 5 g 7 g")])
        XCTAssertNil(TableBuilder.pairedByServingRatio(debris, leading: [], ratio: 0.5, kcal: nil, after: 0))
        // Two unpaired amounts between the pairs: which row lost its partner is not known.
        let two = rows([("fat", "4 g 2 g"), ("carbohydrates", "1 g 7 g"), ("sugars", "60 g 30 g"),
                        ("salt", "10 g 5 g")])
        XCTAssertNil(TableBuilder.pairedByServingRatio(two, leading: [], ratio: 0.5, kcal: nil, after: 0))
    }
}
