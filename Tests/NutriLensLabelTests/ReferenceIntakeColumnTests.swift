import XCTest
@testable import NutriLensLabel

/// A column of reference-intake amounts (Annex XIII Part B: 70 g / 20 g / 260 g / 90 g / 50 g / 6 g) read out of
/// step with the rows, apart from any %RI (issue 22, session 18; FoodLabel large 0233, full and large 0374).
/// Constructed multilingual text of that class.
final class ReferenceIntakeColumnTests: XCTestCase {
    /// German/French, per 100 g | per portion (125 g) | RM: each row's RM amount read after the next row's name, so
    /// every row took its neighbour's intake and the serving-ratio pairing found too many cells.
    func testIntakeColumnReadARowLateIsNoRowsValue() throws {
        let table = try parseTable("""
            Nährwerte / Valeurs nutritives 100 g 1 Portion (125 g) RM*
            Energiewert / valeur énergétique
            746 kJ
            933 kJ
            (180 kcal)
            (225 kcal)
            Fett / matières grasses
            16 g
            20 g
            davon gesättigte Fettsäuren / dont acides gras saturés
            70 g
            3,7 g
            4,6 g
            Kohlenhydrate / glucides
            20 g
            2,7 g
            3,4 g
            davon Zucker / dont sucres
            260 g
            0,7 g
            0,9 g
            Eiweiss / protéines
            90 g
            6,1 g
            7,6 g
            Salz / sel
            50 g
            0,88 g
            1,1 g
            6 g
            """)
        assertValue(table, "fat_100g", "16")
        assertValue(table, "saturated-fat_100g", "3.7")
        assertValue(table, "carbohydrates_100g", "2.7")
        assertValue(table, "sugars_100g", "0.7")
        assertValue(table, "proteins_100g", "6.1")
        assertValue(table, "salt_100g", "0.88")
        XCTAssertFalse(table.entries.contains { [70, 260, 90, 50].contains($0.value) },
                       "\(table.entries.map { "\($0.key)=\($0.value)" })")
    }

    /// German/French/Italian, per 100 g | portion (40 g) | %RM | RM read a row late: fat's figures and its "70 g"
    /// before the fat name (values read before the first row name), saturates' "20g" after its names block's pair
    /// (a value the block dealt no name), carbohydrate's 260 g misread "S0". The column is the run 70 g, 20g, 90 g,
    /// 50 g, 6g wherever those cells were read; without it the serving-ratio pairing rebuilds the rows.
    func testIntakeColumnAmongLeadingAndUndealtValues() throws {
        let table = try parseTable("""
            Nährwerte / Valeurs nutritives / Valori nutritivi
            100 g
            1 Portion
            (40 g)
            % RM/AR*
            RM/AR*
            Energie / énergie / energia
            1720 kJ
            688 kJ
            8400 kJ
            (410 kcal)
            (164 kcal)
            8 %
            (2000 kcal)
            30 g
            12 g
            17%
            70 g
            Fett / matières grasses / grassi
            davon gesättigte Fettsäuren
            dont acides gras saturés
            19 g
            7,6
            38%
            20g
            di cui acidi grassi saturi
            Kohlenhydrate / glucides
            2g
            0,8g
            0,3%
            S0
            g
            carboidrati
            davon Zucker / dont sucres /
            1g
            0,4g
            0%
            90 g
            di cui zuccheri
            26 g
            10 g
            21%
            50 g
            Eiweiss / protéines / proteine
            7%
            6g
            2,0 g
            0,80 g
            Salz / sel / sale
            *RM = Referenzmenge für einen durchschnittlichen Erwachsenen (8400 kJ/2000 kcal)
            """)
        assertValue(table, "fat_100g", "30")
        assertValue(table, "fat_serving", "12")
        assertValue(table, "saturated-fat_100g", "19")
        assertValue(table, "saturated-fat_serving", "7.6")
        assertValue(table, "proteins_100g", "26")
        assertValue(table, "salt_100g", "2.0")
        assertValue(table, "salt_serving", "0.80")
    }

    /// Italian/English: the intakes read on lines of their own under the next row; none of them is reported.
    func testIntakeAmountsOnLinesOfTheirOwnAreNotValues() throws {
        let table = try parseTable("""
            Valori nutrizionali / Nutrition information per 100 g
            Energia / Energy 1800 kJ / 430 kcal
            Grassi / Fat 20 g
            di cui acidi grassi saturi / of which saturates 8,0 g
            70 g
            Carboidrati / Carbohydrate 55 g
            20 g
            di cui zuccheri / of which sugars 30 g
            260 g
            Proteine / Protein 7,0 g
            90 g
            Sale / Salt 0,5 g
            50 g
            6 g
            """)
        assertValue(table, "saturated-fat_100g", "8.0")
        assertValue(table, "carbohydrates_100g", "55")
        assertValue(table, "salt_100g", "0.5")
        XCTAssertFalse(table.entries.contains { [70, 260, 90, 50].contains($0.value) },
                       "\(table.entries.map { "\($0.key)=\($0.value)" })")
    }

    /// German: values that equal intakes but not in a run of the declaration order (carbohydrate 70 g, sugars 20 g)
    /// are the table's own.
    func testValuesEqualToIntakesStay() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie 1500 kJ / 356 kcal
            Fett 6 g
            davon gesättigte Fettsäuren 2 g
            Kohlenhydrate 70 g
            davon Zucker 20 g
            Eiweiß 9 g
            Salz 1,2 g
            """)
        assertValue(table, "carbohydrates_100g", "70")
        assertValue(table, "sugars_100g", "20")
        assertValue(table, "fat_100g", "6")
    }
}
