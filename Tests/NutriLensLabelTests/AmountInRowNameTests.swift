import XCTest
@testable import NutriLensLabel

/// US panels print the added-sugars amount inside the row name ("Includes 10g Added Sugars 20%", 21 CFR
/// 101.9(c)(6)(iii)): the amount is the row's value, the %DV after the name is not (sidecar audit class 9).
final class AmountInRowNameTests: XCTestCase {
    func testIncludedAddedSugarsAmount() throws {
        let cases: [(line: String, added: String, qualifier: ValueQualifier?)] = [
            ("Includes 10g Added Sugars 20%", "10", nil),
            ("Incl. 13g Added Sugars 26%", "13", nil),
            ("Incl.20g Added Sugars", "20", nil),
            ("~ Inchudes 40g Added Sugars 80%", "40", nil),
            ("Includes 0g Added Sugars 0%", "0", nil),
            ("Includes < 1g Added Sugars", "1", .lessThan),
        ]
        for (line, added, qualifier) in cases {
            let table = try parseTable("""
                Amount per serving
                Calories 180
                Total Fat 2g 3%
                Total Carbohydrate 37g 13%
                Total Sugars 24g
                \(line)
                Protein 3g
                """)
            assertValue(table, "added-sugars_serving", added, qualifier: qualifier)
            assertValue(table, "sugars_serving", "24")
            assertValue(table, "proteins_serving", "3")
            XCTAssertNil(table["fiber_serving"], line)
        }
    }

    /// The list form of small US packages: "Total Sugars 2g (Incl. 2g Added Sugars, 4% DV), Protein 0g".
    func testIncludedAddedSugarsInAListPanel() throws {
        let table = try parseTable("""
            Nutrition Facts Servings: 1, Serv. size: 1 bar, Amount per serving: Calories 90, Total Fat 2g (3% DV),
            Sodium 65mg (3% DV), Total Carb. 17g (6% DV), Fiber 0g (0% DV), Total Sugars 8g (Incl. 2g Added Sugars, 4% DV), Protein 1g
            """)
        assertValue(table, "sugars_serving", "8")
        assertValue(table, "added-sugars_serving", "2")
        assertValue(table, "proteins_serving", "1")
    }

    /// Without "Includes"/"Incl." before it, an amount before the name belongs to the row before.
    func testAmountBeforeAddedSugarsWithoutIncludesIsNotMoved() throws {
        let table = try parseTable("""
            Calories 180
            Total Sugars 24g Added Sugars 10g 20%
            Protein 3g
            """)
        assertValue(table, "sugars_serving", "24")
        assertValue(table, "added-sugars_serving", "10")
    }
}
