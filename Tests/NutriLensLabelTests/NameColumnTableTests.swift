import XCTest
@testable import NutriLensLabel

/// Tables whose row names stand in a column of their own, with two or three value columns beside them (per 100 g |
/// per serving | %RI printed without "%"), read by the neural reader as separate boxes for names and cells.
/// danipisca07 `tabella_nutrizionale` (its words and boxes as the scanner read them in session 14): until session 13
/// the serving-ratio pairing took saturates' %RI "12" as carbohydrate's per-serving cell and every row below took
/// its neighbour's values; these cases hold the rows in place whatever the unit reading and the boxes' offsets.
final class NameColumnTableTests: XCTestCase {
    static let words: [[(String, Double, Double, Double, Double)]] = [
        [("INFORMAZIONI", 500, 131, 249, 47), ("NUTRIZIONALI", 767, 130, 222, 47)],
        [("(0%*]", 1135, 165, 63, 55)],
        [("per", 887, 179, 33, 40), ("pezz0", 929, 178, 69, 40)],
        [("Valori", 236, 199, 68, 47), ("medi", 315, 198, 55, 46)],
        [("per", 642, 193, 46, 56), ("100", 697, 193, 46, 56), ("g", 753, 193, 9, 56)],
        [("[29", 901, 211, 47, 56), ("g)", 958, 211, 27, 56)],
        [("per", 1114, 215, 43, 52), ("29", 1166, 215, 26, 52), ("g", 1205, 215, 13, 52)],
        [("Energia", 223, 298, 100, 50)],
        [("1651", 607, 294, 59, 45), ("kJ/395", 673, 295, 77, 45), ("kcal", 761, 295, 44, 45)],
        [("476kJ/115kcal", 854, 294, 179, 44)],
        [("19,3g", 664, 365, 78, 61)],
        [("5,6g", 905, 361, 74, 64)],
        [("grassi", 226, 372, 80, 54)],
        [("7,99", 676, 440, 63, 63)],
        [("2,30", 904, 436, 74, 66)],
        [("12", 1154, 439, 35, 52)],
        [("di", 220, 451, 22, 45), ("cui:", 257, 451, 44, 45), ("acidi", 308, 451, 59, 45), ("grassi", 378, 451, 70, 45), ("saturi", 462, 451, 66, 45)],
        [("carboidrati", 219, 524, 143, 50)],
        [("41,9g", 662, 517, 87, 59)],
        [("12,29", 902, 515, 88, 61)],
        [("5", 1151, 545, 35, 6)],
        [("24g", 673, 592, 62, 62)],
        [("7g", 931, 591, 32, 66)],
        [("8", 1154, 620, 35, 6)],
        [("di", 224, 604, 14, 44), ("cui:", 253, 604, 43, 44), ("zuccheri", 303, 604, 107, 44)],
        [("fibre", 212, 677, 62, 54)],
        [("3,49", 667, 670, 72, 62)],
        [("1g", 933, 671, 30, 62)],
        [("0", 1172, 671, 11, 50)],
        [("10,4g", 660, 748, 82, 63)],
        [("3g", 933, 749, 31, 62)],
        [("proteine", 220, 758, 99, 46)],
        [("sale", 210, 832, 52, 53)],
        [("0,266g", 658, 827, 96, 59)],
        [("0,077g", 895, 827, 107, 59)],
        [("1", 1173, 828, 8, 47)],
        [("Assunzioni", 215, 907, 136, 53), ("di", 359, 906, 17, 52), ("riferimento", 384, 905, 136, 53), ("di", 537, 905, 26, 52), ("un", 571, 905, 26, 52), ("adulto", 613, 904, 77, 52), ("medio", 702, 904, 72, 52), ("(8400", 782, 903, 77, 52), ("kJ", 867, 903, 26, 52), ("/2000", 901, 902, 85, 52), ("kcal)", 1003, 901, 60, 52)],
    ]

    /// The lines with `replacing` applied to word texts and the boxes of words right of `x` moved down by `dy`.
    static func lines(replacing: [String: String] = [:], rightOf x: Double = .infinity, dy: Double = 0) -> [TextLine] {
        words.map { line in
            TextLine(words: line.map { text, left, top, width, height in
                TextWord(text: replacing[text] ?? text,
                         box: TextBox(x: left, y: left > x ? top + dy : top, width: width, height: height), confidence: 0.9)
            })
        }
    }

    static let expected: [(String, String)] = [
        ("energy-kj_100g", "1651"), ("energy-kcal_serving", "115"), ("fat_100g", "19.3"), ("fat_serving", "5.6"),
        ("saturated-fat_100g", "7.9"), ("saturated-fat_serving", "2.3"), ("carbohydrates_100g", "41.9"),
        ("carbohydrates_serving", "12.2"), ("sugars_100g", "24"), ("sugars_serving", "7"), ("fiber_100g", "3.4"),
        ("fiber_serving", "1"), ("proteins_100g", "10.4"), ("proteins_serving", "3"), ("salt_100g", "0.266"),
        ("salt_serving", "0.077"),
    ]

    func testRowsAsRead() throws {
        let table = try XCTUnwrap(NutritionParser().parse(lines: Self.lines()))
        for (key, value) in Self.expected { assertValue(table, key, value) }
    }

    /// The glued g of "24g", "7g", "19,3g" read as 9 (the recogniser's reading before session 13's runner-up rule).
    func testRowsWithGReadAsNine() throws {
        let table = try XCTUnwrap(NutritionParser().parse(lines: Self.lines(replacing: ["24g": "249", "7g": "79", "19,3g": "19,39"])))
        for (key, value) in Self.expected { assertValue(table, key, value) }
    }

    /// The %RI column a third of a row higher or lower than the amounts (a curved or tilted pack): its bare numbers
    /// still belong to no amount column.
    func testPercentColumnOffByAThirdOfARow() throws {
        for dy in [-25.0, 25.0] {
            let table = try XCTUnwrap(NutritionParser().parse(lines: Self.lines(rightOf: 1100, dy: dy)))
            for (key, value) in Self.expected { assertValue(table, key, value) }
            XCTAssertNil(table["carbohydrates_prepared_100g"])
        }
    }
}
