import Foundation
import NutriLens

/// Totals and rates over a set of scored images: what `nutrilens eval` prints and writes with `--report`.
///
/// Rates are fractions 0…1 and absent when their denominator is 0. JSON keys are snake_case.
public struct EvaluationReport: Codable, Sendable, Equatable {
    /// Counts and rates for a group of fields (all, or one nutriment key).
    public struct FieldTotals: Codable, Sendable, Equatable {
        /// Fields the ground truth holds (scored keys only).
        public var truth = 0
        /// Fields the scan predicted (scored keys only).
        public var predicted = 0
        /// Predicted fields whose value and qualifier match the truth (`FieldScoring`).
        public var correct = 0
        /// correct / truth.
        public var recall: Double? { truth == 0 ? nil : Double(correct) / Double(truth) }
        /// correct / predicted.
        public var precision: Double? { predicted == 0 ? nil : Double(correct) / Double(predicted) }

        /// `truth`, `predicted`, `correct`: field counts, `correct <= min(truth, predicted)` for real totals.
        public init(truth: Int = 0, predicted: Int = 0, correct: Int = 0) {
            self.truth = truth; self.predicted = predicted; self.correct = correct
        }

        enum CodingKeys: String, CodingKey { case truth, predicted, correct, recall, precision }

        /// Decodes the three counts; the JSON's `recall` and `precision` are recomputed from them, not read.
        /// - Throws: `DecodingError` when a count is missing or not an integer.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            truth = try c.decode(Int.self, forKey: .truth)
            predicted = try c.decode(Int.self, forKey: .predicted)
            correct = try c.decode(Int.self, forKey: .correct)
        }

