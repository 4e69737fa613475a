import Foundation
import NutriLensImaging
import NutriLensTestSupport
@testable import NutriLensOCR
import XCTest

/// `DecimalPointRecovery` on drawn glyphs: digits as 10×30 bars, "g" as a bar descending 8 px below the baseline,
/// separators as small blobs. The word box is what Tesseract reports for the ink of "44g".
final class DecimalPointRecoveryTests: XCTestCase {
    /// White 120×60 page; glyph k is a dark 10×30 bar at x = 10 + 20k with its bottom on the baseline y = 40.
    private func page(glyphs: Int, descenderAt: Int? = nil, blobs: [PixelRect] = []) -> GrayImage {
        var image = GrayImage(width: 120, height: 60, fill: 250)
        func fill(_ r: PixelRect) { for y in r.y..<r.maxY { for x in r.x..<r.maxX { image[x, y] = 20 } } }
        for k in 0..<glyphs {
            fill(PixelRect(x: 10 + 20 * k, y: k == descenderAt ? 18 : 10, width: 10, height: k == descenderAt ? 30 : 30))
        }
        blobs.forEach(fill)
        return image
    }

    private func word(_ text: String, glyphs: Int) -> RawWord {
        RawWord(text: text, box: PixelRect(x: 10, y: 10, width: 20 * glyphs - 10, height: 38), confidence: 0.9,
                block: 0, line: 0, baseline: nil)
    }

    func testDotOnTheBaselineBetweenTwoDigitsIsPutBack() {
        let image = page(glyphs: 3, descenderAt: 2, blobs: [PixelRect(x: 22, y: 35, width: 5, height: 5)])
        XCTAssertEqual(DecimalPointRecovery.recovered(word("44g", glyphs: 3), image: image), "4.4g")
        // The same dot between the second digit and the unit is not a decimal separator.
        let afterDigits = page(glyphs: 3, descenderAt: 2, blobs: [PixelRect(x: 42, y: 35, width: 5, height: 5)])
        XCTAssertNil(DecimalPointRecovery.recovered(word("44g", glyphs: 3), image: afterDigits))
    }

    func testCommaBelowTheBaselineBecomesADecimalComma() {
        let image = page(glyphs: 2, blobs: [PixelRect(x: 22, y: 36, width: 4, height: 10)])
        XCTAssertEqual(DecimalPointRecovery.recovered(word("17", glyphs: 2), image: image), "1,7")
    }

    func testGapsWithoutABlobOrWithAMidHeightMarkAreLeftAlone() {
        XCTAssertNil(DecimalPointRecovery.recovered(word("1979", glyphs: 4), image: page(glyphs: 4)), "thousands")
        // A hyphen-like mark at mid height is not a separator.
        let hyphen = page(glyphs: 2, blobs: [PixelRect(x: 22, y: 22, width: 5, height: 4)])
        XCTAssertNil(DecimalPointRecovery.recovered(word("17", glyphs: 2), image: hyphen))
    }

    func testAmbiguousPixelsAreLeftAlone() {
        // Two dots: not one number.
        let two = page(glyphs: 3, blobs: [PixelRect(x: 22, y: 35, width: 5, height: 5), PixelRect(x: 42, y: 35, width: 5, height: 5)])
        XCTAssertNil(DecimalPointRecovery.recovered(word("123", glyphs: 3), image: two))
        // Text says three characters but the pixels hold two glyphs: components cannot be matched to characters.
        let dot = page(glyphs: 2, blobs: [PixelRect(x: 22, y: 35, width: 5, height: 5)])
        XCTAssertNil(DecimalPointRecovery.recovered(word("123", glyphs: 2), image: dot))
        // Words that already have a separator, or are not numbers, are not candidates.
        XCTAssertFalse(DecimalPointRecovery.isCandidate("4.4g"))
        XCTAssertFalse(DecimalPointRecovery.isCandidate("Fat"))
        XCTAssertFalse(DecimalPointRecovery.isCandidate("7g"))
        XCTAssertTrue(DecimalPointRecovery.isCandidate("<05g"))
        XCTAssertTrue(DecimalPointRecovery.isCandidate("1979kJ"))
    }

    func testLightTextOnADarkPanel() {
        var image = page(glyphs: 2, blobs: [PixelRect(x: 22, y: 35, width: 5, height: 5)])
        for i in image.pixels.indices { image.pixels[i] = 255 - image.pixels[i] }
        XCTAssertEqual(DecimalPointRecovery.recovered(word("14", glyphs: 2), image: image), "1.4")
    }

    /// The rendered multilingual TestImage whose "1.4 g" / "1.7 g" Tesseract read as "14g" / "17g".
    func testRenderedMultilingualTableKeepsItsDecimals() throws {
        let path = PackagePaths.root.appendingPathComponent("TestImages/eu_multilingual_de_fr_it.jpg").path
        let ocr = try NutritionOCR(configuration: OCRConfiguration(languages: try OCRLanguages("eng+deu+fra")), poolCapacity: 1)
        var options = OCRReadOptions.unlimited
        options.pageSegmentation = .sparse
        options.tableSegmentation = .sparse
        let words = try ocr.read(try decodeGray(path), options: options).words.map(\.text)
        XCTAssertTrue(words.contains("1.4g") || words.contains("1,4g"), "\(words)")
        XCTAssertTrue(words.contains("1.7g") || words.contains("1,7g"), "\(words)")
        XCTAssertFalse(words.contains("14g") || words.contains("17g"), "\(words)")
    }
}
