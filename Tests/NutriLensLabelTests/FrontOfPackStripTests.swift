import XCTest
@testable import NutriLensLabel

/// A front-of-pack reference-intake strip (UK/EU "GDA" or traffic-light icons): one column per nutrient, each name
/// printed above its amount and its "% of an adult's reference intake" (julielee9067 `eng_real_17`, "Energy Fat
/// Saturates Sugar" / "1042kJ 15.5g 8.5g 12.2g" / "22% 43% 14% 5%", its "Each … contains" line cut off). With no
/// column header the strip is per portion, not per 100 g (``ColumnLayout/frontOfPackStripEnd(_:)``).
final class FrontOfPackStripTests: XCTestCase {
    /// (name, amount, %RI) per icon, left to right.
    static let icons = [("Energy", "1042kJ", "13%"), ("Fat", "15.5g", "22%"), ("Saturates", "8.5g", "43%"),
                        ("Sugars", "12.2g", "14%"), ("Salt", "0.3g", "5%")]

    /// A word 14 px a character wide and 30 px high with its left edge at `x` and top at `y`.
    static let word = SideBySidePanelTests.word

    /// The strip as lines with boxes, one line per word as a segment reader gives them: icons 170 px apart, names at
    /// `y`, amounts 50 px below, the energy's kcal under its kJ, the %RI figures under the amounts; `dy` per icon
    /// tilts the strip (a photo taken at a slant). `header` is printed above the names.
    static func lines(header: [String] = [], dy: Double = 0, percents: Bool = true) -> [TextLine] {
        var lines = header.enumerated().map { TextLine(words: [word($1, 40, 20 + Double($0) * 40)]) }
        let top = 40 + Double(header.count) * 40
        for (index, icon) in icons.enumerated() {
            let x = 40 + Double(index) * 170, y = top + Double(index) * dy
            lines.append(TextLine(words: [word(icon.0, x, y)]))
            lines.append(TextLine(words: [word(icon.1, x, y + 50)]))
            if index == 0 { lines.append(TextLine(words: [word("250kcal", x, y + 85)])) }
            if percents { lines.append(TextLine(words: [word(icon.2, x + 10, y + 125)])) }
        }
        lines.append(TextLine(words: ["of", "an", "adult's", "reference", "intake*"].enumerated().map {
            word($1, 40 + Double($0) * 130, top + 200 + 4 * dy)
        }))
        return lines
    }

    private func assertPerPortion(_ table: NutritionTable?, file: StaticString = #filePath, line: UInt = #line) {
        guard let table else { return XCTFail("no table", file: file, line: line) }
        for (key, value) in [("energy-kj_serving", "1042"), ("energy-kcal_serving", "250"), ("fat_serving", "15.5"),
                             ("saturated-fat_serving", "8.5"), ("sugars_serving", "12.2"), ("salt_serving", "0.3")] {
            assertValue(table, key, value, file: file, line: line)
        }
        XCTAssertEqual(table.entries.filter { $0.basis == .per100g }.map(\.key), [], file: file, line: line)
    }

    func testStripWithBoxesIsPerPortion() throws {
        assertPerPortion(try grammarParser.parse(lines: Self.lines()))
    }

    func testTiltedStripIsPerPortion() throws {
        assertPerPortion(try grammarParser.parse(lines: Self.lines(dy: -6)))
        assertPerPortion(try grammarParser.parse(lines: Self.lines(dy: 5)))
    }

    func testStripAsPlainTextIsPerPortion() throws {
        assertPerPortion(try parseTable("""
            Energy Fat Saturates Sugars Salt
            1042kJ 15.5g 8.5g 12.2g 0.3g
            250kcal
            13% 22% 43% 14% 5%
            of an adult's reference intake
            """))
    }

    /// The strip as UK packs print it whole: the portion named above ("Each pack (400g) contains", which names no
    /// column), the per-100 g energy stated on a line of its own below; the strip stays per portion, and that line
    /// gives the energy per 100 g (Regulation (EU) 1169/2011 Art. 33(2); session 22).
    func testWholeUKStripWithTypicalValuesLineIsPerPortion() throws {
        let table = try parseTable("""
            Each pack (400g) contains
            Energy Fat Saturates Sugars Salt
            1042kJ 15.5g 8.5g 12.2g 0.3g
            250kcal
            13% 22% 43% 14% 5%
            of an adult's reference intake
            Typical values (as sold) per 100g: Energy 260kJ/62kcal
            """)
        for (key, value) in [("energy-kj_serving", "1042"), ("energy-kcal_serving", "250"), ("fat_serving", "15.5"),
                             ("saturated-fat_serving", "8.5"), ("sugars_serving", "12.2"), ("salt_serving", "0.3"),
                             ("energy-kj_100g", "260"), ("energy-kcal_100g", "62")] {
            assertValue(table, key, value)
        }
        XCTAssertEqual(table.entries.filter { $0.basis == .per100g }.map(\.key).sorted(),
                       ["energy-kcal_100g", "energy-kj_100g"])
    }

    /// A strip that states its basis keeps it: the header reading finds "per 100g" before the default is needed.
    func testStripHeadedPerHundredGramsStaysPerHundredGrams() throws {
        let table = try XCTUnwrap(try grammarParser.parse(lines: Self.lines(header: ["Per", "100g"])))
        assertValue(table, "fat_100g", "15.5")
        assertValue(table, "sugars_100g", "12.2")
        XCTAssertNil(table["fat_serving"])
    }

    /// Without the icons' percentages nothing says the amounts are a portion's: the default stays per 100 g.
    func testStripWithoutPercentagesStaysPerHundredGrams() throws {
        let table = try XCTUnwrap(try grammarParser.parse(lines: Self.lines(percents: false)))
        assertValue(table, "fat_100g", "15.5")
        XCTAssertNil(table["fat_serving"])
    }

    /// A back-of-pack table with its header lost and a %RI beside each amount is no strip: each name has its
    /// amount on its line, so the default stays per 100 g.
    func testTableWithPercentagesOnEachRowIsNoStrip() throws {
        let table = try parseTable("""
            Energy 1042kJ / 250kcal 13%
            Fat 15.5g 22%
            of which saturates 8.5g 43%
            Sugars 12.2g 14%
            Salt 0.3g 5%
            """)
        assertValue(table, "fat_100g", "15.5")
        assertValue(table, "salt_100g", "0.3")
        XCTAssertNil(table["fat_serving"])
    }
}
