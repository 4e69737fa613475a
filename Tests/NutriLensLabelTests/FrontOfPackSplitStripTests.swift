import XCTest
@testable import NutriLensLabel

/// A UK front-of-pack reference-intake strip whose names or amounts the reader split over several lines, under a
/// portion statement ("Each burger (113g) contains", "Une portion de 30 g contient") and above the statement of the
/// energy per 100 g ("Typical energy values per 100g: 1089kJ/262kcal"): the strip is per portion and the statement
/// gives energy per 100 g (``ColumnLayout/stripUnderPortionStatement(_:)``); a strip read per 100 g by default whose
/// energy the statement contradicts is flagged (``TableBuilder/statedEnergyContradiction(_:layout:)``). Held-out
/// set 1 `offx_20327132_1` ("One typical slice contains" / "Energy" / "854kJ" / "Fat Saturates Sugars" / …), read
/// per 100 g with four wrong values unflagged on main (session 27).
final class FrontOfPackSplitStripTests: XCTestCase {
    /// The per-portion values and the stated per-100 g energy of the burger strip below.
    static let burger = [("energy-kj_serving", "1230"), ("energy-kcal_serving", "296"), ("fat_serving", "18.2"),
                         ("saturated-fat_serving", "7.9"), ("sugars_serving", "1.1"), ("salt_serving", "1.4"),
                         ("energy-kj_100g", "1089"), ("energy-kcal_100g", "262")]

    private func assertBurger(_ table: NutritionTable, file: StaticString = #filePath, line: UInt = #line) {
        for (key, value) in Self.burger { assertValue(table, key, value, file: file, line: line) }
        XCTAssertEqual(table.entries.filter { $0.basis == .per100g }.map(\.key).sorted(),
                       ["energy-kcal_100g", "energy-kj_100g"], file: file, line: line)
    }

    /// Names and amounts interleaved as a line reader gives the icons (main: every value per 100 g, the energy
    /// per 100 g lost).
    func testSplitStripUnderEachContainsIsPerPortion() throws {
        assertBurger(try parseTable("""
            Each burger (113g) contains
            Energy
            1230kJ
            Fat Saturates Sugars
            18.2g 7.9g 1.1g
            Salt
            1.4g
            296kcal
            15% 26% 40% 1% 23%
            of an adult's reference intake
            Typical values per 100g: Energy 1089kJ/262kcal
            """))
    }

    /// French: "Une portion de 30 g contient", "Énergie" on a line of its own (main: per portion by the header,
    /// but the energy per 100 g lost).
    func testFrenchSplitStripGivesEnergyPerHundredGrams() throws {
        let table = try parseTable("""
            Une portion de 30 g contient
            Énergie
            Matières grasses Acides gras saturés Sucres Sel
            512kJ 6.1g 0.9g 8.4g 0.21g
            122kcal
            6% 9% 5% 9% 4%
            des apports de référence
            Valeurs énergétiques pour 100 g : 1707kJ/407kcal
            """)
        for (key, value) in [("energy-kj_serving", "512"), ("energy-kcal_serving", "122"), ("fat_serving", "6.1"),
                             ("sugars_serving", "8.4"), ("salt_serving", "0.21"), ("energy-kj_100g", "1707"),
                             ("energy-kcal_100g", "407")] {
            assertValue(table, key, value)
        }
        XCTAssertNil(table["fat_100g"])
    }

