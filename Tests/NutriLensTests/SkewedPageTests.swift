import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensImageIO
@testable import NutriLensOCR
import XCTest
@testable import NutriLens

/// A page skewed by a few degrees is also read levelled when its reading as photographed does not parse well; the
/// better-scored reading wins and field boxes come back in the upright image's pixels.
final class SkewedPageTests: XCTestCase {
    /// `deg_rotate_small_en.jpg` is a rendered EU table turned by 7 degrees (see its sidecar's notes); unlevelled,
    /// Tesseract merged its ruled rows and no value was read.
    func testSevenDegreeTableIsReadAndBoxesMapBackToTheUprightImage() throws {
        var configuration = ScannerConfiguration(languages: ["eng"], stages: [.nutrition], ocrEngine: .tesseract)
        // Unlimited OCR time: in a debug build on a loaded machine the first reading alone can spend the default
        // 5 s, and the levelled one this test is about would be skipped.
        configuration.ocrTimeBudget = nil
        let scanner = try NutriLensScanner(configuration: configuration)
        let result = scanner.scan(TestPaths.testImages.appendingPathComponent("deg_rotate_small_en.jpg"))
        let nutrition = try XCTUnwrap(result.nutrition, "\(result)")
        XCTAssertEqual(nutrition.nutriments["energy-kj_100g"], 724)
        XCTAssertEqual(nutrition.nutriments["energy-kcal_100g"], 172)
        // "724 kJ" is printed around (350...420, 168...196) in the 909×606 upright image.
        let box = try XCTUnwrap(nutrition.fields?["energy-kj_100g"]?.box)
        XCTAssertTrue((330...370).contains(box.x) && (150...185).contains(box.y), "\(box)")
        XCTAssertTrue((40...110).contains(box.width) && (20...50).contains(box.height), "\(box)")
    }

    func testLevelPagesAreNotResampled() throws {
        let level = GrayImage(width: 200, height: 100, fill: 255)
        XCTAssertNil(OCRStrategy.levelled(level), "a blank page has no lines to level")
    }

    func testSevenDegreePageIsLevelledByItsEstimate() throws {
        let skewed = try XCTUnwrap(try? NutriLensImageIO.ImageDecoder.decode(
            contentsOf: TestPaths.testImages.appendingPathComponent("deg_rotate_small_en.jpg")))
        let (level, mapping) = try XCTUnwrap(OCRStrategy.levelled(skewed.image.grayscale))
        XCTAssertGreaterThan(level.width, skewed.image.width, "expanded to keep every pixel")
        XCTAssertEqual(level.width, mapping.outputWidth)
    }

    func testUnlevelledBoxIsTheBoundingBoxOfTheMappedCorners() throws {
        let page = GrayImage(width: 400, height: 300, fill: 255)
        let mapping = try page.rotationMapping(byDegrees: -5, expand: true)
        let read = ReadPageMapping(levelling: mapping, quarterTurns: 0, inputWidth: mapping.outputWidth,
                                   inputHeight: mapping.outputHeight)
        let centre = TextBox(x: Double(mapping.outputWidth) / 2 - 10, y: Double(mapping.outputHeight) / 2 - 5, width: 20, height: 10)
        let mapped = read.working(centre)
        XCTAssertEqual(mapped.x + mapped.width / 2, 199.5, accuracy: 0.6, "the centre stays the centre")
        XCTAssertEqual(mapped.y + mapped.height / 2, 149.5, accuracy: 0.6)
        XCTAssertGreaterThan(mapped.width, 20, "a turned box's bounding box is wider")
        let identity = ReadPageMapping(levelling: nil, quarterTurns: 0, inputWidth: 400, inputHeight: 300)
        XCTAssertEqual(identity.working(centre), centre)
    }
}
