import XCTest
@testable import NutriLensLabel

/// Which basis a value column gets when the header that names it was lost or is no amount column (sidecar audit
/// class 1: US panels keyed per 100 g, reference-intake columns read as values).
final class ColumnBasisTests: XCTestCase {
    /// US side-by-side panels whose "Calories" row OCR lost: "Total Fat" / "Total Carbohydrate" / "% Daily Value"
    /// are US row names and headings (21 CFR 101.9), so the amounts are per serving.
    func testUSPanelWithoutCaloriesRowIsPerServing() throws {
        let cases: [(text: String, expected: [String: String])] = [
            ("""
             Total Fat 0g 0% Total Carbohydrate
             Saturated Fat 0g 0%
             Trans Fat 0g Sugars 19g
             Sodium 65mg 3%
             """, ["fat_serving": "0", "saturated-fat_serving": "0", "sugars_serving": "19", "sodium_serving": "65"]),
            ("""
             % Daily Value*
             Fat 3g 4%
             Sodium 140mg 6%
             Carbohydrate 22g 8%
             Protein 5g
             """, ["fat_serving": "3", "sodium_serving": "140", "carbohydrates_serving": "22", "proteins_serving": "5"]),
            ("""
             Amount Per Serving
             Total Fat 12.5g
             Sugars 4g
             Protein 2g
             """, ["fat_serving": "12.5", "sugars_serving": "4", "proteins_serving": "2"]),
        ]
        for (text, expected) in cases {
            let table = try parseTable(text)
            for (key, value) in expected { assertValue(table, key, value) }
            XCTAssertFalse(table.entries.contains { $0.basis == .per100g }, "\(table.entries.map(\.key))")
        }
    }

    /// "Nutrition Facts" titles per-100 g tables too (Indian, Gulf labels); a multilingual pack ("Total
    /// fat/Matières grasses"), kJ or a per-100 g header keeps per 100 g even beside "Total Fat".
    func testNonUSTablesStayPer100g() throws {
        let cases: [(text: String, expected: [String: String])] = [
            ("""
             NUTRITION FACTS
             Energy 489 Kcal
             Protein 8.9g
             Carbohydrates 65.1g
             of which sugars 38.4g
             Fat 21.4g
             """, ["energy-kcal_100g": "489", "proteins_100g": "8.9", "sugars_100g": "38.4", "fat_100g": "21.4"]),
            ("""
             Total fat/Matières grasses 0.1 g
             Carbohydrate/Glucides 75 g
             of which sugars/dont sucres 47.3 g
             Protein/Protéines 6.8 g
             """, ["fat_100g": "0.1", "carbohydrates_100g": "75", "sugars_100g": "47.3", "proteins_100g": "6.8"]),
            ("""
             Nutrition Information per 100 g
             Energy 1560 kJ
             Total Fat 12.0 g
             Total Carbohydrate 55 g
             Protein 7.5 g
             """, ["energy-kj_100g": "1560", "fat_100g": "12.0", "carbohydrates_100g": "55", "proteins_100g": "7.5"]),
        ]
        for (text, expected) in cases {
            let table = try parseTable(text)
            for (key, value) in expected { assertValue(table, key, value) }
            XCTAssertFalse(table.entries.contains { $0.basis == .perServing }, "\(table.entries.map(\.key))")
        }
    }
}
