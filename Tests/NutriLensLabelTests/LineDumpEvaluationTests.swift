import XCTest
@testable import NutriLensLabel
import NutriLensTestSupport

/// The grammar on OCR text of labelled photos, from text alone: a folder of `NAME.lines.json` dumps (JSON arrays of
/// `TextLine`, written by `scripts/dump-label-text.py` for the PP-OCR readers, or `nutrilens scan --dump-lines DIR` for
/// the scanner's Tesseract reading)
/// plus `list.txt` (photo paths relative to the photos' root, one per line; NAME is the path with `/` → `__` and no
/// extension), scored against the photos' sidecars with the `eval` rules (value rounded to the truth's printed
/// decimals, qualifier equal). Development aid: skipped unless `NUTRILENS_LINE_DUMPS` names the folder.
///
/// - `NUTRILENS_DUMP_ROOT`: the photos' root (default `../shared/corpus/labels`; `TestImages` for the generated set).
/// - `NUTRILENS_DUMP_FIELDS=FILE`: one TSV row per truth or predicted field (see ``FieldRecord``), the input of
///   `scripts/grammar-report.py` (per-folder figures, own-row losses) and `scripts/fit-review-model.py`.
/// - `NUTRILENS_SECOND_DUMPS=FOLDER`: dumps of the same photos by another engine, passed as the second reading
///   (`parse(lines:secondReading:)`). Without it, a `NAME.second.json` beside the lines (`nutrilens eval
///   --ocr-engine both --dump-lines`: the re-read cells' second reading and its keys) is passed as the scanner does
///   (`parse(lines:secondReading:keys:)`), so the dumps reproduce the `both` engine's fields.
/// - `NUTRILENS_DUMP_PLAIN=1`: the words' recogniser confidences are dropped, so the tables are read as plain text
///   (``ReviewModel/Text/plain``: the plain-text model and the disordered-table flag), as an app's OCR without
///   confidences would give them (session 19).
/// - `NUTRILENS_EVAL_VERBOSE=1` prints every mismatching field; `NUTRILENS_DUMP_ONLY=PART` the rows and entries of
///   the photos whose NAME contains PART.
final class LineDumpEvaluationTests: XCTestCase {
    func testLineDumps() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let folder = environment["NUTRILENS_LINE_DUMPS"] else {
            throw XCTSkip("set NUTRILENS_LINE_DUMPS to a folder of NAME.lines.json dumps")
        }
        let root = try environment["NUTRILENS_DUMP_ROOT"].map { URL(fileURLWithPath: $0) }
            ?? PackagePaths.shared("corpus/labels")
        let dumps = URL(fileURLWithPath: folder)
        let list = try String(contentsOf: dumps.appendingPathComponent("list.txt"), encoding: .utf8)
        let verbose = environment["NUTRILENS_EVAL_VERBOSE"] != nil
        let only = environment["NUTRILENS_DUMP_ONLY"]
        let secondDumps = environment["NUTRILENS_SECOND_DUMPS"].map { URL(fileURLWithPath: $0) }
        let plain = environment["NUTRILENS_DUMP_PLAIN"] != nil
        var report = EvaluationReport()
        var records: [FieldRecord] = []
        for path in list.split(separator: "\n").map(String.init) {
            let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            let name = (relative.replacingOccurrences(of: "/", with: "__") as NSString).deletingPathExtension
            if let only, !name.contains(only) { continue }
            let sidecar = root.appendingPathComponent((relative as NSString).deletingPathExtension + ".json")
            guard let truth = SidecarTruth(url: sidecar) else { continue }
            var lines: [TextLine]
            if let data = try? Data(contentsOf: dumps.appendingPathComponent("\(name).lines.json")) {
                lines = try JSONDecoder().decode([TextLine].self, from: data)
                if plain {
                    for index in lines.indices {
                        for word in lines[index].words.indices { lines[index].words[word].confidence = nil }
                    }
                }
            } else {
                lines = []   // OCR skipped or found nothing: every truth field is missed.
            }
            let table: NutritionTable?
            let scannerSecond = dumps.appendingPathComponent("\(name).second.json")
            if secondDumps == nil, let data = try? Data(contentsOf: scannerSecond) {
                let dump = try JSONDecoder().decode(SecondReadingDump.self, from: data)
                table = try NutritionParser().parse(lines: lines, secondReading: dump.lines, keys: Set(dump.keys))
            } else if let second = secondDumps {
                let url = second.appendingPathComponent("\(name).lines.json")
                let other = (try? Data(contentsOf: url)).flatMap { try? JSONDecoder().decode([TextLine].self, from: $0) }
                table = try NutritionParser().parse(lines: lines, secondReading: other ?? [])
            } else {
                table = try NutritionParser().parse(lines: lines)
            }
            if only != nil { printParse(name: name, lines: lines, table: table, truth: truth) }
            report.files += 1
            if table != nil { report.tables += 1 }
            let rows = OwnRowCheck(lines: lines)
            let predicted = (table?.nutriments ?? [:]).filter { SidecarTruth.isScored($0.key) }
            let qualifiers = table?.qualifiers ?? [:]
            for key in Set(truth.nutriments.keys).union(predicted.keys).sorted() {
                var score = report.perKey[key] ?? FieldScore()
                let truthValue = truth.nutriments[key], predictedValue = predicted[key]
                if truthValue != nil { score.truth += 1 }
                if predictedValue != nil { score.predicted += 1 }
                let correct = truth.matches(key: key, predicted: predictedValue, qualifier: qualifiers[key])
                let entry = predictedValue == nil ? nil : table?[key]
                if let entry {
                    report.calibration.add(confidence: entry.confidence, needsReview: entry.needsReview, correct: correct)
                }
                records.append(FieldRecord(image: relative, key: key, predicted: predictedValue,
                                           predictedQualifier: qualifiers[key], truth: truthValue,
                                           truthQualifier: truth.qualifiers[key], correct: correct, entry: entry,
                                           ownRow: truthValue.map { rows.printsOnOwnRow(key: key, value: $0,
                                                                                       decimals: truth.decimals[key] ?? 0) }
                                               ?? false))
                if correct {
                    score.correct += 1
                } else if verbose {
                    print("\(name) \(key): truth \(truthValue.map { "\($0)" } ?? "-")\(truth.qualifiers[key] ?? "") "
                          + "predicted \(predictedValue.map { "\($0)" } ?? "-")\(qualifiers[key] ?? "")")
                }
                report.perKey[key] = score
            }
        }
        print(report.summary(title: "line dumps in \(folder)"))
        let ownRowLosses = records.filter { $0.ownRow && !$0.correct }.count
        print("  own-row losses (truth number on the nutrient's own row, field missing or wrong): \(ownRowLosses) "
              + "of \(records.filter(\.ownRow).count) own-row fields")
        if let path = environment["NUTRILENS_DUMP_FIELDS"] {
            try ([FieldRecord.header] + records.map(\.row)).joined(separator: "\n")
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
        XCTAssertGreaterThan(report.files, 0)
    }

