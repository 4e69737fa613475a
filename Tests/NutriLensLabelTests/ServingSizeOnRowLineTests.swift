import XCTest
@testable import NutriLensLabel

/// Cells a row must not take: the serving size's bracketed mass after a household measure that OCR put on a row's
/// line, and an mg amount given to a row whose name was lost and is inferred from the declaration order.
final class ServingSizeOnRowLineTests: XCTestCase {
    /// pxlshpr 7A7E14B8, a two-column US panel read row by row: "1 Container (1509)" is the serving size (150 g),
    /// which became a second carbohydrate cell and then an inferred added-sugars row of 150 g.
    func testBracketedMassAfterHouseholdMeasureIsTheServingSize() throws {
        let table = try parseTable("""
            Nutrition a %DV* Amount/Serving %DV*
            Total Fat 0g 0% Potassium 170mg 5%
            Facts
            Saturated Ft Og 0% Total Carbohydrate 19g 6%
            Serving Size
            1 Container (1509) Trans Fat 0g Dietary Fiber Og 0%
            Calories 120 Cholesterol 5mg 2% Sugars 189
            Caloris from Fat Sodium 50mg 2% Protein 12 20%
            """)
        XCTAssertNil(table["added-sugars_serving"])
        XCTAssertNil(table["added-sugars_100g"])
        assertValue(table, "carbohydrates_serving", "19")
        assertValue(table, "proteins_serving", "12")
        assertValue(table, "sodium_serving", "50", unit: .milligram)
        for line in ["1 cup (228g)", "2/3 cup (55 g)", "1 Container (150g)", "1 tbsp (15g)"] {
            let analysis = LineAnalyzer.analyze(line + " Fat 3g", lineIndex: 0)
            let amounts = analysis.events.compactMap { event -> ScannedQuantity? in
                if case .quantity(let quantity) = event { return quantity } else { return nil }
            }
            let bracketed = amounts.filter(\.isBracketed)
            XCTAssertEqual(bracketed.count, 1, line)
            XCTAssertTrue(bracketed.allSatisfy(\.isHeaderAmount), line)
            XCTAssertFalse(amounts.filter { !$0.isBracketed }.contains(where: \.isHeaderAmount), line)
        }
        // A bracketed amount after a row name stays a cell ("Fat (12 g)").
        let bracketed = try parseTable("Energy 1000 kJ / 240 kcal\nFat (12 g)\nCarbohydrate (30 g)\nProtein (4 g)")
        assertValue(bracketed, "fat_100g", "12")
    }

    /// q-m VOED671914000 (Dutch GDSN sheet): "|Jzer 25 Milligram" (IJzer, iron, unread) after sugars must not
    /// become an inferred salt row of 25 mg; salt is declared in grams.
    func testInferredMacroRowTakesNoMilligramCell() throws {
        let table = try parseTable("""
            Energie 1110 Kilojoule
            Energie 261 Kilocalorie (internationale tabel) (GDSN)
            Vetten 0 Gram
            Vetzuren, totaal verzadigd 0 Gram
            Koolhydraten 63 Gram
            Suikers 55 Gram
            |Jzer 25 Milligram
            Kalium 800 Milligram
            Voedingsvezels 3 Gram
            Natrium 0.06 Gram
            Eiwitten 2.3 Gram
            """)
        XCTAssertNil(table["salt_100g"])
        assertValue(table, "sugars_100g", "55")
        assertValue(table, "potassium_100g", "800", unit: .milligram)
        assertValue(table, "sodium_100g", "0.06")
    }
}
