import XCTest
@testable import NutriLensLabel

/// A table's vertical rule that OCR reads as a tall "|" must not glue the rows it crosses into one (TestImages
/// us_panel_pack_upc.jpg: a 120 px "|" among 20 px words joined "Includes 0g Added Sugars" and "Protein 2g").
final class VerticalRuleRowTests: XCTestCase {
    private func word(_ text: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> TextWord {
        TextWord(text: text, box: TextBox(x: x, y: y, width: width, height: height))
    }

    /// The word boxes of the panel's lower rows, as Tesseract returned them, plus one rule per case.
    private var panelWords: [TextWord] {
        [word("Total", 69, 480, 46, 18), word("Sugars", 123, 481, 67, 21), word("0g", 197, 481, 24, 21),
         word("Includes", 70, 511, 81, 17), word("Og", 158, 513, 22, 20), word("Added", 186, 511, 63, 17),
         word("Sugars", 256, 513, 70, 20), word("0%", 367, 511, 31, 17),
         word("Protein", 70, 542, 69, 21), word("2g", 146, 542, 22, 21)]
    }

    func testRuleJoinsOnlyTheRowItsCentreFallsIn() throws {
        let cases: [(rule: TextWord?, rows: [String])] = [
            (nil, ["Total Sugars 0g", "Includes Og Added Sugars 0%", "Protein 2g"]),
            (word("|", 503, 459, 13, 120), ["Total Sugars 0g", "Includes Og Added Sugars 0% |", "Protein 2g"]),
            (word("I", 40, 440, 10, 90), ["I Total Sugars 0g", "Includes Og Added Sugars 0%", "Protein 2g"]),
            // Below every row: a row of its own, in reading order.
            (word("|", 503, 560, 13, 120), ["Total Sugars 0g", "Includes Og Added Sugars 0%", "Protein 2g", "|"]),
        ]
        for item in cases {
            let words = panelWords + (item.rule.map { [$0] } ?? [])
            let rows = try XCTUnwrap(VisualRows.rows(from: [TextLine(words: words)]))
            XCTAssertEqual(rows.map(\.text), item.rows, "\(item.rule?.box.map { "\($0)" } ?? "no rule")")
        }
        let table = try XCTUnwrap(NutritionParser().parse(lines: [TextLine(words: [word("Calories", 70, 420, 80, 20),
            word("70", 300, 420, 30, 20)] + panelWords + [word("|", 503, 459, 13, 120)])]))
        assertValue(table, "added-sugars_serving", "0", unit: .gram)
        assertValue(table, "proteins_serving", "2", unit: .gram)
    }

    /// A tall headline word is no rule (it is wide): rows still form around it as before.
    func testWideTallWordIsNotARule() throws {
        let words = [word("Nutrition", 70, 400, 300, 60), word("Facts", 380, 400, 200, 60)] + panelWords
        let rows = try XCTUnwrap(VisualRows.rows(from: [TextLine(words: words)]))
        XCTAssertEqual(rows.map(\.text), ["Nutrition Facts", "Total Sugars 0g", "Includes Og Added Sugars 0%", "Protein 2g"])
    }
}
