import XCTest
@testable import NutriLensLabel

/// Per 100 ml | per bottle tables whose energy cells OCR read from the bottle column first, each mass row's two
/// cells in column order, and no serving size read (issue 22, session 27; FoodLabel full-size 0463). Constructed
/// text of that class: the mass rows' macros say which energy is whose.
final class EnergyColumnsByRowMacrosTests: XCTestCase {
    /// English: 945 kJ / 225 kcal of the bottle read before the 100 ml's 189 kJ / 45 kcal. As read, the 1/5 energy
    /// ratio paired the mass rows the wrong way round too (carbohydrate 55 g per 100 ml).
    func testBottleEnergyReadFirstGoesToTheBottleColumn() throws {
        let table = try parseTable("""
            Nutrition information
            per 100 ml
            per bottle
            Energy
            945 kJ
            189 kJ
            225 kcal
            45 kcal
            Fat
            0 g
            0 g
            Carbohydrate
            11 g
            55 g
            of which sugars
            11 g
            55 g
            Protein
            0.2 g
            1.0 g
            Salt
            0.02 g
            0.10 g
            """)
        assertValue(table, "energy-kcal_100g", "45")
        assertValue(table, "energy-kj_100g", "189")
        assertValue(table, "carbohydrates_100g", "11")
        assertValue(table, "energy-kcal_serving", "225")
        assertValue(table, "carbohydrates_serving", "55")
    }

    /// French, rows on one line each, fat printed once as a lone "0g" (a zero in both columns): 594 kJ / 142 kcal
    /// of the can read before 180 kJ / 43 kcal per 100 ml.
    func testFrenchCanWithLoneZeroFat() throws {
        let table = try parseTable("""
            Valeurs nutritives
            pour 100 ml
            par canette
            Énergie
            594kJ
            180kJ
            142kcal
            43 kcal
            Matières grasses 0g
            Glucides 10,6g 35g
            dont sucres 10,6g 35g
            Protéines 0g 0g
            Sel 0,03g 0,1g
            """)
        assertValue(table, "energy-kcal_100g", "43")
        assertValue(table, "carbohydrates_100g", "10.6")
        assertValue(table, "sugars_100g", "10.6")
        assertValue(table, "energy-kcal_serving", "142")
    }

    /// German, energy read in column order: the macros confirm it as read, so nothing moves.
    func testEnergyInColumnOrderStays() throws {
        let table = try parseTable("""
            Nährwerte
            pro 100 ml
            pro Flasche
            Energie
            180 kJ
            540 kJ
            43 kcal
            129 kcal
            Fett 0 g 0 g
            Kohlenhydrate 10,5 g 31,5 g
            davon Zucker 10,5 g 31,5 g
            Eiweiß 0 g 0 g
            Salz 0,01 g 0,03 g
            """)
        assertValue(table, "energy-kcal_100g", "43")
        assertValue(table, "carbohydrates_100g", "10.5")
        assertValue(table, "energy-kcal_serving", "129")
    }
}
