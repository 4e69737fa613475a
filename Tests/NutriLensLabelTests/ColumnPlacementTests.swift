import XCTest
@testable import NutriLensLabel

/// A row with fewer cells than the table has columns is placed by its word boxes when full rows show where the
/// columns are. pxlshpr C132B648 (per serving | per 100 g, Tesseract's words and boxes): "Cholesterol dmg 3mg"
/// lost the serving cell ("4mg" read "dmg"), and in column order its "3mg" became the per-serving value.
final class ColumnPlacementTests: XCTestCase {
    static let words: [[(String, Double, Double, Double, Double)]] = [
            [("Nutritional", 588, 281, 162, 39), ("Information", 758, 265, 175, 55)],
            [("Servings", 521, 326, 84, 27), ("per", 609, 331, 32, 19), ("package:", 646, 327, 90, 26), ("8", 741, 327, 13, 21), ("Serving", 769, 327, 74, 26), ("Size:", 849, 327, 44, 21), ("125911", 901, 327, 69, 26), ("cup)", 978, 325, 42, 25)],
            [("Per", 901, 364, 31, 22), ("100g", 944, 360, 55, 33)],
            [("Per", 716, 361, 35, 23), ("Serving", 755, 361, 82, 30)],
            [("94", 695, 401, 28, 23), ("kcal", 729, 395, 42, 38), ("(395", 778, 395, 41, 38), ("kf}", 829, 395, 26, 38), ("|", 859, 395, 11, 38), ("75", 877, 401, 26, 22), ("kcal", 911, 395, 42, 38), ("(315K)", 957, 395, 76, 38)],
            [("Energy", 516, 400, 72, 29)],
            [("Protein", 517, 435, 75, 22)],
            [("439", 918, 435, 48, 27)],
            [("5.4g", 739, 438, 49, 28)],
            [("Total", 516, 469, 55, 23), ("Fat", 576, 470, 32, 23)],
            [("0.1g", 916, 471, 51, 26)],
            [("0.1g", 738, 472, 50, 29)],
            [("A", 478, 487, 12, 17)],
            [("Saturated", 532, 504, 104, 24), ("Fat", 641, 506, 32, 22)],
            [("0.19", 916, 505, 50, 25)],
            [("0.1g", 738, 507, 51, 28)],
            [("Trans", 534, 538, 59, 23), ("Fat", 597, 539, 31, 23)],
            [("09", 934, 539, 32, 25)],
            [("0g", 758, 542, 31, 27)],
            [("Cholesterol", 520, 572, 119, 23)],
            [("3mg", 936, 573, 49, 23)],
            [("dmg", 760, 577, 50, 26)],
            [("Carbohydrate", 521, 605, 142, 29)],
            [("14.29", 904, 606, 62, 25)],
            [("17.8g", 727, 609, 62, 28)],
            [("Dietary", 522, 638, 74, 28), ("Fibre", 601, 641, 51, 21)],
            [("019", 916, 640, 49, 23)],
            [("0.1g", 739, 643, 50, 26)],
            [("Sodium", 522, 670, 77, 23)],
            [("67mg", 921, 672, 64, 23)],
            [("84mg", 745, 676, 66, 26)],
            [("180", 910, 702, 38, 27), ("mg", 957, 706, 28, 20)],
            [("Calcium", 524, 703, 81, 22)],
            [("225mg", 733, 708, 78, 26)],
    ]

    static func lines(dropping dropped: Set<String> = []) -> [TextLine] {
        words.compactMap { line in
            let kept = line.filter { !dropped.contains($0.0) }
            guard !kept.isEmpty else { return nil }
            return TextLine(words: kept.map { text, x, y, width, height in
                TextWord(text: text, box: TextBox(x: x, y: y, width: width, height: height), confidence: 0.9)
            })
        }
    }

    func testShortRowCellGoesToTheColumnUnderIt() throws {
        let table = try XCTUnwrap(NutritionParser().parse(lines: Self.lines()))
        assertValue(table, "cholesterol_100g", "3", unit: .milligram)
        XCTAssertNil(table["cholesterol_serving"])
        assertValue(table, "sodium_serving", "84", unit: .milligram)
        assertValue(table, "sodium_100g", "67", unit: .milligram)
        assertValue(table, "proteins_serving", "5.4")
        assertValue(table, "carbohydrates_100g", "14.2")
    }

    /// With the per-100 g cell lost instead, the remaining cell stays the per-serving one.
    func testShortRowInTheFirstColumnStays() throws {
        let table = try XCTUnwrap(NutritionParser().parse(lines: Self.lines(dropping: ["67mg"])))
        assertValue(table, "sodium_serving", "84", unit: .milligram)
        XCTAssertNil(table["sodium_100g"])
    }

    /// Column centres need three full rows; a cell between two columns is left in column order.
    func testPlacementNeedsFullRowsAndAClearColumn() throws {
        func line(_ y: Double, _ cells: [(String, Double)]) -> TextLine {
            TextLine(words: cells.map { TextWord(text: $0.0, box: TextBox(x: $0.1, y: y, width: 50, height: 20),
                                                 confidence: 0.9) })
        }
        func table(_ saltX: Double, fullRows: Int) throws -> NutritionTable {
            var lines = [line(10, [("Per", 700), ("serving", 740), ("Per", 900), ("100g", 940)]),
                         line(40, [("Energy", 500), ("400kJ", 700), ("800kJ", 900)])]
            let rows: [(String, String, String)] = [("Fat", "2.0g", "4.0g"), ("Carbohydrate", "10g", "20g"),
                                                    ("Protein", "3.0g", "6.0g")]
            for (index, row) in rows.prefix(fullRows).enumerated() {
                lines.append(line(70 + Double(index) * 30, [(row.0, 500), (row.1, 700), (row.2, 900)]))
            }
            lines.append(line(200, [("Salt", 500), ("0.5g", saltX)]))
            return try XCTUnwrap(NutritionParser().parse(lines: lines))
        }
        XCTAssertNotNil(try table(905, fullRows: 3)["salt_100g"])
        XCTAssertNil(try table(905, fullRows: 3)["salt_serving"])
        XCTAssertNotNil(try table(800, fullRows: 3)["salt_serving"])   // halfway: column order
        XCTAssertNotNil(try table(905, fullRows: 2)["salt_serving"])   // two full rows: column order
    }
}
