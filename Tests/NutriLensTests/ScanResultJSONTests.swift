import Foundation
import NutriLensClassifier
import NutriLensImageIO
import NutriLensImaging
import XCTest
@testable import NutriLens

/// The JSON shape is a public contract (ground-truth.md keys, snake_case, absent-not-null): pin it byte for byte.
final class ScanResultJSONTests: XCTestCase {
    func sampleResult() -> ScanResult {
        ScanResult(
            path: "packs/cereal.jpg", width: 3024, height: 4032, kind: .nutritionLabel, kindConfidence: 0.93,
            barcodes: [ScannedBarcode(symbology: "UPC-A", text: "012345678905", box: PixelRect(x: 10, y: 20, width: 300, height: 120), quality: 4)],
            nutrition: NutritionResult(
                language: "en", servingSize: "30 g",
                nutriments: ["energy-kj_100g": Decimal(string: "1569")!, "fat_100g": Decimal(string: "2.9")!,
                             "salt_100g": Decimal(string: "0.45")!, "sugars_100g": Decimal(string: "0.5")!,
                             "sodium_serving": Decimal(string: "0.041")!],
                qualifiers: ["sugars_100g": "<"],
                fields: ["fat_100g": NutrimentDetail(confidence: 0.97, needsReview: false, sourceText: "Fat 2.9 g", unit: "g",
                                                     box: PixelRect(x: 1, y: 2, width: 3, height: 4))]),
            foodItems: [FoodItem(label: "pizza", group: .dish, confidence: 0.25, classIndex: 963)],
            timingsMs: [.decode: 41.2, .total: 90.5],
            warnings: [ScanWarning(.ocrBudget, "OCR stopped at its 5 s budget; the table may be incomplete; raise --ocr-budget")])
    }

    func testFullResultEncodesToExactStableJSON() throws {
        let json = try ScanResultJSON.string(sampleResult())
        let expected = #"{"barcodes":[{"box":{"height":120,"width":300,"x":10,"y":20},"gtin":"0012345678905","quality":4,"symbology":"UPC-A","text":"012345678905"}],"#
            + #""food_items":[{"confidence":0.25,"group":"dish","label":"pizza"}],"height":4032,"kind":"nutrition_label","kind_confidence":0.93,"#
            + #""nutrition":{"fields":{"fat_100g":{"box":{"height":4,"width":3,"x":1,"y":2},"confidence":0.97,"needs_review":false,"source_text":"Fat 2.9 g","unit":"g"}},"#
            + #""language":"en","nutriments":{"energy-kj_100g":1569,"fat_100g":2.9,"salt_100g":0.45,"sodium_serving":0.041,"sugars_100g":0.5},"#
            + #""qualifiers":{"sugars_100g":"<"},"serving_size":"30 g"},"path":"packs/cereal.jpg","timings_ms":{"decode":41.2,"total":90.5},"#
            + #""warnings":["OCR stopped at its 5 s budget; the table may be incomplete; raise --ocr-budget"],"width":3024}"#
        XCTAssertEqual(json, expected)
    }

