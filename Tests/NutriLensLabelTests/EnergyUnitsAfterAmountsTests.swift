import XCTest
@testable import NutriLensLabel

/// Energy read column by column: the bare kJ and kcal figures of per 100 g, per portion and the reference intake
/// as one column, their units as the next ("233" / "280" / "8400" / "kJ" / "kJ" / "kJ" / "(55" / …), so no figure
/// has its unit on its line (FoodLabel 0350, 0130's shape). The k-th unit word after a run of bare figures is the
/// k-th figure's unit; 8400 kJ / 2000 kcal (Annex XIII) is the reference intake, never an amount.
final class EnergyUnitsAfterAmountsTests: XCTestCase {
    /// Three columns (100 g, portion, %RI base) dumped figure by figure, units after each run.
    func testColumnDumpWithReferenceIntake() throws {
        let table = try parseTable("""
            Nährwerte
            100g
            1 Portion (150g)
            RM*
            Energiewert
            310
            465
            8400
            kJ
            kJ
            kJ
            (74
            (111
            (2000
            kcal)
            kcal)
            6%
            kcal)
            Fett
            0,5g
            0,8g
            Kohlenhydrate
            16 g
            24g
            Eiweiss
            1,2 g
            1,8g
            """)
        assertValue(table, "energy-kj_100g", "310", unit: .kilojoule)
        assertValue(table, "energy-kcal_100g", "74", unit: .kilocalorie)
        assertValue(table, "energy-kj_serving", "465")
        assertValue(table, "energy-kcal_serving", "111")
        XCTAssertFalse(table.entries.contains { $0.value == 8400 || $0.value == 2000 },
                       "the reference intake is no amount: \(table.entries.map { "\($0.key)=\($0.value)" })")
    }

    /// Two kcal figures, then two "kcal" words: both are kcal (no kJ read to pair them with). The "kJ" after a
    /// figure with a decimal separator (no energy cell: energy is printed whole) is that figure's and opens nothing.
    func testKcalColumnWithUnitsAfter() throws {
        let table = try parseTable("""
            Per 100g Per serving 80g
            Energy
            1406,4
            kJ
            Energia / Energi
            420
            336
            kcal
            kcal
            Fat 1,7 g 1,4 g
            Carbohydrate 80 g 64 g
            Protein 13 g 10,4 g
            """)
        assertValue(table, "energy-kcal_100g", "420", unit: .kilocalorie)
        assertValue(table, "energy-kcal_serving", "336", unit: .kilocalorie)
        XCTAssertNil(table["energy-kj_100g"])
        assertValue(table, "fat_100g", "1.7")
    }

    /// Runs whose unit words do not match them one for one keep the ratio's reading: one unit word for two figures
    /// ("1500" / "358" / "kcal", the kJ unit lost), and units printed before their figures.
    func testRunsThatDoNotMatchTheirUnits() throws {
        let cases: [String] = [
            """
            Per 100 g
            Energy
            1500
            358
            kcal
            Fat 10 g
            Carbohydrate 55 g
            Protein 10 g
            """,
            """
            Per 100 g
            Energy kJ 1500
            kcal 358
            Fat 10 g
            Carbohydrate 55 g
            Protein 10 g
            """,
            """
            Per 100 g
            Energy
            kJ
            1500
            kcal
            358
            Fat 10 g
            Carbohydrate 55 g
            Protein 10 g
            """,
        ]
        for text in cases {
            let table = try parseTable(text)
            assertValue(table, "energy-kj_100g", "1500", unit: .kilojoule)
            assertValue(table, "energy-kcal_100g", "358", unit: .kilocalorie)
        }
    }

    /// One bare figure with one unit word after it is no column: "483" / "kcal" between "193 kJ" and "115 kcal" is
    /// the portion's kJ with its unit damaged, the "kcal" a lost figure's. It never becomes 483 kcal. Nor does a
    /// lone "1206" / "kJ" become a kJ cell that pairs with the wrong kcal.
    func testOneFigureWithOneUnitIsNoColumn() throws {
        let table = try parseTable("""
            pro 100 ml 1 Glas (250 ml)
            Energie
            193 kJ
            483
            kcal
            115 kcal
            Fett 1,5 g 3,8 g
            Kohlenhydrate 4,9 g 12 g
            Eiweiss 3,2 g 8 g
            """)
        XCTAssertFalse(table.entries.contains { $0.nutrient == .energyKcal && $0.value == 483 },
                       "\(table.entries.map { "\($0.key)=\($0.value)" })")
        // "1206" / "kJ" alone, then two kcal figures with one whole "kcal" after them: 1206 stays unitless, so the
        // ratio does not pair it with the portion's 284 kcal (the macros give 355 per 100 g).
        let damaged = try parseTable("""
            Per 100g Per serving 80g
            Energy
            1206
            kJ
            Energia
            355
            284
            kcal
            kca
            Fat 1,7 g 1,4 g
            Carbohydrate 72 g 57,6 g
            Protein 13 g 10,4 g
            """)
        XCTAssertNotEqual(damaged["energy-kcal_100g"]?.value, 284)
    }
}
