import Foundation
import XCTest
import NutriLens

/// README.md's "Library API in ten lines", line for line, on a TestImages photo and its sidecar, so the README cannot
/// drift from the API. Only the placeholders are bound: `pack.jpg` → a TestImages path, `urls`, `appleVisionText`.
final class ReadmeAPITests: XCTestCase {
    func testLibraryAPIInTenLines() async throws {
        let pack = TestPaths.testImages.appendingPathComponent("eu_en_table_serving_ri.jpg").path   // sidecar: GTIN 5025769305796, fat < 0.5 g
        let urls = [URL(fileURLWithPath: pack), TestPaths.testImages.appendingPathComponent("barcode_ean8.jpg")]
        let appleVisionText = "Nutrition information per 100 g\nEnergy 294 kJ / 69 kcal\nFat 7.1 g\nSalt 2.1 g\n"

        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(languages: ["eng", "deu", "fra"]))  // load once, Sendable
        let result = await scanner.scan(URL(fileURLWithPath: pack))   // README has no await here: see docs/scanner.md
        XCTAssertEqual(result.barcodes?.first?.gtin, "5025769305796")     // GTIN-13, check digit verified
        XCTAssertEqual(result.nutrition?.nutriments["fat_100g"], Decimal(string: "0.5"))
        XCTAssertEqual(result.nutrition?.nutriments["sugars_100g"], Decimal(string: "1.3"))
        XCTAssertEqual(result.nutrition?.nutriments["energy-kj_100g"], 294)
        XCTAssertEqual(result.nutrition?.qualifiers?["fat_100g"], "<")
        let review: Bool? = result.nutrition?.fields?["fat_100g"]?.needsReview  // per-field confidence and review flag
        XCTAssertNotNil(review)
        let food = result.foodItems?.first
        XCTAssertNil(food, "label-first routing: a photo with a nutrition table gets no food items")
        let batch = await scanner.scan(contentsOf: urls, maxConcurrentScans: 2)   // bounded concurrency, input order
        XCTAssertEqual(batch.map { $0.barcodes?.first?.text }, ["5025769305796", "17803069"])
        let fromText = NutritionTextReader.read(text: appleVisionText)  // the grammar alone, for apps with their own OCR
        XCTAssertEqual(fromText.nutrition?.nutriments["fat_100g"], Decimal(string: "7.1"))
        XCTAssertEqual(fromText.nutrition?.nutriments["energy-kj_100g"], 294)
        let json = try ScanResultJSON.string(result, style: .pretty)     // the JSON the CLI prints
        XCTAssertTrue(json.contains("\"gtin\" : \"5025769305796\""), json)
    }
}
