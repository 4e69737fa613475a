import XCTest
@testable import NutriLensLabel
import NutriLensTestSupport

/// Value columns read a row late with side text among the rows (session 27, issue 22). Two mechanisms:
/// - two columns (100 g | portion) re-dealt by the sequence alignment, which was left ambiguous by a household
///   fraction's digit among the amounts ("1/4 boîte": its "4" paired with carbohydrate's figure) and by a row whose two
///   cells print the same figure ("<0,5 g" | "0,5 g", dealt either way round);
/// - one column whose last rows were read late, the row above the surplus holding only a bare "1" of side text
///   ("… bewaren. 1"), with the net quantity after the table on the last row.
/// Constructed text (other languages and numbers than the FoodLabel photos); each case was run through main's
/// `nutrilens parse` (s27 main, e1fc3bd) first.
final class ValueColumnReadLateTests: XCTestCase {
    /// A 100 g | 125 g table ("1/4 boîte") whose cells are read after the next row's name, the portion column a row
    /// ahead from sugars on, side text among the rows. Main: one column, saturates missing, carbohydrate 0,1 (the
    /// saturates'), sugars 4,8, fibre 1,6, protein 3,2, salt 2,0 (each the row above's).
    private let twoColumnsLate = """
        Valeurs nutritives
        valori nutritivi
        1/4 boîte
        Énergie / energia
        100 g
        125g
        159 k)
        199k
        Matières grasses / grassi
        (38 kcal)
        (48 kcal)
        dont acides gras saturés / di cui acidi grassi saturi
        <0,5 g
        (0,5g 1%
        Fabriqué pour
        Glucides / carboidrati
        0,1 g
        0,1 g
        Distribué
        1/4 boîte
        F-69007
        dont sucres / di cui zuccheri
        4,8 g
        6.0g
        boîte
        2,08
        125 g
        Fibres alimentaires / fibre alimentari
        1,6g
        199 k)
        4,08
        F-LYON
        Protéines / proteine
        3,2g
        2.5g
        www
        2%*
        Sel / sale
        2,0g
        0,758
        0,60g
        48 kcal
        100 g: 159 k)
        """

    func testTwoColumnsReadLateAmongSideText() throws {
        let table = try parseTable(twoColumnsLate)
        assertValue(table, "fat_100g", "0.5", qualifier: .lessThan)
        assertValue(table, "saturated-fat_100g", "0.1")
        assertValue(table, "carbohydrates_100g", "4.8")
        assertValue(table, "sugars_100g", "1.6")
        assertValue(table, "fiber_100g", "3.2")
        assertValue(table, "proteins_100g", "2")
        assertValue(table, "salt_100g", "0.6")
        assertValue(table, "carbohydrates_serving", "6")
        assertValue(table, "proteins_serving", "2.5")
    }

    /// The same table with "4 boîtes" (a bare 4, no fraction) among the rows: the 4 | 4,8 g alignment stays a rival
    /// that gives carbohydrate another amount, so the rows stay as main reads them (carbohydrate 0,1, no serving).
    func testBareFigureNotAFractionLeavesTheRowsAsRead() throws {
        let table = try parseTable(twoColumnsLate.replacingOccurrences(of: "1/4 boîte", with: "4 boîtes"))
        assertValue(table, "carbohydrates_100g", "0.1")
        assertValue(table, "sugars_100g", "4.8")
        XCTAssertNil(table["carbohydrates_serving"])
    }

    /// One column, its last rows read late: fibre's amount after protein's name, a side-text line ending in "1",
    /// protein's and salt's amounts after salt's name, the net quantity last. Main: no sugars, fibre 3,4, protein
    /// 1,1, salt 1,4 (the macros still within 5 kcal of the 132 declared).
    private let oneColumnLate = """
        Voedingswaarde / valeur nutritive
        per 100 g
        Energie / énergie
        553 kJ / 132 kcal
        Vetten / matières grasses
        6,2 g
        waarvan verzadigde vetzuren / dont saturés
        2,1 g
        Koolhydraten / glucides
        17 g
        waarvan suikers / dont sucres
        Voedingsvezel / fibres
        3,4 g
        Eiwitten / protéines
        1,1 g
        na opening gekoeld bewaren. 1
        Zout / sel
        1,4 g
        1,2 g
        Netto 250 g
        """

    func testOneColumnReadLateWithABareOneAmongTheRows() throws {
        let table = try parseTable(oneColumnLate)
        assertValue(table, "sugars_100g", "3.4")
        assertValue(table, "fiber_100g", "1.1")
        assertValue(table, "proteins_100g", "1.4")
        assertValue(table, "salt_100g", "1.2")
    }

    /// The "1" printed with its unit on its own line is protein's amount: nothing moves (protein 1, salt 1,4 as main).
    func testOneWithItsUnitStaysTheRowsAmount() throws {
        let table = try parseTable(oneColumnLate.replacingOccurrences(of: "na opening gekoeld bewaren. 1", with: "1 g"))
        assertValue(table, "proteins_100g", "1")
        assertValue(table, "salt_100g", "1.4")
    }

    /// Either digit of a one-digit household fraction, and nothing longer or with a unit.
    func testFractionDigits() {
        func digits(_ line: String) -> [String] {
            NumberGrammar.scan(Array(line)).filter(\.isFractionDigit).map(\.text)
        }
        XCTAssertEqual(digits("1/2 Dose"), ["1", "2"])
        XCTAssertEqual(digits("3/4 cup"), ["3", "4"])
        XCTAssertEqual(digits("12/05/2026"), [])
        XCTAssertEqual(digits("1,5/2"), [])
        XCTAssertEqual(digits("1/2g"), ["1"])
        XCTAssertEqual(digits("Fett 2 g"), [])
    }
}

/// The FoodLabel full photos of the class (Textract text; skipped without ../shared): 0447 (A: two columns read a
/// row late, "1/2 Dose" among the rows, fat "<0,5 g" | "(0,5g"), 0072 (B: one column, "enthalten. 1" after
/// protein's name, salt's row "1,3 g | 1,5 g | 144 g").
final class ValueColumnReadLateFoodLabelTests: XCTestCase {
    func testFoodLabelReadLate() throws {
        let t0447 = try foodLabelFullPhotoTable("0447")
        assertValue(t0447, "saturated-fat_100g", "0")
        assertValue(t0447, "carbohydrates_100g", "2.6")
        assertValue(t0447, "sugars_100g", "0.7")
        assertValue(t0447, "fiber_100g", "2.8")
        assertValue(t0447, "proteins_100g", "1.5")
        assertValue(t0447, "salt_100g", "0.75")
        let t0072 = try foodLabelFullPhotoTable("0072")
        assertValue(t0072, "fiber_100g", "0.5", qualifier: .lessThan)
        assertValue(t0072, "proteins_100g", "1.3")
        assertValue(t0072, "salt_100g", "1.5")
    }
}
