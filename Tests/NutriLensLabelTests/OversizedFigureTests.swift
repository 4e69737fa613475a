import XCTest
@testable import NutriLensLabel

/// Figures set far taller than the page's other figures (`OversizedFigures`): two value cells stacked with no row
/// spacing that the detector framed as one box (programistkajavy-art `20251114_095100`: "3,2 g" over "2,0 g" read
/// "389", 2.1 times the other figures' height), and a headline net quantity ("300 g" under a table whose salt
/// amount OCR lost) give no value. Word boxes are laid out like those photos' (value column at x 600, text 40 px).
final class OversizedFigureTests: XCTestCase {
    typealias Word = (text: String, x: Double, y: Double, width: Double, height: Double)

    static func lines(_ words: [[Word]], turned: Bool = false) -> [TextLine] {
        words.map { line in
            TextLine(words: line.map { word in
                // Turned 90° clockwise: image x = page height − page y, image y = page x.
                let box = turned
                    ? TextBox(x: 1400 - word.y - word.height, y: word.x, width: word.height, height: word.width)
                    : TextBox(x: word.x, y: word.y, width: word.width, height: word.height)
                return TextWord(text: word.text, box: box, confidence: 0.9)
            })
        }
    }

    /// A milk carton's table: fat and saturates share one cell box ("389"), the rows below are read cell by cell.
    static let stacked: [[Word]] = [
        [("Wartość", 50, 100, 150, 40), ("energetyczna", 210, 100, 250, 40)],
        [("253", 600, 90, 60, 40), ("kJ", 670, 90, 40, 40)],
        [("60", 600, 140, 40, 40), ("kcal", 650, 140, 80, 40)],
        [("Tłuszcz", 50, 200, 140, 40)],
        [("389", 600, 195, 90, 88)],
        [("w", 50, 245, 20, 40), ("tym", 80, 245, 60, 40), ("kwasy", 150, 245, 100, 40), ("nasycone", 260, 245, 160, 40)],
        [("Węglowodany", 50, 310, 230, 40), ("4,7g", 600, 310, 80, 40)],
        [("Białko", 50, 370, 120, 40), ("3,2g", 600, 370, 80, 40)],
        [("Sól", 50, 430, 60, 40), ("0,10g", 600, 430, 100, 40)],
    ]

    func testStackedCellsReadAsOneGiveNoValue() throws {
        for turned in [false, true] {
            let table = try XCTUnwrap(grammarParser.parse(lines: Self.lines(Self.stacked, turned: turned)))
            XCTAssertNil(table["fat_100g"], "turned \(turned): \(table.entries.map { "\($0.key)=\($0.value)" })")
            XCTAssertNil(table["saturated-fat_100g"], "turned \(turned)")
            assertValue(table, "carbohydrates_100g", "4.7")
            assertValue(table, "proteins_100g", "3.2")
            assertValue(table, "salt_100g", "0.10")
            XCTAssertTrue(table.findings.contains { $0.check == "oversized-figure" }, "turned \(turned)")
        }
    }

    /// The same cell at the other figures' height is read (as the 38 g or 3,8 g the checks allow): the rule is
    /// about the box, not the digits.
    func testTheSameFigureAtTextHeightIsRead() throws {
        var level = Self.stacked
        level[4] = [("389", 600, 200, 60, 40)]
        let table = try XCTUnwrap(grammarParser.parse(lines: Self.lines(level)))
        XCTAssertNotNil(table["fat_100g"] ?? table["saturated-fat_100g"])
        XCTAssertFalse(table.findings.contains { $0.check == "oversized-figure" })
    }

