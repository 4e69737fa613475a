import XCTest
@testable import NutriLensLabel

/// The unit "g" read as a digit where the digit cannot be part of the number: "8.1.8" (a stray point, then g as 8;
/// no thousands group has one digit) and "08" (no label prints a leading zero before a whole number).
final class GramReadAsDigitTests: XCTestCase {
    func testSecondSeparatorBeforeALoneEightOrNine() throws {
        for (printed, expected) in [("8.1.8", "8.1"), ("12,5,9", "12.5"), ("0.2.8", "0.2")] {
            let quantity = try XCTUnwrap(scanOne(printed), printed)
            XCTAssertEqual(quantity.primary.value, Decimal(string: expected)!, printed)
            XCTAssertEqual(quantity.unit, .gram, printed)
            XCTAssertTrue(quantity.primary.repairs.contains(.nineAsGram), printed)
        }
        // Real thousands groups and two-digit decimals keep their reading.
        XCTAssertEqual(scanOne("2.400.500")?.primary.value, 2_400_500)
        XCTAssertEqual(scanOne("8.18")?.primary.value, Decimal(string: "8.18")!)
    }

    /// Rows of the EN/FR bottle label pxlshpr 21AB8151 (per serving 15 ml | per 100 ml), Tesseract's visual rows.
    func testBottleLabelRowsWithGReadAsEight() throws {
        let table = try parseTable("""
            % Daily Value* Per Serving Per 100 ml
            0% Par Portion. Pour 100 ml
            RER TT | Energy Energie“ > 46kJ 297 Kl
            ed}, | 11 kcal 71 kcal
            0%
            6 Total Fat/ Total des lipides 0
            Q 69 % g 0g
            - Saturated/
            0% Saturés 0g 0g
            - Trans
            0% Fat/ Trans 08 08
            Cholesterol/ Cholesterol 0 mg 0mg
            N
            BR Carbohydrate Total! 1.2g 8.1g
            “cides, Total |
            ?
            N Sugars/ Sucres 12g 8.1.8
            I 0% x
            N: % letary Fibre/ 0g 08
            “ibres Alimentaires
            """)
        assertValue(table, "sugars_100g", "8.1", unit: .gram)
        assertValue(table, "trans-fat_serving", "0")
        assertValue(table, "fiber_100g", "0")
        assertValue(table, "fiber_serving", "0")
        assertValue(table, "carbohydrates_100g", "8.1")
    }

    /// "(9)" after a row name is the unit "(g)": the multilingual EN/FR/PT rows of pxlshpr C05EDF6E as Tesseract read
    /// them gave carbohydrate, sugars and fibre "9 g" (and saturates the stray "4"). A value in brackets stays one.
    func testBracketedNineIsTheGramUnit() throws {
        XCTAssertNil(scanOne("(9)"))
        XCTAssertEqual(scanOne("(9 g)")?.value, 9)
        XCTAssertEqual(scanOne("(19)")?.value, 19)
        let rows = """
            Nutrient/Nutrients/Nutrientes | per/pour/por
            concentrést “Yee 1 Carbohydrate/ i
            Glucides/Hidratos de carbono (9)
            of which total sugar/dont nu
            sucres/dos quais açücares (9) "in
            Ta Total fat/Matieres
            saturated fat/
            ==) dos ay quais acides fibre” saturados fibre gras saturés/ alimen- (9) 4
            Se Se nem dietética* 0 |
            """
        let table = try NutritionParser().parse(text: rows)
        for key in ["carbohydrates_100g", "sugars_100g", "fiber_100g"] {
            XCTAssertNil(table?[key], "\(key) = \(table?[key].map { "\($0.value)" } ?? "")")
        }
        let printed = try parseTable("""
            Nutrition information per 100 g
            Carbohydrate/Glucides (g) 75
            of which sugars/dont sucres (9) 47.3
            Protein/Protéines (9) 6.8
            """)
        assertValue(printed, "carbohydrates_100g", "75")
        assertValue(printed, "sugars_100g", "47.3")
        assertValue(printed, "proteins_100g", "6.8")
    }
}
