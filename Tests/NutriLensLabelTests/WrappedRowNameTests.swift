import XCTest
@testable import NutriLensLabel

/// A multilingual row name wrapped onto a second line that carries the row's amounts, in a table that prints each
/// row's unit in brackets in its name and bare numbers in the value columns (pxlshpr `C05EDF6E`, an
/// English/French/Portuguese table: "Dietary fibre /fibre alimen-" / "taire /ibra dietética* (g) 0 0"). The second
/// line's words name no nutrient; its bare numbers after the "(g)" are the row's amounts, not pack-text counts
/// (``LineAnalyzer/amountsFollowBracketedUnit(_:quantities:)``).
final class WrappedRowNameTests: XCTestCase {
    /// A word 14 px a character wide and 30 px high with its left edge at `x` and top at `y`.
    static let word = SideBySidePanelTests.word

    /// Rows as (name lines, per 100 g, per portion): the amounts on the name's last line, names from x 40 (words one
    /// space apart), amounts at x 700 and 900, 50 px a line.
    static func lines(fibre: [String]) -> [TextLine] {
        let rows: [([String], String, String)] = [
            (["Energy/Energie/Energia (kJ)"], "1404", "351"),
            (["Protein/Protéines/Proteínas (g)"], "6.8", "2"),
            (["Carbohydrate/Glucides/Hidratos de carbono (g)"], "75", "19"),
            (["Total fat/Matières grasses/", "Lípidos (g)"], "0.1", "0"),
            (fibre, "1.5", "0.4"),
            (["Salt/Sel/Sal (g)"], "0.05", "0.01"),
        ]
        var lines = [TextLine(words: [word("per", 700, 20), word("100g", 760, 20), word("per", 900, 20),
                                      word("portion", 960, 20), word("25g", 1070, 20)])]
        var y = 80.0
        for (names, per100, portion) in rows {
            for (index, name) in names.enumerated() {
                var words: [TextWord] = [], x = 40.0
                for piece in name.split(separator: " ") {
                    words.append(word(String(piece), x, y))
                    x += Double(piece.count + 1) * 14
                }
                if index == names.count - 1 { words += [word(per100, 700, y), word(portion, 900, y)] }
                lines.append(TextLine(words: words))
                y += 50
            }
        }
        return lines
    }

    private func assertRows(_ table: NutritionTable?, file: StaticString = #filePath, line: UInt = #line) {
        guard let table else { return XCTFail("no table", file: file, line: line) }
        for (key, value) in [("fiber_100g", "1.5"), ("fiber_serving", "0.4"), ("fat_100g", "0.1"), ("fat_serving", "0"),
                             ("salt_100g", "0.05"), ("salt_serving", "0.01"), ("proteins_100g", "6.8")] {
            assertValue(table, key, value, file: file, line: line)
        }
    }

    func testAmountsOnTheWrappedNamesSecondLine() throws {
        assertRows(try grammarParser.parse(lines: Self.lines(fibre: ["Dietary fibre /fibre alimen-",
                                                                     "taire /ibra dietética* (g)"])))
    }

    func testSecondLineWithASpacedBracketedUnit() throws {
        assertRows(try grammarParser.parse(lines: Self.lines(fibre: ["Dietary fibre / fibres",
                                                                     "alimentaires / fbra alimentar ( g )"])))
    }

    func testPlainText() throws {
        let table = try parseTable("""
            per 100g per portion 25g
            Energy/Energie/Energia (kJ) 1404 351
            Protein/Protéines/Proteínas (g) 6.8 2
            Total fat/Matières grasses/
            Lípidos (g) 0.1 0
            Dietary fibre /fibre alimen-
            taire /ibra dietética* (g) 1.5 0.4
            Salt/Sel/Sal (g) 0.05 0.01
            """)
        assertRows(table)
    }

    /// Words after a row name still drop their bare numbers when no bracketed unit stands before them (a storage
    /// line's figure is no amount of the row above).
    func testNumberAfterWordsWithoutABracketedUnitIsNoAmount() throws {
        let table = try parseTable("""
            per 100g per portion 25g
            Energy/Energie/Energia (kJ) 1404 351
            Total fat/Matières grasses (g) 0.1 0
            Salt/Sel/Sal (g)
            keep cool below 25
            """)
        assertValue(table, "fat_100g", "0.1")
        XCTAssertNil(table["salt_100g"])
    }
}
