import Foundation
import NutriLensImaging
import XCTest
@testable import NutriLens

/// `ScannerConfiguration.ocrTimeBudget` and `--ocr-budget`: a read cut short is a warning, never silent truncation.
final class OCRTimeBudgetScanTests: XCTestCase {
    let label = TestPaths.testImages.appendingPathComponent("eu_en_one_decimal.jpg")

    func testBudgetRunningOutIsAWarningAndTheScanStillCompletes() throws {
        let hurried = try NutriLensScanner(configuration: ScannerConfiguration(languages: ["eng"], stages: [.nutrition], ocrTimeBudget: 0.001, ocrEngine: .tesseract))
        let result = hurried.scan(label)
        XCTAssertNil(result.error, "a spent budget is not a failure")
        XCTAssertEqual(result.width, 682)
        XCTAssertEqual(result.warnings, [ScanWarning(.ocrBudget, "OCR stopped at its 0.001 s budget; the table may be incomplete; raise --ocr-budget")])
        XCTAssertNil(result.nutrition?.nutriments["energy-kj_100g"], "1 ms cannot have read the table")
    }

    func testDefaultBudgetReadsTheTableWithoutWarning() throws {
        XCTAssertEqual(ScannerConfiguration().ocrTimeBudget, 5)
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(languages: ["eng"], stages: [.nutrition], ocrEngine: .tesseract))
        let result = scanner.scan(label)
        XCTAssertNil(result.warnings)
        XCTAssertEqual(result.nutrition?.nutriments["energy-kj_100g"], 1888)
        XCTAssertEqual(result.nutrition?.nutriments["fat_100g"], Decimal(string: "30.8"))
    }

    func testNonPositiveBudgetIsASetupError() {
        for bad in [0, -1, Double.nan] {
            XCTAssertThrowsError(try NutriLensScanner(configuration: ScannerConfiguration(languages: ["eng"], stages: [.nutrition], ocrTimeBudget: bad, ocrEngine: .tesseract))) {
                guard case ScanError.setup(stage: "ocr", let message) = $0 else { return XCTFail("\($0)") }
                XCTAssertTrue(message.contains("ocrTimeBudget"), message)
            }
        }
    }

    func testOCRBudgetFlag() throws {
        let run = try runCLI(["scan", "--jsonl", "--ocr-engine", "tesseract", "--lang", "eng", "--no-barcode", "--no-classifier",
                              "--ocr-budget", "0.001", label.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let warnings = run.jsonLines.first?["warnings"] as? [String]
        XCTAssertEqual(warnings, ["OCR stopped at its 0.001 s budget; the table may be incomplete; raise --ocr-budget"], run.stdout)
        for command in ["scan", "eval"] {
            let bad = try runCLI([command, "--ocr-budget", "-1", TestPaths.testImages.path])
            XCTAssertEqual(bad.status, 2, "\(command) rejects a negative budget")
            XCTAssertTrue(bad.stderr.contains("--ocr-budget"), bad.stderr)
            XCTAssertTrue(try runCLI([command, "--help"]).stdout.contains("--ocr-budget SECONDS"), "\(command) --help")
        }
    }
}
