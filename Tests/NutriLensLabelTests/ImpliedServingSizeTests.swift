import XCTest
@testable import NutriLensLabel

/// A per-serving column whose size OCR lost: the energy columns imply it (both kJ and kcal must agree), and rows
/// that do not fit it are flagged for review. It does not drive separator repairs (see the check's comment).
final class ImpliedServingSizeTests: XCTestCase {
    /// Tesseract's rows of openfoodfacts-dart nutrition_en (UK biscuits, per 100 g | per cookie, 21 g): the
    /// serving size header came out as "Typical cookies)" serving".
    func testRowsThatDoNotFitTheImpliedServingAreFlagged() throws {
        let table = try parseTable("""
            Perserving % RIP" per
            Typical cookies)" serving dults
            Per 1009 % Referenc Ass
            2085 k 438 k| k
            Energy 104 kcal %
            497 kcal 97 kca
            Fat 22.6g 47g =
            of which Saturates 11.6g 2.4g
            Carbo te 66.3g
            37.39 7.8g 9
            Fibre 3.1g 0.7g
            .” Protein ° 5.5g
            0.60 0.19 4
            """)
        let size = try XCTUnwrap(TableBuilder.servingGramsFromEnergy(table.entries))
        XCTAssertEqual(size, 21, accuracy: 0.2)
        // "47g" fat in a 21 g cookie: until session 15 it stayed 47 g, flagged as not fitting the implied serving.
        // The energy floor (47 g of fat hold 423 kcal of the serving's 104) now reads it 4,7 g, which fits the
        // serving (22.6 × 0.21 = 4.75) and stays flagged as a repair.
        assertValue(table, "fat_serving", "4.7")
        XCTAssertEqual(table["fat_serving"]?.repairs, [.insertedDecimalSeparator])
        XCTAssertEqual(table["fat_serving"]?.needsReview, true)
        XCTAssertFalse(table.findings.contains { $0.check == "serving-vs-100g" && $0.keys.first == "fat_serving" })
        XCTAssertEqual(table["saturated-fat_serving"]?.needsReview, false)
        XCTAssertEqual(table["fiber_serving"]?.needsReview, false)
    }

    func testNoSizeWithoutTwoAgreeingEnergyRatios() {
        func entry(_ nutrient: Nutrient, _ basis: NutritionBasis, _ value: Decimal) -> NutritionEntry {
            NutritionEntry(nutrient: nutrient, basis: basis, value: value, unit: nutrient.keyUnit, confidence: 0.9,
                           sourceText: "")
        }
        let kcalOnly = [entry(.energyKcal, .per100g, 497), entry(.energyKcal, .perServing, 104)]
        XCTAssertNil(TableBuilder.servingGramsFromEnergy(kcalOnly))
        let disagreeing = kcalOnly + [entry(.energyKJ, .per100g, 2085), entry(.energyKJ, .perServing, 1438)]
        XCTAssertNil(TableBuilder.servingGramsFromEnergy(disagreeing))
    }
}
