import XCTest
@testable import NutriLensLabel

/// A cell's last fraction digit read as a letter before its unit (`NumberGrammar.isFractionLetterBeforeUnit`:
/// "2S.Sg" for 25,5 g, FoodLabel small and large 0420) and a "<" bound read with three decimals whose last is its g
/// (`NumberGrammar.lessThanBoundWithNineAsGram`: "<0,038" for < 0,03 g, FoodLabel small and large 0083). Session 26
/// flprec2; main read 25 g (the "S" before the g ended the number) and 0,038 g. Written for these tests, not copied
/// from a corpus.
final class FractionLetterTests: XCTestCase {
    func testFiveOrEightReadAsLetterEndingTheFraction() {
        let repaired: [(text: String, value: String, unit: NutrientUnit?)] = [
            ("2S.Sg", "25.5", .gram), ("0,S g", "0.5", .gram), ("1.B g", "1.8", .gram), ("12,S", "12.5", nil),
            ("0,Smg", "0.5", .milligram),
        ]
        for item in repaired {
            let quantity = scanOne(item.text)
            XCTAssertEqual(quantity?.value, Decimal(string: item.value)!, item.text)
            XCTAssertEqual(quantity?.unit, item.unit, item.text)
            XCTAssertEqual(quantity?.primary.repairs.contains(.letterAsDigit), true, item.text)
        }
        // Not after a separator that follows a digit, or before another letter: words, not fractions.
        for text in ["Sel. S", "3.Salz", "No. B", "2.Sel", "1,Bio"] {
            let numbers = NumberGrammar.scan(Array(text))
            XCTAssertFalse(numbers.contains { $0.primary.repairs.contains(.letterAsDigit) }, text)
        }
    }

    /// The whole table: carbohydrate "2S.Sg" is 25,5 g and fibre "1.B g" 1,8 g.
    func testLetterFractionsInATable() throws {
        let table = try parseTable("""
            Energie Energie Energia
            840 kJ - 199 kcal
            Fett / Grassi
            4.9g
            davon gesättigte Fettsäuren / di cui acidi grassi saturi
            2.2g
            Kohlenhydrate / Carboidrati
            2S.Sg
            davon Zucker / di cui zuccheri
            0.3g
            Ballaststoffe / Fibre alimentari
            1.B g
            Eiweiss / Proteine
            9.8g
            Salz / Sale
            0.5g
            """)
        assertValue(table, "carbohydrates_100g", "25.5")
        assertValue(table, "fiber_100g", "1.8")
        assertValue(table, "proteins_100g", "9.8")
    }

    func testBoundWithThreeDecimalsHasItsGramLast() throws {
        let bounds: [(text: String, value: String)] = [("<0,038", "0.03"), ("<0.059", "0.05"), ("<0,019", "0.01"),
                                                       ("<0,058 g", "0.058"), ("<0,005", "0.005"), ("<0,29", "0.29")]
        for item in bounds {
            let quantity = scanOne(item.text)
            XCTAssertEqual(quantity?.value, Decimal(string: item.value)!, item.text)
            XCTAssertEqual(quantity?.qualifier, .lessThan, item.text)
        }
        let table = try parseTable("""
            Energia / Energy
            1508 kJ / 355 kcal
            Lípidos / Fat
            1,0g
            Hidratos de carbono / Carbohydrate
            78g
            Fibra / Fibre
            2,4g
            Proteínas / Protein
            7,5g
            Sal / Salt
            <0,038
            """)
        assertValue(table, "salt_100g", "0.03", qualifier: .lessThan)
        assertValue(table, "carbohydrates_100g", "78")
    }
}
