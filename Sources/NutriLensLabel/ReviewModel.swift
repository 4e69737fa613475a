import Foundation

/// The probability that a value is right, from its ``ReviewEvidence``: one of two logistic regressions over the same
/// features, chosen by what the parsed text is (``Text``), each with the review threshold chosen on its own fit.
///
/// - Recognised text (a recogniser's words with confidences: the scanner's neural, Tesseract or both readings):
///   weights refitted in session 16 (2026-12-02) on the scanner's own output of the 128 shared label photos (main
///   15a34af: `nutrilens eval --jobs 2 --ocr-budget 0 --dump-lines` with the default engine and `--ocr-engine both`,
///   1295 + 1293 predicted fields, field TSVs by `LineDumpEvaluationTests`), then
///   `scripts/fit-review-model.py --nested --target 0.99 --impute --drop recognition_absent scan=… both=…`.
///   Left one source folder out (fitted and thresholded on the other nine, scored on the one left out): default
///   engine 14.1 % flagged, 99.4 % of unflagged fields right, ECE 0.007; `both` 11.0 % / 99.1 % / 0.013
///   (docs/label.md, "Held out on today's output (session 16)").
/// - Plain text (no recogniser confidence anywhere in the table: `parse(text:)`, Textract text such as FoodLabel, an
///   app's own OCR that gives none): the session-10 weights, fitted on 7,164 fields of older engine output of the same
///   photos. Measured on FoodLabel (500 Swiss labels, never fitted on): small crops 7.6 % flagged, 99.06 % of
///   unflagged right; large crops 11.3 % / 98.14 %; full photos 16.0 % / 97.59 %. A refit of the session-15 family
///   on the scanner's output ranks such text worse (session 15), and one fitted on FoodLabel half A, though a little
///   better on half B, has no weight for micronutrients or a second reading, which FoodLabel lacks (session 16).
///
/// Refit with the script when the grammar or the evidence changes (docs/label.md, "Review flag").
public enum ReviewModel {
    /// What the parsed text is, which decides the model that reads its evidence.
    public enum Text: String, Sendable, Codable, Hashable, CaseIterable {
        /// Words that carry a recogniser's confidence: at least one value of the table has a
        /// ``ReviewEvidence/recognitionConfidence``.
        case recognised
        /// Text without recogniser confidences: no value of the table has one (plain text, an OCR engine that
        /// reports none, or words without boxes, whose confidences no value cell can be given).
        case plain

        /// The kind of text a table was read from, by its values' evidence (the one place the choice is made):
        /// ``plain`` when none has a recognition confidence, else ``recognised``.
        public init<Evidence: Sequence>(_ evidence: Evidence) where Evidence.Element == ReviewEvidence {
            self = evidence.contains { $0.recognitionConfidence != nil } ? .recognised : .plain
        }
    }

    /// Names of the features, in the order of ``features(_:)`` and each model's weights (the script prints them too).
    static let featureNames = [
        "bias", "grammar_logit", "recognition_logit", "recognition_absent", "serving_agrees", "serving_disagrees",
        "energy_agrees", "energy_disagrees", "column_agrees", "column_disagrees", "ri_agrees", "ri_disagrees",
        "parent_disagrees", "second_agrees", "second_disagrees", "repaired", "inferred_row", "micronutrient",
    ]

    /// One fitted logistic model: weights in ``featureNames`` order, the review threshold chosen with them, and the
    /// recognition logit a value without its own recogniser confidence takes (`nil`: the raw feature, 0).
    struct Fit: Sendable {
        let weights: [Double]
        let threshold: Double
        let absentRecognitionLogit: Double?
    }

    /// Recognised text, session 16 (see the type's documentation): `fit-review-model.py --nested --target 0.99
    /// --impute --drop recognition_absent` over the default and `both` engines' fields (2588), fitted on every
    /// folder. Strongest evidence: a column whose energy matches its macros (+2.6), the grammar's own confidence
    /// (+1.2 per logit unit), a second reading agreeing (+1.1) or not (−1.0), an inferred row (−1.6). The threshold
    /// is the one the nested leave-one-folder-out rule picks on all ten folders (9.7 % of the fitted fields flagged,
    /// 99.36 % of the rest right in sample). A value the recogniser gave no confidence takes the median recognition
    /// logit of the fitted fields (2.5127), counting as typical.
    static let recognised = Fit(
        weights: [
            -0.5089, 1.2117, 0.2019, 0.0000, -0.4378, -0.8057, -0.2146, 0.7947, 2.5880, 0.6090, 0.9633, 0.0146,
            -0.9045, 1.0955, -0.9722, 1.2418, -1.6160, 1.0453,
        ],
        threshold: 0.9373, absentRecognitionLogit: 2.5127)

