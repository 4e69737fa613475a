import Foundation
import XCTest
import NutriLens

/// README.md's "Library API in ten lines", line for line, on a TestImages photo and its sidecar, so the README cannot
/// drift from the API (scripts/check-versioned-dependency.sh compiles the snippet itself as a program's top-level
/// code). Only the placeholders are bound: `pack.jpg` and `a.jpg` → TestImages paths; the `print`s become asserts.
final class ReadmeAPITests: XCTestCase {
    func testLibraryAPIInTenLines() async throws {
        let pack = TestPaths.testImages.appendingPathComponent("eu_en_table_serving_ri.jpg").path   // sidecar: GTIN 5025769305796, fat < 0.5 g
        let a = TestPaths.testImages.appendingPathComponent("barcode_ean8.jpg").path

        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(languages: ["eng", "deu", "fra"]))  // load once, Sendable
        let result = await scanner.scan(URL(fileURLWithPath: pack))  // (in an async function the async overload is chosen; top-level code takes the synchronous one)
        XCTAssertEqual(result.barcodes?.first?.gtin ?? "-", "5025769305796")
        XCTAssertEqual(result.nutrition?.nutriments["fat_100g"] ?? 0, Decimal(string: "0.5"))
        XCTAssertEqual(result.nutrition?.qualifiers?["fat_100g"], "<")
        XCTAssertEqual(result.nutrition?.nutriments["sugars_100g"], Decimal(string: "1.3"))
        XCTAssertNotNil(result.nutrition?.fields?["fat_100g"]?.needsReview)
        XCTAssertEqual(result.foodItems?.first?.label ?? "-", "-", "label-first routing: a table needs no food items")
        let batch = await scanner.scan(contentsOf: [URL(fileURLWithPath: a)], maxConcurrentScans: 2)  // bounded concurrency, input order
        XCTAssertEqual(batch.map { $0.barcodes?.first?.text }, ["17803069"])
        let quick = try NutriLensScanner(configuration: .fast)            // neural, no second detections: 0.87x the OCR CPU
        let fromText = NutritionTextReader.read(text: "Energy 1569 kJ\nFat 7.1 g\nSalt 0.4 g")  // the grammar alone
        let quickOCRMs = await quick.scan(URL(fileURLWithPath: pack)).timingsMs?[.ocr] ?? 0
        XCTAssertGreaterThan(quickOCRMs, 0)
        XCTAssertEqual(fromText.nutrition?.nutriments["fat_100g"], Decimal(string: "7.1"))
        XCTAssertEqual(fromText.nutrition?.nutriments["energy-kj_100g"], 1569)
        let json = try ScanResultJSON.string(result, style: .pretty)     // the JSON the CLI prints
        XCTAssertTrue(json.contains("\"gtin\" : \"5025769305796\""), json)
    }
}
