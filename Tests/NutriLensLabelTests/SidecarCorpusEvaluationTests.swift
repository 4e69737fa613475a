import XCTest
import NutriLensLabel
import NutriLensTestSupport

/// The parser on OCR text other engines produced for the shared label photos (AWS Textract, Azure, Google Cloud
/// Vision line lists for the julielee9067 US/CA labels; Apple Vision lines with boxes for the pxlshpr labels),
/// scored against the photos' `ground-truth.md` sidecars: value and qualifier must match. Keys the parser does not
/// read (vitamins) are reported separately so the figures stay comparable. Skips without `../shared`.
final class SidecarCorpusEvaluationTests: XCTestCase {
    private struct Truth {
        var nutriments: [String: Decimal]
        var qualifiers: [String: String]
    }

    private static let supportedKeys: Set<String> = {
        var keys = Set<String>()
        for nutrient in Nutrient.allCases {
            for basis in [NutritionBasis.per100g, .perServing] {
                keys.insert(NutritionEntry.key(nutrient: nutrient, basis: basis))
                keys.insert(NutritionEntry.key(nutrient: nutrient, basis: basis, preparation: .prepared))
            }
        }
        return keys
    }()

    private func truth(at url: URL) -> Truth? {
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let nutrition = object["nutrition"] as? [String: Any],
              let nutriments = nutrition["nutriments"] as? [String: Any], !nutriments.isEmpty else { return nil }
        var values: [String: Decimal] = [:]
        for (key, value) in nutriments {
            if let number = value as? NSNumber, let decimal = Decimal(string: "\(number)") { values[key] = decimal }
        }
        return Truth(nutriments: values, qualifiers: nutrition["qualifiers"] as? [String: String] ?? [:])
    }

    private func score(_ table: NutritionTable?, truth: Truth, into report: inout EvaluationReport, name: String) {
        report.files += 1
        if table != nil { report.tables += 1 }
        let predicted = table?.nutriments ?? [:]
        let qualifiers = table?.qualifiers ?? [:]
        for key in Set(truth.nutriments.keys).union(predicted.keys) where Self.supportedKeys.contains(key) {
            var score = report.perKey[key] ?? FieldScore()
            let truthValue = truth.nutriments[key], predictedValue = predicted[key]
            if truthValue != nil { score.truth += 1 }
            if predictedValue != nil { score.predicted += 1 }
            if let truthValue, let predictedValue, truthValue == predictedValue,
               truth.qualifiers[key] == qualifiers[key] {
                score.correct += 1
            } else if ProcessInfo.processInfo.environment["NUTRILENS_EVAL_VERBOSE"] != nil {
                print("\(name) \(key): truth \(truthValue.map { "\($0)" } ?? "-")\(truth.qualifiers[key] ?? "") "
                      + "predicted \(predictedValue.map { "\($0)" } ?? "-")\(qualifiers[key] ?? "")")
            }
            report.perKey[key] = score
        }
    }

    func testJulieleeLineDumps() throws {
        let corpus = try PackagePaths.shared("corpus")
        let root = corpus.appendingPathComponent("labels/julielee9067__ocr-nutrition-facts")
        for engine in ["aws", "azure", "gcp"] {
            let directory = root.appendingPathComponent("ocr_result/\(engine)")
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            var report = EvaluationReport()
            for name in names.sorted() where name.hasSuffix(".json") {
                guard let truth = truth(at: root.appendingPathComponent("images/\(name)")),
                      let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
                      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let fields = object["fields"] as? [[String: Any]] else { continue }
                let lines = fields.compactMap { $0["inferText"] as? String }.map { TextLine(text: $0) }
                score(try NutritionParser().parse(lines: lines), truth: truth, into: &report, name: "\(engine)/\(name)")
            }
            print(report.summary(title: "julielee9067 \(engine) line dumps"))
            XCTAssertGreaterThan(report.files, 0)
            // Bar: measured 61.7–68.5 % recall per engine (docs/label.md) minus about two points.
            XCTAssertGreaterThanOrEqual(report.overall.recall, 0.59, engine)
        }
    }

    func testPxlshprAppleVisionLinesWithBoxes() throws {
        let corpus = try PackagePaths.shared("corpus")
        let root = corpus.appendingPathComponent("labels/pxlshpr__NutritionLabelClassifier_legacy/NutritionClassifier-Test_Data")
        let cases = root.appendingPathComponent("Test Cases/With Language Correction")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: cases.path) else {
            throw XCTSkip("no pxlshpr test cases")
        }
        var report = EvaluationReport()
        for name in names.sorted() where name.hasSuffix(".csv") {
            let id = String(name.dropLast(4))
            guard let truth = truth(at: root.appendingPathComponent("Images/\(id).json")),
                  let csv = try? String(contentsOf: cases.appendingPathComponent(name), encoding: .utf8) else { continue }
            let lines = AppleVisionCSV.lines(csv)
            score(try NutritionParser().parse(lines: lines), truth: truth, into: &report, name: id)
        }
        print(report.summary(title: "pxlshpr Apple Vision lines with boxes"))
        XCTAssertGreaterThan(report.files, 0)
        // Bars: measured 54.0 % recall / 82.1 % precision (docs/label.md) minus about two points.
        XCTAssertGreaterThanOrEqual(report.overall.recall, 0.52)
        XCTAssertGreaterThanOrEqual(report.overall.precision, 0.80)
    }
}

/// Reads the pxlshpr test-case CSV (`id,rectString,candidate1,…`, rect `{{x, y}, {w, h}}`) into boxed lines.
enum AppleVisionCSV {
    static func lines(_ csv: String) -> [TextLine] {
        var result: [TextLine] = []
        for row in csv.split(separator: "\n").dropFirst() {
            let fields = parseRow(String(row))
            guard fields.count >= 3, !fields[2].isEmpty else { continue }
            let numbers = fields[1].split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
            guard numbers.count == 4 else { continue }
            // One word per line: the recognised text with the line's box (split into words by spaces, sharing
            // the box proportionally so geometry can still order them).
            let words = fields[2].split(separator: " ").map(String.init)
            let total = Double(words.reduce(0) { $0 + $1.count + 1 })
            var x = numbers[0]
            var textWords: [TextWord] = []
            for word in words {
                let width = numbers[2] * Double(word.count + 1) / max(total, 1)
                textWords.append(TextWord(text: word, box: TextBox(x: x, y: numbers[1], width: width, height: numbers[3])))
                x += width
            }
            result.append(TextLine(words: textWords))
        }
        return result
    }

    private static func parseRow(_ row: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var iterator = Array(row).makeIterator()
        while let character = iterator.next() {
            if character == "\"" {
                quoted.toggle()
            } else if character == ",", !quoted {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
