import Foundation
import XCTest
@testable import NutriLens
import NutriLensEvaluation

/// The library on the bundled TestImages with exact expected values (the generator's ground truth).
final class EndToEndTests: XCTestCase {
    func image(_ name: String) -> URL { TestPaths.testImages.appendingPathComponent(name) }

    func testBarcodesAndUprightSizesOnTestImages() async throws {
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: [.barcode]))
        let names = ["barcode_ean13.jpg", "barcode_ean8.jpg", "barcode_upca.jpg", "eu_de_table.jpg",
                     "us_panel_pack_upc.jpg", "deg_exif6_en.jpg", "other_landscape.png"]
        let results = await scanner.scan(contentsOf: names.map(image), maxConcurrentScans: 2)
        XCTAssertEqual(results.map { $0.path.map { URL(fileURLWithPath: $0).lastPathComponent } }, names)
        XCTAssertTrue(results.allSatisfy { $0.error == nil }, "\(results.compactMap(\.error))")
        XCTAssertEqual(results[0].barcodes?.map(\.symbology), ["EAN-13"])
        XCTAssertEqual(results[0].barcodes?.first?.text, "5064658169989")
        XCTAssertEqual(results[1].barcodes?.map { "\($0.symbology) \($0.text) \($0.gtin ?? "-")" }, ["EAN-8 17803069 0000017803069"])
        XCTAssertEqual(results[2].barcodes?.first?.gtin, "0039583735405", "UPC-A compares as its GTIN-13")
        XCTAssertEqual(results[3].barcodes?.first?.text, "4094116000043")
        XCTAssertEqual(results[4].barcodes?.first?.gtin, "0098441763035")
        // The barcode box is in full-resolution coordinates and lies inside the image.
        let box = try XCTUnwrap(results[0].barcodes?.first?.box)
        XCTAssertTrue(box.x >= 0 && box.maxX <= 628 && box.y >= 0 && box.maxY <= 504, "\(box)")
        // Stored 504x797 with EXIF orientation 6: reported upright.
        XCTAssertEqual(results[5].width, 797)
        XCTAssertEqual(results[5].height, 504)
        XCTAssertEqual(results[5].barcodes, [])
        XCTAssertEqual(results[6].width, 640)
        XCTAssertEqual(results[6].height, 480)
        XCTAssertNotNil(results[6].timingsMs?[.barcode])
        XCTAssertNil(results[6].nutrition)
    }

    /// Every code a TestImages sidecar lists is read at the default barcode budget, and nothing else (issue 23):
    /// `deg_curved_fr` (a code on a curved pack, read by the bar-region tilts before the 2x unsharp mask; it needed
    /// `--barcode-budget 0.43` before) and `class_busy_pack_en` (its EAN-13, now in its sidecar) included.
    func testEveryTestImageBarcodeIsReadAtTheDefaultBudget() async throws {
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: [.barcode]))
        let images = Evaluator.labelledImages(under: TestPaths.testImages.path)
        let truths = try images.map { try GroundTruth.load(from: GroundTruth.sidecarURL(for: $0)!) }
        let results = await scanner.scan(contentsOf: images, maxConcurrentScans: 2)
        var listed = 0
        for (result, truth) in zip(results, truths) {
            let expected = (truth.barcodes ?? []).map { "\($0.symbology) \($0.text)" }
            listed += expected.count
            XCTAssertEqual((result.barcodes ?? []).map { "\($0.symbology) \($0.text)" }, expected, result.path ?? "")
        }
        XCTAssertEqual(listed, 9)
    }

    func testNutritionTablesOnCleanTestImagesThroughTheWholePipeline() async throws {
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: [.nutrition]))
        let names = ["eu_en_one_decimal.jpg", "linear_en.jpg", "eu_de_two_rows_energy.jpg", "eu_fr_table.jpg", "eu_nl_table.jpg"]
        let results = await scanner.scan(contentsOf: names.map(image), maxConcurrentScans: 2)
        // Whole tables: 63 truth fields over the five images; OCR/grammar tuning moves single fields between merges
        // (eu_en_one_decimal saturated-fat_serving, eu_fr_table sugars_100g have each flipped), so the bar is 59.
        var correct = 0, truthFields = 0, spurious = 0
        for (name, result) in zip(names, results) {
            let truth = try GroundTruth.load(from: image(name).deletingPathExtension().appendingPathExtension("json"))
            let score = ImageScore(result: result, truth: truth)
            correct += score.correctFields
            truthFields += score.truthFields
            spurious += score.outcomes.values.filter { $0 == .spurious }.count
            XCTAssertEqual(result.kind, .nutritionLabel, name)
            XCTAssertGreaterThanOrEqual(score.correctFields, score.truthFields - 2, "\(name): \(score.outcomes.filter { $0.value != .correct })")
        }
        XCTAssertEqual(truthFields, 63)
        XCTAssertGreaterThanOrEqual(correct, 59)
        XCTAssertEqual(spurious, 0)
        let n = try XCTUnwrap(results[0].nutrition)
        XCTAssertEqual(n.nutriments["energy-kj_100g"], 1888)
        XCTAssertEqual(n.nutriments["fat_100g"], Decimal(string: "30.8"))
        XCTAssertEqual(n.nutriments["salt_serving"], Decimal(string: "0.59"))
        XCTAssertEqual(n.nutriments["carbohydrates_100g"], Decimal(string: "33.1"), "one decimal printed above 10 g")
        XCTAssertEqual(results[0].kind, .nutritionLabel)
        XCTAssertEqual(n.servingSize.map { $0.contains("45") }, true, "serving size \(n.servingSize ?? "-")")
        XCTAssertEqual(results[1].nutrition?.qualifiers?["sugars_100g"], "<")
        XCTAssertEqual(results[1].nutrition?.nutriments["proteins_100g"], 33)
        XCTAssertEqual(results[2].nutrition?.language, "de")
        XCTAssertEqual(results[3].nutrition?.qualifiers?["salt_serving"], "<", "French '<0,01 g' keeps its qualifier")
        XCTAssertEqual(results[3].nutrition?.nutriments["carbohydrates_serving"], Decimal(string: "3.5"))
        // Field details point back into the photo.
        let fat = try XCTUnwrap(n.fields?["fat_100g"])
        XCTAssertNotNil(fat.box)
        XCTAssertGreaterThan(fat.confidence, 0.5)
    }

    func testEveryTestImageHasAValidSidecarAndDecodes() async throws {
        let images = Evaluator.labelledImages(under: TestPaths.testImages.path)
        XCTAssertEqual(images.count, 47, "39 renders + the seven label classes of c35a15a + session 20's front-of-pack strip")
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: []))
        let report = await Evaluator.evaluate(images: images, scanner: scanner, jobs: 2)
        XCTAssertEqual(report.failedImages, 0)
        XCTAssertNil(report.skipped)
        // With no stage run nothing is scored (session 21); the sidecars' own totals are those of an empty result
        // scored as if every stage had run.
        XCTAssertEqual(report.notScored, ["fields", "tables", "barcodes", "kind"])
        let truths = try images.map { try GroundTruth.load(from: XCTUnwrap(GroundTruth.sidecarURL(for: $0))) }
        let sidecars = EvaluationReport(scores: truths.map { ImageScore(result: ScanResult(path: "x.jpg"), truth: $0) })
        XCTAssertEqual(sidecars.fields.truth, 529, "scored nutriment fields over all sidecars")
        XCTAssertEqual(sidecars.tables.total, 42)
        XCTAssertEqual(sidecars.barcodes.total, 9, "8 rendered on purpose + the busy pack's own EAN-13 (issue 23)")
    }
}
