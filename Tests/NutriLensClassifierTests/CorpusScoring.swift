import Foundation
import NutriLensImageIO
import NutriLensImaging
@testable import NutriLensClassifier

/// One photo of ../shared/corpus/food with its sidecar truth and the logits of the crops `classify` runs, so the
/// head can be re-scored at other temperatures and exponents without re-running the network.
struct CorpusPhoto: Sendable {
    struct Truth: Decodable {
        struct Item: Decodable { let label: String }
        let kind: String
        let food_items: [Item]?
    }

    var name: String
    var isFoodPhoto: Bool
    var labels: Set<String>
    /// True when none of the labels is an ImageNet class (salad, ribs, bibimbap): "unknown food" is the right answer.
    var isUnknownDish: Bool
    var cropLogits: [[Float]]

    /// Every image with a JSON sidecar under `corpus`, sorted by path; photos are classified on all cores (the
    /// classifier is Sendable) to keep the debug test run short.
    static func loadAll(_ corpus: URL, classifier: FoodClassifier) throws -> [CorpusPhoto] {
        let sidecars = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
        let samples: [(URL, URL)] = sidecars.compactMap { sidecar in
            let stem = sidecar.deletingPathExtension()
            return ["jpg", "JPEG", "jpeg", "png"].map { stem.appendingPathExtension($0) }
                .first { FileManager.default.fileExists(atPath: $0.path) }.map { (sidecar, $0) }
        }
        let imageNetNames = Set(classifier.classes.names)
        let slots = Slots(count: samples.count)
        DispatchQueue.concurrentPerform(iterations: samples.count) { i in
            slots.set(i, Result {
                let truth = try JSONDecoder().decode(Truth.self, from: Data(contentsOf: samples[i].0))
                let labels = Set((truth.food_items ?? []).map(\.label))
                let rgb: RGBImage
                switch try ImageDecoder.decode(contentsOf: samples[i].1).image {
                case .color(let color): rgb = color
                case .gray(let gray): rgb = FoodClassifier.rgb(fromGray: gray)
                }
                return CorpusPhoto(name: samples[i].1.lastPathComponent, isFoodPhoto: truth.kind == "food_photo",
                                   labels: labels, isUnknownDish: labels.isDisjoint(with: imageNetNames),
                                   cropLogits: classifier.cropLogits(rgb))
            })
        }
        return try (0..<samples.count).map { try slots.get($0) }
    }

    /// One result per worker. `@unchecked Sendable`: every access to `slots` holds `lock`.
    final class Slots: @unchecked Sendable {
        private var slots: [Result<CorpusPhoto, Error>?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ i: Int, _ r: Result<CorpusPhoto, Error>) { lock.lock(); slots[i] = r; lock.unlock() }
        func get(_ i: Int) throws -> CorpusPhoto { lock.lock(); defer { lock.unlock() }; return try slots[i]!.get() }
    }
}

/// The issue's corpus figures for one head configuration. The top answer of a food photo is its first item: a class
/// is right when it is one of the photo's labels, "unknown food" is right when no label is an ImageNet class; a
/// photo with no item counts as confidence 0, wrong.
struct CorpusScore {
    var known = 0, top3 = 0, kindRight = 0, total = 0, unknownDishes = 0, unknownAnswered = 0
    var confidences: [Double] = [], correct: [Bool] = [], legacyCorrect: [Bool] = []
    var misses: [String] = []

    init(_ photos: [CorpusPhoto], classes: ClassList, temperature: Double, configuration: FoodHeadConfiguration) {
        let head = FoodHead(classes: classes, configuration: configuration)
        let scorer = ImageKindScorer()
        for photo in photos {
            let result = head.merge(cropProbabilities: photo.cropLogits.map { FoodClassifier.softmax($0, temperature: temperature) })
            total += 1
            let kind = scorer.score(classification: result).kind
            if (kind == .foodPhoto) == photo.isFoodPhoto { kindRight += 1 } else { misses.append("kind \(photo.name): \(kind)") }
            guard photo.isFoodPhoto else { continue }
            let top = result.items.first
            confidences.append(top?.confidence ?? 0)
            let isUnknownAnswer = top?.label == FoodItem.unknownLabel
            correct.append(photo.isUnknownDish ? isUnknownAnswer : top.map { photo.labels.contains($0.label) } ?? false)
            legacyCorrect.append(top.map { photo.labels.contains($0.label) } ?? false)
            if photo.isUnknownDish {
                unknownDishes += 1
                if isUnknownAnswer || (top?.confidence ?? 0) < 0.5 { unknownAnswered += 1 }
                else { misses.append("unknown \(photo.name) \(photo.labels.sorted()): \(top!.label) \(String(format: "%.2f", top!.confidence))") }
            } else {
                known += 1
                // "unknown food" does not take one of the three slots: the question is whether the class is listed.
                let classItems = result.items.filter { $0.classIndex != nil }.prefix(3)
                if classItems.contains(where: { photo.labels.contains($0.label) }) { top3 += 1 }
                else { misses.append("top-3 \(photo.name) \(photo.labels.sorted()): \(classItems.map(\.label))") }
            }
        }
    }