    /// The strip as the photo's rows give it: the names on one row, the kJ alone under "Energy", the kcal and the
    /// other amounts on the next row (main: the single names line's first amounts line holds one figure, so no
    /// strip; every value per 100 g).
    func testStripWithKilojoulesOnARowOfTheirOwnIsPerPortion() throws {
        let word = SideBySidePanelTests.word
        let names = ["Energy", "Fat", "Saturates", "Sugars", "Salt"]
        let amounts = ["296kcal", "18.2g", "7.9g", "1.1g", "1.4g"]
        let percents = ["15%", "26%", "40%", "1%", "23%"]
        var lines = [TextLine(words: ["Each", "burger", "(113g)", "contains"].enumerated().map {
            word($1, 200 + Double($0) * 130, 40)
        })]
        lines.append(TextLine(words: names.enumerated().map { word($1, 40 + Double($0) * 170, 100) }))
        lines.append(TextLine(words: [word("1230kJ", 40, 140)]))
        lines.append(TextLine(words: amounts.enumerated().map { word($1, 40 + Double($0) * 170, 185) }))
        lines.append(TextLine(words: percents.enumerated().map { word($1, 50 + Double($0) * 170, 230) }))
        lines.append(TextLine(words: ["Typical", "energy", "values", "per", "100g:", "1089kJ/262kcal"].enumerated().map {
            word($1, 40 + Double($0) * 140, 300)
        }))
        assertBurger(try XCTUnwrap(try grammarParser.parse(lines: lines)))
    }

    /// Without a portion statement names split over lines are no strip (a table's names column may read so): the
    /// default per 100 g stays, but the stated energy per 100 g contradicts the column's, so every value is flagged
    /// (main: 296 kcal per 100 g and others unflagged).
    func testDefaultColumnContradictedByStatedEnergyIsFlagged() throws {
        let table = try parseTable("""
            Energy Fat
            Saturates Sugars Salt
            1230kJ 18.2g 7.9g 1.1g 1.4g
            296kcal
            15% 26% 40% 1% 23%
            of an adult's reference intake
            Typical energy values per 100g: 1089kJ/262kcal
            """)
        assertValue(table, "energy-kcal_100g", "296")
        assertValue(table, "fat_100g", "18.2")
        XCTAssertEqual(table.entries.filter { !$0.needsReview }.map(\.key), [])
        XCTAssertTrue(table.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
    }

    /// A per-100 g column whose energy the statement repeats is not contradicted: nothing flagged for the basis.
    func testStatementRepeatingTheColumnsEnergyFlagsNothing() throws {
        let table = try parseTable("""
            Energy 1089kJ / 262kcal
            Fat 18.2g
            of which saturates 7.9g
            Carbohydrate 0.5g
            of which sugars 0.5g
            Protein 11.6g
            Salt 1.4g
            Typical energy values per 100g: 1089kJ/262kcal
            """)
        assertValue(table, "energy-kj_100g", "1089")
        XCTAssertFalse(table.findings.contains { $0.check == TableBuilder.uncertainBasisCheck })
    }

    /// Which lines state the energy per 100 g: not a two-column header a cell joined, a row with a %RI, nor the
    /// reference intake's 8400 kJ.
    func testEnergyStatementLines() {
        func states(_ text: String) -> Bool { ColumnLayout.statesEnergyPer100(LineAnalyzer.analyze(text, lineIndex: 0)) }
        XCTAssertTrue(states("Typical energy values per 100g**: 1149kJ/277kcal"))
        XCTAssertTrue(states("Per 100g: Energy 1005kJ / 240kcal"))
        XCTAssertFalse(states("Per 100g Per serving % RI 104 kcal"))
        XCTAssertFalse(states("Energy per 100g 1042kJ 13%"))
        XCTAssertFalse(states("Reference intake per 100g of an average adult 8400kJ"))
    }

    /// Portion statements: "contains" lines and "per" a portion, not per 100 g.
    func testPortionStatements() {
        func names(_ text: String) -> Bool { ColumnLayout.namesPortion(LineAnalyzer.analyze(text, lineIndex: 0)) }
        XCTAssertTrue(names("One typical slice contains^"))
        XCTAssertTrue(names("Une portion de 30 g contient"))
        XCTAssertTrue(names("Per 1/2 pizza"))
        XCTAssertFalse(names("Per 100g"))
        XCTAssertFalse(names("Contains milk and wheat. May contain traces of nuts, sesame and mustard seeds"))
    }
}
