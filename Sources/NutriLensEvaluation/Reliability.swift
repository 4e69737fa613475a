import Foundation
import NutriLens

/// How well stated confidences match how often values are right: the numbers behind a reliability diagram.
///
/// Each predicted field that can be scored is a sample `(confidence, correct)`; samples fall into `binCount` equal-width
/// confidence bins over 0…1 (a confidence of exactly 1 goes to the last bin). The expected calibration error is
/// `Σ_b n_b / N · |accuracy_b − mean confidence_b|` (Guo et al., "On Calibration of Modern Neural Networks", 2017).
public struct Reliability: Sendable, Equatable {
    /// One confidence bin.
    public struct Bin: Sendable, Equatable {
        /// Lower and upper confidence edge, `0 ≤ lower < upper ≤ 1`.
        public var lower: Double, upper: Double
        /// Samples in the bin.
        public var count: Int
        /// Correct samples in the bin.
        public var correct: Int
        /// Mean stated confidence of the bin's samples (0 when empty).
        public var meanConfidence: Double
        /// correct / count, `nil` when empty.
        public var accuracy: Double? { count == 0 ? nil : Double(correct) / Double(count) }
    }

    /// The bins, lowest confidence first.
    public var bins: [Bin]
    /// Samples in all bins.
    public var count: Int { bins.reduce(0) { $0 + $1.count } }
    /// Expected calibration error, 0…1; 0 when there are no samples.
    public var expectedCalibrationError: Double {
        let n = count
        guard n > 0 else { return 0 }
        return bins.reduce(0) { sum, bin in
            guard let accuracy = bin.accuracy else { return sum }
            return sum + Double(bin.count) / Double(n) * abs(accuracy - bin.meanConfidence)
        }
    }

    /// Bins `samples` (confidence clamped to 0…1) into `binCount ≥ 1` equal-width bins.
    public init(samples: [(confidence: Double, correct: Bool)], binCount: Int = 10) {
        let k = max(1, binCount)
        var counts = [Int](repeating: 0, count: k), correct = [Int](repeating: 0, count: k)
        var sums = [Double](repeating: 0, count: k)
        for sample in samples {
            let c = min(1, max(0, sample.confidence.isFinite ? sample.confidence : 0))
            let b = min(k - 1, Int(c * Double(k)))
            counts[b] += 1
            sums[b] += c
            if sample.correct { correct[b] += 1 }
        }
        bins = (0..<k).map { b in
            Bin(lower: Double(b) / Double(k), upper: Double(b + 1) / Double(k), count: counts[b], correct: correct[b],
                meanConfidence: counts[b] == 0 ? 0 : sums[b] / Double(counts[b]))
        }
    }
}

/// What the review flag tells a user who trusts every value it does not flag.
public struct ReviewFlagSummary: Sendable, Equatable {
    /// Scored predicted fields.
    public var fields = 0
    /// Fields flagged `needs_review`.
    public var flagged = 0
    /// Fields not flagged.
    public var unflagged: Int { fields - flagged }
    /// Unflagged fields that are correct.
    public var unflaggedCorrect = 0
    /// unflaggedCorrect / unflagged, `nil` when every field is flagged.
    public var unflaggedAccuracy: Double? { unflagged == 0 ? nil : Double(unflaggedCorrect) / Double(unflagged) }
    /// flagged / fields, `nil` when there are no fields.
    public var flagRate: Double? { fields == 0 ? nil : Double(flagged) / Double(fields) }

    /// No fields yet: every count 0 (the rates are then `nil`).
    public init() {}
}

/// One predicted field of one image with what scoring made of it: the unit of the calibration figures.
public struct ScoredField: Sendable, Equatable {
    /// Open Food Facts key (`fat_100g`).
    public var key: String
    /// Stated confidence, 0…1.
    public var confidence: Double
    /// Flagged for review.
    public var needsReview: Bool
    /// Right value and qualifier.
    public var correct: Bool

    /// The predicted fields of `result` that `score` scored (correct, wrong or spurious), with their confidence and
    /// flag; fields without detail count as confidence 1, unflagged (what a user of the values alone sees).
    public static func fields(of result: ScanResult, score: ImageScore) -> [ScoredField] {
        let details = result.nutrition?.fields ?? [:]
        return score.outcomes.filter { $0.value != .missed }.sorted { $0.key < $1.key }.map { key, outcome in
            ScoredField(key: key, confidence: details[key]?.confidence ?? 1, needsReview: details[key]?.needsReview ?? false,
                        correct: outcome == .correct)
        }
    }

    /// The flag summary over `fields`.
    public static func reviewSummary(_ fields: [ScoredField]) -> ReviewFlagSummary {
        var summary = ReviewFlagSummary()
        for field in fields {
            summary.fields += 1
            if field.needsReview { summary.flagged += 1 } else if field.correct { summary.unflaggedCorrect += 1 }
        }
        return summary
    }
}
