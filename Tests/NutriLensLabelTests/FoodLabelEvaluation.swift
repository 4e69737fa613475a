import Foundation
@testable import NutriLensLabel

/// Scores parser output against `ground-truth.md` sidecars: a field is correct when the numbers are equal after
/// rounding to the printed precision (Decimal equality: 2.9 == 2.90); qualifiers are ignored for FoodLabel.
struct FieldScore {
    var truth = 0
    var predicted = 0
    var correct = 0
    var recall: Double { truth == 0 ? 1 : Double(correct) / Double(truth) }
    var precision: Double { predicted == 0 ? 1 : Double(correct) / Double(predicted) }
}

struct EvaluationReport {
    var perKey: [String: FieldScore] = [:]
    /// Overall score of each half of the labels (`FoodLabelEvaluation.half(of:)`): [development half A, held-out B].
    var halves = [FieldScore(), FieldScore()]
    var files = 0
    var tables = 0
    var mismatches: [String] = []
    /// Truth fields that are 0 for a row the OCR text never names (FoodLabel records an absent fibre row as 0).
    var unprintedTruthZeros = 0
    /// "0042 fiber_100g" for each of ``unprintedTruthZeros`` (printed with the mismatches under
    /// `NUTRILENS_EVAL_VERBOSE`, as "unnamed 0042 fiber_100g", for `scripts/foodlabel-recall-ceiling.py`).
    var unprintedTruthZeroFields: [String] = []
    /// Confidence of every predicted field against its correctness.
    var calibration = ConfidenceCalibration()
    /// One TSV row per predicted field (label, key, predicted, truth, right/wrong, confidence, review, source,
    /// repairs, then the entry's ``ReviewModel`` features, then the evidence of ``ReviewModel/flagsDisorder(_:)``:
    /// unpaired row 0/1 and the count of other rows contradicted), for `NUTRILENS_DUMP_FIELDS`.
    var fieldRows: [String] = []

    var overall: FieldScore {
        perKey.values.reduce(into: FieldScore()) {
            $0.truth += $1.truth
            $0.predicted += $1.predicted
            $0.correct += $1.correct
        }
    }

    func summary(title: String) -> String {
        var lines = ["\(title): \(files) files, \(tables) tables"]
        for key in perKey.keys.sorted() {
            let score = perKey[key]!
            lines.append(String(format: "  %-22@ recall %5.1f%% (%d/%d)  precision %5.1f%% (%d/%d)", key as NSString,
                                100 * score.recall, score.correct, score.truth, 100 * score.precision,
                                score.correct, score.predicted))
        }
        let total = overall
        lines.append(String(format: "  %-22@ recall %5.1f%% (%d/%d)  precision %5.1f%% (%d/%d)", "overall" as NSString,
                            100 * total.recall, total.correct, total.truth, 100 * total.precision, total.correct,
                            total.predicted))
        for (index, half) in halves.enumerated() where half.truth > 0 {
            lines.append(String(format: "  half %@ (%@)%@ recall %5.1f%% (%d/%d)  precision %5.1f%% (%d/%d)",
                                index == 0 ? "A" : "B", index == 0 ? "development" : "held out",
                                index == 0 ? "  " : "     ", 100 * half.recall, half.correct, half.truth,
                                100 * half.precision, half.correct, half.predicted))
        }
        if unprintedTruthZeros > 0 {
            let printed = total.truth - unprintedTruthZeros
            lines.append(String(format: "  overall on rows named in the text: recall %5.1f%% (%d/%d); %d truth zeros for "
                                + "rows the text never names left out", 100 * Double(total.correct) / Double(printed),
                                total.correct, printed, unprintedTruthZeros))
        }
        if !calibration.fields.isEmpty { lines.append(calibration.summary()) }
        return lines.joined(separator: "\n")
    }
}

/// Result slots shared by `concurrentPerform` workers; each index is written once, under the lock.
private final class ResultSlots<R>: @unchecked Sendable {
    var results: [R?]
    let lock = NSLock()
    init(count: Int) { results = Array(repeating: nil, count: count) }
}

/// `concurrentPerform` over an array, results in input order.
enum ParallelMap {
    static func map<T: Sendable, R>(_ items: [T], _ transform: @Sendable (T) -> R?) -> [R?] {
        let slots = ResultSlots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { index in
            let result = transform(items[index])
            slots.lock.lock()
            slots.results[index] = result
            slots.lock.unlock()
        }
        return slots.results
    }
}

enum FoodLabelEvaluation {
    static let keys = ["energy-kcal_100g", "fat_100g", "saturated-fat_100g", "carbohydrates_100g", "sugars_100g",
                       "fiber_100g", "proteins_100g", "salt_100g"]

