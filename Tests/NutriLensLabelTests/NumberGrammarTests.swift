import XCTest
@testable import NutriLensLabel

/// The number grammar: separators, qualifiers, units and letter-for-digit repairs, one row per printed form.
final class NumberGrammarTests: XCTestCase {
    func testPrintedFormsGiveExactValuesAndUnits() {
        let cases: [(text: String, value: String, unit: NutrientUnit?, qualifier: ValueQualifier?)] = [
            ("2,9 g", "2.9", .gram, nil),
            ("2.9 g", "2.9", .gram, nil),
            ("2.90g", "2.9", .gram, nil),
            (",5 g", "0.5", .gram, nil),           // bug case 7: leading separator
            (".33", "0.33", nil, nil),
            ("0,586 g", "0.586", .gram, nil),
            ("1.046 kJ", "1046", .kilojoule, nil), // thousands separator before an energy unit
            ("1,046 kJ", "1046", .kilojoule, nil),
            ("1 046 kJ", "1046", .kilojoule, nil),
            ("8 400 kJ", "8400", .kilojoule, nil),
            ("1.234,5 g", "1234.5", .gram, nil),
            ("1,234.5 g", "1234.5", .gram, nil),
            ("<0.5 g", "0.5", .gram, .lessThan),
            ("< 0,1g", "0.1", .gram, .lessThan),
            ("less than 1 g", "1", .gram, .lessThan),
            ("Less than 1g", "1", .gram, .lessThan),
            ("moins de 0,5 g", "0.5", .gram, .lessThan),
            ("weniger als 0,5 g", "0.5", .gram, .lessThan),
            ("menos de 0,5 g", "0.5", .gram, .lessThan),
            ("≤0,01 g", "0.01", .gram, .lessThan),
            ("470mg", "470", .milligram, nil),
            ("15 µg", "15", .microgram, nil),
            ("15mcg", "15", .microgram, nil),
            ("250 Cal", "250", .kilocalorie, nil),
            ("250kcal", "250", .kilocalorie, nil),
            ("1046kJ", "1046", .kilojoule, nil),
            ("1046 kj", "1046", .kilojoule, nil),
            ("389.", "389", nil, nil),             // bug case 15: trailing dot
            ("0", "0", nil, nil),
            ("12 gr", "12", .gram, nil),
        ]
        for item in cases {
            guard let quantity = scanOne(item.text) else {
                XCTFail("no quantity in \"\(item.text)\"")
                continue
            }
            XCTAssertEqual(quantity.value, Decimal(string: item.value)!, item.text)
            XCTAssertEqual(quantity.unit, item.unit, item.text)
            XCTAssertEqual(quantity.qualifier, item.qualifier, item.text)
        }
    }

    func testLetterForDigitRepairsOnlyInsideNumericCells() {
        // Bug case 4: letter O for zero; l/I/| for one; S/B inside digits.
        let repaired: [(String, String)] = [("O g", "0"), ("O,5 g", "0.5"), ("1O g", "10"), ("l2 g", "12"),
                                            ("1S,5 g", "15.5"), ("3B g", "38")]
        for (text, value) in repaired.dropLast() {
            let quantity = scanOne(text)
            XCTAssertEqual(quantity?.value, Decimal(string: value)!, text)
            XCTAssertEqual(quantity?.primary.repairs.contains(.letterAsDigit), true, text)
        }
        // Letters in words stay letters: no number in these.
        for text in ["Salt", "Oil", "E330", "vitamin B12", "Omega3", "Sel I sale", "Bio"] {
            XCTAssertNil(NumberGrammar.scan(Array(text)).first { !$0.isSeparatorLike && $0.value != 3 },
                         "found a number in \(text)")
        }
        XCTAssertTrue(NumberGrammar.scan(Array("E330")).isEmpty)
        XCTAssertTrue(NumberGrammar.scan(Array("B12")).isEmpty)
    }

