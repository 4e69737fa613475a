import XCTest
@testable import NutriLensLabel

/// Australian/NZ nutrition information panels (FSANZ Standard 1.2.8): per serving, "% Daily Intake", per 100 g —
/// per 100 g last, and the percentages against FSANZ reference values, not EU Annex XIII.
final class AustralianPanelTests: XCTestCase {
    /// Tesseract's rows of pxlshpr F3B96913 (68 g serving).
    private let rows = """
        Servings per pack: 6 Average Quantity % Daily Intake Average Quantity
        Serving size: Approx. 68 g per Serving (per Serving) per 100 g
        Energy 864 kJ 10% 1270 kJ (
        Protein 2.3g 5% 3.4g N
        Fat, total 11.2g 16 % 16.4g
        - saturated 6.5g 27% 9.5g
        Carbohydrate 23.5g 8% 34.6g
        sugars 14.6g 21.4g
        Sodium 128 mg 6% 188 mg
        """

    func testDailyIntakePercentagesUseFSANZReferences() throws {
        let table = try parseTable(rows)
        assertValue(table, "saturated-fat_serving", "6.5")
        assertValue(table, "saturated-fat_100g", "9.5")
        // 6.5 g of the FSANZ 24 g is 27 %; against the EU 20 g it would be 33 % and flagged.
        XCTAssertFalse(table.findings.contains { $0.check == "ri-percent" }, "\(table.findings)")
        XCTAssertFalse(table["saturated-fat_serving"]!.needsReview)
        XCTAssertFalse(table.entries.contains(where: \.needsReview))
    }

    /// The "per 100 g" header lost (pxlshpr 6C225FA4 and 0DEA4407 read only "PER SERVE"): the unlabelled column
    /// is per 100 g, printed last — each row's first cell is 0.68 × its second.
    func testUnlabelledPer100gColumnAfterTheServingColumn() throws {
        let table = try parseTable(rows.replacingOccurrences(of: "(per Serving) per 100 g", with: "(per Serving)"))
        assertValue(table, "fat_serving", "11.2")
        assertValue(table, "fat_100g", "16.4")
        assertValue(table, "carbohydrates_100g", "34.6")
        assertValue(table, "energy-kj_100g", "1270")
        assertValue(table, "energy-kj_serving", "864")
        assertValue(table, "sodium_100g", "188", unit: .milligram)
        // EU order is unchanged: per 100 g first when the cells say so (30 g serving).
        let eu = try parseTable("""
            Nutrition information Serving size 30 g
            per portion
            Energy 1569 kJ 471 kJ
            Fat 7.1 g 2.1 g
            Carbohydrate 62.0 g 18.6 g
            Protein 9.8 g 2.9 g
            Salt 0.45 g 0.14 g
            """)
        assertValue(eu, "fat_100g", "7.1")
        assertValue(eu, "fat_serving", "2.1")
    }
}
