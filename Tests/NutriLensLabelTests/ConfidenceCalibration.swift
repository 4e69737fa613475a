import Foundation

/// How well entry confidence separates right from wrong predictions: what a user filtering on `confidence` or
/// `needsReview` gets. Fed one predicted field at a time by the corpus evaluations.
struct ConfidenceCalibration {
    private(set) var fields: [(confidence: Double, needsReview: Bool, correct: Bool)] = []

    mutating func add(confidence: Double, needsReview: Bool, correct: Bool) {
        fields.append((confidence, needsReview, correct))
    }

    var wrong: Int { fields.filter { !$0.correct }.count }
    /// Wrong fields a user would trust: not flagged `needsReview`.
    var wrongUnflagged: Int { fields.filter { !$0.correct && !$0.needsReview }.count }
    /// Right fields flagged for review (the cost of flagging).
    var rightFlagged: Int { fields.filter { $0.correct && $0.needsReview }.count }

    /// Correct and total fields at or above `threshold`.
    func above(_ threshold: Double) -> (correct: Int, total: Int) {
        let kept = fields.filter { $0.confidence >= threshold }
        return (kept.filter(\.correct).count, kept.count)
    }

    /// Probability that a random right field has a higher confidence than a random wrong one (ties count half):
    /// 0.5 is no separation, 1 perfect.
    var rankSeparation: Double {
        let right = fields.filter(\.correct).map(\.confidence), bad = fields.filter { !$0.correct }.map(\.confidence)
        guard !right.isEmpty, !bad.isEmpty else { return 1 }
        var wins = 0.0
        for r in right { for w in bad { wins += r > w ? 1 : (r == w ? 0.5 : 0) } }
        return wins / Double(right.count * bad.count)
    }

    func summary() -> String {
        var lines = [String(format: "  confidence: %d predicted, %d wrong; wrong not flagged needsReview %d, right flagged %d; "
                            + "rank separation %.3f", fields.count, wrong, wrongUnflagged, rightFlagged, rankSeparation)]
        for threshold in [0.5, 0.7, 0.8, 0.9] {
            let (correct, total) = above(threshold)
            lines.append(String(format: "    confidence >= %.1f: %d fields, precision %.1f%% (%d wrong)", threshold, total,
                                total == 0 ? 100 : 100 * Double(correct) / Double(total), total - correct))
        }
        return lines.joined(separator: "\n")
    }
}
