import XCTest
@testable import NutriLensLabel

/// Column headers from word geometry (class: 3–5 column panels with headers over two lines). Rendered layout of
/// TestImages/class_au_panel_5col.jpg: per serving | per serving with ½ cup skim milk | %DI | %DI with milk | per
/// 100 g, each header cell two lines, read as one box per word.
final class HeaderColumnsTests: XCTestCase {
    /// Cells of one printed row at the given column x positions (left edges), words boxed left to right.
    private static func row(_ cells: [(String, Double)], y: Double) -> TextLine {
        var words: [TextWord] = []
        for (text, x) in cells {
            var left = x
            for word in text.split(separator: " ") {
                let width = Double(word.count) * 11
                words.append(TextWord(text: String(word), box: TextBox(x: left, y: y, width: width, height: 20),
                                      confidence: 0.95))
                left += width + 6
            }
        }
        return TextLine(words: words)
    }

    static func panel(columns: Int) -> [TextLine] {
        // Column left edges: name, serving, [with milk], %DI, [%DI milk], per 100 g.
        var xs: [Double] = [10, 200]
        if columns >= 4 { xs.append(420) }
        xs.append(xs.last! + 220)
        if columns >= 5 { xs.append(xs.last! + 220) }
        xs.append(xs.last! + 220)
        func cells(_ values: [String]) -> [(String, Double)] { Array(zip(values, xs)) }
        var top = ["", "Avg Quantity"], bottom = ["", "per Serving"]
        if columns >= 4 { top.append("per Serving with"); bottom.append("1/2 cup skim milk") }
        top.append("% Daily Intake*"); bottom.append("(per Serving)")
        if columns >= 5 { top.append("% DI* with"); bottom.append("skim milk") }
        top.append("Avg Quantity"); bottom.append("per 100 g")
        var lines = [row([("NUTRITION INFORMATION", 10)], y: 10), row([("Serving size: 60 g", 10)], y: 40),
                     row(cells(top).filter { !$0.0.isEmpty }, y: 80), row(cells(bottom).filter { !$0.0.isEmpty }, y: 104)]
        let data: [(String, [String])] = [
            ("Energy", ["494 kJ", "675 kJ", "6%", "8%", "823 kJ"]), ("Protein", ["4.9 g", "9.3 g", "10%", "19%", "8.1 g"]),
            ("Fat, total", ["2.0 g", "2.1 g", "3%", "3%", "3.4 g"]), ("- saturated", ["0.8 g", "0.9 g", "3%", "4%", "1.4 g"]),
            ("Carbohydrate", ["17.9 g", "24.0 g", "6%", "8%", "29.8 g"]), ("- sugars", ["7.8 g", "13.9 g", "9%", "15%", "13.0 g"]),
            ("Sodium", ["297 mg", "353 mg", "13%", "15%", "495 mg"]),
        ]
        for (index, (name, values)) in data.enumerated() {
            var kept = [values[0]]
            if columns >= 4 { kept.append(values[1]) }
            kept.append(values[2])
            if columns >= 5 { kept.append(values[3]) }
            kept.append(values[4])
            lines.append(row(cells([name] + kept), y: 140 + Double(index) * 30))
        }
        return lines
    }

    func testFiveColumnPanelWithTwoLineHeaders() throws {
        let table = try XCTUnwrap(try grammarParser.parse(lines: Self.panel(columns: 5)))
        assertValue(table, "energy-kj_serving", "494")
        assertValue(table, "energy-kj_100g", "823")
        assertValue(table, "proteins_serving", "4.9")
        assertValue(table, "proteins_100g", "8.1")
        assertValue(table, "sugars_100g", "13")
        XCTAssertEqual(table.nutriments["sodium_100g"], Decimal(string: "0.495"))
        // The with-milk column is the prepared food per serving, never per 100 g.
        XCTAssertEqual(table["proteins_prepared_serving"]?.value, Decimal(string: "9.3"))
    }

    func testThreeAndFourColumnPanels() throws {
        for columns in [3, 4] {
            let table = try XCTUnwrap(try grammarParser.parse(lines: Self.panel(columns: columns)))
            assertValue(table, "fat_serving", "2")
            assertValue(table, "fat_100g", "3.4")
            XCTAssertEqual(table["fat_prepared_serving"]?.value, columns == 4 ? Decimal(string: "2.1") : nil)
        }
    }

    /// Header cells that do not name every value column's basis leave the columns to the header words in order.
    func testUnnamedHeaderCellsDecideNothing() throws {
        let positions = ColumnPlacement.Positions(axis: (1, 0), centres: [220, 400], spacing: 180)
        let header = LineAnalyzer.analyze("Amount Amount", lineIndex: 0, box: nil,
                                          wordBoxes: [(0, 6, TextBox(x: 180, y: 0, width: 66, height: 20)),
                                                      (7, 13, TextBox(x: 360, y: 0, width: 66, height: 20))])
        XCTAssertNil(HeaderColumns.completed(HeaderColumns.columnSpecs(headerLines: [header], positions: positions)))
    }
}
