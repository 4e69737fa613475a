import Foundation
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

    /// Hand-made probability vector: `entries` at their classes, Egyptian cat soaks up the remainder.
    private func vector(_ entries: [Int: Double]) -> [Double] {
        var p = [Double](repeating: 0, count: 1000)
        p[285] = 1 - entries.values.reduce(0, +)
        for (i, v) in entries { p[i] = v }
        return p
    }

    /// The head's rules on hand-made probability vectors: merge keeps the max, corners are down-weighted,
    /// prepared food is discounted, "unknown food" appears only for food without a confident class.
    func testMergeRules() {
        let head = FoodHead(classes: FixtureSupport.classifier.classes, configuration: FoodHeadConfiguration())
        let exponent = FoodHeadConfiguration().preparedFoodExponent
        let pizza = 963, broccoli = 937, plate = 923
        // A plate: pizza clear in the full view, broccoli only in a corner.
        let merged = head.merge(cropProbabilities: [vector([pizza: 0.7]), vector([pizza: 0.6]), vector([broccoli: 0.5]),
                                                    vector([:]), vector([:]), vector([:])])
        XCTAssertEqual(merged.items.map(\.label), ["pizza", "broccoli"])
        XCTAssertEqual(merged.items[0].confidence, pow(0.7, exponent), accuracy: 1e-9)  // dish: discounted
        XCTAssertEqual(merged.items[1].confidence, 0.5 * 0.8, accuracy: 1e-9)           // vegetable: corner weight only
        XCTAssertEqual(merged.items[1].group, .vegetable)
        // Food-ish (plate + weak dish scores) but no confident class: "unknown food" first, items by confidence.
        let unknown = head.merge(cropProbabilities: [vector([plate: 0.5, pizza: 0.15, broccoli: 0.1]), vector([plate: 0.6])])
        // crop 0 food-ness: 0.15 + 0.1 + 0.6 x 0.5 (plate is context) = 0.55 >= 0.5; best confidence is broccoli's
        // 0.1 (pizza's 0.15 is discounted to 0.15^exponent but still listed: its score passes minItemConfidence).
        XCTAssertEqual(unknown.isFoodProbability, 0.55, accuracy: 1e-9)
        XCTAssertEqual(unknown.items.map(\.label), [FoodItem.unknownLabel, "broccoli", "pizza"])
        XCTAssertEqual(unknown.items[0].group, .unknown)
        XCTAssertNil(unknown.items[0].classIndex)
        XCTAssertEqual(unknown.items[0].confidence, 0.55 * (1 - 0.1), accuracy: 1e-9)
        XCTAssertEqual(unknown.items[2].confidence, pow(0.15, exponent), accuracy: 1e-9)
        // Not food: weak food scores are dropped entirely.
        let cat = head.merge(cropProbabilities: [vector([pizza: 0.15]), vector([:])])
        XCTAssertEqual(cat.isFoodProbability, 0.15, accuracy: 1e-9)
        XCTAssertTrue(cat.items.isEmpty)
        XCTAssertEqual(cat.topClasses.first?.name, "Egyptian cat")
    }

    /// The open-set discount: a dish ImageNet lacks lands on the nearest dish class with a middling score (corpus:
    /// ribs -> meat loaf 0.73, beef tartare -> meat loaf 0.58); fruit at the same score keeps it.
    func testPreparedFoodDiscountAndUnknownDish() {
        let configuration = FoodHeadConfiguration()
        let head = FoodHead(classes: FixtureSupport.classifier.classes, configuration: configuration)
        let meatLoaf = 962, grannySmith = 948
        XCTAssertGreaterThan(configuration.preparedFoodExponent, 1)
        let dish = head.merge(cropProbabilities: [vector([meatLoaf: 0.55]), vector([meatLoaf: 0.5])])
        let discounted = pow(0.55, configuration.preparedFoodExponent)
        XCTAssertLessThan(discounted, configuration.confidentItem)
        XCTAssertEqual(dish.items.map(\.label), [FoodItem.unknownLabel, "meat loaf"])
        XCTAssertEqual(dish.items[0].confidence, 0.55 * (1 - discounted), accuracy: 1e-9)
        XCTAssertEqual(dish.items[1].confidence, discounted, accuracy: 1e-9)
        let fruit = head.merge(cropProbabilities: [vector([grannySmith: 0.55]), vector([grannySmith: 0.5])])
        XCTAssertEqual(fruit.items.map(\.label), ["Granny Smith"])
        XCTAssertEqual(fruit.items[0].confidence, 0.55, accuracy: 1e-9)
        // Exponent 1 switches the discount off: the dish is then confident and no "unknown food" is added.
        var off = configuration
        off.preparedFoodExponent = 1
        let undiscounted = FoodHead(classes: FixtureSupport.classifier.classes, configuration: off)
            .merge(cropProbabilities: [vector([meatLoaf: 0.55]), vector([meatLoaf: 0.5])])
        XCTAssertEqual(undiscounted.items.map(\.label), ["meat loaf"])
        XCTAssertEqual(undiscounted.items[0].confidence, 0.55, accuracy: 1e-9)
        XCTAssertEqual(FoodGroup.allCases.filter(\.isPreparedFood), [.dish, .bakery, .dessert])
    }
}