    /// Evaluates one OCR variant (`crop_small`, `crop_large`, `full_size`) over all sidecars.
    /// - Parameter stride: evaluate every `stride`-th label (1 = all 500), to keep debug test runs short.
    static func run(corpus: URL, variant: String, stride: Int = 1,
                    parser: NutritionParser = NutritionParser()) throws -> EvaluationReport {
        let root = corpus.appendingPathComponent("labels/FoodLabel")
        let truthDirectory = root.appendingPathComponent("gt")
        let names = try FileManager.default.contentsOfDirectory(atPath: truthDirectory.path)
            .filter { $0.hasSuffix(".json") }.sorted().enumerated().filter { $0.offset % max(1, stride) == 0 }.map(\.element)
        // Files are independent: parse them on all cores, then score in order.
        let tables = ParallelMap.map(names) { name -> (truth: [String: Decimal], table: NutritionTable?,
                                                       named: Set<Nutrient>)? in
            let id = String(name.dropLast(5))
            let ocrURL = root.appendingPathComponent("ocr/\(variant)/\(id).txt")
            guard let text = try? String(contentsOf: ocrURL, encoding: .utf8),
                  let data = try? Data(contentsOf: truthDirectory.appendingPathComponent(name)),
                  let truth = try? truthNutriments(data) else { return nil }
            return (truth, try? parser.parse(text: text), namedNutrients(text))
        }
        var report = EvaluationReport()
        for (name, result) in zip(names, tables) {
            guard let (truth, table, named) = result else { continue }
            for key in keys where truth[key] == 0 {
                if let nutrient = Nutrient(rawValue: String(key.dropLast(5))), !named.contains(nutrient) {
                    report.unprintedTruthZeros += 1
                    report.unprintedTruthZeroFields.append("\(name.dropLast(5)) \(key)")
                }
            }
            let id = String(name.dropLast(5))
            report.files += 1
            if table != nil { report.tables += 1 }
            let predicted = foodLabelView(table?.nutriments ?? [:])
            let half = half(of: id)
            for key in keys {
                var score = report.perKey[key] ?? FieldScore()
                if truth[key] != nil { report.halves[half].truth += 1 }
                if predicted[key] != nil { report.halves[half].predicted += 1 }
                if let value = truth[key], value == predicted[key] { report.halves[half].correct += 1 }
                let truthValue = truth[key]
                let predictedValue = predicted[key]
                if truthValue != nil { score.truth += 1 }
                if predictedValue != nil { score.predicted += 1 }
                if predictedValue != nil, let entry = table?[key]
                    ?? table?[key.replacingOccurrences(of: "_100g", with: "_prepared_100g")] {
                    report.calibration.add(confidence: entry.confidence, needsReview: entry.needsReview,
                                           correct: truthValue == predictedValue)
                    report.fieldRows.append([id, key, "\(predictedValue!)", truthValue.map { "\($0)" } ?? "-",
                                             truthValue == predictedValue ? "right" : "wrong",
                                             String(format: "%.3f", entry.confidence), entry.needsReview ? "review" : "-",
                                             entry.sourceText.replacingOccurrences(of: "\t", with: " "),
                                             entry.repairs.map(\.rawValue).joined(separator: ",")].joined(separator: "\t")
                                             + "\t" + (entry.evidence.map { ReviewModel.features($0) }
                                                 ?? []).map { String(format: "%.4f", $0) }.joined(separator: "\t")
                                             + "\t" + [entry.evidence?.unpairedRow == true ? "1" : "0",
                                                        "\(entry.evidence?.otherRowsContradicted ?? 0)"]
                                                 .joined(separator: "\t"))
                }
                if let truthValue, let predictedValue, truthValue == predictedValue {
                    score.correct += 1
                } else if truthValue != nil || predictedValue != nil {
                    report.mismatches.append("\(id) \(key): truth \(truthValue.map { "\($0)" } ?? "-") "
                        + "predicted \(predictedValue.map { "\($0)" } ?? "-")")
                }
                report.perKey[key] = score
            }
        }
        return report
    }

    /// The half a label belongs to: 0 (A, the half rules are developed on) when the 64-bit FNV-1a hash of its id
    /// ("0042", UTF-8) is below 500 modulo 1000, else 1 (B, held out). 252 labels in A, 248 in B; stable across runs
    /// and machines, unrelated to label content.
    static func half(of id: String) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash % 1000 < 500 ? 0 : 1
    }

    /// Nutrients whose row name occurs anywhere in the text.
    static func namedNutrients(_ text: String) -> Set<Nutrient> {
        var named = Set<Nutrient>()
        for line in text.split(separator: "\n") {
            for mention in LineAnalyzer.matchMentions(LineAnalyzer.words(Array(line))) { named.insert(mention.nutrient) }
        }
        return named
    }

    /// FoodLabel truth is "per 100 g/ml" of the product as the label describes it; where a label gives only
    /// "prepared" per-100 values (soups, drinks from powder), those are the truth. So a missing `X_100g` falls back to
    /// `X_prepared_100g`.
    static func foodLabelView(_ nutriments: [String: Decimal]) -> [String: Decimal] {
        var view = nutriments
        for key in keys where view[key] == nil {
            let prepared = key.replacingOccurrences(of: "_100g", with: "_prepared_100g")
            if let value = nutriments[prepared] { view[key] = value }
        }
        return view
    }

    /// Reads `nutrition.nutriments` as Decimals (via the JSON text, so 0.22 stays 0.22).
    static func truthNutriments(_ data: Data) throws -> [String: Decimal] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let nutrition = object["nutrition"] as? [String: Any],
              let nutriments = nutrition["nutriments"] as? [String: Any] else { return [:] }
        var result: [String: Decimal] = [:]
        for (key, value) in nutriments {
            if let number = value as? NSNumber, let decimal = Decimal(string: "\(number)") {
                result[key] = decimal
            }
        }
        return result
    }
}
