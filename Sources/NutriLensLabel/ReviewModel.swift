import Foundation

/// The probability that a value is right, from its ``ReviewEvidence``: a logistic regression fitted on the grammar's
/// output over OCR text of real label photos, and the review threshold chosen on the same fit.
///
/// Source of the weights: `scripts/fit-review-model.py` over the field TSVs of `LineDumpEvaluationTests` on the
/// shared corpus photos: the lines the scanner's default neural reader gave the grammar (`nutrilens eval --dump-lines`,
/// session 13), the same with the scanner's Tesseract reading as second reading, and the PP-OCRv6 tiny, PP-OCRv4 and
/// Tesseract dumps of sessions 9–10; calibration and the leave-one-source-folder-out figures, and the same flag
/// measured through the scanner with both engines (`scripts/review-by-folder.py`), are in docs/label.md ("Review
/// flag"). Refit with the script when the grammar or the evidence changes.
public enum ReviewModel {
    /// Names of the features, in the order of ``features(_:)`` and ``weights`` (the script prints them too).
    static let featureNames = [
        "bias", "grammar_logit", "recognition_logit", "recognition_absent", "serving_agrees", "serving_disagrees",
        "energy_agrees", "energy_disagrees", "column_agrees", "column_disagrees", "ri_agrees", "ri_disagrees",
        "parent_disagrees", "second_agrees", "second_disagrees", "repaired", "inferred_row", "micronutrient",
        "several_nutrients_on_row",
    ]

    /// Fitted weights (see the type's documentation), one per feature: `scripts/fit-review-model.py --target 0.995
    /// --l2 1 --drop recognition_absent` over 6,138 predicted fields (scanner neural lines with and without the scanner's Tesseract reading as
    /// second reading, v6tiny, tesseract and v4 dumps of the 128 shared label photos; session 13). The strongest
    /// evidence: a column whose energy matches its macros (+2.4), a second reading agreeing (+2.2) or not (−1.2), a
    /// %RI that fits (+1.4), a sub-row above its parent (−1.3), a per-serving value off the serving ratio (−1.3), a row
    /// naming several nutrients (−0.5), the grammar's own confidence (+1.0 per logit unit). Weights are relative to an
    /// unavailable check: a column whose energy check could run at all is more often right than one where it could
    /// not, so `column_disagrees` is positive too; positive weights on repaired values and micronutrients offset
    /// penalties the grammar's confidence already holds. `recognition_absent` is held at 0: two fitted fields lacked
    /// a recogniser confidence, too few to set a weight that plain-text input (an app's own OCR) would then carry.
    static let weights: [Double] = [
        -0.4164, 1.0274, 0.0680, 0.0000, 0.0929, -1.2754, -0.4574, -0.1811, 2.3888, 1.6508, 1.4046, -0.2868, -1.3205,
        2.1585, -1.2235, 1.0524, -0.6839, 1.1826, -0.5286,
    ]

    /// Values at or above this probability are not flagged for review: the lowest threshold at which the fitted
    /// fields not flagged were right at least 99.5 % of the time (leaving one source folder out: 99.0 % right on the
    /// folders held out, 39 % flagged, ECE 0.006; docs/label.md, "Review flag").
    public static let reviewThreshold = 0.9767

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
            flag(evidence.severalNutrientsOnRow),
        ]
    }

    /// Probability (0…1) that the value with this evidence is right.
    public static func probability(_ evidence: ReviewEvidence) -> Double {
        let score = zip(features(evidence), weights).reduce(0) { $0 + $1.0 * $1.1 }
        return 1 / (1 + exp(-score))
    }
}
