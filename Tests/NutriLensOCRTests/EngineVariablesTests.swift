import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// Tesseract variables set when an engine is loaded (``OCRConfiguration/tesseractVariables``). Which ones stay with
/// their engine matters: the polarity pools (``NutritionOCR/invertingPool``) rely on `tessedit_do_invert` being per
/// engine, while the `textord_*` layout variables are process-wide. Tests that change a process-wide one put
/// Tesseract's default (`false`) back.
final class EngineVariablesTests: XCTestCase {
    private let pitchTest = "textord_disable_pitch_test"

    func testInvertedLineRetryStaysWithItsEngine() throws {
        let withoutRetry = try OCREngine(configuration: OCRConfiguration(tesseractVariables: ["tessedit_do_invert": "0"]))
        let withRetry = try OCREngine(configuration: OCRConfiguration(tesseractVariables: ["tessedit_do_invert": "1"]))
        XCTAssertEqual(withoutRetry.boolVariable("tessedit_do_invert"), false)
        XCTAssertEqual(withRetry.boolVariable("tessedit_do_invert"), true)
        XCTAssertNil(withRetry.boolVariable("no_such_tesseract_variable"))
    }

    func testLayoutVariablesAreProcessWide() throws {
        let first = try OCREngine(configuration: OCRConfiguration(tesseractVariables: [pitchTest: "1"]))
        defer { first.setVariable(pitchTest, "0") }
        XCTAssertEqual(first.boolVariable(pitchTest), true)
        // Loading another engine with the other value changes it for the first one too.
        let second = try OCREngine(configuration: OCRConfiguration(tesseractVariables: [pitchTest: "0"]))
        XCTAssertEqual(second.boolVariable(pitchTest), false)
        XCTAssertEqual(first.boolVariable(pitchTest), false)
    }

    /// Tesseract's fixed-pitch search (`textord_disable_pitch_test=0`, its default) decides nothing the LSTM needs on
    /// printed labels: with it on or off a rendered table reads the same words in the same places, as the corpus
    /// photos read the same fields (docs/ocr.md, "Session 6").
    func testFixedPitchSearchChangesNoWordOfARenderedTable() throws {
        let label = try RenderedLabel.load("label_en_narrow")
        let reader = SharedReaders.english
        let searched = try reader.read(label.image, options: .unlimited)
        try reader.pool.withEngine { XCTAssertTrue($0.setVariable(pitchTest, "1")) }
        defer { _ = try? reader.pool.withEngine { $0.setVariable(pitchTest, "0") } }
        let skipped = try reader.read(label.image, options: .unlimited)
        XCTAssertGreaterThan(searched.words.count, 30, searched.text)
        XCTAssertEqual(skipped.words.map(\.text), searched.words.map(\.text))
        XCTAssertEqual(skipped.words.map(\.box), searched.words.map(\.box))
    }
}
