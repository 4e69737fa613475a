import Foundation
import NutriLensImaging
@testable import NutriLensOCR
import XCTest

final class EmptyAndInvalidInputTests: XCTestCase {
    func testBlankImagesGiveEmptyPages() throws {
        for image in [GrayImage(width: 640, height: 480), GrayImage(width: 300, height: 200, fill: 128),
                      GrayImage(width: 3, height: 3, fill: 0)] {
            let page = try SharedReaders.english.read(image, options: .unlimited)
            XCTAssertTrue(page.isEmpty, "\(image.width)x\(image.height): \(page.text)")
            XCTAssertTrue(page.lines.isEmpty)
            XCTAssertNil(page.tableRegion)
            XCTAssertEqual(page.imageWidth, image.width)
        }
    }

    func testImageWithSideBelowThreePixelsIsATypedError() {
        XCTAssertThrowsError(try SharedReaders.english.read(GrayImage(width: 2, height: 50))) {
            XCTAssertEqual($0 as? OCRError, .unsupportedImageSize(width: 2, height: 50))
        }
    }

    func testMissingLanguagePackNamesTheDebianPackage() throws {
        // A tessdata directory holding only English, as on a machine without tesseract-ocr-deu.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("nl-tessdata-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let system = try TessdataLocator.locate()
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("eng.traineddata").path,
                                                   withDestinationPath: system + "/eng.traineddata")
        let config = OCRConfiguration(languages: try OCRLanguages("eng+deu"), tessdataPath: dir.path)
        XCTAssertThrowsError(try NutritionOCR(configuration: config)) { error in
            XCTAssertEqual(error as? OCRError, .languagePackMissing(language: "deu", debianPackage: "tesseract-ocr-deu",
                                                                     tessdataPath: dir.path))
            XCTAssertTrue("\(error)".contains("tesseract-ocr-deu"))
        }
        // English alone loads from the same directory.
        XCTAssertNoThrow(try OCREngine(configuration: OCRConfiguration(tessdataPath: dir.path)))
    }

    func testUnknownLanguageCodeMapsToPackageName() {
        XCTAssertEqual(OCRLanguages.debianPackage(for: "chi_sim"), "tesseract-ocr-chi-sim")
        XCTAssertThrowsError(try NutritionOCR(configuration: OCRConfiguration(languages: try OCRLanguages("eng+xyz")))) {
            guard case .languagePackMissing("xyz", "tesseract-ocr-xyz", _)? = $0 as? OCRError else {
                return XCTFail("unexpected \($0)")
            }
        }
    }

    func testLanguageSpecParsing() throws {
        XCTAssertEqual(try OCRLanguages("eng+deu+fra").codes, ["eng", "deu", "fra"])
        XCTAssertEqual(try OCRLanguages("eng+deu").description, "eng+deu")
        XCTAssertThrowsError(try OCRLanguages("eng+")) { XCTAssertEqual($0 as? OCRError, .invalidLanguageCode("")) }
        XCTAssertThrowsError(try OCRLanguages("../eng")) { XCTAssertEqual($0 as? OCRError, .invalidLanguageCode("../eng")) }
    }

    func testTessdataDiscoveryOrder() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("nl-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        XCTAssertThrowsError(try TessdataLocator.locate(explicit: empty.path)) {
            XCTAssertEqual($0 as? OCRError, .tessdataNotFound(searched: [empty.path]))
        }
        // TESSDATA_PREFIX wins over the system directories, also when it names the parent of `tessdata`.
        let system = try TessdataLocator.locate(environment: [:])
        let parent = (system as NSString).deletingLastPathComponent
        XCTAssertEqual(try TessdataLocator.locate(environment: ["TESSDATA_PREFIX": parent]), system)
        // A TESSDATA_PREFIX without models falls back to the system directories.
        XCTAssertEqual(try? TessdataLocator.locate(environment: ["TESSDATA_PREFIX": empty.path]), system)
    }
}
