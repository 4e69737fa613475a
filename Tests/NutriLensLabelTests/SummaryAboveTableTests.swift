import XCTest
@testable import NutriLensLabel

/// A per-portion summary printed above the table ("Each 2 cookies contain" / "Energy 438kJ 104kcal" / "Fat 4.7g"):
/// its rows are a repeat, not the table's first rows (`NutritionParser.summaryLinesAboveTable`).
final class SummaryAboveTableTests: XCTestCase {
    /// openfoodfacts-dart `nutrition_en` as text (UK biscuits, per 100 g | per serving of 2 cookies | %RI | RI), the
    /// sugars row's name lost. Read as one stream the summary's energy row was the table's, and fibre took the
    /// carbohydrate's per-serving 13.9 g.
    func testUKSummaryAboveTheTableIsNotItsFirstRows() throws {
        let table = try parseTable("""
            Each 2 cookies contain
            Energy 438kJ 104kcal
            Fat 4.7g
            Saturates 2.4g
            NUTRITION INFORMATION & RIs
            Typical Values Per 100g Per serving (2 cookies)* % RI per serving RI* Adults
            Energy 2085kJ 438kJ 8400kJ
            497kcal 104kcal 5% 2000kcal
            Fat 22.6g 4.7g 7% 70g
            of which Saturates 11.6g 2.4g 12% 20g
            Carbohydrate 66.3g 13.9g 5% 260g
            37.3g 7.8g 9% 90g
            Fibre 3.1g 0.7g
            Protein 5.5g 1.2g 2% 50g
            Salt 0.6g 0.1g 2% 6g
            """)
        let expected: [(String, String)] = [
            ("energy-kj_100g", "2085"), ("energy-kcal_100g", "497"), ("energy-kj_serving", "438"),
            ("fat_100g", "22.6"), ("fat_serving", "4.7"), ("saturated-fat_100g", "11.6"),
            ("carbohydrates_100g", "66.3"), ("carbohydrates_serving", "13.9"), ("sugars_100g", "37.3"),
            ("sugars_serving", "7.8"), ("fiber_100g", "3.1"), ("fiber_serving", "0.7"), ("proteins_100g", "5.5"),
            ("salt_100g", "0.6"), ("salt_serving", "0.1"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// The same class in German with the sugars row named and a two-column table: the summary's "Zucker 5,4 g"
    /// must not become the per-100 g sugars.
    func testGermanPortionSummaryAboveTheTable() throws {
        let table = try parseTable("""
            1 Riegel (25 g) enthält
            Energie 425 kJ 101 kcal
            Fett 3,5 g
            Zucker 5,4 g
            Salz 0,05 g
            Nährwerte pro 100 g pro Riegel (25 g)
            Energie 1700 kJ / 405 kcal 425 kJ / 101 kcal
            Fett 14 g 3,5 g
            davon gesättigte Fettsäuren 6,0 g 1,5 g
            Kohlenhydrate 60 g 15 g
            davon Zucker 21,6 g 5,4 g
            Eiweiß 8,0 g 2,0 g
            Salz 0,2 g 0,05 g
            """)
        let expected: [(String, String)] = [
            ("energy-kj_100g", "1700"), ("energy-kcal_serving", "101"), ("fat_100g", "14"), ("fat_serving", "3.5"),
            ("saturated-fat_100g", "6.0"), ("carbohydrates_100g", "60"), ("sugars_100g", "21.6"),
            ("sugars_serving", "5.4"), ("proteins_100g", "8.0"), ("salt_100g", "0.2"), ("salt_serving", "0.05"),
        ]
        for (key, value) in expected { assertValue(table, key, value) }
    }

    /// Not a summary: a table whose column header OCR read after its rows (nothing below repeats them), and a
    /// block above the header that names a nutrient the table below does not.
    func testTableAboveItsHeaderStays() throws {
        let headerLast = try parseTable("""
            Energy 1500kJ 358kcal
            Fat 10g
            Carbohydrate 55g
            Protein 10g
            Typical values per 100g
            """)
        assertValue(headerLast, "energy-kj_100g", "1500")
        assertValue(headerLast, "fat_100g", "10")
        assertValue(headerLast, "proteins_100g", "10")
        let analyses = [
            "Energy 438kJ 104kcal", "Fibre 2.0g", "Per 100g Per serving", "Energy 2085kJ 438kJ",
            "Fat 22.6g 4.7g", "Carbohydrate 66.3g 13.9g", "Protein 5.5g 1.2g",
        ].enumerated().map { LineAnalyzer.analyze($0.element, lineIndex: $0.offset) }
        XCTAssertEqual(NutritionParser.summaryLinesAboveTable(analyses, skipped: []), [])
        let summary = ["Energy 438kJ 104kcal", "Fat 4.7g"] + analyses.dropFirst(2).map(\.text)
        XCTAssertEqual(NutritionParser.summaryLinesAboveTable(
            summary.enumerated().map { LineAnalyzer.analyze($0.element, lineIndex: $0.offset) }, skipped: []), [0, 1])
    }
}
