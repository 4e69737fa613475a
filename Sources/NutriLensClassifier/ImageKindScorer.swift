import Foundation

/// What a photo mainly shows. Raw values are the `kind` strings of the ground-truth sidecars
/// (`../shared/docs/ground-truth.md`), so a `ScanResult` and a sidecar compare directly.
public enum ImageKind: String, Sendable, Codable, CaseIterable {
    /// A nutrition table (EU/UK "Nutrition information", US "Nutrition Facts", …) is the main subject.
    case nutritionLabel = "nutrition_label"
    /// A barcode (EAN/UPC/…) is the main subject.
    case barcode
    /// A plate, dish or piece of food.
    case foodPhoto = "food_photo"
    /// Anything else.
    case other
}

/// Cheap signals other pipeline stages already have when the kind is decided.
public struct KindSignals: Sendable, Equatable {
    /// A barcode (EAN/UPC/...) was decoded in the image.
    public var barcodeFound: Bool
    /// Number of distinct nutrition-table anchor words found by a quick OCR pass ("energy", "fat", "kcal",
    /// "protein", "salt", "per 100 g", ...); 0 when no OCR ran.
    public var nutritionAnchorWords: Int

    /// `barcodeFound`: a barcode was decoded; `nutritionAnchorWords`: distinct table anchor words seen, >= 0 (a
    /// negative count is taken as 0). Defaults: no evidence.
    public init(barcodeFound: Bool = false, nutritionAnchorWords: Int = 0) {
        self.barcodeFound = barcodeFound
        self.nutritionAnchorWords = nutritionAnchorWords
    }
}

/// Kind decision with a score per kind.
public struct ImageKindScores: Sendable, Equatable, Codable {
    /// The highest-scoring kind.
    public var kind: ImageKind
    /// Score of `kind`, 0...1.
    public var confidence: Double
    /// Scores of all four kinds, each 0...1, summing to 1.
    public var scores: [ImageKind: Double]
}

/// Combines the network's evidence (food-ness, printed-text mass) with the cheap signals into an image kind, so the
/// pipeline can skip work: no OCR on a plate, no food classification on a label.
///
/// Rules (documented weights, not learned): nutrition anchor words are the strongest label evidence
/// (1 - 0.6^words: 3 words -> 0.78), raised a little by printed-text classes; a decoded barcode makes `barcode`
/// likely unless the label evidence is stronger (a pack back shows both; the table is then the main content);
/// food-ness is damped by the text/barcode evidence; `other` takes what is left.
public struct ImageKindScorer: Sendable {
    /// A scorer with the fixed weights described above (it has no state of its own).
    public init() {}

    /// Scores from network output alone or with signals. `classification` may be nil when the classifier did not
    /// run (then only signals count and food-ness is unknown, taken as 0).
    public func score(classification: FoodClassification?, signals: KindSignals = KindSignals()) -> ImageKindScores {
        let food = classification?.isFoodProbability ?? 0
        let printed = classification?.printedProbability ?? 0
        let anchors = 1 - pow(0.6, Double(max(0, signals.nutritionAnchorWords)))
        let label = min(1, anchors + 0.25 * printed * (signals.nutritionAnchorWords > 0 ? 1 : 0.4))
        let barcode = signals.barcodeFound ? 0.85 * (1 - 0.7 * anchors) : 0
        let textEvidence = max(label, barcode)
        let foodScore = food * (1 - textEvidence)
        let otherScore = max(0, 1 - food) * (1 - textEvidence)
        var raw: [ImageKind: Double] = [.nutritionLabel: label, .barcode: barcode, .foodPhoto: foodScore, .other: otherScore]
        let total = raw.values.reduce(0, +)
        if total > 0 { for k in raw.keys { raw[k]! /= total } } else { raw[.other] = 1 }
        let best = ImageKind.allCases.max { raw[$0]! < raw[$1]! }!
        return ImageKindScores(kind: best, confidence: raw[best]!, scores: raw)
    }

    private func pow(_ base: Double, _ exponent: Double) -> Double { Foundation.pow(base, exponent) }
}