    /// `NUTRILENS_DUMP_ONLY=NAME-PART`: the rows the grammar reads, its entries and the truth, for one photo.
    private func printParse(name: String, lines: [TextLine], table: NutritionTable?, truth: SidecarTruth) {
        print("== \(name)")
        for row in VisualRows.rows(from: lines)?.map(\.text) ?? lines.map(\.text) { print("  | \(row)") }
        for entry in table?.entries ?? [] {
            let truthValue = truth.nutriments[entry.key].map { "\($0)" } ?? "-"
            print("  \(entry.key) = \(entry.qualifier?.rawValue ?? "")\(entry.value) \(entry.unit.rawValue) "
                  + "(truth \(truth.qualifiers[entry.key] ?? "")\(truthValue)) conf \(String(format: "%.2f", entry.confidence))"
                  + "\(entry.needsReview ? " review" : "") «\(entry.sourceText)»")
        }
        for key in truth.nutriments.keys.sorted() where table?[key] == nil {
            print("  \(key) missing (truth \(truth.nutriments[key]!))")
        }
    }
}

/// `NAME.second.json` of `nutrilens … --ocr-engine both --dump-lines DIR`: the second reading of the re-read cells and
/// the keys of the fields it is evidence for.
struct SecondReadingDump: Decodable {
    var lines: [TextLine]
    var keys: [String]
}

