import XCTest
@testable import NutriLensLabel

/// A macro whose whole amount was read as a lone "9" that the declared energy denies
/// (`TableBuilder.leaveOutLoneNinesTheEnergyDenies`; FoodLabel small crop 0192, session 26 flprec2). Main kept the
/// 9s: the macros with them pass the 15 % energy check. Written for these tests, not copied from a corpus.
final class LoneNineAmountTests: XCTestCase {
    /// 31 g fat and 20 g protein give the printed 359 kcal exactly; with carbohydrate 9 they give 395 (10 % over).
    /// The 9s of carbohydrate and sugars are left out; the rows read with units stay.
    func testLoneNinesTheEnergyDeniesAreLeftOut() throws {
        let table = try table(kJ: 1502, kcal: 359)
        XCTAssertNil(table["carbohydrates_100g"])
        XCTAssertNil(table["sugars_100g"])
        assertValue(table, "fat_100g", "31")
        assertValue(table, "proteins_100g", "20")
        assertValue(table, "salt_100g", "1.8")
        XCTAssertEqual(table.findings.filter { $0.check == "contradicted-value" }.flatMap(\.keys),
                       ["carbohydrates_100g", "sugars_100g"])
    }

    /// The same rows under 395 kcal, which the 9 g carbohydrate confirms: a real 9, kept.
    func testALoneNineTheEnergyConfirmsStays() throws {
        let table = try table(kJ: 1653, kcal: 395)
        assertValue(table, "carbohydrates_100g", "9")
        assertValue(table, "sugars_100g", "9")
    }

    /// 31 g fat, 19 g saturates, carbohydrate and sugars each a lone "9" on the line under their names, 20 g
    /// protein, 1,8 g salt, under the energy given.
    private func table(kJ: Int, kcal: Int) throws -> NutritionTable {
        try parseTable("""
            Nutrition per 100 g
            Energy \(kJ) kJ / \(kcal) kcal
            Fat 31 g
            of which saturates 19 g
            Carbohydrate
            9
            of which sugars
            9
            Protein 20 g
            Salt 1.8 g
            """)
    }
}
