import Foundation
import NutriLensLabel
import NutriLensOCR
import XCTest
@testable import NutriLens

/// A rendered French label (TestImages `eu_fr_table.jpg`: decimal commas, "<" qualifiers, a per-serving column)
/// through the OCR stage with the label's own model first (`OCRStrategy.labelLanguages = .labelThenPrimary`): `eng` reads
/// first, the grammar finds French row names, and `fra+eng` — not the whole set — reads the page again.
final class LabelLanguageReadingTests: XCTestCase {
    func testFrenchLabelIsReadWithFrenchFirstAndKeepsEveryValue() throws {
        var configuration = ScannerConfiguration(stages: [.nutrition], ocrEngine: .tesseract)
        configuration.ocrTimeBudget = nil  // debug builds on a busy CI are slow; routing, not the budget, is tested
        configuration.ocr.labelLanguages = .labelThenPrimary
        let stage = try OCRStage(configuration: configuration)
        let url = TestPaths.testImages.appendingPathComponent("eu_fr_table.jpg")
        let (working, _) = try DecodeStage(configuration: configuration).decode(.file(url))
        let read = try stage.recognize(working)
        let lines = read.lines
        XCTAssertNil(read.warning)
        XCTAssertEqual((stage.readers as? TesseractReaders)?.created.map(\.description), ["fra+eng"],
                       "French rows: the French model first, the other configured one (deu) not loaded")
        let table = try XCTUnwrap(try NutritionParser().parse(lines: lines))
        XCTAssertEqual(table.language, "fr")
        let text = lines.map(\.text).joined(separator: "\n")
        for word in ["saturés", "Glucides", "Fibres alimentaires", "Protéines"] {
            XCTAssertTrue(text.contains(word), "\(word) not in:\n\(text)")
        }
        let expected = try TestPaths.truthNutriments(of: url)
        XCTAssertEqual(expected.count, 18)
        for (key, value) in expected {
            XCTAssertEqual(table.nutriments[key], value, key)
        }
    }
}

extension TestPaths {
    /// The `nutrition.nutriments` of an image's JSON sidecar (docs/ground-truth.md), key → value as written.
    static func truthNutriments(of image: URL) throws -> [String: Decimal] {
        let truth = try JSONSerialization.jsonObject(
            with: Data(contentsOf: image.deletingPathExtension().appendingPathExtension("json"))) as? [String: Any]
        let values = try XCTUnwrap((truth?["nutrition"] as? [String: Any])?["nutriments"] as? [String: NSNumber])
        return try values.mapValues { try XCTUnwrap(Decimal(string: $0.stringValue)) }
    }
}
