import Foundation
import NutriLensLabel
import NutriLensOCR
import XCTest
@testable import NutriLens

/// The first reading on the table found by Tesseract's layout before the LSTM reads the page
/// (`NUTRILENS_OCR_LOCATE`, docs/ocr.md "Session 8").
final class LayoutFirstReadingTests: XCTestCase {
    func testLocateRuleFromTheEnvironment() {
        XCTAssertEqual(OCRStage.locateRule(environment: [:]), .off)
        XCTAssertEqual(OCRStage.locateRule(environment: ["NUTRILENS_OCR_LOCATE": "layout"]), .layout)
        XCTAssertEqual(OCRStage.locateRule(environment: ["NUTRILENS_OCR_LOCATE": "measure"]), .measure)
        XCTAssertEqual(OCRStage.locateRule(environment: ["NUTRILENS_OCR_LOCATE": "Layout"]), .off)
    }

    /// TestImages `eu_es_table.jpg` (a Spanish table under its title on a wide pack face, 9 keys): the layout
    /// region alone parses every key the whole page does, without a page pass.
    func testRegionFirstReadingOfARenderedLabelParsesWhatThePageDoes() throws {
        var configuration = ScannerConfiguration(languages: ["eng"], stages: [.nutrition])
        configuration.ocrTimeBudget = nil
        let stage = try OCRStage(configuration: configuration, environment: [:])
        let url = TestPaths.testImages.appendingPathComponent("eu_es_table.jpg")
        let (working, _) = try DecodeStage(configuration: configuration).decode(.file(url))
        let region = try stage.firstReading(working.gray, rule: .layout)
        let page = try stage.firstReading(working.gray, rule: .off)
        XCTAssertEqual(region.passes.filter { $0.kind != .polarity }.map(\.kind).prefix(2), [.layout, .region])
        XCTAssertFalse(region.passes.contains { $0.kind == .page }, "the region stood: no page pass")
        let parser = NutritionParser()
        let fromRegion = try XCTUnwrap(try parser.parse(lines: region.lines))
        let fromPage = try XCTUnwrap(try parser.parse(lines: page.lines))
        XCTAssertEqual(fromRegion.nutriments.count, 9)
        XCTAssertEqual(fromRegion.nutriments, fromPage.nutriments)
        // Fewer words read: the pack face around the table was not.
        XCTAssertLessThan(region.page.words.count, page.page.words.count)
    }
}