/// One truth or predicted field of a dump evaluation, written as a TSV row: image (path relative to the photos'
/// root), key, predicted (`-` when missed), truth (`-` when spurious), outcome (`right`, `wrong`, `missed`,
/// `spurious`), confidence, review (`review` or `-`), own row (1 when the truth number stands on the nutrient's own
/// row of the OCR text), source text, repairs, then the entry's ``ReviewModel`` features, then the evidence of
/// ``ReviewModel/flagsDisorder(_:)`` the models do not weigh (`unpaired_row`, `other_rows_contradicted`).
struct FieldRecord {
    static let header = "image\tkey\tpredicted\ttruth\toutcome\tconfidence\treview\town_row\tsource\trepairs\t"
        + ReviewModel.featureNames.joined(separator: "\t") + "\tunpaired_row\tother_rows_contradicted"

    var image: String
    var key: String
    var predicted: Decimal?
    var predictedQualifier: String?
    var truth: Decimal?
    var truthQualifier: String?
    var correct: Bool
    var entry: NutritionEntry?
    var ownRow: Bool

    var outcome: String {
        if correct { return "right" }
        if predicted == nil { return "missed" }
        return truth == nil ? "spurious" : "wrong"
    }

    var row: String {
        [image, key, predicted.map { "\(predictedQualifier ?? "")\($0)" } ?? "-",
         truth.map { "\(truthQualifier ?? "")\($0)" } ?? "-", outcome,
         entry.map { String(format: "%.4f", $0.confidence) } ?? "-", entry?.needsReview == true ? "review" : "-",
         ownRow ? "1" : "0", (entry?.sourceText ?? "").replacingOccurrences(of: "\t", with: " "),
         entry?.repairs.map(\.rawValue).joined(separator: ",") ?? ""].joined(separator: "\t") + "\t"
            + (entry?.evidence.map { ReviewModel.features($0).map { String(format: "%.4f", $0) } }
               ?? Array(repeating: "-", count: ReviewModel.featureNames.count)).joined(separator: "\t") + "\t"
            + (entry?.evidence.map { [$0.unpairedRow ? "1" : "0", "\($0.otherRowsContradicted)"] } ?? ["-", "-"])
                .joined(separator: "\t")
    }
}

/// Whether a truth value is printed on its nutrient's own row of the OCR text: a row (rebuilt from word geometry
/// as the parser does, else the input lines) that names the nutrient (for energy: names energy or prints the
/// number with the key's unit) and holds a reading of the number equal to the truth after rounding to its printed
/// decimals — the losses only the grammar can be blamed for.
struct OwnRowCheck {
    private let rows: [LineAnalysis]

    init(lines: [TextLine]) {
        let texts = VisualRows.rows(from: lines)?.map(\.text) ?? lines.map(\.text)
        rows = texts.enumerated().map { LineAnalyzer.analyze($0.element, lineIndex: $0.offset) }
    }

