import Foundation

/// The probability that a value is right, from its ``ReviewEvidence``: a logistic regression fitted on the grammar's
/// output over OCR text of real label photos, and the review threshold chosen on the same fit.
///
/// Source of the weights: `scripts/fit-review-model.py` over the field TSVs of `LineDumpEvaluationTests` on the
/// shared corpus photos read by three engines (PP-OCRv6 tiny, PP-OCRv4, the scanner's Tesseract), each with and
/// without a second engine's reading; calibration and the leave-one-source-folder-out figures are in docs/label.md
/// ("Review flag"). Refit with the script when the grammar or the evidence changes.
public enum ReviewModel {
    /// Names of the features, in the order of ``features(_:)`` and ``weights`` (the script prints them too).
    static let featureNames = [
        "bias", "grammar_logit", "recognition_logit", "recognition_absent", "serving_agrees", "serving_disagrees",
        "energy_agrees", "energy_disagrees", "column_agrees", "column_disagrees", "ri_agrees", "ri_disagrees",
        "parent_disagrees", "second_agrees", "second_disagrees", "repaired", "inferred_row", "micronutrient",
    ]

    /// Fitted weights (see the type's documentation), one per feature: `scripts/fit-review-model.py --target 0.995
    /// --l2 1` over 7,164 predicted fields (v6tiny, v4, tesseract, v6tiny+tesseract, v4+tesseract, tesseract+v6tiny
    /// dumps of the 128 shared label photos; session 10). The strongest evidence: a second reading agreeing (+2.7) or
    /// not (−2.3), a column whose energy matches its macros (+2.4), a %RI that fits (+1.6), a sub-row above its parent
    /// (−1.5), the grammar's own confidence (+0.94 per logit unit). Positive weights on repaired values and
    /// micronutrients offset penalties the grammar's confidence already holds.
    static let weights: [Double] = [
        -0.5634, 0.9449, 0.0587, 0.0000, 0.4361, -0.9788, -0.2797, 0.0170, 2.3994, 1.1038, 1.5754, 0.0491, -1.5399,
        2.6571, -2.3090, 0.9129, -0.4143, 1.0888,
    ]

    /// Values at or above this probability are not flagged for review: the lowest threshold at which the fitted
    /// fields not flagged were right at least 99.5 % of the time (leaving one source folder out: 99.2 % right on the
    /// folders held out, 28 % flagged, ECE 0.009; docs/label.md, "Review flag").
    public static let reviewThreshold = 0.9624

    private static func logit(_ p: Double, _ low: Double, _ high: Double) -> Double {
        let clamped = min(high, max(low, p))
        return log(clamped / (1 - clamped))
    }

    /// The feature vector of `evidence` (see ``featureNames``).
    static func features(_ evidence: ReviewEvidence) -> [Double] {
        func flag(_ value: Bool) -> Double { value ? 1 : 0 }
        return [
            1,
            logit(evidence.grammarConfidence, 0.02, 0.98),
            evidence.recognitionConfidence.map { logit($0, 0.01, 0.999) } ?? 0,
            flag(evidence.recognitionConfidence == nil),
            flag(evidence.servingRatio == .agrees), flag(evidence.servingRatio == .disagrees),
            flag(evidence.energy == .agrees), flag(evidence.energy == .disagrees),
            flag(evidence.column == .agrees), flag(evidence.column == .disagrees),
            flag(evidence.referenceIntake == .agrees), flag(evidence.referenceIntake == .disagrees),
            flag(evidence.parentRow == .disagrees),
            flag(evidence.secondReading == .agrees), flag(evidence.secondReading == .disagrees),
            flag(evidence.repaired), flag(evidence.inferredRow), flag(evidence.micronutrient),
        ]
    }

    /// Probability (0…1) that the value with this evidence is right.
    public static func probability(_ evidence: ReviewEvidence) -> Double {
        let score = zip(features(evidence), weights).reduce(0) { $0 + $1.0 * $1.1 }
        return 1 / (1 + exp(-score))
    }
}