        /// Writes the three counts and, when defined, `recall` and `precision` rounded to 4 decimals.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(truth, forKey: .truth)
            try c.encode(predicted, forKey: .predicted)
            try c.encode(correct, forKey: .correct)
            try c.encodeIfPresent(recall.map { ScanResultJSON.rounded($0, decimals: 4) }, forKey: .recall)
            try c.encodeIfPresent(precision.map { ScanResultJSON.rounded($0, decimals: 4) }, forKey: .precision)
        }
    }

    /// A count of hits out of a total, with its rate.
    public struct Accuracy: Codable, Sendable, Equatable {
        /// Cases counted (images with a truth barcode, a truth kind, …).
        public var total = 0
        /// Cases counted as right, `<= total`.
        public var correct = 0
        /// correct / total, absent when total is 0.
        public var rate: Double? { total == 0 ? nil : Double(correct) / Double(total) }

        /// `total` cases, `correct` of them right (`0 <= correct <= total` for a real count).
        public init(total: Int = 0, correct: Int = 0) { self.total = total; self.correct = correct }

        enum CodingKeys: String, CodingKey { case total, correct, rate }

        /// Decodes `total` and `correct`; the JSON's `rate` is recomputed, not read.
        /// - Throws: `DecodingError` when a count is missing or not an integer.
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            total = try c.decode(Int.self, forKey: .total)
            correct = try c.decode(Int.self, forKey: .correct)
        }

        /// Writes `total`, `correct` and, when `total > 0`, `rate` rounded to 4 decimals.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(total, forKey: .total)
            try c.encode(correct, forKey: .correct)
            try c.encodeIfPresent(rate.map { ScanResultJSON.rounded($0, decimals: 4) }, forKey: .rate)
        }
    }

    /// Images scored.
    public var images: Int
    /// Images whose scan failed (`error` set).
    public var failedImages: Int
    /// All scored fields.
    public var fields: FieldTotals
    /// Per nutriment key (`fat_100g`).
    public var perNutrient: [String: FieldTotals]
    /// Images with a truth table whose table matched exactly.
    public var tables: Accuracy
    /// Truth barcodes read correctly (GTIN-13 normal form).
    public var barcodes: Accuracy
    /// Predicted barcodes matching no truth barcode.
    public var spuriousBarcodes: Int
    /// Images with a truth kind whose kind was predicted correctly.
    public var kind: Accuracy
    /// Median whole-scan milliseconds over the images.
    public var medianScanMs: Double?
    /// Up to `worstCount` images with the lowest F1-like score (recall + precision), worst first.
    public var worstImages: [ImageScore]
    /// Every image's score, in input order.
    public var imageScores: [ImageScore]
    /// Images left out, path → why (missing or malformed sidecar), and with `nutrilens eval` (since session 21) the
    /// paths below the folder that could not be read (a folder that cannot be listed, a link that cannot be followed:
    /// `FolderSearch.UnreadablePath.problem`); absent when none.
    public var skipped: [String: String]?
    /// The metrics the scan's stages left out and that were therefore not scored (``unscoredMetrics(stages:)``):
    /// `fields` and `tables` (no `.nutrition`), `barcodes` (no `.barcode`), `kind` (no `.classifier`); their totals
    /// are 0 and their rates absent, so a baseline comparison skips them. Absent when every stage ran (since session
    /// 21).
    public var notScored: [String]?

    enum CodingKeys: String, CodingKey {
        case images, fields, tables, barcodes, kind
        case failedImages = "failed_images", perNutrient = "per_nutrient", spuriousBarcodes = "spurious_barcodes"
        case skipped, notScored = "not_scored"
        case medianScanMs = "median_scan_ms", worstImages = "worst_images", imageScores = "image_scores"
    }

    /// The largest report ``load(from:maxBytes:)`` reads by default: 256 MiB, the bound the project puts on every
    /// file it reads whole (`ScannerConfiguration.maxFileBytes`, OCR text files, model files). A report takes about
    /// 1 kB per image (the shared label corpus's: 125 kB for 128 photos), so this holds some 250,000 images.
    public static let maxFileBytes = 256 << 20

    /// Reads a report written by `nutrilens eval --report` (a baseline), at most `maxBytes` bytes (default
    /// ``maxFileBytes``).
    /// - Throws: `JSONFileError` (`.unreadable`, `.fileTooLarge` or `.malformed`), one line naming the file.
    public static func load(from url: URL, maxBytes: Int = maxFileBytes) throws -> EvaluationReport {
        try JSONFileError.decode(url, maxBytes: maxBytes) { try JSONDecoder().decode(EvaluationReport.self, from: $0) }
    }

    /// The metrics a scan with only `stages` cannot be scored on, in report order: `fields`, `tables` without
    /// `.nutrition`; `barcodes` without `.barcode`; `kind` without `.classifier` (the kind the scanner still gives
    /// without the classifier comes from the barcode and table signals alone, `ImageKindScorer`, not from a look at
    /// the photo).
    public static func unscoredMetrics(stages: ScannerConfiguration.Stages) -> [String] {
        var metrics: [String] = []
        if !stages.contains(.nutrition) { metrics += ["fields", "tables"] }
        if !stages.contains(.barcode) { metrics.append("barcodes") }
        if !stages.contains(.classifier) { metrics.append("kind") }
        return metrics
    }

    /// Aggregates per-image scores. `worstCount` bounds `worstImages` (default 10).
    public init(scores: [ImageScore], worstCount: Int = 10) {
        images = scores.count
        failedImages = scores.filter { $0.error != nil }.count
        var fields = FieldTotals()
        var perNutrient: [String: FieldTotals] = [:]
        var tables = Accuracy(), barcodes = Accuracy(), kind = Accuracy()
        var spurious = 0
        for score in scores {
            fields.truth += score.truthFields
            fields.predicted += score.predictedFields
            fields.correct += score.correctFields
            for (key, outcome) in score.outcomes {
                var t = perNutrient[key] ?? FieldTotals()
                if outcome != .spurious { t.truth += 1 }
                if outcome != .missed { t.predicted += 1 }
                if outcome == .correct { t.correct += 1 }
                perNutrient[key] = t
            }
            if let exact = score.tableExact { tables.total += 1; tables.correct += exact ? 1 : 0 }
            barcodes.total += score.truthBarcodes
            barcodes.correct += score.correctBarcodes
            spurious += score.spuriousBarcodes
            if let k = score.kindCorrect { kind.total += 1; kind.correct += k ? 1 : 0 }
        }
        self.fields = fields
        self.perNutrient = perNutrient
        self.tables = tables
        self.barcodes = barcodes
        self.kind = kind
        spuriousBarcodes = spurious
        let times = scores.compactMap(\.totalMs).sorted()
        medianScanMs = times.isEmpty ? nil : (times.count % 2 == 1 ? times[times.count / 2]
                                                : (times[times.count / 2 - 1] + times[times.count / 2]) / 2)
        imageScores = scores
        skipped = nil
        notScored = nil
        worstImages = Array(scores.enumerated()
            .filter { $0.element.recall + $0.element.precision < 2 || $0.element.error != nil }
            .sorted { ($0.element.recall + $0.element.precision, $0.offset) < ($1.element.recall + $1.element.precision, $1.offset) }
            .prefix(worstCount).map(\.element))
    }
}
