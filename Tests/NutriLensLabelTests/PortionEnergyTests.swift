import XCTest
@testable import NutriLensLabel

/// Energy figures of another column taken for the per-100 g energy (`TableBuilder+PortionEnergy.swift`): a portion's
/// kJ/kcal printed as a summary above the table (FoodLabel full 0110, 0136's shape).
final class PortionEnergyTests: XCTestCase {
    /// German / French / Dutch ice cream: the portion's energy in a box above the table, no row name of its own.
    func testPortionSummaryAboveGermanTable() throws {
        let table = try parseTable("""
            Ice Cream
            1x
            = 49.5 ml
            551kJ
            132kcal
            7%
            Nährwertinformation / Information nutritionnelle / Voedingswaarde / 100 ml
            /50.3 ml (%*)
            Energie / Énergie
            1425kJ
            717kJ (9%)
            341 kcal
            172kcal (9%)
            Fett / Matières grasses / Vetten
            20g
            10g (14%)
            Kohlenhydrate / Glucides / Koolhydraten
            34g
            17g (7%)
            Eiweiss / Protéines / Eiwitten
            5.9g
            3.0g (6%)
            Salz / Sel / Zout
            0.24g
            0.12g (2%)
            """)
        assertValue(table, "energy-kj_100g", "1425", unit: .kilojoule)
        assertValue(table, "energy-kcal_100g", "341", unit: .kilocalorie)
        assertValue(table, "energy-kcal_serving", "172")
        XCTAssertFalse(table.entries.contains { $0.value == 132 || $0.value == 551 },
                       "the summary's energy is no column: \(table.entries.map { "\($0.key)=\($0.value)" })")
    }

    /// English: "Each bar contains" with its energy above "Typical values per 100 g | per bar".
    func testPortionSummaryAboveEnglishTable() throws {
        let table = try parseTable("""
            Each 30 g bar contains
            500 kJ
            120 kcal
            6%
            Typical values Per 100 g Per bar (30 g)
            Energy
            1667 kJ 500 kJ
            400 kcal 120 kcal
            Fat 20 g 6.0 g
            of which saturates 10 g 3.0 g
            Carbohydrate 45 g 13.5 g
            of which sugars 30 g 9.0 g
            Protein 8.0 g 2.4 g
            Salt 0.50 g 0.15 g
            """)
        assertValue(table, "energy-kj_100g", "1667", unit: .kilojoule)
        assertValue(table, "energy-kcal_100g", "400", unit: .kilocalorie)
        assertValue(table, "energy-kcal_serving", "120")
        assertValue(table, "fat_100g", "20")
    }

    /// A table read half a row early: the per-100 g pair printed above the energy name, the portion's after it.
    /// The energy row holds one pair for two columns, so nothing above it is a summary.
    func testEnergyReadAboveItsNameIsKept() throws {
        let table = try parseTable("""
            pro 100 g / pour 100 g
            pro Portion (30 g) / par portion (30 g)
            1425 kJ
            341 kcal
            Energie / Énergie
            428 kJ
            102 kcal
            Fett / Matières grasses
            20 g
            6,0 g
            Kohlenhydrate / Glucides
            34 g
            10 g
            Eiweiss / Protéines
            5,9 g
            1,8 g
            """)
        assertValue(table, "energy-kcal_100g", "341", unit: .kilocalorie)
        assertValue(table, "energy-kcal_serving", "102")
    }
}
