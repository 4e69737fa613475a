import XCTest
@testable import NutriLens

/// PP-OCRv6 tiny reads the unit g as 9: a lone "9" token where the unit stands becomes "g" before the grammar sees
/// the segment (``RecognizedLines/unitTexts(_:)``); a 9 that is an amount stays.
final class NineAsUnitTests: XCTestCase {
    func testLoneNineAfterAnAmountIsTheUnit() {
        XCTAssertEqual(RecognizedLines.unitTexts(["Fibre", "1,6", "9"]), ["Fibre", "1,6", "g"])
        XCTAssertEqual(RecognizedLines.unitTexts(["Proteine", "14", "9", "28%"]), ["Proteine", "14", "g", "28%"])
        XCTAssertEqual(RecognizedLines.unitTexts(["Salt", "0.25", "9", "4%"]), ["Salt", "0.25", "g", "4%"])
    }

    func testNineThatIsAnAmountStays() {
        // The amount itself, after a row name.
        XCTAssertEqual(RecognizedLines.unitTexts(["Fat", "9", "12%"]), ["Fat", "9", "12%"])
        // After an amount that already has its unit, or before another amount.
        XCTAssertEqual(RecognizedLines.unitTexts(["Fat", "1.6g", "9"]), ["Fat", "1.6g", "9"])
        XCTAssertEqual(RecognizedLines.unitTexts(["Fat", "14", "9", "3.1"]), ["Fat", "14", "9", "3.1"])
        // Energy rows and other tokens.
        XCTAssertEqual(RecognizedLines.unitTexts(["1569", "kJ", "9"]), ["1569", "kJ", "9"])
        XCTAssertEqual(RecognizedLines.unitTexts(["9"]), ["9"])
        XCTAssertEqual(RecognizedLines.unitTexts(["1.2.3", "9"]), ["1.2.3", "9"])
    }
}
