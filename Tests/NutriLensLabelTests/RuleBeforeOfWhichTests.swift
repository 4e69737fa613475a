import XCTest
@testable import NutriLensLabel

/// A "/" read as 1 between a sub-row's names in two languages, before the second one's "of which"
/// (`LineAnalyzer.isRuleBeforeOfWhich`; FoodLabel small crop 0046, session 26 flprec2). Main took the 1 as the
/// saturates amount. Written for these tests, not copied from a corpus.
final class RuleBeforeOfWhichTests: XCTestCase {
    /// The saturates row's only number is the rule: no saturates value; the other rows stay.
    func testRuleBetweenASubRowsNamesIsNoAmount() throws {
        let table = try parseTable("""
            Energie / Energy
            2448 kJ / 590 kcal
            Fett / Fat
            46g
            davon gesättigte Fettsäuren 1 of which
            saturates / dont acides gras saturés
            Kohlenhydrate / Carbohydrate
            16g
            davon Zucker / of which sugars
            5,5g
            Eiweiss / Protein
            25g
            Salz / Salt
            1,6g
            """)
        XCTAssertNil(table["saturated-fat_100g"])
        assertValue(table, "fat_100g", "46")
        assertValue(table, "sugars_100g", "5.5")
    }

    /// After a parent's name the 1 is its amount: "Fat 1 of which" / "saturates 0.2" keeps fat 1 g.
    func testAParentsOneBeforeOfWhichStays() throws {
        let table = try parseTable("""
            Nutrition per 100 g
            Energy 1590 kJ / 380 kcal
            Fat 1 of which
            saturates 0.2
            Carbohydrate 80
            of which sugars 40
            Protein 12
            Salt 0.5
            """)
        assertValue(table, "fat_100g", "1")
        assertValue(table, "saturated-fat_100g", "0.2")
    }
}
