import XCTest
@testable import NutriLensLabel

/// Small US panels use the abbreviations of 21 CFR 101.9(j)(13)(ii)(B): "Cholest." is cholesterol and "Fat Cal." is
/// calories from fat (no row). Rows of julielee9067 eng_real_12 as Tesseract read them: the unread "Cholest." left
/// its "<5mg" and protein's "50"…; "fat cal. 50" was read as the fat row, which took sodium's "170ma".
final class AbbreviatedUSPanelTests: XCTestCase {
    func testCholestAndFatCalAbbreviations() throws {
        let table = try parseTable("""
            Nutrition
            Facts Total Fat 69 9% Total tan,
            ov. Sie 1 Thsp (169) Sat. Fat 1g 5% riber
            eis 15 Trans Fat 0g AR
            Calories 70 1%
            Cholest. <5mg Protein:
            fat cal. 50
            Sodium 170ma 7%
            """)
        assertValue(table, "cholesterol_serving", "5", unit: .milligram, qualifier: .lessThan)
        assertValue(table, "fat_serving", "6")
        assertValue(table, "sodium_serving", "170", unit: .milligram)
        XCTAssertNil(table["proteins_serving"])
        assertValue(table, "energy-kcal_serving", "70", unit: .kilocalorie)
    }
}

/// "Calories from Fat" with its "from" lost (julielee9067 eng_real_3: "calories Fat 100 Cashew ut Sugar") is still
/// no fat row: fat took the 100 kcal.
final class CaloriesFromFatWithoutFromTests: XCTestCase {
    func testCaloriesFatIsNoFatRow() throws {
        let table = try parseTable("""
            Nutrition Facts
            Calories 200
            calories Fat 100 Cashew ut Sugar
            Total Fat 11g 17%
            Sodium 90mg 4%
            Total Carbohydrate 20g 7%
            Protein 5g
            """)
        assertValue(table, "fat_serving", "11")
        assertValue(table, "energy-kcal_serving", "200", unit: .kilocalorie)
    }
}

/// Cholesterol and sodium are always declared as amounts on US panels (21 CFR 101.9(c)(3)-(4)), so "Cholesterol 0%"
/// is their %DV with the amount on another line (julielee9067 eng_real_21: "… Cholesterol 0%" / "Omg"), not a
/// %DV-only row like "Iron 4%".
final class CholesterolPercentFirstTests: XCTestCase {
    func testCholesterolAmountAfterItsPercent() throws {
        let table = try parseTable("""
            Nutrition Amount/Serving % DV"
            acts Total Fat Og 0%
            Serving size 1 Bottle Cholesterol 0%
            Omg
            Servings per container: 1
            Sodium Omg 0%
            Calories 0 Total Carbohydrate Og 0%
            per serving Protein Og 0%
            """)
        assertValue(table, "cholesterol_serving", "0", unit: .milligram)
        assertValue(table, "sodium_serving", "0", unit: .milligram)
        assertValue(table, "fat_serving", "0")
        // A vitamin or mineral with only its %DV keeps no amount from the next line.
        let iron = try parseTable("Calories 120\nTotal Fat 3g 4%\nIron 4%\n12\nProtein 5g")
        XCTAssertNil(iron["iron_serving"])
        // Only the next line: pxlshpr 4CF0CBA5 "Cholesterol (img 0% Protein 2%" / "Sod" / "ium 105mg" — the 105 mg is
        // the sodium row's, whose name OCR split.
        let split = try parseTable("""
            Facts
            Total Fat 0g
            Saturated Fat 0g
            ner 4 Trans Fat 0g
            Cholesterol (img 0%
            Sod
            ium 105mg
            """)
        XCTAssertNil(split["cholesterol_serving"])
        // The scanner's visual rows join "Sod" and "ium 105mg": the split name is read.
        let joined = try parseTable("""
            Facts Total Fat 0g 0% Total Carbohydrates :
            Saturated Fat 0g 0% Dietary Fiber 0g
            ner 4 Trans Fat 0g Sugars %
            Cholesterol (img 0% Protein 2%
            Sod ium 105mg
            """)
        XCTAssertNil(joined["cholesterol_serving"])
        assertValue(joined, "sodium_serving", "105", unit: .milligram)
    }
}
