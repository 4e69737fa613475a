import XCTest
@testable import NutriLensLabel

/// The US %DV footnote table (21 CFR 101.9(d)(9)) read without its "Calories 2,000 2,500" heading: its rows are
/// found by their reference amounts after "less than" (or an OCR form of it) or as the reference pair, and give no
/// values. Rendered text of a pre-2016 US panel; the class is in docs/label.md ("US %DV footnote").
final class FootnoteRowsTests: XCTestCase {
    private static let panel = """
        Nutrition Facts
        Serving Size 1/4 cup (30g)
        Amount Per Serving
        Calories 120 Calories from Fat 35
        % Daily Value*
        Total Fat 4g 6%
        Sat Fat 2g 10%
        Cholest. 10mg 3%
        Sodium 430mg 18%
        Total Carb 19g 6%
        Sugars 5g
        Protein 2g
        *Percent Daily Values are based on a 2,000 calorie diet.
        """

    func testFootnoteRowsWithoutTheirHeadingGiveNoValues() throws {
        for footnote in ["""
            Total Fat Less tan 65g 80g
            Sat Fat Less tan 20g
            Cholesterol Less than 300mg 300mg
            Sodium Les than 2,400mg 2,400mg
            Total Carbohydrate 300g 375g
            Dietary Fiber 25g 30g
            """, """
            Sat Fat Less tan 209
            Protein 50g 65g
            """] {
            let table = try parseTable(Self.panel + "\n" + footnote)
            assertValue(table, "fat_serving", "4")
            assertValue(table, "saturated-fat_serving", "2")
            assertValue(table, "cholesterol_serving", "10")
            assertValue(table, "sodium_serving", "430")
            assertValue(table, "carbohydrates_serving", "19")
            assertValue(table, "proteins_serving", "2")
            XCTAssertNil(table["fiber_serving"], footnote)
        }
    }

    /// Reference amounts that are the food's (a protein bar per 100 g: fibre 25 g, protein 50 g): without "less
    /// than" and not as the pair, two such rows are the table's.
    func testReferenceAmountsOfTheFoodStay() throws {
        let bar = try parseTable("""
            Nutrition information per 100 g
            Energy 1500 kJ 360 kcal
            Fat 9 g
            Carbohydrate 12 g
            Fibre 25 g
            Protein 50 g
            Salt 0.5 g
            """)
        assertValue(bar, "fiber_100g", "25")
        assertValue(bar, "proteins_100g", "50")
    }
}
