import Foundation
import NutriLensClassifier
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// Adapter over `NutriLensClassifier`: colour image → food items and food-ness, then the image kind once the other
/// stages' signals (barcode found, nutrition rows read) are known.
struct ClassifierStage: Sendable {
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
        /// The items with their confidence rounded to 3 decimals, as results show them.
        var foodItems: [FoodItem] {
            classification.items.map {
                FoodItem(label: $0.label, group: $0.group, confidence: ScanResultJSON.rounded($0.confidence, decimals: 3),
                         classIndex: $0.classIndex)
            }
        }
    }

    func classify(_ working: WorkingImage) -> Evidence {
        Evidence(classification: classifier.classify(working.image))
    }

    /// The kind and its probability from the network's evidence (nil when it did not run) plus cheap signals from the
    /// other stages. Pure rules (`ImageKindScorer`), no model needed.
    /// - Parameters:
    ///   - nutritionRows: distinct nutrients the grammar read (0 when no table was parsed).
    ///   - anchorWords: distinct nutrition anchor words in the OCR text (``anchorWords(in:)``); a table the grammar
    ///     could not read still shows its row names, so the larger of the two is the label evidence. Counted from
    ///     ``minimumAnchorWords`` on: one word alone is as often an ingredient list's "salt".
    static func kind(_ evidence: Evidence?, barcodeFound: Bool, nutritionRows: Int, anchorWords: Int = 0) -> (ImageKind, Double) {
        let words = anchorWords >= minimumAnchorWords ? anchorWords : 0
        let signals = KindSignals(barcodeFound: barcodeFound, nutritionAnchorWords: max(nutritionRows, words))
        let scores = ImageKindScorer().score(classification: evidence?.classification, signals: signals)
        return (scores.kind, scores.confidence)
    }

    /// Fewest OCR anchor words that count as label evidence (see ``anchorWords(in:)``): with one, the pack side
    /// `ingredients_en.jpg` of the shared corpus ("salt" in its ingredients, printed text) scored as a label.
    static let minimumAnchorWords = 2

    /// Distinct nutrition anchor words (`NutritionAnchors`: titles, row names, units, bases; case, diacritics and one
    /// OCR edit in long words forgiven) among the words of `lines`. On the shared label photos whose table the
    /// grammar could not read (0 fields), nutrition labels showed 2–7 of them and pack sides with ingredients or a
    /// barcode 0–1 ("salt" in an ingredient list).
    static func anchorWords(in lines: [TextLine]) -> Int {
        var seen = Set<String>()
        for line in lines {
            for word in line.words where NutritionAnchors.weight(of: word.text) > 0 {
                seen.insert(NutritionAnchors.normalize(word.text))
            }
        }
        return seen.count
    }
}