    /// Appends another score's photos (pooling cross-validation folds).
    mutating func add(_ other: CorpusScore) {
        known += other.known; top3 += other.top3; kindRight += other.kindRight; total += other.total
        unknownDishes += other.unknownDishes; unknownAnswered += other.unknownAnswered
        confidences += other.confidences; correct += other.correct; legacyCorrect += other.legacyCorrect
        misses += other.misses
    }

    init() {}

    var top3Rate: Double { Double(top3) / Double(max(known, 1)) }
    var kindRate: Double { Double(kindRight) / Double(max(total, 1)) }
    var topAnswerAccuracy: Double { Double(correct.filter { $0 }.count) / Double(max(correct.count, 1)) }
    var meanConfidence: Double { confidences.reduce(0, +) / Double(max(confidences.count, 1)) }
    var calibrationError: Double { Self.expectedCalibrationError(confidences, correct) }
    /// ECE as session 1 reported it (0.134): "unknown food" never counted right.
    var legacyCalibrationError: Double { Self.expectedCalibrationError(confidences, legacyCorrect) }
    /// Mean binary cross-entropy of (top answer confidence, right), confidences clipped to 1e-4...1-1e-4.
    var logLoss: Double { Self.logLoss(confidences, correct) }

    /// Bin-weighted |accuracy - mean confidence| over 10 equal-width confidence bins (0 falls in the first bin).
    static func expectedCalibrationError(_ confidence: [Double], _ correct: [Bool]) -> Double {
        var total = 0.0
        for bin in 0..<10 {
            let lo = Double(bin) / 10, hi = lo + 0.1
            let idx = confidence.indices.filter { confidence[$0] > lo && confidence[$0] <= hi || (bin == 0 && confidence[$0] == 0) }
            guard !idx.isEmpty else { continue }
            let acc = Double(idx.filter { correct[$0] }.count) / Double(idx.count)
            let conf = idx.map { confidence[$0] }.reduce(0, +) / Double(idx.count)
            total += Double(idx.count) / Double(confidence.count) * abs(acc - conf)
        }
        return total
    }

    static func logLoss(_ confidence: [Double], _ correct: [Bool]) -> Double {
        let terms = zip(confidence, correct).map { c, y -> Double in
            let p = min(max(c, 1e-4), 1 - 1e-4)
            return y ? -log(p) : -log(1 - p)
        }
        return terms.reduce(0, +) / Double(max(terms.count, 1))
    }
}

/// The two fitted confidence parameters, refitted on training folds so the calibration figures are out of sample.
enum CalibrationFit {
    struct Fit { var temperature: Double; var exponent: Double }

    /// Temperature minimising the log-loss of the whole-image top-1 class (as `convert_efficientnet_lite0.py
    /// calibrate` fits the shipped one): 61 log-spaced values 0.5...2.5.
    static func fitTemperature(_ photos: [CorpusPhoto], classes: ClassList) -> Double {
        let grid = (0...60).map { 0.5 * pow(5.0, Double($0) / 60) }
        let losses = grid.map { loss($0, photos, classes) }
        return grid[losses.indices.min { losses[$0] < losses[$1] }!]
    }

    private static func loss(_ temperature: Double, _ photos: [CorpusPhoto], _ classes: ClassList) -> Double {
        var confidence: [Double] = [], correct: [Bool] = []
        for photo in photos {
            let p = FoodClassifier.softmax(photo.cropLogits[0], temperature: temperature)
            let best = p.indices.max { p[$0] < p[$1] }!
            confidence.append(p[best])
            correct.append(photo.labels.contains(classes.names[best]))
        }
        return CorpusScore.logLoss(confidence, correct)
    }

    /// Prepared-food exponent (1...4 in steps of 0.25) minimising the top answer's log-loss.
    static func fitExponent(_ photos: [CorpusPhoto], classes: ClassList, temperature: Double,
                            configuration: FoodHeadConfiguration) -> Double {
        let grid = (0...12).map { 1 + 0.25 * Double($0) }
        let losses = grid.map { exponent -> Double in
            var c = configuration
            c.preparedFoodExponent = exponent
            return CorpusScore(photos, classes: classes, temperature: temperature, configuration: c).logLoss
        }
        return grid[losses.indices.min { losses[$0] < losses[$1] }!]
    }

    /// k-fold cross-validation over the food photos (fold = index mod k, in path order): temperature and exponent
    /// are fitted on the other folds, the held-out fold is scored; scores are pooled over the folds. Non-food photos
    /// are excluded (they have no top answer to calibrate).
    static func crossValidate(_ photos: [CorpusPhoto], classes: ClassList, configuration: FoodHeadConfiguration,
                              folds: Int) -> (score: CorpusScore, fits: [Fit]) {
        let food = photos.filter(\.isFoodPhoto)
        var pooled = CorpusScore()
        var fits: [Fit] = []
        for fold in 0..<folds {
            let train = food.indices.filter { $0 % folds != fold }.map { food[$0] }
            let test = food.indices.filter { $0 % folds == fold }.map { food[$0] }
            let temperature = fitTemperature(train, classes: classes)
            var fitted = configuration
            fitted.preparedFoodExponent = fitExponent(train, classes: classes, temperature: temperature,
                                                      configuration: configuration)
            fits.append(Fit(temperature: temperature, exponent: fitted.preparedFoodExponent))
            pooled.add(CorpusScore(test, classes: classes, temperature: temperature, configuration: fitted))
        }
        return (pooled, fits)
    }
}
