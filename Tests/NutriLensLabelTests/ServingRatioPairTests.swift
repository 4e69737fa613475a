import XCTest
@testable import NutriLensLabel

/// Two-column tables whose cells a whole pack's OCR read out of row order, rebuilt by pairing each per-100 g cell
/// with the per-serving cell the energy row's ratio predicts (`TableBuilder.pairedByServingRatio`).
final class ServingRatioPairTests: XCTestCase {
    /// Shapes of FoodLabel full photos 0476 and 0012: a row's two cells read in two passes ("80 g", "4 g", "24 g",
    /// "1,2 g"), values of a row landing under a repeated name before their own row name, and the salt cells read
    /// serving first.
    func testCellsReadAcrossRowsArePairedByTheServingRatio() throws {
        let table = try parseTable("""
            Nährwerte / valeurs nutritives
            100 g
            1 Portion
            Energie / énergie
            1774 kJ
            444 kJ
            422 kcal
            106 kcal
            Fett / matières grasses
            16 g
            4 g
            davon gesättigte Fettsäuren
            2,5 g
            0,6 g
            dont acides gras saturés
            62 g
            16 g
            Kohlenhydrate / glucides
            davon Zucker / dont sucres
            33 g
            8,3 g
            Ballaststoffe / fibres alimentaires
            3,2 g
            0,8 g
            Eiweiss / protéines
            6,9 g
            1,7 g
            0,11 g
            Salz / sel
            0,45 g
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "16"), ("fat_serving", "4"), ("saturated-fat_100g", "2.5"), ("saturated-fat_serving", "0.6"),
            ("carbohydrates_100g", "62"), ("carbohydrates_serving", "16"), ("sugars_100g", "33"),
            ("sugars_serving", "8.3"), ("fiber_100g", "3.2"), ("proteins_100g", "6.9"), ("proteins_serving", "1.7"),
            ("salt_100g", "0.45"), ("salt_serving", "0.11"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// "80 g / 4 g / 24 g / 1,2 g": carbohydrate and sugars read per-100 g cells first, then per-serving cells
    /// (serving 30 g, ratio 0.3 from 1573 kJ | 472 kJ), and from there on each row's cells read under the next row's
    /// name, salt's name last with none (FoodLabel full photo 0476).
    func testTwoRowsReadColumnWise() throws {
        let table = try parseTable("""
            pro 100 g / pro Portion (30 g)
            Energie
            1573 kJ
            472 kJ
            371 kcal
            111 kcal
            Fett
            1 g
            0,3 g
            davon gesättigte Fettsäuren
            0,2 g
            0 g
            Kohlenhydrate
            80 g
            4 g
            Kohlenhydrate / glucides
            24 g
            1,2 g
            davon Zucker
            5 g
            1,5 g
            Ballaststoffe
            8 g
            2,4 g
            Eiweiss
            1,9 g
            0,57 g
            Salz
            """)
        let expected: [(String, String)] = [
            ("carbohydrates_100g", "80"), ("carbohydrates_serving", "24"), ("sugars_100g", "4"),
            ("sugars_serving", "1.2"), ("fiber_100g", "5"), ("fiber_serving", "1.5"), ("proteins_100g", "8"),
            ("proteins_serving", "2.4"), ("salt_100g", "1.9"), ("salt_serving", "0.57"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// Without a per-serving energy cell the printed serving size gives the ratio ("Portion (40 g)": 0.4); a stray
    /// number that pairs with nothing ("250") is left over.
    func testServingSizeGivesTheRatioWhenEnergyHasOneColumn() throws {
        let table = try parseTable("""
            pro 100 g | Portion (40 g)
            Energie 1567 kJ / 371 kcal
            Fett
            3,2 g
            davon gesättigte Fettsäuren
            1,3 g
            0,5 g
            Kohlenhydrate
            0,2 g
            69 g
            250
            davon Zucker
            28 g
            14 g
            Eiweiss
            5,6 g
            12 g
            Salz
            4,8 g
            0,67 g
            0,27 g
            """)
        let expected: [(String, String)] = [
            ("fat_100g", "3.2"), ("fat_serving", "1.3"), ("saturated-fat_100g", "0.5"),
            ("saturated-fat_serving", "0.2"), ("carbohydrates_100g", "69"), ("carbohydrates_serving", "28"),
            ("sugars_100g", "14"), ("sugars_serving", "5.6"), ("proteins_100g", "12"), ("proteins_serving", "4.8"),
            ("salt_100g", "0.67"), ("salt_serving", "0.27"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// Tables read in row order keep their cells, a ratio near 1 (100 g beside a 110 g can) pairs nothing, and
    /// cells that do not pair up one per row leave the rows as read.
    func testPairingLeavesOtherTablesAlone() throws {
        let consistent = try parseTable("""
            per 100 g / per 25 g
            Energy 1509 kJ / 355 kcal 377 kJ / 89 kcal
            Fat 0,8 g 0,2 g
            of which saturates 0,5 g 0,1 g
            Carbohydrate 52 g 13 g
            of which sugars 52 g 13 g
            Protein 35 g 8,8 g
            Salt 1 g 0,25 g
            """)
        assertValue(consistent, "proteins_100g", "35")
        assertValue(consistent, "proteins_serving", "8.8")
        assertValue(consistent, "sugars_serving", "13")

        // Rows as assembled from "fat 1,0 g 1,1 g" …: at ratio 1.1 (100 g beside a 110 g can) any two close values
        // pair, so nothing is rebuilt.
        let rows = [("fat", "1,0 g 1,1 g"), ("saturated-fat", "0,5 g 0,6 g"), ("carbohydrates", "2,6 g 2,9 g")]
            .enumerated().map { index, row in assembledRow(row.0, cells: row.1, line: index + 1) }
        XCTAssertNil(TableBuilder.pairedByServingRatio(rows, leading: [], ratio: 1.1, kcal: nil, after: 0))
        // Four row names but cells for three: no rebuild.
        let short = rows + [assembledRow("salt", cells: "", line: 4)]
        XCTAssertNil(TableBuilder.pairedByServingRatio(short, leading: [], ratio: 0.5, kcal: nil, after: 0))
        // Values a row early (fat 4 | 2 g read under the saturates name, …): at ratio 0.5 every cell pairs, and the
        // pairs go to the names in order.
        let early = [assembledRow("fat", cells: "", line: 1),
                     assembledRow("saturated-fat", cells: "4 g 2 g", line: 2),
                     assembledRow("carbohydrates", cells: "1 g 0,5 g", line: 3),
                     assembledRow("sugars", cells: "60 g 30 g", line: 4),
                     assembledRow("salt", cells: "10 g 5 g 1,2 g 0,6 g", line: 5)]
        let rebuilt = try XCTUnwrap(TableBuilder.pairedByServingRatio(early, leading: [], ratio: 0.5, kcal: nil,
                                                                      after: 0))
        XCTAssertEqual(rebuilt.map(\.nutrient), [.fat, .saturatedFat, .carbohydrates, .sugars, .salt])
        XCTAssertEqual(rebuilt.map { $0.cells.map(\.quantity.text) },
                       [["4 g", "2 g"], ["1 g", "0,5 g"], ["60 g", "30 g"], ["10 g", "5 g"], ["1,2 g", "0,6 g"]])
    }

    /// An Italian two-column table with a %RI column whose "%" signs are not printed (or were lost): "12" beside
    /// saturates' 2,3 g fits carbohydrate's 41,9 g at the 29 g serving (0.29) by chance, and pairing greedily across
    /// rows shifted every row below it a row (sugars 12,2 | 3,4, fibre 24 | 7; danipisca07 `tabella_nutrizionale`
    /// once its units read as g). A row whose own two cells on its line fit the ratio keeps them.
    func testAPercentColumnWithoutPercentSignsDoesNotShiftThePairs() throws {
        let table = try parseTable("""
            INFORMAZIONI NUTRIZIONALI
            Valori medi per 100 g per 29 g
            Energia 1651 kJ/395 kcal 476kJ/115kcal
            grassi 19,3g 5,6g
            di cui: acidi grassi saturi 7,9g 2,3g 12
            carboidrati 41,9g 12,2g 5
            di cui: zuccheri 24g 7g 8
            fibre 3,4g 1g 0
            proteine 10,4g 3g
            sale 0,266g 0,077g 1
            """)
        let expected: [(String, String)] = [
            ("saturated-fat_100g", "7.9"), ("saturated-fat_serving", "2.3"), ("carbohydrates_100g", "41.9"),
            ("carbohydrates_serving", "12.2"), ("sugars_100g", "24"), ("sugars_serving", "7"), ("fiber_100g", "3.4"),
            ("fiber_serving", "1"), ("proteins_100g", "10.4"), ("proteins_serving", "3"), ("salt_serving", "0.077"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }
}
