import XCTest
@testable import NutriLensLabel

/// A table whose row names OCR read as one block (often twice, one language after the other) and whose
/// amounts came as another block with debris among them, so dealing by position puts the rows out of step and the
/// table contradicts its own energy (FoodLabel full photo 0163: fat 0, protein 5, salt 3,5 g for 15 / 23 / 1,2 g).
/// The names' sequence is aligned with the amounts' by the table's checks (`TableBuilder+SequenceAlignment`).
/// Constructed text of that class (one and two columns, other numbers than the labels'); each case was checked
/// against main's parser, where the first, second and two-column cases fail.
final class SequenceAlignmentTests: XCTestCase {
    /// French names, then German names, then a postal code, a lot code, and the amounts (fat's unit lost, protein's
    /// "g" read as "y"), footnote figures after: main gave fat 31, saturates 2,5, carbohydrate 9, salt 75.
    func testSplitBlockWithDebrisIsAlignedByTheEnergy() throws {
        let table = try parseTable("""
            Valeurs nutritionnelles moyennes pour 100 g
            Durchschnittliche Nährwerte pro 100 g
            Energie
            Matières
            dont saturées
            Glucides
            dont sucres
            Protéines
            Sel
            (verre)
            Fabricant SA
            grasses
            davon
            Energie
            Fett
            gesättigte
            Kohlenhydrate
            davon
            Zucker
            Eiweiss
            Salz
            3052 Zollikofen
            CH
            1121 kJ
            L 58 2C
            12
            4,1 g
            31 g
            2,5 g
            9 y
            0,8g
            268kcal
            Nach dem Öffnen im Kühlschrank aufbewahren
            4
            75
            """)
        assertValue(table, "fat_100g", "12")
        assertValue(table, "saturated-fat_100g", "4.1")
        assertValue(table, "carbohydrates_100g", "31")
        assertValue(table, "sugars_100g", "2.5")
        assertValue(table, "proteins_100g", "9")
        assertValue(table, "salt_100g", "0.8")
        assertValue(table, "energy-kcal_100g", "268")
    }

    /// Sugars' name on the fibre line's start ("di cui zuccheri of which sugars Fibre") leaves the sugars row empty
    /// and every amount after it a row early (main: fibre 3, protein 0,9, salt 1 from "1 confezione"). The empty
    /// named row takes its place in the sequence.
    func testEmptyNamedRowTakesItsPlaceInTheSequence() throws {
        let table = try parseTable(Self.italianEnglish(protein: "0,9 g", after: ""))
        assertValue(table, "sugars_100g", "3")
        assertValue(table, "fiber_100g", "4.6")
        assertValue(table, "proteins_100g", "14.8")
        assertValue(table, "salt_100g", "0.9")
        assertValue(table, "carbohydrates_100g", "52")
    }

    /// The same table with salt's amount bare and another bare figure after it: salt 0,9 and salt 1,2 fit the checks
    /// alike (salt does not enter the energy), one passed-over figure apart, so the table stays as read, and its
    /// values, which the energy contradicts, stay flagged.
    func testTwoAlignmentsThatFitAlikeLeaveTheTableAsRead() throws {
        let table = try parseTable(Self.italianEnglish(protein: "0,9", after: "1,2"))
        XCTAssertNotEqual(table.nutriments["proteins_100g"], Decimal(string: "14.8"))
        for key in ["fat_100g", "carbohydrates_100g", "proteins_100g"] {
            XCTAssertEqual(table[key]?.needsReview, true, "\(key): the energy contradicts the table as read")
        }
    }

    /// Two columns (100 g | 25 g portion) with words of the side text between the rows ("e au sol)" read as a salt
    /// name above saturates, "0 al suolo)" giving a bare 0): pairing by position dealt every pair one row off from
    /// saturates on (main: saturates 72 g, salt 12 g). Aligned in pairs by the energy columns' ratio (0.25), each
    /// row's pair read one after the other, the bare 0 passed over.
    func testTwoColumnTableWithSideTextIsAlignedInPairs() throws {
        let table = try parseTable("""
            Nährwerte I valeurs nutritives:
            4 Stück
            pièces
            100 g
            = 25g
            %*
            Energie
            I
            2310 kJ
            578 kJ
            5%
            I
            énergie
            (552 kcal)
            (138 kcal)
            Fett I matières grasses
            24 g
            6 g
            2%
            e au sol),
            davon gesättigte
            Fettsäuren
            dont acides
            gras saturés
            12 g
            3 g
            2%
            ento al
            Kohlenhydrate
            0 al suolo),
            glucides
            72g
            18g 7%
            davon Zucker I
            dont sucres
            8 g
            2 g 2%
            Ballaststoffe I
            fibres alimentaires
            4g
            1g
            Eiweiss I
            protéines
            10 g
            2,5 g 5%
            Salz I sel
            0,9 g
            0,23g 4%
            *
            % der Referenzmenge für einen durchschnitt-
            lichen Erwachsenen (8400 kJ/2000 kcal)
            """)
        assertValue(table, "fat_100g", "24")
        assertValue(table, "saturated-fat_100g", "12")
        assertValue(table, "saturated-fat_serving", "3")
        assertValue(table, "carbohydrates_100g", "72")
        assertValue(table, "carbohydrates_serving", "18")
        assertValue(table, "sugars_100g", "8")
        assertValue(table, "fiber_100g", "4")
        assertValue(table, "proteins_100g", "10")
        assertValue(table, "salt_100g", "0.9")
        assertValue(table, "salt_serving", "0.23")
    }

    /// A table whose checks pass is never re-dealt, whatever debris its amounts hold.
    func testConsistentTableIsLeftAlone() throws {
        let table = try parseTable("""
            Nährwerte pro 100 g
            Energie 1121 kJ / 268 kcal
            Fett 12 g
            davon gesättigte Fettsäuren 4,1 g
            Kohlenhydrate 31 g
            davon Zucker 2,5 g
            Eiweiss 9 g
            Salz 0,8 g
            L 58 2C
            4
            """)
        assertValue(table, "fat_100g", "12")
        assertValue(table, "salt_100g", "0.8")
        assertValue(table, "proteins_100g", "9")
    }

    /// An Italian/English single-column table of 1398 kJ / 334 kcal whose sugars name shares fibre's line; the
    /// amount read after "Proteine Protein" is `protein`, `after` a line after the salt name.
    private static func italianEnglish(protein: String, after: String) -> String {
        """
        Valori nutrizionali Nutrition facts
        100g
        Energia Energy
        1398 kJ
        334 kcal
        Grassi Fat
        6,4g
        di cui acidi grassi saturi
        1,1g
        of which saturates
        Carboidrati Carbohydrate
        52g
        di cui zuccheri of which sugars Fibre
        3,0 g
        Fibre alimentari Dietary fibre
        4,6 g
        14,8 g
        Proteine Protein
        \(protein)
        Sale 1 confezione = 4 porzioni
        Salt
        \(after)
        """
    }
}
