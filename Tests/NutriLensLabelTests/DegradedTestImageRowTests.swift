import XCTest
@testable import NutriLensLabel

/// Rows as Tesseract read them from the degraded TestImages (issue #7): each case is the OCR text of one table and
/// the values the printed label states.
final class DegradedTestImageRowTests: XCTestCase {
    func testMisreadCellsOfDegradedImagesGiveThePrintedValues() throws {
        let cases: [(image: String, text: String, expected: [String: String])] = [
            // deg_rotate_small_en.jpg (turned 7°): the ones of "1.1g" read as "l".
            ("deg_rotate_small_en", """
                Nutrition Information
                per 100 g | per 30 g serving | %RI*
                Energy 724 kJ / 172 kcal 217 kJ / 51 kcal 3%
                Fat 1.8 g 0.5g 1%
                of which saturates 0.3g 0.1g 0%
                Carbohydrate 26g 7.9g 3%
                of which sugars 8.6g 2.6g 3%
                Fibre 5.7g 1.7g
                Protein 10g 3.1g 6%
                Salt l.lg 0.34g 6%
                """, ["salt_100g": "1.1", "salt_serving": "0.34", "fat_100g": "1.8"]),
            // eu_it_table.jpg: a decimal-comma table with units; "12g" read as "12.9" (g as 9 after a speck).
            ("eu_it_table", """
                Dichiarazione nutrizionale
                per 100 g | per porzione (50 g)
                Energia 1167 kJ 584 kJ
                276 kcal 138 kcal
                Grassi 1,8g 0,9g
                di cui acidi grassi saturi 0,8g 0,4g
                Carboidrati 50g 25g
                di cui zuccheri 14g 7,0g
                Fibre 5,8g 2,9g
                Proteine 12.9 6,2g
                Sale 1,0g 0,52g
                """, ["proteins_100g": "12", "proteins_serving": "6.2", "fiber_100g": "5.8"]),
        ]
        for item in cases {
            let table = try parseTable(item.text)
            for (key, value) in item.expected.sorted(by: { $0.key < $1.key }) {
                XCTAssertEqual(table[key]?.value, Decimal(string: value), "\(item.image) \(key): "
                               + "\(table.entries.map { "\($0.key)=\($0.value)" })")
            }
        }
    }

    /// deg_noise_light_nl.jpg: noise at the table's left edge ate the start of "Voedingsvezel". A long row name that
    /// lost up to three leading letters is still that row; short or ambiguous endings are not.
    func testLongRowNameMissingItsFirstLetters() throws {
        let cases: [(row: String, key: String, value: String?)] = [
            ("edingsvezel <0,5g", "fiber_100g", "0.5"),
            ("oedingsvezels 2,5g", "fiber_100g", "2.5"),
            ("hlenhydrate 12g", "carbohydrates_100g", "12"),      // Kohlenhydrate, two letters lost
            ("ngsvezel 2,5g", "fiber_100g", nil),                 // fewer than eight letters kept
        ]
        // The energy fits the carbohydrate row's 12 g (9 × 23 + 4 × 12 + 4 × 19 = 331 kcal): with 283 kcal, 12 g is
        // the one reading the energy contradicts and 1,2 g the one it confirms (session 15, ContradictedValueTests).
        for item in cases {
            let table = try parseTable("""
                Gemiddelde waarden per 100g
                Energie 1385 kJ / 331 kcal
                Vetten 23g
                waarvan verzadigde vetzuren 5,1g
                \(item.row)
                Eiwitten 19g
                Zout 1,7g
                """)
            XCTAssertEqual(table[item.key]?.value, item.value.flatMap { Decimal(string: $0) }, item.row)
            assertValue(table, "proteins_100g", "19")
        }
    }

    /// The foreign-point rule is for decimal-comma tables only: a point table keeps its printed "2.9".
    func testPointDecimalTableKeepsATrailingNine() throws {
        let table = try parseTable("""
            Nutrition per 100 g
            Energy 1500 kJ / 358 kcal
            Fat 2.9g
            of which saturates 0.9g
            Carbohydrate 70g
            of which sugars 5.2g
            Protein 12.9
            Salt 0.9g
            """)
        assertValue(table, "proteins_100g", "12.9")
    }
}
