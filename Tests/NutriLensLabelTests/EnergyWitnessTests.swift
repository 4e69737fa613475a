import XCTest
@testable import NutriLensLabel

/// A kJ/kcal pair that no reading makes agree, one side misread ("2248 kJ 640 kcal)" for a printed 540 kcal,
/// FoodLabel small crop 0221): the column's macros witness which side is right. Constructed text of that class.
final class EnergyWitnessTests: XCTestCase {
    /// 37 g fat, 42 g carbohydrate, 8.6 g protein and 2.3 g fibre give 540 kcal; 2248 kJ is 537 kcal: the
    /// misread "640" is left out, the kJ and every macro stay.
    func testMisreadKcalTheMacrosContradictIsLeftOut() throws {
        let table = try parseTable("""
            Energie énergie energia
            2248 kJ 640 kcal)
            Fett | matières grasses | grassi
            37 g
            davon gesättigte Fettsäuren
            17g
            Kohlenhydrate | glucides | carboidrati
            42g
            davon Zucker | dont sucres
            1,1 g
            Ballaststoffe | fibres alimentaires
            2,3g
            Eiweiss protéines proteine
            8,6g
            Salz I sel I sale
            1,6g
            """)
        XCTAssertNil(table["energy-kcal_100g"])
        assertValue(table, "energy-kj_100g", "2248")
        assertValue(table, "fat_100g", "37")
        assertValue(table, "proteins_100g", "8.6")
        XCTAssertTrue(table.findings.contains { $0.check == "energy-contradicted" })
    }

    /// The other side: the kcal fits the macros (4.9 g fat, 25.5 g carbohydrate, 9.8 g protein: 185–188 kcal of a
    /// printed 188), the kJ "1840" (787 kJ printed) does not: the kJ is left out.
    func testMisreadKJTheMacrosContradictIsLeftOut() throws {
        let table = try parseTable("""
            Energy / Energie
            1840 kJ / 188 kcal
            Fat / Fett 4.9 g
            Carbohydrate / Kohlenhydrate 25.5 g
            Protein / Eiweiss 9.8 g
            Salt / Salz 0.5 g
            """)
        XCTAssertNil(table["energy-kj_100g"])
        assertValue(table, "energy-kcal_100g", "188")
    }

    /// Without protein the macros witness nothing: both values stay, flagged by the ratio finding.
    func testPairStaysWithoutAllThreeMacros() throws {
        let table = try parseTable("""
            Energy / Energie
            2248 kJ / 640 kcal
            Fat / Fett 37 g
            Carbohydrate / Kohlenhydrate 42 g
            Salt / Salz 1.6 g
            """)
        assertValue(table, "energy-kcal_100g", "640")
        assertValue(table, "energy-kj_100g", "2248")
        XCTAssertTrue(table.findings.contains { $0.check == "energy-ratio" })
    }

    /// More kcal than kJ is no single misread (two columns' cells paired): the macros are not asked, both stay.
    func testPairWithMoreKcalThanKJIsNotJudged() throws {
        let table = try parseTable("""
            Energy / Energie
            169 kJ / 204 kcal
            Fat / Fett 3.6 g
            Carbohydrate / Kohlenhydrate 0.6 g
            Protein / Eiweiss 1.3 g
            """)
        XCTAssertNotNil(table["energy-kcal_100g"])
    }
}