    /// A cream cup: the salt row's amount lost, the net quantity "300 g" printed twice the table's height below
    /// a storage line: no salt of 30 g.
    func testHeadlineNetQuantityIsNoRowValue() throws {
        let words: [[Word]] = [
            [("Nutritional", 50, 100, 200, 40), ("value", 260, 100, 100, 40), ("100g", 600, 100, 80, 40)],
            [("Energy", 50, 160, 120, 40), ("558", 600, 160, 60, 40), ("kJ", 670, 160, 40, 40)],
            [("(135", 600, 210, 80, 40), ("kcal)", 690, 210, 80, 40)],
            [("Fat", 50, 260, 60, 40), ("12g", 600, 260, 60, 40)],
            [("Carbohydrates", 50, 310, 250, 40), ("4,0g", 600, 310, 80, 40)],
            [("Protein", 50, 360, 130, 40), ("2,7g", 600, 360, 80, 40)],
            [("Salt", 50, 410, 80, 40)],
            [("Best", 150, 480, 80, 40), ("before:", 240, 480, 130, 40), ("see", 380, 480, 60, 40), ("lid", 450, 480, 50, 40)],
            [("300g", 300, 560, 200, 90)],
        ]
        let table = try XCTUnwrap(grammarParser.parse(lines: Self.lines(words)))
        XCTAssertNil(table["salt_100g"], "\(table.entries.map { "\($0.key)=\($0.value)" })")
        assertValue(table, "fat_100g", "12")
        assertValue(table, "carbohydrates_100g", "4.0")
    }

    /// A US panel in the 2016 FDA format prints the calorie count about 2.75 times the body text (22 pt over 8 pt):
    /// oversized, but the energy row's own value. Energy rows are never judged by height (word boxes as the neural
    /// reader gave them on a render with those proportions, "230" 71 px over 29 px rows).
    func testUSCalorieCountPrintedLargeIsRead() throws {
        let words: [[Word]] = [
            [("8", 19, 88, 7, 28), ("servings", 39, 88, 95, 28), ("per", 147, 88, 36, 28), ("container", 197, 88, 106, 28)],
            [("Serving", 20, 120, 120, 37), ("size", 159, 120, 50, 37), ("2/3", 215, 120, 55, 37), ("cup", 288, 120, 52, 37),
             ("(55g)", 356, 120, 83, 37)],
            [("Amount", 19, 175, 99, 30), ("per", 133, 176, 39, 30), ("serving", 186, 176, 90, 30)],
            [("Calories", 34, 222, 184, 49), ("230", 333, 204, 93, 71)],
            [("%", 263, 290, 7, 29), ("Daily", 284, 290, 62, 29), ("Value*", 359, 290, 82, 29)],
            [("Total", 19, 325, 58, 29), ("Fat", 89, 326, 39, 29), ("8g", 142, 327, 22, 29), ("10%", 393, 326, 51, 29)],
            [("Saturated", 18, 362, 111, 29), ("Fat", 143, 363, 33, 29), ("1g", 190, 363, 21, 29), ("5%", 412, 362, 30, 29)],
            [("Sodium", 19, 469, 93, 29), ("160mg", 129, 470, 81, 29), ("7%", 412, 470, 29, 29)],
            [("Total", 19, 505, 59, 29), ("Carbohydrate", 93, 506, 178, 29), ("37g", 285, 508, 40, 29), ("13%", 397, 506, 47, 29)],
            [("Total", 19, 578, 48, 29), ("Sugars", 80, 578, 77, 29), ("12g", 169, 579, 38, 29)],
            [("Protein", 19, 613, 90, 31), ("3g", 125, 614, 23, 31)],
        ]
        let table = try XCTUnwrap(grammarParser.parse(lines: Self.lines(words)))
        assertValue(table, "energy-kcal_serving", "230")
        assertValue(table, "fat_serving", "8")
        assertValue(table, "carbohydrates_serving", "37")
        XCTAssertFalse(table.findings.contains { $0.check == "oversized-figure" },
                       "\(table.findings.map(\.message))")
    }

    /// With fewer than four figures on the page there is no median to compare with: nothing is judged.
    func testTooFewFiguresJudgeNothing() {
        let pieces = ["389", "Fat", "4,7g", "Salt"].map { TextPiece(text: $0, box: TextBox(x: 0, y: 0, width: 1, height: 1)) }
        XCTAssertEqual(OversizedFigures.indices(pieces: pieces, heights: [90, 40, 40, 40]), [])
        let more = ["389", "1,0g", "4,7g", "0,1g", "3,2g"].map {
            TextPiece(text: $0, box: TextBox(x: 0, y: 0, width: 1, height: 1)) }
        XCTAssertEqual(OversizedFigures.indices(pieces: more, heights: [90, 40, 40, 41, 45]), [0])
        XCTAssertEqual(OversizedFigures.indices(pieces: more, heights: [70, 40, 40, 41, 45]), [])
    }
}
