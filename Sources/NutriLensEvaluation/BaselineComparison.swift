import Foundation
import NutriLens

/// Compares an evaluation with an earlier one: what `nutrilens eval --baseline` uses to fail on a regression.
extension EvaluationReport {
    /// One metric that got worse.
    public struct Regression: Sendable, Equatable, CustomStringConvertible {
        /// Metric name, e.g. `fields.recall`, `per_nutrient.fat_100g.recall`, `barcodes.rate`.
        public var metric: String
        /// The metric in the baseline report: a rate 0...1, or a count for `failed_images`.
        public var baseline: Double
        /// The metric now, on the same scale; lower than `baseline` by more than the tolerance.
        public var current: Double
        /// `metric: before -> after`, rates as percentages with one decimal (`fields.recall: 92.5% -> 91.8%`), counts
        /// as integers.
        public var description: String {
            metric == "failed_images" ? "\(metric): \(Int(baseline)) -> \(Int(current))"
                : "\(metric): \(Self.percent(baseline)) -> \(Self.percent(current))"
        }
        static func percent(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }
    }

    /// Metrics that dropped by more than `tolerance` (absolute, on the 0…1 scale) compared with `baseline`: overall
    /// field recall and precision, table exact-match, barcode and kind accuracy, and per-nutrient recall and precision
    /// for keys with at least `minimumFieldsPerNutrient` truth fields in both reports. Metrics absent from either report
    /// are not compared. More failed images than the baseline also counts.
    public func regressions(against baseline: EvaluationReport, tolerance: Double = 0.0005,
                            minimumFieldsPerNutrient: Int = 3) -> [Regression] {
        var out: [Regression] = []
        func check(_ metric: String, _ old: Double?, _ new: Double?) {
            guard let old, let new, new < old - tolerance else { return }
            out.append(Regression(metric: metric, baseline: old, current: new))
        }
        check("fields.recall", baseline.fields.recall, fields.recall)
        check("fields.precision", baseline.fields.precision, fields.precision)
        check("tables.rate", baseline.tables.rate, tables.rate)
        check("barcodes.rate", baseline.barcodes.rate, barcodes.rate)
        check("kind.rate", baseline.kind.rate, kind.rate)
        for key in perNutrient.keys.sorted() {
            guard let new = perNutrient[key], let old = baseline.perNutrient[key],
                  new.truth >= minimumFieldsPerNutrient, old.truth >= minimumFieldsPerNutrient else { continue }
            check("per_nutrient.\(key).recall", old.recall, new.recall)
            check("per_nutrient.\(key).precision", old.precision, new.precision)
        }
        if failedImages > baseline.failedImages {
            out.append(Regression(metric: "failed_images", baseline: Double(baseline.failedImages), current: Double(failedImages)))
        }
        return out
    }
}
