import XCTest
@testable import NutriLensLabel

/// OCR damage to a figure that the table's own checks witness (issue 22, FoodLabel "value no other row has"):
/// a "<" bound whose g was read as 9, the disjoint masses summing past 100 g per 100 g, a fibre figure whose
/// separator was lost that the declared energy contradicts once fibre is counted (Annex XIV, 2 kcal/g).
/// Constructed text of each class, in the shape of the FoodLabel crops named.
final class NumberDamageWitnessTests: XCTestCase {
    // MARK: "<" bound with its g read as 9 (small crop 0063, large crop 0080)

    /// "<0,59" under fat is the printed bound "<0,5 g" with the g read as 9; "<0.19" under saturates is "<0,1 g".
    func testLessThanBoundWithNineAsGramIsTheRoundBound() throws {
        let table = try parseTable("""
            Energie / énergie
            66 kJ / 16 kcal
            Fett / matières grasses
            <0,59
            davon gesättigte Fettsäuren
            <0.19
            Kohlenhydrate / glucides
            0,8g
            Eiweiss / protéines
            1,5 g
            Salz / sel
            1,6g
            """)
        assertValue(table, "fat_100g", "0.5", qualifier: .lessThan)
        assertValue(table, "saturated-fat_100g", "0.1", qualifier: .lessThan)
    }

    /// A bound whose figure without the 9 is no round bound ("<0,29" → 0,2, which no guidance threshold is) and a
    /// bound printed with its unit ("<0,59 g") stay as printed.
    func testOtherBoundsStayAsPrinted() throws {
        let table = try parseTable("""
            Energie / énergie
            66 kJ / 16 kcal
            Fett / matières grasses
            <0,29
            Kohlenhydrate / glucides
            0,8g
            Eiweiss / protéines
            <0,59 g
            Salz / sel
            1,6g
            """)
        assertValue(table, "fat_100g", "0.29", qualifier: .lessThan)
        assertValue(table, "proteins_100g", "0.59", qualifier: .lessThan)
    }

    // MARK: disjoint masses over 100 g (small crop 0209, 0237)

    /// Energy lost, separators lost: "27g" fat, 50 g carbohydrate, 11 g protein and "20g" salt hold 108 g per 100 g.
    /// Any of three separators would mend it, so nothing is re-read: the values stay as read, each flagged.
    func testMassSumOver100GramsFlagsEveryValueInIt() throws {
        let table = try parseTable("""
            Nährwerte / valeurs nutritives pro 100 g
            Fett / Lipides
            27g
            Kohlenhydrate / Glucides
            50g
            Eiweiss / Protéines
            11g
            Salz / Sel
            20g
            """)
        for (key, value) in [("fat_100g", "27"), ("carbohydrates_100g", "50"), ("proteins_100g", "11"),
                             ("salt_100g", "20")] {
            assertValue(table, key, value)
            XCTAssertTrue(table[key]?.needsReview ?? false, key)
        }
    }

    /// The same table with fat printed 2,7 g (70 g of masses): protein and carbohydrate are not flagged.
    func testMassSumUnder100GramsFlagsNothing() throws {
        let table = try parseTable("""
            Nährwerte / valeurs nutritives pro 100 g
            Fett / Lipides
            2,7g
            Kohlenhydrate / Glucides
            50g
            Eiweiss / Protéines
            11g
            Salz / Sel
            2g
            """)
        XCTAssertFalse(table["proteins_100g"]?.needsReview ?? true)
        XCTAssertFalse(table["carbohydrates_100g"]?.needsReview ?? true)
    }

    /// A nut butter's masses near 100 g (50 + 16 + 25 + 7 + 0,1 = 98,1 g) pass: values stay and are not re-read.
    func testMassSumNearHundredPasses() throws {
        let table = try parseTable("""
            Energie / énergie
            2590 kJ / 624 kcal
            Fett / matières grasses
            50 g
            Kohlenhydrate / glucides
            16 g
            Ballaststoffe / fibres
            7 g
            Eiweiss / protéines
            25 g
            Salz / sel
            0,1 g
            """)
        assertValue(table, "fat_100g", "50")
        assertValue(table, "carbohydrates_100g", "16")
        assertValue(table, "fiber_100g", "7")
        assertValue(table, "proteins_100g", "25")
    }

    // MARK: fibre with its separator lost (small crop 0285, 0226)

    /// "19 g" fibre beside 10,2 g fat, 28,5 g carbohydrate and 10,4 g protein under 251 kcal: with fibre counted
    /// (2 kcal/g) 19 g gives 285 kcal and 1,9 g gives 251: the fibre is 1,9 g, flagged.
    func testFiberTheEnergyContradictsIsReadWithItsSeparator() throws {
        let table = try parseTable("""
            Énergie / Energie
            1053 kJ / 251kcal
            Matières grasses / Fett
            10,2 g
            Glucides / Kohlenhydrate
            28,5 g
            dont sucres / davon Zucker
            3,7 g
            Fibres alimentaires / Ballaststoffe
            19 g
            Protéines / Eiweiss
            10,4 g
            Sel / Salz
            1,1 g
            """)
        assertValue(table, "fiber_100g", "1.9")
        XCTAssertTrue(table["fiber_100g"]?.needsReview ?? false)
        assertValue(table, "carbohydrates_100g", "28.5")
    }

    /// A bran cereal's 15 g fibre that the energy counts (1,5 g fat, 60 g carbohydrate, 12 g protein, 15 g fibre:
    /// 331.5 kcal of a printed 332) stays 15 g.
    func testFiberTheEnergyConfirmsStays() throws {
        let table = try parseTable("""
            Energie / énergie
            1389 kJ / 332 kcal
            Fett / matières grasses
            1,5 g
            Kohlenhydrate / glucides
            60 g
            Ballaststoffe / fibres
            15 g
            Eiweiss / protéines
            12 g
            Salz / sel
            0,5 g
            """)
        assertValue(table, "fiber_100g", "15")
    }
}