    /// Plain text: the session-10 weights, `fit-review-model.py --target 0.995 --l2 1` over 7,164 predicted fields
    /// (v6tiny, v4, tesseract, v6tiny+tesseract, v4+tesseract, tesseract+v6tiny dumps of the 128 shared label photos).
    /// The strongest evidence: a second reading agreeing (+2.7) or not (−2.3), a column whose energy matches its
    /// macros (+2.4), a %RI that fits (+1.6), a sub-row above its parent (−1.5), the grammar's own confidence (+0.94
    /// per logit unit). Positive weights on repaired values and micronutrients offset penalties the grammar's
    /// confidence already holds. Threshold: the lowest at which the fitted fields not flagged were right at least
    /// 99.5 % of the time (left one source folder out at the time: 99.2 % right, 28 % flagged, ECE 0.009).
    static let plain = Fit(
        weights: [
            -0.5634, 0.9449, 0.0587, 0.0000, 0.4361, -0.9788, -0.2797, 0.0170, 2.3994, 1.1038, 1.5754, 0.0491,
            -1.5399, 2.6571, -2.3090, 0.9129, -0.4143, 1.0888,
        ],
        threshold: 0.9624, absentRecognitionLogit: nil)

    static func fit(_ text: Text) -> Fit {
        switch text {
        case .recognised: recognised
        case .plain: plain
        }
    }

    /// Values of `text` at or above this probability are not flagged for review: 0.9373 for recognised text, 0.9624
    /// for plain text (see ``recognised`` and ``plain``).
    public static func reviewThreshold(_ text: Text) -> Double { fit(text).threshold }

    private static func logit(_ p: Double, _ low: Double, _ high: Double) -> Double {
        let clamped = min(high, max(low, p))
        return log(clamped / (1 - clamped))
    }

    /// The feature vector of `evidence` (see ``featureNames``): an absent recognition confidence gives
    /// `recognition_absent` 1 and the logit `absentRecognitionLogit` (0 by default: what the field TSVs hold; the
    /// recognised model passes the value it imputes).
    static func features(_ evidence: ReviewEvidence, absentRecognitionLogit: Double? = nil) -> [Double] {
        func flag(_ value: Bool) -> Double { value ? 1 : 0 }
        return [
            1,
            logit(evidence.grammarConfidence, 0.02, 0.98),
            evidence.recognitionConfidence.map { logit($0, 0.01, 0.999) } ?? absentRecognitionLogit ?? 0,
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

    /// `true` when the value's table shows disorder the value cannot be vouched for against (session 19, issue 22):
    /// its row has fewer cells than the table's columns (``ReviewEvidence/unpairedRow``) or another row of the table
    /// fails a check of its own (``ReviewEvidence/otherRowsContradicted``). Such tables are where values were read
    /// into the wrong row or column, and the column's energy check, the model's strongest evidence, still passes when
    /// whole rows or columns moved together. Applied to ``Text/plain`` only (the plain model has no recogniser
    /// confidence to tell such values apart): there the value is flagged whatever its ``probability(_:text:)``, which
    /// stays the model's. Measured on FoodLabel (plain text, half A developed on, half B held out): full photos
    /// 98.08 → 98.88 % of unflagged values right at 12.5 → 25.2 % flagged. On the scanner's recognised text it would
    /// flag 10.5 → 26.3 % of the corpus fields to catch 2 more wrong ones, so it is not applied there (docs/label.md,
    /// "Review flag", "Disordered tables (session 19)").
    public static func flagsDisorder(_ evidence: ReviewEvidence) -> Bool {
        evidence.unpairedRow || evidence.otherRowsContradicted >= 1
    }

    /// `true` when the value's column contradicts its own macros (``ReviewEvidence/column`` disagrees: the column's
    /// energy does not match fat, carbohydrate and protein × Annex XIV factors) and another row of the table fails a
    /// check of its own (``ReviewEvidence/otherRowsContradicted`` ≥ 1): values were read into the wrong rows (two rows'
    /// numbers swapped or shifted, a misread number), and the column check, which fails for the column as a whole,
    /// cannot say which row holds the wrong one (session 25, issue 22). Applied to ``Text/recognised``, where the
    /// fitted model weighs `column_disagrees` +0.61 (in the corpus it fits, such a column was mostly a label's own
    /// rounding or a missing fibre row, already lowered by the grammar's confidence), so a value of such a column kept
    /// ≥ 0.94; in plain text ``flagsDisorder(_:)`` already flags every value with another row contradicted.
    /// Measured (main 583442b's line dumps): the corpus 11.8 → 12.4 % flagged (8 right values, julielee9067 6 and
    /// pxlshpr 2, none wrong), set 1 (photos the project was not built on) 3 of its 7 wrong unflagged values that
    /// are not sidecar conventions, at 6 right values flagged (docs/label.md, "Rows read into the wrong place").
    public static func flagsMisplacedRows(_ evidence: ReviewEvidence) -> Bool {
        evidence.column == .disagrees && evidence.otherRowsContradicted >= 1
    }

    /// Probability (0…1) that the value with this evidence, read from `text`, is right.
    public static func probability(_ evidence: ReviewEvidence, text: Text) -> Double {
        let model = fit(text)
        let x = features(evidence, absentRecognitionLogit: model.absentRecognitionLogit)
        let score = zip(x, model.weights).reduce(0) { $0 + $1.0 * $1.1 }
        return 1 / (1 + exp(-score))
    }
}