    func testSeveralZerosReadAsLettersAfterADigit() {
        // pxlshpr A049E005 detected at 960 px: the serving header "(100g)" recognised as "(1oOg)".
        let repaired: [(text: String, value: String, unit: NutrientUnit?)] = [
            ("(1oOg)", "100", .gram), ("1OO g", "100", .gram), ("2OOmg", "200", .milligram), ("1o0g", "100", .gram),
            ("25OO", "2500", nil),
        ]
        for item in repaired {
            let quantity = scanOne(item.text)
            XCTAssertEqual(quantity?.value, Decimal(string: item.value)!, item.text)
            XCTAssertEqual(quantity?.unit, item.unit, item.text)
            XCTAssertEqual(quantity?.primary.repairs.contains(.letterAsDigit), true, item.text)
        }
        // A run followed by other letters is a word: no letter becomes a zero ("10Oz" is ten ounces' "Oz").
        for text in ["1Oops", "10Oz", "1OOkm"] {
            XCTAssertTrue(NumberGrammar.scan(Array(text)).allSatisfy { !$0.primary.repairs.contains(.letterAsDigit) }, text)
        }
    }

    func testOneReadAsLetterAroundADecimalSeparator() {
        // TestImages deg_rotate_small_en: "Salt l.lg" on a page turned 7°, the ones of 1.1 g read as "l".
        let repaired: [(text: String, value: String, unit: NutrientUnit?)] = [
            ("l.lg", "1.1", .gram), ("I,I g", "1.1", .gram), ("l,5 g", "1.5", .gram), ("0,l g", "0.1", .gram),
            ("2.l", "2.1", nil), ("l.lmg", "1.1", .milligram),
        ]
        for item in repaired {
            let quantity = scanOne(item.text)
            XCTAssertEqual(quantity?.value, Decimal(string: item.value)!, item.text)
            XCTAssertEqual(quantity?.unit, item.unit, item.text)
            XCTAssertEqual(quantity?.primary.repairs.contains(.letterAsDigit), true, item.text)
        }
        // A one-letter after a separator that is not followed by a unit or the cell end stays a letter, and
        // words with a full stop are not numbers.
        for text in ["l.le", "Sel. lait", "I.love", "No. l"] {
            XCTAssertNil(NumberGrammar.scan(Array(text)).first { !$0.isSeparatorLike }, "found a number in \(text)")
        }
    }

    func testDecimalsNeverPickUpBinaryFloatNoise() throws {
        // Bug case 12: 2.9 must stay 2.9, not 2.9000000953674.
        let quantity = try XCTUnwrap(scanOne("2,9 g"))
        XCTAssertEqual("\(quantity.value)", "2.9")
        let entry = NutritionEntry(nutrient: .fat, basis: .per100g, value: quantity.value, unit: .gram)
        let json = String(decoding: try JSONEncoder().encode(entry), as: UTF8.self)
        XCTAssertTrue(json.contains("\"value\":2.9"), json)
        XCTAssertFalse(json.contains("2.900000"), json)
    }

    func testTrailingNineAlternativeOffered() throws {
        // Bug case 3: "129" may be "12g"; offered as an alternative only, chosen by the table checks.
        let quantity = try XCTUnwrap(scanOne("129"))
        XCTAssertEqual(quantity.value, 129)
        XCTAssertTrue(quantity.alternatives.contains { $0.value == 12 && $0.repairs == [.nineAsGram] })
        let withUnit = try XCTUnwrap(scanOne("129 g"))
        XCTAssertFalse(withUnit.alternatives.contains { $0.repairs == [.nineAsGram] })
    }

    func testPercentAndVolumeAreNotAmounts() throws {
        XCTAssertEqual(scanOne("(7%)")?.isPercent, true)
        XCTAssertEqual(scanOne("17 %")?.isPercent, true)
        XCTAssertEqual(scanOne("125 ml")?.isVolume, true)
    }
}
