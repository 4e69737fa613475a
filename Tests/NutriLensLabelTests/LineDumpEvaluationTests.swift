import XCTest
@testable import NutriLensLabel
import NutriLensTestSupport

/// The grammar on the project's own Tesseract OCR of the shared label photos, from text alone: a folder of
/// `NAME.lines.json` dumps (written by `nutrilens scan --dump-lines DIR ../shared/corpus/labels`) plus `list.txt`
/// (photo paths relative to `../shared/corpus/labels`, one per line; NAME is the path with `/` → `__` and no
/// extension), scored against the photos' sidecars with the `eval` rules (value rounded to the truth's
/// decimals, qualifier equal). Development aid: skipped unless `NUTRILENS_LINE_DUMPS` names the folder, because the
/// dumps go stale whenever the OCR changes. `NUTRILENS_EVAL_VERBOSE=1` prints every mismatching field.
final class LineDumpEvaluationTests: XCTestCase {
    func testTesseractLineDumps() throws {
        guard let folder = ProcessInfo.processInfo.environment["NUTRILENS_LINE_DUMPS"] else {
            throw XCTSkip("set NUTRILENS_LINE_DUMPS to a folder of NAME.lines.json dumps")
        }
        let corpus = try PackagePaths.shared("corpus")
        let labels = corpus.appendingPathComponent("labels")
        let dumps = URL(fileURLWithPath: folder)
        let list = try String(contentsOf: dumps.appendingPathComponent("list.txt"), encoding: .utf8)
        let verbose = ProcessInfo.processInfo.environment["NUTRILENS_EVAL_VERBOSE"] != nil
        let only = ProcessInfo.processInfo.environment["NUTRILENS_DUMP_ONLY"]
        var report = EvaluationReport()
        var fieldRows: [String] = []   // NUTRILENS_DUMP_FIELDS=FILE: one TSV row per predicted field
        for path in list.split(separator: "\n").map(String.init) {
            let relative = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
            let name = (relative.replacingOccurrences(of: "/", with: "__") as NSString).deletingPathExtension
            if let only, !name.contains(only) { continue }
            let sidecar = labels.appendingPathComponent((relative as NSString).deletingPathExtension + ".json")
            guard let truth = SidecarTruth(url: sidecar) else { continue }
            let lines: [TextLine]
            if let data = try? Data(contentsOf: dumps.appendingPathComponent("\(name).lines.json")) {
                lines = try JSONDecoder().decode([TextLine].self, from: data)
            } else {
                lines = []   // OCR skipped or found nothing: every truth field is missed.
            }
            let table = try NutritionParser().parse(lines: lines)
            if only != nil { printParse(name: name, lines: lines, table: table, truth: truth) }
            report.files += 1
            if table != nil { report.tables += 1 }
            let predicted = (table?.nutriments ?? [:]).filter { SidecarTruth.isScored($0.key) }
            let qualifiers = table?.qualifiers ?? [:]
            for key in Set(truth.nutriments.keys).union(predicted.keys).sorted() {
                var score = report.perKey[key] ?? FieldScore()
                let truthValue = truth.nutriments[key], predictedValue = predicted[key]
                if truthValue != nil { score.truth += 1 }
                if predictedValue != nil { score.predicted += 1 }
                let correct = truthValue != nil && predictedValue != nil
                    && SidecarTruth.rounded(predictedValue!, truth.decimals[key] ?? 0) == truthValue!
                    && SidecarTruth.qualifier(qualifiers[key]) == SidecarTruth.qualifier(truth.qualifiers[key])
                if predictedValue != nil, let entry = table?[key] {
                    report.calibration.add(confidence: entry.confidence, needsReview: entry.needsReview, correct: correct)
                    fieldRows.append([name, key, "\(predictedValue!)", truthValue.map { "\($0)" } ?? "-",
                                      correct ? "right" : "wrong", String(format: "%.3f", entry.confidence),
                                      entry.needsReview ? "review" : "-", entry.sourceText,
                                      entry.repairs.map(\.rawValue).joined(separator: ","),
                                      Self.wordConfidence(of: entry, in: lines)].joined(separator: "\t"))
                }
                if correct {
                    score.correct += 1
                } else if verbose {
                    print("\(name) \(key): truth \(truthValue.map { "\($0)" } ?? "-")\(truth.qualifiers[key] ?? "") "
                          + "predicted \(predictedValue.map { "\($0)" } ?? "-")\(qualifiers[key] ?? "")")
                }
                report.perKey[key] = score
            }
        }
        print(report.summary(title: "Tesseract line dumps in \(folder)"))
        if let path = ProcessInfo.processInfo.environment["NUTRILENS_DUMP_FIELDS"] {
            try fieldRows.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        XCTAssertGreaterThan(report.files, 0)
    }

    /// The lowest OCR confidence of the words inside the entry's box ("-" when unknown).
    private static func wordConfidence(of entry: NutritionEntry, in lines: [TextLine]) -> String {
        guard let box = entry.box else { return "-" }
        let inside = lines.flatMap(\.words).filter { word in
            guard let b = word.box else { return false }
            return b.midX >= box.x && b.midX <= box.maxX && b.midY >= box.y && b.midY <= box.maxY
        }
        guard let lowest = inside.compactMap(\.confidence).min() else { return "-" }
        return String(format: "%.3f", lowest)
    }

    /// `NUTRILENS_DUMP_ONLY=NAME-PART`: the rows the grammar reads, its entries and the truth, for one photo.
    private func printParse(name: String, lines: [TextLine], table: NutritionTable?, truth: SidecarTruth) {
        print("== \(name)")
        for row in VisualRows.rows(from: lines)?.map(\.text) ?? lines.map(\.text) { print("  | \(row)") }
        for entry in table?.entries ?? [] {
            let truthValue = truth.nutriments[entry.key].map { "\($0)" } ?? "-"
            print("  \(entry.key) = \(entry.qualifier?.rawValue ?? "")\(entry.value) \(entry.unit.rawValue) "
                  + "(truth \(truth.qualifiers[entry.key] ?? "")\(truthValue)) «\(entry.sourceText)»")
        }
        for key in truth.nutriments.keys.sorted() where table?[key] == nil {
            print("  \(key) missing (truth \(truth.nutriments[key]!))")
        }
    }
}

/// A sidecar's nutriments with the decimals printed in the JSON text (scoring rounds the prediction to them).
struct SidecarTruth {
    var nutriments: [String: Decimal] = [:]
    var decimals: [String: Int] = [:]
    var qualifiers: [String: String] = [:]

    init?(url: URL) {
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let nutrition = object["nutrition"] as? [String: Any],
              let printed = nutrition["nutriments"] as? [String: Any] else { return nil }
        for (key, value) in printed where Self.isScored(key) {
            guard let number = value as? NSNumber, let decimal = Decimal(string: "\(number)") else { continue }
            nutriments[key] = decimal
            decimals[key] = max(0, -Int(decimal.exponent))
        }
        qualifiers = nutrition["qualifiers"] as? [String: String] ?? [:]
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
