import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensImageIO
import XCTest
@testable import NutriLens

/// With `NUTRILENS_DESKEW=on`, a page skewed by a few degrees is levelled before OCR, and field boxes come back in
/// the upright image's pixels.
final class SkewedPageTests: XCTestCase {
    /// `deg_rotate_small_en.jpg` is a rendered EU table turned by 7 degrees (see its sidecar's notes); unlevelled,
    /// Tesseract merged its ruled rows and no value was read.
    func testSevenDegreeTableIsReadAndBoxesMapBackToTheUprightImage() throws {
        setenv("NUTRILENS_DESKEW", "on", 1)
        defer { unsetenv("NUTRILENS_DESKEW") }
        let scanner = try Scanner(configuration: ScannerConfiguration(languages: ["eng"], stages: [.nutrition]))
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
        setenv("NUTRILENS_DESKEW", "on", 1)
        defer { unsetenv("NUTRILENS_DESKEW") }
        let level = GrayImage(width: 200, height: 100, fill: 255)
        XCTAssertNil(OCRStage.deskewed(level).1, "a blank page has no lines to level")
    }

    func testDeskewIsOffByDefault() throws {
        unsetenv("NUTRILENS_DESKEW")
        let skewed = try XCTUnwrap(try? NutriLensImageIO.ImageDecoder.decode(
            contentsOf: TestPaths.testImages.appendingPathComponent("deg_rotate_small_en.jpg")))
        XCTAssertNil(OCRStage.deskewed(skewed.image.grayscale).1, "real photos lose recall with it (see deskewed)")
    }

    func testUnlevelledBoxIsTheBoundingBoxOfTheMappedCorners() throws {
        let page = GrayImage(width: 400, height: 300, fill: 255)
        let mapping = try page.rotationMapping(byDegrees: -5, expand: true)
        let centre = TextBox(x: Double(mapping.outputWidth) / 2 - 10, y: Double(mapping.outputHeight) / 2 - 5, width: 20, height: 10)
        let mapped = OCRStage.unlevelled(centre, through: mapping)
        XCTAssertEqual(mapped.x + mapped.width / 2, 199.5, accuracy: 0.6, "the centre stays the centre")
        XCTAssertEqual(mapped.y + mapped.height / 2, 149.5, accuracy: 0.6)
        XCTAssertGreaterThan(mapped.width, 20, "a turned box's bounding box is wider")
        XCTAssertEqual(OCRStage.unlevelled(centre, through: nil), centre)
    }
}
