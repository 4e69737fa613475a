import XCTest
@testable import NutriLensLabel

/// Energy per 100 g above pure fat (900 kcal, 3700 kJ; Annex XIV: 9 kcal/g, 37 kJ/g) is OCR, never a value.
final class EnergyLimitTests: XCTestCase {
    /// Tesseract's rows of danipisca07 tabella_nutrizionale_2 (Italian pasta): "kJ 1547 / 365 kcal" came out as
    /// "Kd. 1365 kcal" — the "/" read as a leading 1.
    func testSlashReadAsLeadingOneIsDropped() throws {
        let table = try parseTable("""
            DICHIARAZ ONE NUTRIZIONALE cottura
            medi per 100 g di prodotto
            valori
            Kd. 1365 kcal | 18%
            4547
            Energia 15 9 2
            02 9 1%
            di a acidi grass saturi B 9| 28%
            \\ Carboidrati 06 9| 4%
            """)
        assertValue(table, "energy-kcal_100g", "365", unit: .kilocalorie)
        XCTAssertEqual(table["energy-kcal_100g"]?.repairs.contains(.slashAsOne), true)
        XCTAssertTrue(table.findings.contains { $0.check == "energy-limit" })
    }

    /// FoodLabel large-crop / full-size text: "859 kJ / 2021 kcal" (a bracket read as 1 after 202) and
    /// "1464kJ-3531 kcal" give no kcal rather than an impossible one; the kJ stays.
    func testImpossibleKcalWithoutARepairIsDropped() throws {
        let bracket = try parseTable("""
            Nutrition Facts: pro/par 100 g
            Energie/énergie
            859 kJ / 2021 kcal
            Fett/matières grasses
            0.3g
            Kohlenhydrate/glucides
            45 g
            """)
        XCTAssertNil(bracket["energy-kcal_100g"])
        assertValue(bracket, "energy-kj_100g", "859")
        let dash = try parseTable("""
            100g
            Energie- Énergie-Energia
            1464kJ-3531 kcal
            Felt - Lipides - Grassi
            29g
            Kohlenhydrate 3 g
            """)
        XCTAssertNil(dash["energy-kcal_100g"])
    }

    /// Butter (FoodLabel small crop 0428): 3050 kJ / 742 kcal with the kcal unit cut off is right at the top of the
    /// range and stays; a per-serving energy has no such limit.
    func testHighButPossibleEnergyStays() throws {
        let butter = try parseTable("""
            100 g
            Energie / énergie / energia:
            3050
            kJ / 742 k
            Fett / graisses / grassi:
            82.0 g
            Kohlenhydrate / glucides I carboidrati:
            0.5
            g
            """)
        assertValue(butter, "energy-kj_100g", "3050")
        assertValue(butter, "energy-kcal_100g", "742")
        let serving = try parseTable("""
            per serving (250 g)
            Energy 4180 kJ / 1000 kcal
            Fat 60 g
            Carbohydrate 80 g
            """)
        assertValue(serving, "energy-kcal_serving", "1000")
    }
}
