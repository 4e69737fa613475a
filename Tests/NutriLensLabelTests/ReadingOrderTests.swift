import XCTest
@testable import NutriLensLabel

/// Two-column tables whose cells OCR damaged in ways that used to move values across rows or columns: a cut-off
/// energy unit ("1651 K"), a stray number on one row ("799 2,30 12"), and a value with both its separator and its
/// "g" misread ("799" for "7,9g"). Values must stay on their rows and in their columns.
final class ReadingOrderTests: XCTestCase {
    private let italian = """
        INFORMAZIONI NUTRIZIONALI
        Valori medi per 100 g per porzione (29 g)
        Energia 1651 K/395 kcal 476 Kl/115 kcal
        grassi 19,39 5,69
        di cui: acidi grassi saturi 799 2,30 12
        Carboidrati 41,9g 12,29
        di cui: zuccheri 240 79
        fibre 3,40 1g
        proteine 10,49 39
        sale 0,26 0,077
        """

    func testDamagedTwoColumnTableKeepsRowsAndColumns() throws {
        let table = try parseTable(italian)
        let expected: [(String, String)] = [
            ("energy-kj_100g", "1651"), ("energy-kcal_100g", "395"), ("energy-kj_serving", "476"),
            ("energy-kcal_serving", "115"), ("fat_100g", "19.3"), ("fat_serving", "5.6"),
            ("saturated-fat_100g", "7.9"), ("saturated-fat_serving", "2.3"), ("carbohydrates_100g", "41.9"),
            ("carbohydrates_serving", "12.2"), ("sugars_100g", "24"), ("sugars_serving", "7"), ("fiber_100g", "3.4"),
            ("fiber_serving", "1"), ("proteins_100g", "10.4"), ("proteins_serving", "3"), ("salt_100g", "0.26"),
            ("salt_serving", "0.077"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
        XCTAssertEqual(table["saturated-fat_100g"]?.repairs, [.nineAsGram, .insertedDecimalSeparator])
    }

    /// A cut-off unit in either column position: the cell stays where it was printed.
    func testCutOffEnergyUnitKeepsItsColumn() throws {
        let cases: [(String, [String: String])] = [
            ("Energy 1651 K / 395 kcal 476 kJ / 115 kcal",
             ["energy-kj_100g": "1651", "energy-kj_serving": "476"]),
            ("Energy 1651 kJ / 395 kcal 476 K / 115 kcal",
             ["energy-kj_100g": "1651", "energy-kj_serving": "476"]),
        ]
        for (energy, expected) in cases {
            let table = try parseTable("Per 100 g Per portion (29 g)\n\(energy)\nFat 19.3 g 5.6 g\nProtein 10.4 g 3.0 g")
            for (key, value) in expected.sorted(by: { $0.key < $1.key }) { assertValue(table, key, value) }
        }
    }

    /// The two-repair reading is only taken for a number that is impossible as printed: "79" stays 79.
    func testCombinedRepairOnlyForImpossibleValues() throws {
        let table = try parseTable("""
            Energy 2000 kJ / 480 kcal
            Fat 19 g
            Carbohydrate 79
            Protein 6 g
            """)
        assertValue(table, "carbohydrates_100g", "79")
    }
}

/// Energy cells of two columns that OCR delivered out of order or next to the footnote's reference intake: the kJ
/// and kcal of one column are paired by the Annex XIV ratio, and the columns follow the kJ reading order, the serving
/// size or the macros of each column.
final class EnergyColumnPairingTests: XCTestCase {
    func testEnergyColumnsFromScrambledCells() throws {
        let cases: [(text: String, expected: [String: String])] = [
            // kcal of the serving read first; "8400 k" (the reference intake, unit cut off) is no amount.
            ("""
             Typical values Per 100g Per serving (21g) %RI
             8400 k
             2085 kJ 438 kJ
             Energy 104 kcal
             497 kcal
             Fat 22.6g 4.7g
             of which saturates 11.6g 2.4g
             Carbohydrate 66.3g 13.9g
             Protein 5.5g 1.2g
             """, ["energy-kj_100g": "2085", "energy-kcal_100g": "497", "energy-kj_serving": "438",
                   "energy-kcal_serving": "104"]),
            // A unitless kJ value paired by ratio after the one with its unit: the macros say which column is which.
            ("""
             pro 100 g pro Portion (30 g)
             Energie
             1642
             493kJ
             389kcal
             117kcal
             Fett 7 g 2,1 g
             Kohlenhydrate 64 g 19 g
             Eiweiss 13 g 3,9 g
             """, ["energy-kj_100g": "1642", "energy-kcal_100g": "389", "energy-kj_serving": "493",
                   "energy-kcal_serving": "117"]),
        ]
        for (text, expected) in cases {
            let table = try parseTable(text)
            for (key, value) in expected.sorted(by: { $0.key < $1.key }) { assertValue(table, key, value) }
        }
    }

    /// Consistent columns are never reordered.
    func testConsistentColumnsStay() throws {
        let table = try parseTable("""
            Per 100 g Per portion (50 g)
            Energy 1500 kJ / 358 kcal 750 kJ / 179 kcal
            Fat 10 g 5 g
            Carbohydrate 55 g 27.5 g
            Protein 10 g 5 g
            """)
        assertValue(table, "energy-kj_100g", "1500")
        assertValue(table, "energy-kcal_serving", "179")
    }
}