    func printsOnOwnRow(key: String, value: Decimal, decimals: Int) -> Bool {
        var name = key
        for suffix in ["_100g", "_serving"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        name = name.replacingOccurrences(of: "_prepared", with: "")
        guard let nutrient = Nutrient(rawValue: name) else { return false }
        let target = SidecarTruth.rounded(value, decimals)
        return rows.contains { row in
            let named = row.mentions.contains { $0.nutrient == nutrient || (nutrient.isEnergy && $0.nutrient.isEnergy) }
            return row.quantities.contains { quantity in
                guard !quantity.isPercent else { return false }
                let readings = [quantity.primary] + quantity.alternatives
                return readings.contains { reading in
                    if nutrient.isEnergy {
                        guard reading.unit == nutrient.keyUnit || (named && (reading.unit == nil
                                                                              || quantity.isEnergyOfUnknownUnit))
                        else { return false }
                        return SidecarTruth.rounded(reading.value, decimals) == target
                    }
                    guard named, reading.unit?.isEnergy != true else { return false }
                    let factors: [Decimal] = reading.unit.flatMap(\.grams).map { [$0] }
                        ?? (nutrient.isMicronutrient ? [1, Decimal(string: "0.001")!, Decimal(string: "0.000001")!] : [1])
                    return factors.contains { SidecarTruth.rounded(reading.value * $0, decimals) == target }
                }
            }
        }
    }
}

/// A sidecar's nutriments with the decimals printed in the JSON text (scoring rounds the prediction to them, as
/// `nutrilens eval` does: "62.0" is scored to one decimal).
struct SidecarTruth {
    var nutriments: [String: Decimal] = [:]
    var decimals: [String: Int] = [:]
    var qualifiers: [String: String] = [:]

    init?(url: URL) {
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let nutrition = object["nutrition"] as? [String: Any],
              let printed = nutrition["nutriments"] as? [String: Any] else { return nil }
        let json = String(decoding: data, as: UTF8.self)
        for (key, value) in printed where Self.isScored(key) {
            guard let number = value as? NSNumber, let decimal = Decimal(string: "\(number)") else { continue }
            nutriments[key] = decimal
            let literal = json.range(of: "\"\(key)\"\\s*:\\s*-?[0-9]+(\\.[0-9]+)?", options: .regularExpression)
                .map { String(json[$0]) }
            decimals[key] = literal.flatMap { text in text.split(separator: ".").count == 2
                ? text.split(separator: ".").last!.count : 0 } ?? max(0, -Int(decimal.exponent))
        }
        qualifiers = nutrition["qualifiers"] as? [String: String] ?? [:]
    }

    /// `true` when `predicted` equals the truth of `key` after rounding to its printed decimals and the qualifiers
    /// agree.
    func matches(key: String, predicted: Decimal?, qualifier: String?) -> Bool {
        guard let truth = nutriments[key], let predicted else { return false }
        let places = decimals[key] ?? 0
        return Self.rounded(predicted, places) == Self.rounded(truth, places)
            && Self.qualifier(qualifier) == Self.qualifier(qualifiers[key])
    }

    /// The keys `nutrilens eval` scores (FieldScoring.scoredNutrients): macros, energy, vitamins and minerals.
    static func isScored(_ key: String) -> Bool {
        var name = key
        for suffix in ["_100g", "_serving"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        let scored: Set<String> = [
            "energy-kj", "energy-kcal", "energy", "fat", "saturated-fat", "monounsaturated-fat", "polyunsaturated-fat",
            "trans-fat", "cholesterol", "carbohydrates", "sugars", "added-sugars", "polyols", "starch", "fiber",
            "proteins", "salt", "sodium", "calcium", "iron", "magnesium", "zinc", "potassium", "phosphorus", "iodine",
            "selenium", "copper", "manganese", "chloride", "fluoride", "chromium", "molybdenum",
        ]
        return scored.contains(name) || name.hasPrefix("vitamin-")
    }

    static func rounded(_ value: Decimal, _ places: Int) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, places, .plain)
        return output
    }

    static func qualifier(_ text: String?) -> String? {
        guard let q = text?.trimmingCharacters(in: .whitespaces).lowercased(), !q.isEmpty else { return nil }
        if q == "<" || q == "≤" || q == "<=" || q.hasPrefix("less") { return "<" }
        if q.hasPrefix("trace") || q == "spuren" || q == "tracce" || q == "trazas" { return "trace" }
        return q
    }
}
