import XCTest
@testable import NutriLensLabel

/// Tables that print each row's unit in the name column, in brackets, and bare numbers in the value columns
/// ("Energy/Energie/Energia (kJ) 1404 351", "Total Sodium/sodium/sódio (mg) 20 5"; pxlshpr C05EDF6E, a trilingual
/// EN/FR/PT table). The bracketed unit is the unit of every amount on the row: 351 is the portion's kJ (not kcal),
/// 5 is 5 mg (not 5 g).
final class UnitInRowNameTests: XCTestCase {
    private static func table(energy: String, sodium: String) -> String {
        """
        Nutrient/Nutrients/Nutrientes per/pour/por 100g per serving/par portion/por porção 25g
        \(energy)
        Protein/Protéines/Proteínas (g) 6.8 2
        Glucides/Hidratos de carbono (g) 75 19
        Total fat/Matières grasses/Lípidos (g) 0.1 0
        \(sodium)
        """
    }

    /// The unit glued to the first amount or apart from it, in each language's order.
    func testBracketedUnitsApplyToBothColumns() throws {
        let variants = [
            ("Energy/Energie/Energia (kJ) 1404 351", "Total Sodium/sodium/sódio (mg)20 5"),
            ("Energy (kJ) 1404 351", "Sodium (mg) 20 5"),
            ("Energie/Energy (kJ) 1404 351", "Sodium/Sodium (mg) 20 5"),
        ]
        for (energy, sodium) in variants {
            let table = try parseTable(Self.table(energy: energy, sodium: sodium))
            assertValue(table, "energy-kj_100g", "1404", unit: .kilojoule)
            assertValue(table, "energy-kj_serving", "351", unit: .kilojoule)
            XCTAssertNil(table["energy-kcal_100g"], energy)
            XCTAssertNil(table["energy-kcal_serving"], energy)
            assertValue(table, "sodium_100g", "20", unit: .milligram)
            assertValue(table, "sodium_serving", "5", unit: .milligram)
            assertValue(table, "carbohydrates_serving", "19")
        }
    }

    /// Vitamins and minerals in µg or mg, three value columns.
    func testBracketedMicroUnitOnEveryColumn() throws {
        let table = try parseTable("""
            Typical values per 100 g per portion (30 g)
            Energy (kJ) 1600 480
            Energy (kcal) 380 114
            Fat (g) 2.0 0.6
            Vitamin D (µg) 5.0 1.5
            Iron (mg) 14 4.2
            """)
        assertValue(table, "vitamin-d_100g", "5.0", unit: .microgram)
        assertValue(table, "vitamin-d_serving", "1.5", unit: .microgram)
        assertValue(table, "iron_100g", "14", unit: .milligram)
        assertValue(table, "iron_serving", "4.2", unit: .milligram)
        assertValue(table, "energy-kj_serving", "480", unit: .kilojoule)
        assertValue(table, "energy-kcal_serving", "114", unit: .kilocalorie)
    }

    /// Without a unit in the name, two bare energy numbers in the kJ/kcal ratio stay a kJ/kcal pair, and a unit
    /// printed after the first amount only is not carried on.
    func testUnitlessEnergyPairUnchanged() throws {
        let table = try parseTable("""
            Typical values per 100 g
            Energy 1404 336
            Fat 0.1 g
            Carbohydrate 75 g
            Sodium 20 mg
            """)
        assertValue(table, "energy-kj_100g", "1404", unit: .kilojoule)
        assertValue(table, "energy-kcal_100g", "336", unit: .kilocalorie)
        assertValue(table, "sodium_100g", "20", unit: .milligram)
    }

    /// FSANZ Standard 1.2.8 panels: "Quantity per Serving | %Daily Intake | Quantity per 100g", units in the names,
    /// the %DI (plain, bracketed, starred or "<1%") between the amounts: the name's unit is the per-100 g amount's too.
    func testBracketedUnitAcrossADailyIntakeColumn() throws {
        let table = try parseTable("""
            Servings per package: 12
            Serving size: 33.3g
            Quantity per Serving %Daily Intake* Quantity per 100g
            Energy (kJ) 459 5% 1380
            Protein (g) 4.1 8% 12.3
            Carbohydrate (g) 22.3 7% 67.0
            Sodium (mg) 90 4% 270
            Iron (mg) 3.0 (25%)* 9.7
            Thiamin (mg) 0.28 25%* 0.84
            Folate (µg) 100 <1% 300
            """)
        assertValue(table, "sodium_serving", "90", unit: .milligram)
        assertValue(table, "sodium_100g", "270", unit: .milligram)
        assertValue(table, "iron_serving", "3.0", unit: .milligram)
        assertValue(table, "iron_100g", "9.7", unit: .milligram)
        assertValue(table, "vitamin-b1_100g", "0.84", unit: .milligram)
        assertValue(table, "vitamin-b9_100g", "300", unit: .microgram)
        assertValue(table, "proteins_100g", "12.3")
        assertValue(table, "energy-kj_100g", "1380", unit: .kilojoule)
    }

    /// Indian FSSAI panels print energy with a decimal after a unit word in the name ("energy (kcal) 386.0 135.1",
    /// a footnote mark inside the brackets too): the amounts are the row's kcal, not the next row's values read early.
    func testEnergyWithADecimalAfterAUnitInTheName() throws {
        for energy in ["energy (kcal) 386.0 135.1", "Energy (kcal #) 386.0 135.1"] {
            let table = try parseTable("""
                Nutritional information per 100 g per serving (35 g)
                \(energy)
                protein (g) 26.5 9.3
                carbohydrate (g) 50.2 17.6
                fat (g) 12.0 4.2
                """)
            assertValue(table, "energy-kcal_100g", "386.0", unit: .kilocalorie)
            assertValue(table, "energy-kcal_serving", "135.1", unit: .kilocalorie)
            assertValue(table, "proteins_100g", "26.5")
        }
    }

    /// FSANZ panels print the kcal row under the kJ row as a bracketed "Cal" alone: its amounts are kcal, per
    /// column, and the kJ row keeps its own.
    func testBracketedCalRowUnderTheKilojouleRow() throws {
        for kcalRow in ["(Cal) 110 355", "(cal) 110 355", "Cal 110 355"] {
            let table = try parseTable("""
                NUTRITION INFORMATION
                Serving size: 30g
                Per Serve Per 100g
                Energy(kJ) 459 1480
                \(kcalRow)
                Protein (g) 4.1 12.3
                Fat (g) 0.4 1.3
                Carbohydrate (g) 20.3 67.0
                Sodium (mg) 90 270
                """)
            assertValue(table, "energy-kj_serving", "459", unit: .kilojoule)
            assertValue(table, "energy-kj_100g", "1480", unit: .kilojoule)
            assertValue(table, "energy-kcal_serving", "110", unit: .kilocalorie)
            assertValue(table, "energy-kcal_100g", "355", unit: .kilocalorie)
        }
    }
}
