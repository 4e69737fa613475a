import XCTest
@testable import NutriLensClassifier

/// Image kind from the network plus the cheap signals, on a label photo, a barcode photo and food/non-food photos.
final class KindRoutingTests: XCTestCase {
    let scorer = ImageKindScorer()

    func kind(_ fixture: String, _ signals: KindSignals) throws -> ImageKindScores {
        let classification = FixtureSupport.classifier.classify(try FixtureSupport.ppm(fixture))
        return scorer.score(classification: classification, signals: signals)
    }

    func testLabelPhotoWithAnchorWordsIsNutritionLabel() throws {
        // The synthetic table shows 8 anchor terms (energy, fat, saturates, carbohydrate, sugars, fibre, protein, salt).
        let scores = try kind("synthetic_label", KindSignals(barcodeFound: false, nutritionAnchorWords: 8))
        XCTAssertEqual(scores.kind, .nutritionLabel)
        XCTAssertGreaterThan(scores.confidence, 0.8)
        XCTAssertEqual(scores.scores.values.reduce(0, +), 1, accuracy: 1e-9)
    }

    func testLabelPhotoIsNeverFoodEvenWithoutSignals() throws {
        let classification = FixtureSupport.classifier.classify(try FixtureSupport.ppm("synthetic_label"))
        XCTAssertGreaterThan(classification.printedProbability, 0.3, "\(classification.topClasses)")
        XCTAssertNotEqual(scorer.score(classification: classification).kind, .foodPhoto)
    }

    func testBarcodePhotoWithDecodedBarcodeIsBarcode() throws {
        let scores = try kind("synthetic_barcode", KindSignals(barcodeFound: true, nutritionAnchorWords: 0))
        XCTAssertEqual(scores.kind, .barcode)
        XCTAssertGreaterThan(scores.confidence, 0.6)
    }

    func testFoodPhotoIsFoodPhotoAndCatIsOther() throws {
        let coffee = try kind("coffee", KindSignals())
        XCTAssertEqual(coffee.kind, .foodPhoto)
        XCTAssertGreaterThan(coffee.confidence, 0.9)
        let cat = try kind("chelsea", KindSignals())
        XCTAssertEqual(cat.kind, .other)
    }

    func testSignalRules() {
        // Pack back: barcode and a table; the table is the main content.
        let both = scorer.score(classification: nil, signals: KindSignals(barcodeFound: true, nutritionAnchorWords: 5))
        XCTAssertEqual(both.kind, .nutritionLabel)
        // One stray anchor word ("fat" in a caption) does not outweigh a decoded barcode.
        let stray = scorer.score(classification: nil, signals: KindSignals(barcodeFound: true, nutritionAnchorWords: 1))
        XCTAssertEqual(stray.kind, .barcode)
        let nothing = scorer.score(classification: nil)
        XCTAssertEqual(nothing.kind, .other)
        XCTAssertEqual(nothing.confidence, 1, accuracy: 1e-9)
    }
}