    func testUnknownValuesAreAbsentNotNull() throws {
        let failed = ScanResult(path: "bad.jpg", error: ScanFailure(.truncated, message: "file ends early"))
        XCTAssertEqual(try ScanResultJSON.string(failed),
                       #"{"error":{"message":"file ends early","type":"truncated"},"path":"bad.jpg"}"#)
        let bare = NutritionResult(nutriments: ["fat_100g": 1], qualifiers: [:], fields: [:])
        XCTAssertEqual(try ScanResultJSON.string(bare), #"{"nutriments":{"fat_100g":1}}"#)
    }

    func testDecimalsHaveNoFloatNoise() throws {
        // 2.9 and 0.1 are not representable in binary floating point; Decimal must still print them exactly.
        let n = NutritionResult(nutriments: ["a": Decimal(string: "2.9")!, "b": Decimal(string: "0.1")!,
                                             "c": Decimal(string: "62.0")!, "d": Decimal(string: "0.30")!])
        XCTAssertEqual(try ScanResultJSON.string(n), #"{"nutriments":{"a":2.9,"b":0.1,"c":62,"d":0.3}}"#)
    }

    /// Decoding gives the typed values back: stages, warning codes (from the message), failure kinds. A food item's
    /// ImageNet class index is not part of the JSON.
    func testRoundTripThroughJSON() throws {
        var original = sampleResult()
        original.foodItems?[0].classIndex = nil
        let data = try ScanResultJSON.encoder().encode(original)
        let decoded = try JSONDecoder().decode(ScanResult.self, from: data)
        XCTAssertEqual(decoded, original)
        XCTAssertEqual(decoded.warnings?.map(\.code), [.ocrBudget])
        let failed = ScanResult(path: "bad.jpg", error: ScanFailure(.fileTooLarge, message: "too big"))
        XCTAssertEqual(try JSONDecoder().decode(ScanResult.self, from: ScanResultJSON.encoder().encode(failed)), failed)
    }

    /// Every warning the library writes decodes to its own code; an unknown message to `.other`.
    func testWarningCodesSurviveTheirJSON() throws {
        let warnings: [ScanWarning] = [.decoder("EXIF orientation 9 ignored"), .barcodeBudget(0.25), .ocrBudget(2.5),
                                       .ocrSkippedForFood(probability: 0.97), .noTableInText,
                                       ScanWarning(.other, "something else")]
        XCTAssertEqual(warnings.map(\.code), [.decoder, .barcodeBudget, .ocrBudget, .ocrSkippedForFood, .noTableInText, .other])
        let decoded = try JSONDecoder().decode([ScanWarning].self, from: JSONEncoder().encode(warnings))
        XCTAssertEqual(decoded, warnings)
        XCTAssertEqual(ScanWarning.ocrBudget(5).message,
                       "OCR stopped at its 5 s budget; the table may be incomplete; raise --ocr-budget")
        XCTAssertEqual(ScanWarning.ocrBudget(2.5).message,
                       "OCR stopped at its 2.5 s budget; the table may be incomplete; raise --ocr-budget")
    }

    /// Each decoding error maps to the kind whose raw value is the decoder's `typeName` (the JSON `type`).
    func testFailureKindsAreTheDecodersTypeNames() {
        let errors: [ImageDecodingError] = [.fileNotFound(path: "a"), .unreadable(path: "a", reason: "b"), .empty,
                                            .fileTooLarge(bytes: 2, limit: 1), .unrecognizedFormat(magic: "00"), .archive(format: "tar"),
                                            .unsupported(format: "GIF", detail: ""), .truncated(format: .jpeg, detail: ""),
                                            .corrupt(format: .png, detail: ""), .tooLarge(width: 1, height: 1, limit: 0),
                                            .invalidPixelBuffer(detail: ""), .outOfMemory(detail: "")]
        for error in errors {
            XCTAssertEqual(ScanFailure.Kind(error).rawValue, error.typeName)
            XCTAssertEqual(ScanError.decoding(error).failure.kind.rawValue, error.typeName)
        }
        XCTAssertEqual(ScanError.cancelled.failure, ScanFailure(.cancelled, message: "scan cancelled"))
    }

    func testResultDecodesGroundTruthShapedNutrition() throws {
        // A sidecar's nutrition object is a valid `nutrition` value of a result: the two compare directly.
        let sidecar = #"{"language":"de","serving_size":"30 g","nutriments":{"fat_100g":7.1,"salt_100g":0.45},"qualifiers":{"fat_100g":"<"}}"#
        let n = try JSONDecoder().decode(NutritionResult.self, from: Data(sidecar.utf8))
        XCTAssertEqual(n.nutriments["fat_100g"], Decimal(string: "7.1"))
        XCTAssertEqual(n.servingSize, "30 g")
        XCTAssertEqual(n.qualifiers, ["fat_100g": "<"])
    }

    func testJSONLinesAreSingleLine() throws {
        let line = try ScanResultJSON.string(sampleResult(), style: .compact)
        XCTAssertFalse(line.contains("\n"))
        XCTAssertTrue(try ScanResultJSON.string(sampleResult(), style: .pretty).contains("\n"))
    }
}
