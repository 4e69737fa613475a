import XCTest
@testable import NutriLensLabel

/// Visual rows rebuilt from word boxes join a table row with the text printed beside it; the row after the side
/// text is read, the side text is not, and footnote or reference-intake lines stay dropped.
final class SideTextRowTests: XCTestCase {
    /// Visual rows of pxlshpr 40E7C0B9 (two-column US panel beside its %DV footnote): sodium and protein were lost.
    func testRowAfterTheDailyValueStatement() throws {
        let table = try parseTable("""
            Nutrition Facts Amount/Serving %DV* Amount/Serving %DV*
            Serving Size Total Fat 0g 0% Potassium 210mg 6%
            1 Container (150g) Saturated Fat 0g 0% Total Carbohydrate 159 5%
            Calories 120 Trans Fat 0g Dietary Fiber 6g 24%
            Calories from FatO Cholesterol <5mg 1% Sugars 7g
            *Percent Daily Values (DV) are Sodium 65mg 3% Protein 159 30%
            """)
        assertValue(table, "sodium_serving", "65", unit: .milligram)
        assertValue(table, "proteins_serving", "15")
        assertValue(table, "carbohydrates_serving", "15")
        assertValue(table, "sugars_serving", "7")
    }

    /// Visual rows of pxlshpr 713A721E: the ingredient list printed beside the panel's vitamin/mineral line.
    func testRowAfterAnIngredientList() throws {
        let table = try parseTable("""
            Nutrition Facts
            Serving size 3 balls (369)
            Calories 220
            Total Fat 17g 22%
            Total Carbohydrate 16g 6%
            Protein 2g
            INGREDIENTS: Milk Chocolate (sugar,
            milk, cocoa butter, chocolate soy cithin Vit.D Omeg 0 Calcium 58mg 4%
            Iron Omg 0 + Potas. 60mg 2%
            """)
        assertValue(table, "calcium_serving", "58", unit: .milligram)
        assertValue(table, "vitamin-d_serving", "0")
        assertValue(table, "iron_serving", "0")
    }

    /// Footnote and reference-intake lines keep their numbers out of the table: a "less than" bound, an energy
    /// amount, or a tail that is prose on its own.
    func testFootnotesStayDropped() throws {
        let table = try parseTable("""
            Nutrition Facts
            Calories 140
            Total Fat 8g 10%
            Sodium 160mg 7%
            Total Carbohydrate 16g 6%
            Protein 2g
            *Percent Daily Values are based on a 2,000 calorie diet. Total Fat Less than 65g
            Reference intake of an average adult Energy 8400kJ / 2000kcal Fat 70g
            *The % Daily Value tells you how much a nutrient in a serving of food contributes to a daily diet. Sodium is a mineral found in salt and 2,000 calories a day is used
            """)
        assertValue(table, "fat_serving", "8")
        assertValue(table, "sodium_serving", "160", unit: .milligram)
        assertValue(table, "energy-kcal_serving", "140")
        XCTAssertNil(table["energy-kj_serving"])
    }

    /// A trilingual table that prints the unit in the name column ("Glucides/Hidratos de carbono (g) 75 19") with
    /// the ingredient list beside it (the scanner's visual rows of pxlshpr C05EDF6E, names wrapped over two or three
    /// lines): carbohydrate and sugars were dropped with the ingredient words as prose. ("473" is 47.3 g: the
    /// per-serving column and the serving size confirm the lost separator.)
    func testRowWithItsUnitInTheNameAfterAnIngredientList() throws {
        let table = try parseTable("""
            Garose syrup, suqar, bee Typlal Nuurttional fnformation (as padked)/ Informations
            strawberry, aspdery, orange nutritionnelles/Dedaração nutridonal Serving sze/Apporn de
            fruit and plant concentrate référence/Dose de referênda: 25 q (11 Goldbeas)
            ble fat (palm kermel oil), glazin Nutrient/Nutrients/Nutrientes per/pour/por per serving/
            at. Does not contain any por 100g par portion/
            of milk, wheat (gluten). Bes por porção 25g
            urkey. Energy/Energie/Energia (kJ) 1404 351
            ents: Sirop de glucase, Sicre Protein/Protéines/Proteínas (g) 6.8 2
            e ditrique), concentrés de fruit Glycaemic Carbohydrate/
            le sureau, orange, ass, kiwi Glucides/Hidratos de arbono (g) 75 19
            rômes, huile de palme, agent of which total sugar/dont
            debale de sureau. Ce produi suares/dos quais açúcares (g) 473 11.8
            grédient à base de porc. Peu Total fat/Matières grasses/
            nmerde préférence avantfi LÍpidos (g) 0.1 0
            """)
        assertValue(table, "carbohydrates_100g", "75")
        assertValue(table, "carbohydrates_serving", "19")
        assertValue(table, "sugars_100g", "47.3")
        assertValue(table, "sugars_serving", "11.8")
        assertValue(table, "proteins_100g", "6.8")
        assertValue(table, "proteins_serving", "2")
    }

    /// Without a unit, neither in the name nor after the amount, the ingredient line beside a name stays prose.
    func testBareAmountsAfterSideTextStayDropped() throws {
        let line = LineAnalyzer.analyze("le sureau, orange, cassis, kiwi Glucides/Hidratos de carbono 75 19", lineIndex: 0)
        XCTAssertTrue(line.isNonTable)
        let withUnit = LineAnalyzer.analyze("le sureau, orange, cassis, kiwi Glucides/Hidratos de carbono (g) 75 19",
                                            lineIndex: 0)
        XCTAssertFalse(withUnit.isNonTable)
        XCTAssertEqual(withUnit.quantities.map(\.value), [75, 19])
    }
}
