import XCTest
@testable import NutriLensLabel

/// A milligram/microgram unit printed apart from its amount: in a unit column between the row name and the value
/// ("Sodium mg 74", Indian and Gulf tables) or wrapped onto the next line ("Cholesterol 3.0" / "mg"). Only vitamin,
/// mineral, sodium and cholesterol rows: macronutrients are never declared in mg.
final class UnitApartFromAmountTests: XCTestCase {
    /// Tesseract's visual rows of pxlshpr 7648338E (an Indian per-100 g table with a unit column).
    func testIndianUnitColumn() throws {
        let table = try parseTable("""
            Per 100g
            468 4% Total Fat g 17.5 5%
            3.6 Saturated Fat g 17.3 15%
            drate g 75.1 Trans Fatg 0.2
            | Sugars g 70.0 Cholesterol 3.0
            mg
            ars g 61.6 Lk 23% | Sodium mg 74 1%
            """)
        assertValue(table, "cholesterol_100g", "3", unit: .milligram)
        assertValue(table, "sodium_100g", "74", unit: .milligram)
        XCTAssertEqual(table.nutriments["sodium_100g"], Decimal(string: "0.074"))
        assertValue(table, "fat_100g", "17.5", unit: .gram)
        assertValue(table, "sugars_100g", "70", unit: .gram)
    }

    func testUnitBetweenNameAndAmount() throws {
        let line = LineAnalyzer.analyze("Total Sodium/sodium/sódio (mg) 20", lineIndex: 0)
        XCTAssertEqual(line.quantities.first?.unit, .milligram)
        XCTAssertEqual(LineAnalyzer.analyze("Vitamin D mcg 2.5", lineIndex: 0).quantities.first?.unit, .microgram)
        // A macronutrient keeps grams; a unit after another amount is that amount's.
        XCTAssertNil(LineAnalyzer.analyze("Carbohydrate mg 18", lineIndex: 0).quantities.first?.unit)
        let iron = LineAnalyzer.analyze("Iron 0.1 mg 0 0%", lineIndex: 0).quantities
        XCTAssertEqual(iron.map(\.unit), [.milligram, nil, nil])
    }

    /// A lone "mg" line after a macronutrient's bare amount changes nothing.
    func testUnitLineAfterMacronutrientIsIgnored() throws {
        let table = try parseTable("""
            Nutrition information per 100 g
            Fat 3.2
            mg
            Carbohydrate 12
            """)
        assertValue(table, "fat_100g", "3.2", unit: .gram)
    }
}
