import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// Tesseract variables set when an engine is loaded: the module's own (``OCREngine/builtInVariables``) and the
/// configuration's, which win. `textord_disable_pitch_test` is one of Tesseract's process-wide parameters: the
/// engine loaded last sets it for every engine, so each test sets the value it checks and leaves the default behind.
final class EngineVariablesTests: XCTestCase {
    private let pitchTest = "textord_disable_pitch_test"

    func testFixedPitchSearchIsOffInADefaultEngine() throws {
        let engine = try OCREngine()
        XCTAssertEqual(engine.boolVariable(pitchTest), true)
        // Variables the module does not set keep Tesseract's own default.
        XCTAssertEqual(engine.boolVariable("tessedit_do_invert"), true)
    }

    func testConfigurationVariablesOverrideTheBuiltInOnes() throws {
        let engine = try OCREngine(configuration: OCRConfiguration(tesseractVariables: [pitchTest: "0", "tessedit_do_invert": "0"]))
        // Process-wide: restore the module's default for the engines of the other tests.
        defer { engine.setVariable(pitchTest, "1") }
        XCTAssertEqual(engine.boolVariable(pitchTest), false)
        XCTAssertEqual(engine.boolVariable("tessedit_do_invert"), false)
        XCTAssertNil(engine.boolVariable("no_such_tesseract_variable"))
    }

    /// The fixed-pitch search decides nothing the LSTM needs on printed labels: with it on or off, a rendered table
    /// reads the same words in the same places (the corpus measurement behind the default, docs/ocr.md "Session 6").
    func testFixedPitchSearchChangesNoWordOfARenderedTable() throws {
        let label = try RenderedLabel.load("label_en_narrow")
        let reader = SharedReaders.english
        try reader.pool.withEngine { _ = $0.setVariable(pitchTest, "1") }
        let skipped = try reader.read(label.image, options: .unlimited)
        try reader.pool.withEngine { XCTAssertTrue($0.setVariable(pitchTest, "0")) }
        defer { _ = try? reader.pool.withEngine { $0.setVariable(pitchTest, "1") } }
        let searched = try reader.read(label.image, options: .unlimited)
        XCTAssertGreaterThan(skipped.words.count, 30, skipped.text)
        XCTAssertEqual(skipped.words.map(\.text), searched.words.map(\.text))
        XCTAssertEqual(skipped.words.map(\.box), searched.words.map(\.box))
    }
}
