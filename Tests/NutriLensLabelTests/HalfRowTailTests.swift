import XCTest
@testable import NutriLensLabel

/// The bottom rows of a two-column table whose values sit half a row above their names while the rows above are
/// level. Word boxes are Tesseract's on M-Strzelecki TesseractDem sample_nutrilabel_300.jpg (a UK crisp label, per
/// 100 g | per 35 g): the visual rows come out as "Fibre 4.5g 1.69" / "0.2g 0.5g" / "Sodium" / "0,5g" /
/// "Equivalent as Salt 1.39".
final class HalfRowTailTests: XCTestCase {
    static let words: [[(String, Double, Double, Double, Double)]] = [
            [("TYPICAL", 98, 86, 193, 62), ("NUTRITIONAL", 306, 87, 329, 35), ("INFORMATION", 649, 79, 341, 42)],
            [("Per", 798, 160, 54, 40), ("35g", 871, 159, 63, 56)],
            [("Per", 526, 166, 53, 40), ("100g", 592, 163, 87, 54)],
            [("2035kJ", 529, 256, 140, 44)],
            [("712k)", 800, 257, 110, 49)],
            [("Energy", 76, 271, 140, 47)],
            [("488kcal", 529, 321, 138, 50)],
            [("171kcal", 807, 325, 126, 48)],
            [("5.6g", 531, 403, 89, 61)],
            [("Protein", 70, 405, 144, 57)],
            [("2.0g", 807, 406, 83, 59)],
            [("Carbohydrate", 58, 482, 299, 65)],
            [("53.3g", 531, 484, 116, 62)],
            [("18.7g", 808, 486, 106, 60)],
            [("of", 49, 559, 43, 53), ("which", 101, 556, 115, 54), ("sugars", 229, 571, 124, 52)],
            [("0.1g", 808, 557, 75, 61)],
            [("04g", 531, 559, 84, 61)],
            [("10.5g", 811, 655, 102, 57)],
            [("30.0g", 533, 659, 115, 61)],
            [("Fat", 47, 663, 71, 52)],
            [("1.3g", 812, 727, 68, 58)],
            [("3.7g", 533, 734, 83, 63)],
            [("ofwhich", 48, 737, 164, 56), ("saturates", 225, 742, 175, 49)],
            [("1.69", 809, 799, 77, 55)],
            [("4.5g", 531, 811, 93, 62)],
            [("Fibre", 43, 815, 111, 58)],
            [("0.2g", 802, 883, 69, 53)],
            [("0.5g", 534, 902, 82, 63)],
            [("Sodium", 40, 910, 149, 55)],
            [("0,5g", 797, 972, 71, 51)],
            [("1.39", 534, 1006, 87, 56)],
            [("Equivalent", 36, 1014, 244, 70), ("as", 290, 1027, 51, 39), ("Salt", 352, 1010, 86, 56)],
    ]

    static func lines(turned: Bool = false) -> [TextLine] {
        words.map { line in
            TextLine(words: line.map { text, x, y, width, height in
                // Turned 90° clockwise: image x = page height − page y, image y = page x.
                let box = turned ? TextBox(x: 1400 - y - height, y: x, width: height, height: width)
                    : TextBox(x: x, y: y, width: width, height: height)
                return TextWord(text: text, box: box, confidence: 0.9)
            })
        }
    }

    func testSodiumAndSaltTakeTheirValuesInColumnOrder() throws {
        let table = try XCTUnwrap(NutritionParser().parse(lines: Self.lines()))
        assertValue(table, "fiber_100g", "4.5")
        assertValue(table, "fiber_serving", "1.6")
        assertValue(table, "sodium_100g", "0.5")
        assertValue(table, "sodium_serving", "0.2")
        assertValue(table, "salt_100g", "1.3")
        assertValue(table, "salt_serving", "0.5")
    }

    /// The same page photographed turned 90°: the column order follows the level row's direction.
    func testTurnedPage() throws {
        let table = try XCTUnwrap(NutritionParser().parse(lines: Self.lines(turned: true)))
        assertValue(table, "salt_100g", "1.3")
        assertValue(table, "salt_serving", "0.5")
        assertValue(table, "sodium_serving", "0.2")
    }

    /// Without boxes (the visual rows as plain text) the column order of the split rows is unknown: the tail is
    /// left as assembled.
    func testWithoutBoxesTheTailIsLeftAlone() throws {
        let table = try parseTable("""
            Per 100g Per 35g
            Energy 2035kJ 712k)
            488kcal 171kcal
            Protein 5.6g 2.0g
            Fibre 4.5g 1.69
            0.5g 0.2g
            Sodium
            0,5g
            Equivalent as Salt 1.39
            """)
        XCTAssertNil(table["sodium_serving"])
        XCTAssertNil(table["salt_serving"])
    }
}
