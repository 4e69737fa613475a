import Foundation
import NutriLens
import NutriLensImageIO
import NutriLensLabel
import XCTest

/// Every limit on untrusted input is configurable and answers with a typed error naming the value and the limit.
final class ResourceLimitTests: XCTestCase {
    func testFileSizeLimitIsCheckedBeforeReading() throws {
        let jpeg = try BadFileFactory.testImage("barcode_ean13.jpg")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("limit-\(UUID().uuidString).jpg")
        try jpeg.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertThrowsError(try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(maxFileBytes: 1000))) {
            XCTAssertEqual($0 as? ImageDecodingError, .fileTooLarge(bytes: jpeg.count, limit: 1000))
        }
        XCTAssertThrowsError(try ImageDecoder.decode(data: jpeg, options: DecodeOptions(maxFileBytes: 1000))) {
            XCTAssertEqual($0 as? ImageDecodingError, .fileTooLarge(bytes: jpeg.count, limit: 1000))
        }
        XCTAssertNoThrow(try ImageDecoder.decode(contentsOf: url, options: DecodeOptions(maxFileBytes: jpeg.count)))
    }

    func testPixelLimitUsesTheHeaderNotTheAllocation() throws {
        // 60000 x 60000 RGB would be 10.8 GB; the error must come from the header alone.
        let png = BadFileFactory.hugePNG(width: 60_000, height: 60_000)
        XCTAssertThrowsError(try ImageDecoder.decode(data: png)) {
            XCTAssertEqual($0 as? ImageDecodingError, .tooLarge(width: 60_000, height: 60_000, limit: 100_000_000))
        }
        let jpeg = try XCTUnwrap(BadFileFactory.resizedJPEGHeader(try BadFileFactory.testImage("barcode_ean13.jpg"),
                                                                  width: 65_000, height: 40_000))
        XCTAssertThrowsError(try ImageDecoder.decode(data: jpeg, options: DecodeOptions(maxPixels: 2_000_000_000))) {
            XCTAssertEqual($0 as? ImageDecodingError, .tooLarge(width: 65_000, height: 40_000, limit: 2_000_000_000))
        }
    }

    func testPixelLimitBoundaryIsInclusive() throws {
        let jpeg = try BadFileFactory.testImage("barcode_ean13.jpg")
        let header = try ImageDecoder.readHeader(data: jpeg)
        let pixels = header.width * header.height
        XCTAssertNoThrow(try ImageDecoder.decode(data: jpeg, options: DecodeOptions(maxPixels: pixels)))
        XCTAssertThrowsError(try ImageDecoder.decode(data: jpeg, options: DecodeOptions(maxPixels: pixels - 1))) {
            XCTAssertEqual($0 as? ImageDecodingError,
                           .tooLarge(width: header.width, height: header.height, limit: pixels - 1))
        }
    }

    func testLabelParserInputLimits() throws {
        let parser = NutritionParser(options: .init(maximumCharacters: 100, maximumLines: 3))
        XCTAssertThrowsError(try parser.parse(text: String(repeating: "Fat 3 g ", count: 20))) {
            XCTAssertEqual($0 as? NutritionParsingError, .inputTooLarge(characters: 160, limit: 100))
        }
        XCTAssertThrowsError(try parser.parse(text: "Fat 3 g\nSalt 1 g\nSugars 2 g\nProtein 4 g")) {
            XCTAssertEqual($0 as? NutritionParsingError, .tooManyLines(count: 4, limit: 3))
        }
        XCTAssertEqual(try parser.parse(text: "Fat 3 g\nSalt 1 g")?.entries.count, 2)
    }

    /// Zero, negative and NaN budgets are set-up errors; `.infinity` means "run every ladder step" (step-count mode).
    func testBarcodeTimeBudgetIsValidatedAtSetup() throws {
        var unlimited = ScannerConfiguration(stages: [.barcode])
        unlimited.barcodeTimeBudget = .infinity
        XCTAssertNoThrow(try NutriLensScanner(configuration: unlimited))
        for bad in [0, -1, Double.nan] {
            var configuration = ScannerConfiguration(stages: [.barcode])
            configuration.barcodeTimeBudget = bad
            XCTAssertThrowsError(try NutriLensScanner(configuration: configuration), "budget \(bad)") { error in
                guard case .setup(let stage, let message)? = error as? ScanError else { return XCTFail("\(error)") }
                XCTAssertEqual(stage, "barcode")
                XCTAssertTrue(message.contains("timeBudget"), message)
            }
        }
    }

    /// A budget far below one ZBar pass still runs the first ladder step (documented worst case: budget + one step).
    func testTinyBarcodeBudgetStillReadsTheFirstStep() async throws {
        var configuration = ScannerConfiguration(stages: [.barcode])
        configuration.barcodeTimeBudget = 1e-9
        let data = try BadFileFactory.testImage("barcode_ean13.jpg")
        let result = await (try NutriLensScanner(configuration: configuration)).scan(data, name: "ean13")
        XCTAssertNil(result.error)
        XCTAssertEqual(result.barcodes?.first?.gtin, "5064658169989")
    }
}
