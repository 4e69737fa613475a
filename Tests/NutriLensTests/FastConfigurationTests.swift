import XCTest
@testable import NutriLens
import NutriLensLabel
import NutriLensOCR

/// `ScannerConfiguration.fast`: one PSM 11 reading with the primary language's engines only.
final class FastConfigurationTests: XCTestCase {
    func testThePresetChangesOnlyTheReadingsAndTheLanguageRouting() {
        var expected = ScannerConfiguration()
        XCTAssertEqual(expected.ocrReadings, .thorough)
        XCTAssertNotEqual(ScannerConfiguration.fast, expected)
        expected.ocrReadings = .single
        expected.languageRouting = .primary
        XCTAssertEqual(ScannerConfiguration.fast, expected)
    }

    func testOneReadingWithThePrimaryModelReadsACleanEnglishLabel() throws {
        var configuration = ScannerConfiguration.fast
        configuration.stages = [.nutrition]
        configuration.ocrTimeBudget = nil  // debug builds on a busy CI are slow
        let stage = try OCRStage(configuration: configuration, environment: [:])
        XCTAssertEqual(stage.hypotheses.map(\.name), ["psm11", "levelled psm11"], "no PSM 3")
        XCTAssertNil(stage.languageReaders, "no eng+deu+fra reader is set up")
        XCTAssertEqual(stage.ocr.pool.configuration.languages.codes, ["eng"])

        let url = TestPaths.testImages.appendingPathComponent("eu_en_one_decimal.jpg")
        let expected = try TestPaths.truthNutriments(of: url)
        XCTAssertEqual(expected.count, 18)
        let (working, _) = try DecodeStage(configuration: configuration).decode(.file(url))
        let (lines, warning, _) = try stage.recognize(working)
        XCTAssertNil(warning)
        let table = try XCTUnwrap(try NutritionParser().parse(lines: lines))
        for (key, value) in expected { XCTAssertEqual(table.nutriments[key], value, key) }
    }

    func testASkewedLabelThatReadsNoKeyAsPhotographedIsReadLevelled() throws {
        var configuration = ScannerConfiguration.fast
        configuration.stages = [.nutrition]
        configuration.ocrTimeBudget = nil
        let stage = try OCRStage(configuration: configuration, environment: [:])
        let url = TestPaths.testImages.appendingPathComponent("deg_rotate_small_fr.jpg")
        let expected = try TestPaths.truthNutriments(of: url)
        XCTAssertEqual(expected.count, 9)
        let (working, _) = try DecodeStage(configuration: configuration).decode(.file(url))
        let (lines, _, mapping) = try stage.recognize(working)
        XCTAssertNotNil(mapping.levelling, "the levelled page's reading won")
        let table = try XCTUnwrap(try NutritionParser().parse(lines: lines))
        for (key, value) in expected { XCTAssertEqual(table.nutriments[key], value, key) }
    }
}
