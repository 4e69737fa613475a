import XCTest
@testable import NutriLens
import NutriLensLabel
import NutriLensOCR

/// `ScannerConfiguration.fast` (the neural engine without its second detections) and Tesseract's single reading
/// (`OCRStrategy.fast`: one PSM 11 reading with the primary language's engines only), which `.fast` was before
/// session 20.
final class FastConfigurationTests: XCTestCase {
    /// The Tesseract engine with `OCRStrategy.fast`: the old `.fast`, still `--ocr-engine tesseract --ocr-readings
    /// single --lang-routing primary`.
    private func tesseractSingleReading() -> ScannerConfiguration {
        var configuration = ScannerConfiguration(ocrEngine: .tesseract)
        configuration.ocr = .fast
        return configuration
    }

    func testThePresetIsTheNeuralEngineWithoutItsSecondDetections() {
        var expected = ScannerConfiguration()
        XCTAssertEqual(expected.ocr, .thorough)
        XCTAssertEqual(expected.ocrEngine, .neural)
        XCTAssertTrue(expected.textSmallTextRedetection)
        XCTAssertTrue(expected.textTableRegionRedetection)
        XCTAssertNotEqual(ScannerConfiguration.fast, expected)
        expected.textSmallTextRedetection = false
        expected.textTableRegionRedetection = false
        XCTAssertEqual(ScannerConfiguration.fast, expected, "nothing else changes: engine, detector side, stages")
        XCTAssertEqual(ScannerConfiguration.fast.ocrEngine, .neural)
        XCTAssertEqual(ScannerConfiguration.fast.textDetectorLongSide, 1280)
        XCTAssertNil(ScannerConfiguration.fast.textRedetectionLongSide)
        XCTAssertEqual(ScannerConfiguration.fast.stages, .all)
    }

    func testTesseractSingleReadingPreset() {
        XCTAssertEqual(OCRStrategy.fast.readings.map(\.description), ["psm11", "levelled-psm11"], "no PSM 3")
        XCTAssertEqual(OCRStrategy.fast.languageRouting, .primary)
        XCTAssertEqual(OCRStrategy.fast.levelledOnlyBelowKeys, 1)
    }

    func testOneReadingWithThePrimaryModelReadsACleanEnglishLabel() throws {
        var configuration = tesseractSingleReading()
        configuration.stages = [.nutrition]
        configuration.ocrTimeBudget = nil  // debug builds on a busy CI are slow
        let stage = try OCRStage(configuration: configuration)
        let readers = try XCTUnwrap(stage.readers as? TesseractReaders)
        XCTAssertEqual(readers.primary.modelName, "eng")
        XCTAssertNil(try readers.reader(for: ["eng", "deu", "fra"]), "no eng+deu+fra reader under .primary")

        let url = TestPaths.testImages.appendingPathComponent("eu_en_one_decimal.jpg")
        let expected = try TestPaths.truthNutriments(of: url)
        XCTAssertEqual(expected.count, 18)
        let (working, _) = try DecodeStage(configuration: configuration).decode(.file(url))
        let read = try stage.recognize(working)
        XCTAssertNil(read.warning)
        XCTAssertEqual(read.trace.readings.map(\.name), ["psm11"], "a convincing first reading is the only one")
        let table = try XCTUnwrap(try NutritionParser().parse(lines: read.lines))
        for (key, value) in expected { XCTAssertEqual(table.nutriments[key], value, key) }
    }

    func testASkewedLabelThatReadsNoKeyAsPhotographedIsReadLevelled() throws {
        var configuration = tesseractSingleReading()
        configuration.stages = [.nutrition]
        configuration.ocrTimeBudget = nil
        let stage = try OCRStage(configuration: configuration)
        let url = TestPaths.testImages.appendingPathComponent("deg_rotate_small_fr.jpg")
        let expected = try TestPaths.truthNutriments(of: url)
        XCTAssertEqual(expected.count, 9)
        let (working, _) = try DecodeStage(configuration: configuration).decode(.file(url))
        let read = try stage.recognize(working)
        XCTAssertNotNil(read.mapping.levelling, "the levelled page's reading won")
        let table = try XCTUnwrap(try NutritionParser().parse(lines: read.lines))
        for (key, value) in expected { XCTAssertEqual(table.nutriments[key], value, key) }
    }
}
