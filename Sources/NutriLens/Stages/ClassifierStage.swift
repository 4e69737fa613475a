import Foundation
import NutriLensClassifier
import NutriLensImaging

/// Adapter over `NutriLensClassifier`: colour image → food items and food-ness, then the image kind once the other
/// stages' signals (barcode found, nutrition rows read) are known.
struct ClassifierStage: Sendable {
    static let isAvailable = true
    let classifier: FoodClassifier

    /// Loads the model from `configuration.classifierModelPath` or `ModelLocator`'s discovery.
    /// - Throws: `ScanError.setup(stage: "classifier")` naming the paths searched or the bad file.
    init(configuration: ScannerConfiguration) throws {
        do {
            let url = try configuration.classifierModelPath.map { URL(fileURLWithPath: $0) } ?? ModelLocator.locate()
            classifier = try FoodClassifier(modelURL: url)
        } catch let error as ClassifierError {
            throw ScanError.setup(stage: "classifier", message: error.description)
        }
    }

    /// What the network sees; kept opaque to the pipeline.
    struct Evidence: Sendable {
        var classification: FoodClassification
        /// Probability that the photo shows food (0…1).
        var foodProbability: Double { classification.isFoodProbability }
        var foodItems: [FoodItem] {
            classification.items.map {
                FoodItem(label: $0.label, confidence: ScanResultJSON.rounded($0.confidence, decimals: 3), group: $0.group.rawValue)
            }
        }
    }

    func classify(_ working: WorkingImage) -> Evidence {
        Evidence(classification: classifier.classify(working.image))
    }

    /// The kind and its probability from the network's evidence (nil when it did not run) plus cheap signals from the
    /// other stages. Pure rules (`ImageKindScorer`), no model needed.
    static func kind(_ evidence: Evidence?, barcodeFound: Bool, nutritionRows: Int) -> (ImageKind, Double) {
        let scores = ImageKindScorer().score(classification: evidence?.classification,
                                  signals: KindSignals(barcodeFound: barcodeFound, nutritionAnchorWords: nutritionRows))
        return (ImageKind(rawValue: scores.kind.rawValue) ?? .other, scores.confidence)
    }
}
