import XCTest
@testable import NutriLensLabel
import NutriLensTestSupport

/// Three-column tables (per 100 g | per portion | %RI) whose %RI column OCR read without its "%" and interleaved
/// with the amounts (`TableBuilder+UnmarkedPercentCells`, session 26 flfull6, FoodLabel full-photo class 3).
/// Constructed text of the class (other words and numbers than FoodLabel full 0425, whose shape it copies); each
/// case was run through main's `nutrilens parse` (s26-base2) first.
final class UnmarkedPercentCellsTests: XCTestCase {
    /// A 40 g portion (ratio 0,4), per-portion fat "11" without "g", %RI 16 / 20 / 7 / 4 / 13 / 9 and the
    /// energy's 10 read as bare figures among the amounts. Main: saturates 4 (the portion's), carbohydrate 18
    /// (the portion's), protein 13 (its %RI), salt 0,56 (the portion's).
    private var interleaved: String {
        """
            Nutrition information / Informations nutritionnelles
            Pack contains 8 servings of 40 g
            0/100 g
            8/40 g
            %(40
            Energy / Énergie
            2130kl/
            852 kl/
            510kcal
            204kcal
            10
            Fat / Matières grasses
            28g
            11
            16
            of which saturates /
            dont acides gras saturés
            4,0g
            20
            10 g
            Carbohydrate / Glucides
            18g
            7
            of which sugars /
            45 g
            dont sucres
            9,2g
            3,7g
            4
            Fibre / Fibres alimentaires
            6,5 g
            2,6g
            Protein / Protéines
            13
            Salt / Sel
            16
            6,4g
            9
            9
            1,4g
            0,56g
            Salt
            *Reference intake of an average adult (8400 kJ/2000 kcal)
            0.56g
            """
    }

    func testPercentFiguresLeftOutOfThePairing() throws {
        let table = try parseTable(interleaved)
        assertValue(table, "fat_100g", "28")
        assertValue(table, "saturated-fat_100g", "10")
        assertValue(table, "carbohydrates_100g", "45")
        assertValue(table, "sugars_100g", "9.2")
        assertValue(table, "fiber_100g", "6.5")
        assertValue(table, "proteins_100g", "16")
        assertValue(table, "salt_100g", "1.4")
    }

    /// Without the energy row's bare "10" only two figures are a %RI of their row (20 of saturates' 4,0 g, 13 of
    /// protein's 6,4 g): too little evidence of the column, the rows stay as main reads them.
    func testTwoPercentFiguresAreNotEnough() throws {
        let text = interleaved.replacingOccurrences(of: "204kcal\n10\n", with: "204kcal\n")
        let table = try parseTable(text)
        assertValue(table, "carbohydrates_100g", "18")
        assertValue(table, "proteins_100g", "13")
    }
}

/// FoodLabel full 0425 (A; Textract text, skipped without ../shared): 100 g | 30 g | %RI read interleaved, the fat
/// portion "15" and the %RI figures without units. Main: saturates 2,3, carbohydrate 3,3, protein 15, salt 0,3.
final class UnmarkedPercentCellsFoodLabelTests: XCTestCase {
    func testFoodLabel0425() throws {
        let table = try foodLabelFullPhotoTable("0425")
        assertValue(table, "fat_100g", "51")
        assertValue(table, "saturated-fat_100g", "7.8")
        assertValue(table, "carbohydrates_100g", "11")
        assertValue(table, "sugars_100g", "5.2")
        assertValue(table, "proteins_100g", "24")
        assertValue(table, "salt_100g", "1")
    }
}
