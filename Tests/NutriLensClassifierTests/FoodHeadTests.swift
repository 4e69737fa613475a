import XCTest
import NutriLensImaging
@testable import NutriLensClassifier

/// End-to-end food head on committed photos (full multi-crop pass).
final class FoodHeadTests: XCTestCase {
    func testEspressoIsTopItemOfCoffeePhoto() throws {
        let result = FixtureSupport.classifier.classify(try FixtureSupport.ppm("coffee"))
        XCTAssertEqual(result.items.first?.label, "espresso")
        XCTAssertEqual(result.items.first?.group, .drink)
        XCTAssertEqual(result.items.first?.classIndex, 967)
        XCTAssertGreaterThan(result.items.first?.confidence ?? 0, 0.8)
        XCTAssertGreaterThan(result.isFoodProbability, 0.9)
        XCTAssertEqual(result.topClasses.first?.name, "espresso")
        XCTAssertFalse(result.items.contains { $0.label == FoodItem.unknownLabel })
        XCTAssertEqual(result.cropsClassified, 6)
    }

    func testCatAndRocketAreNotFood() throws {
        for name in ["chelsea", "rocket"] {
            let result = FixtureSupport.classifier.classify(try FixtureSupport.ppm(name))
            XCTAssertLessThan(result.isFoodProbability, 0.2, name)
            XCTAssertTrue(result.items.isEmpty, "\(name): \(result.items)")
            XCTAssertEqual(result.cropsClassified, 2, "\(name): corner crops skipped on non-food")
        }
    }

    /// Degenerate geometry must not crash: 1 x 1, a 1-pixel-high strip, and a padded-stride BGRA frame.
    func testOddImageShapes() {
        let classifier = FixtureSupport.classifier
        for image in [RGBImage(width: 1, height: 1, layout: .rgb, pixels: [200, 30, 30]),
                      RGBImage(width: 900, height: 1, layout: .rgb, pixels: [UInt8](repeating: 90, count: 2700)),
                      RGBImage(width: 5, height: 300, layout: .bgra, stride: 24, pixels: [UInt8](repeating: 128, count: 24 * 300))] {
            let result = classifier.classify(image)
            XCTAssertTrue((0...1).contains(result.isFoodProbability))
            XCTAssertEqual(result.topClasses.count, 5)
            XCTAssertTrue(result.items.allSatisfy { (0...1).contains($0.confidence) })
        }
    }

    /// The head's rules on hand-made probability vectors: merge keeps the max, corners are down-weighted,
    /// "unknown food" appears only for food without a confident class.
    func testMergeRules() {
        let classes = FixtureSupport.classifier.classes
        let head = FoodHead(classes: classes, configuration: FoodHeadConfiguration())
        func vector(_ entries: [Int: Double]) -> [Double] {
            var p = [Double](repeating: 0, count: 1000)
            let rest = 1 - entries.values.reduce(0, +)
            p[285] = rest  // Egyptian cat soaks up the remainder
            for (i, v) in entries { p[i] = v }
            return p
        }
        let pizza = 963, broccoli = 937, plate = 923
        // A plate: pizza clear in the full view, broccoli only in a corner.
        let merged = head.merge(cropProbabilities: [vector([pizza: 0.7]), vector([pizza: 0.6]), vector([broccoli: 0.5]),
                                                    vector([:]), vector([:]), vector([:])])
        XCTAssertEqual(merged.items.map(\.label), ["pizza", "broccoli"])
        XCTAssertEqual(merged.items[1].confidence, 0.5 * 0.8, accuracy: 1e-9)
        XCTAssertEqual(merged.items[1].group, .vegetable)
        // Food-ish (plate + weak dish scores) but no confident class: "unknown food" first.
        let unknown = head.merge(cropProbabilities: [vector([plate: 0.5, pizza: 0.15, broccoli: 0.1]), vector([plate: 0.6])])
        // crop 0 food-ness: 0.15 + 0.1 + 0.6 x 0.5 (plate is context) = 0.55 >= 0.5; best class 0.15 < 0.4.
        XCTAssertEqual(unknown.isFoodProbability, 0.55, accuracy: 1e-9)
        XCTAssertEqual(unknown.items.map(\.label), [FoodItem.unknownLabel, "pizza", "broccoli"])
        XCTAssertEqual(unknown.items[0].group, .unknown)
        XCTAssertNil(unknown.items[0].classIndex)
        XCTAssertEqual(unknown.items[0].confidence, 0.55 * (1 - 0.15), accuracy: 1e-9)
        // Not food: weak food scores are dropped entirely.
        let cat = head.merge(cropProbabilities: [vector([pizza: 0.15]), vector([:])])
        XCTAssertEqual(cat.isFoodProbability, 0.15, accuracy: 1e-9)
        XCTAssertTrue(cat.items.isEmpty)
        XCTAssertEqual(cat.topClasses.first?.name, "Egyptian cat")
    }
}
