import Foundation
import NutriLensImaging
import NutriLensLabel
import XCTest
@testable import NutriLens

/// The routed policy's last reading with the configured set reads only the table band (`OCRStage.tableBand`) and
/// puts its words in place of the primary-language ones there (`OCRStage.replacing`).
final class TableBandTests: XCTestCase {
    private func word(_ text: String, x: Double, y: Double, width: Double = 40, height: Double = 20,
                      confidence: Double = 0.9) -> TextWord {
        TextWord(text: text, box: TextBox(x: x, y: y, width: width, height: height), confidence: confidence)
    }

    func testBandIsTheRegionsRowsAcrossTheWholePagePlusHalfItsHeightEachSide() throws {
        let mapping = ReadPageMapping(levelling: nil, quarterTurns: 0, inputWidth: 1000, inputHeight: 800)
        let band = try XCTUnwrap(OCRStage.tableBand(PixelRect(x: 100, y: 300, width: 200, height: 100), mapping: mapping))
        XCTAssertEqual(band.input, PixelRect(x: 0, y: 250, width: 1000, height: 200))
        XCTAssertEqual(band.upright, TextBox(x: 0, y: 250, width: 1000, height: 200))
        // Near the bottom edge the band stops at the page.
        let low = try XCTUnwrap(OCRStage.tableBand(PixelRect(x: 100, y: 700, width: 200, height: 80), mapping: mapping))
        XCTAssertEqual(low.input, PixelRect(x: 0, y: 660, width: 1000, height: 140))
        XCTAssertNil(OCRStage.tableBand(PixelRect(x: 100, y: 300, width: 0, height: 100), mapping: mapping))
    }

    /// A photo stored a quarter turn clockwise: the table's rows run down the photo, so the band is a full-height
    /// strip of the photo, and the upright band is full upright width.
    func testBandOfAQuarterTurnedPageIsAFullHeightStripOfThePhoto() throws {
        let mapping = ReadPageMapping(levelling: nil, quarterTurns: 1, inputWidth: 800, inputHeight: 1000)
        let region = PixelRect(x: 500, y: 100, width: 200, height: 300)
        let band = try XCTUnwrap(OCRStage.tableBand(region, mapping: mapping))
        let uprightRegion = mapping.upright(TextBox(x: 500, y: 100, width: 200, height: 300))
        XCTAssertEqual(uprightRegion.height, 200, "the region's 200 px wide side is its upright height")
        XCTAssertEqual(band.upright.width, 1000, "upright width = the photo's height")
        XCTAssertEqual(band.upright.y, max(0, uprightRegion.y - 100), accuracy: 0.5)
        XCTAssertEqual(band.upright.maxY, min(800, uprightRegion.maxY + 100), accuracy: 0.5)
        XCTAssertEqual(band.input.y, 0)
        XCTAssertEqual(band.input.height, 1000)
        XCTAssertEqual(band.input.width, 400)
        // The strip covers the region in the photo and maps back onto the upright band.
        XCTAssertLessThanOrEqual(band.input.x, region.x)
        XCTAssertGreaterThanOrEqual(band.input.maxX, region.maxX)
        let back = mapping.upright(TextBox(x: Double(band.input.x), y: Double(band.input.y),
                                           width: Double(band.input.width), height: Double(band.input.height)))
        XCTAssertEqual(back.y, band.upright.y, accuracy: 1)
        XCTAssertEqual(back.height, band.upright.height, accuracy: 1)
    }

    func testBandWordsReplaceThePrimaryReadingsWordsInsideTheBandOnly() {
        let band = TextBox(x: 0, y: 100, width: 600, height: 100)
        let page = [
            TextLine(words: [word("Ingredients:", x: 10, y: 40), word("sugar", x: 60, y: 40)]),
            // One row inside the band, its value misread: "llg" for 11 g.
            TextLine(words: [word("Sugars", x: 10, y: 140), word("llg", x: 300, y: 140, confidence: 0.42)]),
            // A line straddling the band's bottom edge: only the word whose centre is inside goes.
            TextLine(words: [word("Salt", x: 10, y: 185), word("per", x: 300, y: 195)]),
        ]
        let reread = [TextLine(words: [word("Sugars", x: 10, y: 141), word("11g", x: 300, y: 141, confidence: 0.93)]),
                      TextLine(words: [word("Salt", x: 10, y: 186)])]
        let merged = OCRStage.replacing(page, inside: band, with: reread)
        XCTAssertEqual(merged.map(\.text), ["Ingredients: sugar", "per", "Sugars 11g", "Salt"])
        // Nothing inside the band is kept twice.
        XCTAssertEqual(merged.flatMap(\.words).filter { $0.text == "llg" }.count, 0)
        XCTAssertEqual(OCRStage.replacing(page, inside: TextBox(x: 0, y: 0, width: 1, height: 1), with: []), page)
    }

    func testFinalReadingPolicyFromTheEnvironmentDefaultsToTheBand() {
        XCTAssertEqual(OCRStage.FinalReading(rawValue: "page"), .page)
        XCTAssertEqual(OCRStage.FinalReading(rawValue: "band"), .tableBand)
        XCTAssertEqual(OCRStage.finalReading, ProcessInfo.processInfo.environment["NUTRILENS_OCR_FINAL"] == "page"
                       ? .page : .tableBand)
    }
}
