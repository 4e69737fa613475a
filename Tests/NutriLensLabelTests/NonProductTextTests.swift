import XCTest
@testable import NutriLensLabel

/// Text on the pack that is not a value of the table (sidecar audit class "non-product text read as values").
final class NonProductTextTests: XCTestCase {
    /// A product name that is a row name ("SKROBIA", Polish for potato starch) above the table title is no row,
    /// and "100g 100g" (the product and %RWS columns' headers, "w" lost) is no value.
    func testProductNameAboveTitleAndRepeatedHeader() throws {
        // Tesseract's lines of programistkajavy 20251114_095511 (the energy name and kJ cell damaged).
        let table = try parseTable("""
            zlemniaczang
            SKROBIA
            informacja o wartoéci
            RWS* w
            100g 100g
            Wartos¢
            13771
            energetyczna 16%
            324 kcal
            Tiuszcz
            0g 0%
            w tym kwasy tluszczowe
            nasycone 0g
            Weglowodan
            w tym 81g
            cukry 0g
            0g
            0g
            0,10g ae
            """)
        XCTAssertNil(table["starch_100g"], "\(table.entries.map { "\($0.key)=\($0.value)" })")
        assertValue(table, "energy-kcal_100g", "324")
        assertValue(table, "carbohydrates_100g", "81")
        assertValue(table, "sugars_100g", "0")
    }

    /// Row names above a title still count when the table has no rows after it (a title printed at the bottom).
    func testRowsAboveATrailingTitleAreKept() throws {
        let table = try parseTable("""
            Fat
            3.2 g
            Sugars
            4.1 g
            Nutrition information
            """)
        assertValue(table, "fat_100g", "3.2")
        assertValue(table, "sugars_100g", "4.1")
    }

    /// "Not a significant source of vitamin D, calcium, iron, potassium" (21 CFR 101.9(f)(4)) names no amounts: the
    /// "NET WT 117g" after it is no potassium value.
    func testNotASignificantSourceStatement() throws {
        for statement in ["Not a significant source of vit.D, calcium, iron, potassium",
                          "Nota significant source of vitamin D, calcium, iron and potassium"] {
            let table = try parseTable("""
                Amount per serving
                Calories 250
                Total Fat 12g 15%
                Sodium 160mg 7%
                Total Carbohydrate 31g 11%
                Protein 3g
                \(statement)
                NET WT 117g
                """)
            XCTAssertNil(table["potassium_serving"], statement)
            XCTAssertNil(table["calcium_serving"], statement)
            assertValue(table, "proteins_serving", "3")
        }
    }

    /// "© 2017 MONSTER ENERGY COMPANY" under a US panel (julielee eng_real_6 as Tesseract read it): the year is no
    /// energy amount.
    func testCopyrightYearIsNoEnergy() throws {
        XCTAssertNil(scanOne("© 2017"))
        let table = try parseTable("""
            Nutrition Facts
            Serving Size 16.9 fl. oz. (500mL)
            Amount Per Serving %Daily Vai!
            Calories 100
            Total Fat 0g
            Sodium 105mg Ah
            TM Total Carb 249
            Sugars 23g
            Protein 0
            © 2017 MONSTER ENERGY COMPANY
            """)
        XCTAssertNil(table["energy-kj_serving"])
        assertValue(table, "energy-kcal_serving", "100")
    }
}
