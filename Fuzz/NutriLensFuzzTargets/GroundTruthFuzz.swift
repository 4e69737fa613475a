import Foundation
import NutriLens
import NutriLensEvaluation

/// Fuzzes the CLI's ground-truth sidecar reader (`GroundTruth.decode`, used by `nutrilens eval`): JSONDecoder plus
/// the regex that recovers each nutriment's printed decimals.
enum GroundTruthFuzz {
    static func run(_ data: Data) throws {
        let truth: GroundTruth
        do { truth = try GroundTruth.decode(data) } catch is DecodingError { return }
        for (key, decimals) in truth.printedDecimals {
            try require(truth.nutrition?.nutriments[key] != nil, "printedDecimals has \(key) without a nutriment")
            try require(decimals >= 0, "negative decimals \(decimals) for \(key)")
        }
        // Round trip: what eval reads it must be able to write back (the baseline file path).
        let again = try JSONEncoder().encode(truth)
        _ = try JSONDecoder().decode(GroundTruth.self, from: again)
    }
}
