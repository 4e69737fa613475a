import Foundation
import NutriLensImageIO
import NutriLensImaging
import XCTest
@testable import NutriLens

/// `ScannerConfiguration.maxFileBytes` (library and `--max-file-bytes`) and the barcode time-budget warning.
final class ScanLimitsAndWarningsTests: XCTestCase {
    let photo = TestPaths.testImages.appendingPathComponent("barcode_ean13.jpg")

    func testDefaultMaxFileBytesIsTheDecodersDefault() {
        XCTAssertEqual(ScannerConfiguration().maxFileBytes, DecodeOptions().maxFileBytes)
        XCTAssertEqual(ScannerConfiguration().maxFileBytes, 256 << 20)
    }

    func testFilesAndDataOverMaxFileBytesFailWithFileTooLarge() throws {
        let bytes = try Data(contentsOf: photo)
        let tight = try NutriLensScanner(configuration: ScannerConfiguration(stages: [], maxFileBytes: bytes.count - 1))
        for result in [tight.scan(photo), tight.scan(bytes, name: "upload.jpg")] {
            XCTAssertEqual(result.error?.kind.rawValue, "file_too_large", "\(result.path ?? "")")
            XCTAssertTrue(result.error?.message.contains("\(bytes.count - 1)") ?? false, "names the limit: \(result.error?.message ?? "")")
            XCTAssertNil(result.width)
        }
        let exact = try NutriLensScanner(configuration: ScannerConfiguration(stages: [], maxFileBytes: bytes.count))
        XCTAssertNil(exact.scan(photo).error, "a file exactly at the limit is read")
        XCTAssertEqual(exact.scan(photo).width, 628)
    }

    func testMaxFileBytesFlagReportsEachInput() throws {
        let run = try runCLI(["scan", "--jsonl", "--no-nutrition", "--no-classifier", "--no-barcode",
                              "--max-file-bytes", "1000", photo.path])
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertEqual(run.jsonLines.count, 1, run.stdout)
        XCTAssertEqual((run.jsonLines.first?["error"] as? [String: Any])?["type"] as? String, "file_too_large")
        let bad = try runCLI(["eval", "--max-file-bytes", "0", TestPaths.testImages.path])
        XCTAssertEqual(bad.status, 2, "eval takes the flag too and rejects 0")
        XCTAssertTrue(bad.stderr.contains("--max-file-bytes"), bad.stderr)
    }

    /// Stripes look like bars but hold no code; a 1 µs budget is spent by the ladder's first step. A plain grey
    /// frame ends the search at the bar-presence test, which is not a budget running out.
    func testBarcodeBudgetRunningOutIsAWarning() throws {
        var stripes = GrayImage(width: 320, height: 240, fill: 230)
        for y in 60..<180 { for x in 40..<280 where (x / 3) % 3 != 0 && (x / 7) % 2 == 0 { stripes[x, y] = 20 } }
        let hurried = try NutriLensScanner(configuration: ScannerConfiguration(stages: [.barcode], barcodeTimeBudget: 0.000_001))
        let result = hurried.scan(.gray(stripes), name: "stripes")
        XCTAssertEqual(result.barcodes, [])
        XCTAssertEqual(result.warnings, [ScanWarning(.barcodeBudget, "barcode search stopped at its 1e-06 s budget; raise --barcode-budget")])

        let patient = try NutriLensScanner(configuration: ScannerConfiguration(stages: [.barcode], barcodeTimeBudget: 60))
        XCTAssertNil(patient.scan(.gray(stripes), name: "stripes").warnings, "a ladder that finishes inside its budget is not cut short")
        let blank = DecodedImage.gray(GrayImage(width: 320, height: 240, fill: 180))
        XCTAssertNil(hurried.scan(blank, name: "blank").warnings, "nothing looks like bars: no step was skipped")
    }

    func testNoBudgetWarningWhenABarcodeIsFound() throws {
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: [.barcode], barcodeTimeBudget: 0.000_001))
        let result = scanner.scan(photo)
        XCTAssertEqual(result.barcodes?.map(\.text), ["5064658169989"])
        XCTAssertNil(result.warnings)
    }
}
