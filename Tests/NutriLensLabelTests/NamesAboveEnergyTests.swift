import XCTest
@testable import NutriLensLabel

/// Row names that are not the table's rows, or the table's names the lexicon missed (FoodLabel full photos, Textract
/// reading order; constructed text of each class):
/// - a nutrient word of the pack text read just above the energy row waits for values in one block with the energy
///   row's name and took the mass values read after the energy row (full 0031 "ant: chlorure de calcium": calcium
///   took fat's value; 0413 "zucchero, grasso e olio": "grasso" took fat's 26 g) — ``RowAssembler/droppingNamesAboveEnergy(_:)``;
/// - a German mono-/polyunsaturates name wrapped before "Fettsäuren" ("einfach ungesättigte" / "Fettsäuren" / "29g",
///   full 0333, 0127) was no row name, so its value went to the saturates row above and, with values read a row
///   early, every row below stayed one row off.
final class NamesAboveEnergyTests: XCTestCase {
    /// German/French, one column printed half a row above its names: the additive's "calcium" above the energy row
    /// no longer takes fat's 0,6 g, which becomes a leading cell, and the realigned table reads every row.
    func testMineralOfTheIngredientListAboveEnergyTakesNoValue() throws {
        let table = try parseTable("""
            Nährwerte / valeurs nutritives
            100 g
            ant: chlorure de calcium
            Energie / énergie
            369 kJ
            88 kcal
            0,6 g
            Fett / matières grasses
            0,1 g
            davon gesättigte Fettsäuren / dont acides gras saturés
            12 g
            Kohlenhydrate / glucides
            0,5 g
            davon Zucker / dont sucres
            6,1 g
            Ballaststoffe / fibres alimentaires
            5,5 g
            Eiweiss / protéines
            0,58 g
            Salz / sel
            """)
        XCTAssertNil(table.entry(.calcium))
        assertValue(table, "fat_100g", "0.6")
        assertValue(table, "saturated-fat_100g", "0.1")
        assertValue(table, "carbohydrates_100g", "12")
        assertValue(table, "proteins_100g", "5.5")
        assertValue(table, "salt_100g", "0.58")
    }

    /// Italian/English with French ingredient text, two columns: "zucchero, grasso e olio" above the energy row and
    /// "e blé 51,6%*, * sucre," between the energy and fat rows; fat keeps its 26 g and the 9,3 g biscuit's 2,4 g.
    func testIngredientWordsAboveEnergyDoNotTakeTheFatRow() throws {
        let table = try parseTable("""
            Dichiarazione nutrizionale - Nutrition declaration
            100 g
            9,3 g
            zucchero, grasso e olio
            Energia - Energy
            2130 kJ
            198 kJ
            509 kcal
            47 kcal
            e blé 51,6%*, * sucre,
            Grassi - Fat
            26 g
            2,4 g
            43122 Parm
            di cui acidi grassi saturi - of which saturates
            5,0 g
            0,5 g
            Carboidrati - Carbohydrate
            58,8 g
            5,5 g
            di cui zuccheri - of which sugars
            23 g
            2,1 g
            Fibre - Fibre
            4,0 g
            0,4 g
            Proteine - Protein
            8,0 g
            0,7 g
            Sale - Salt
            0,60 g
            0,06 g
            """)
        assertValue(table, "fat_100g", "26")
        assertValue(table, "fat_serving", "2.4")
        assertValue(table, "sugars_100g", "23")
        assertValue(table, "saturated-fat_100g", "5")
    }

    /// A column-wise block (all names, then all values) where the energy name comes first keeps every name: only
    /// names read *before* the energy row are left out.
    func testNamesAfterTheEnergyNameKeepTheirValues() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie
            Fett
            davon gesättigte Fettsäuren
            Kohlenhydrate
            davon Zucker
            Eiweiss
            Salz
            1000 kJ / 239 kcal
            10 g
            2 g
            30 g
            5 g
            6 g
            1,2 g
            """)
        assertValue(table, "fat_100g", "10")
        assertValue(table, "saturated-fat_100g", "2")
        assertValue(table, "carbohydrates_100g", "30")
        assertValue(table, "proteins_100g", "6")
        assertValue(table, "salt_100g", "1.2")
    }

    /// The pending names of a block: a name on a line before the energy name goes, the energy name and later names
    /// stay, and a block without an energy name is left as it is.
    func testNamesDroppedFromABlock() {
        func block(_ lines: [String]) -> [(LineAnalysis.Mention, LineAnalysis)] {
            lines.enumerated().flatMap { index, text in
                let line = LineAnalyzer.analyze(text, lineIndex: index)
                return line.mentions.map { ($0, line) }
            }
        }
        let kept = RowAssembler.droppingNamesAboveEnergy(block(["ant: chlorure de calcium", "Energie", "Fett"]))
        XCTAssertEqual(kept.map(\.0.nutrient), [.energyKJ, .fat])
        let withoutEnergy = RowAssembler.droppingNamesAboveEnergy(block(["Salz", "Fett"]))
        XCTAssertEqual(withoutEnergy.map(\.0.nutrient), [.salt, .fat])
    }
}

/// German mono- and polyunsaturates names wrapped before their last word "Fettsäuren" (FoodLabel 0333, 0127).
final class WrappedUnsaturatesNameTests: XCTestCase {
    /// Values printed a row early from the carbohydrate row on ("mehrfach ungesättigte" / "4,3 g" / "Fettsäuren" /
    /// "40g" / "Kohlenhydrate" / "27g" … "Salz" with no value after it): with both unsaturates rows named, the
    /// polyunsaturates row holds one value too many and the values move forward into salt.
    func testWrappedUnsaturatesNamesAreRowsAndTheRowsBelowRealign() throws {
        let table = try parseTable("""
            Durchschnittliche Nährwerte
            pro 100g
            Energie
            2201 kJ/530 kcal
            Fett
            36g
            davon
            gesättigte Fettsäuren
            3,3g
            einfach ungesättigte
            Fettsäuren
            29g
            mehrfach ungesättigte
            4,3 g
            Fettsäuren
            40g
            Kohlenhydrate
            27g
            davon Zucker
            11g
            Ballaststoffe
            4,7 g
            Eiweiß
            1,4g
            Salz
            Unter Schutzatmosphäre verpackt.
            """)
        assertValue(table, "saturated-fat_100g", "3.3")
        assertValue(table, "monounsaturated-fat_100g", "29")
        assertValue(table, "polyunsaturated-fat_100g", "4.3")
        assertValue(table, "carbohydrates_100g", "40")
        assertValue(table, "sugars_100g", "27")
        assertValue(table, "fiber_100g", "11")
        assertValue(table, "proteins_100g", "4.7")
        assertValue(table, "salt_100g", "1.4")
    }

    /// Each row with its value after the wrapped name: the unsaturates keep their own values and saturates its 5,6 g.
    func testWrappedUnsaturatesNamesTakeTheirOwnValues() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie
            2477 kJ/599 kcal
            Fett
            52 g
            davon
            gesättigte Fettsäuren 5,6 g
            einfach ungesättigte
            Fettsäuren
            26g
            mehrfach ungesättigte
            Fettsäuren
            21 g
            Kohlenhydrate
            7,0 g
            davon Zucker
            2,5 g
            Eiweiss
            21 g
            Salz
            0,03 g
            """)
        assertValue(table, "saturated-fat_100g", "5.6")
        assertValue(table, "monounsaturated-fat_100g", "26")
        assertValue(table, "polyunsaturated-fat_100g", "21")
        assertValue(table, "carbohydrates_100g", "7")
    }
}
