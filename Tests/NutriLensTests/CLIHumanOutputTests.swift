import Foundation
import XCTest
import NutriLens
import NutriLensImageIO
import NutriLensImaging
import NutriLensTestSupport

/// `scan --human` / `parse --human` as people read them: values in the units printed on the label with their
/// %RI/%DV, the serving size as an amount, a legend for the review mark, and one summary line on stderr.
final class CLIHumanOutputTests: XCTestCase {
    /// The row of `nutrient` in a human table, its cells split on runs of two or more spaces, review marks dropped.
    private func row(_ nutrient: String, in output: String) -> [String]? {
        for line in output.split(separator: "\n") {
            let cells = line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")
                .map { $0.replacingOccurrences(of: " ?", with: "").trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if cells.first == nutrient { return Array(cells.dropFirst()) }
        }
        return nil
    }

    /// The US panel of TestImages: mg rows stay in mg beside their %DV, the serving is the amount of "2/3 cup (30g)".
    func testUSPanelShowsMilligramsPercentDailyValueAndServingAmount() throws {
        let run = try runCLI(["scan", "--human", "--no-barcode", "--no-classifier", "--ocr-budget", "0", "--lang", "eng",
                              "TestImages/us_panel.jpg"], in: PackagePaths.root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(row("cholesterol", in: run.stdout), ["45 mg", "15%"], run.stdout)
        XCTAssertEqual(row("sodium", in: run.stdout), ["90 mg", "4%"], run.stdout)
        XCTAssertEqual(row("fat", in: run.stdout), ["0.5 g", "1%"], run.stdout)
        XCTAssertEqual(row("energy-kcal", in: run.stdout), ["60 kcal"], run.stdout)
        XCTAssertTrue(run.stdout.contains("serving 30 g"), run.stdout)
        XCTAssertTrue(run.stdout.contains("per 30 g"), "the column names the serving amount:\n\(run.stdout)")
        XCTAssertFalse(run.stdout.contains("0.045"), "no grams for a value printed in mg")

        let json = try runCLI(["scan", "--jsonl", "--no-barcode", "--no-classifier", "--ocr-budget", "0", "--lang", "eng",
                               "TestImages/us_panel.jpg"], in: PackagePaths.root)
        let n = try XCTUnwrap(try JSONDecoder().decode(ScanResult.self, from: Data(json.stdout.utf8)).nutrition)
        XCTAssertEqual(n.nutriments["cholesterol_serving"], Decimal(string: "0.045"), "JSON keeps Open Food Facts grams")
        XCTAssertEqual(n.fields?["cholesterol_serving"]?.referenceIntakePercent, 15)
        XCTAssertEqual(n.servingQuantity, 30)
        XCTAssertEqual(n.servingQuantityUnit, "g")
        XCTAssertTrue(json.stdout.contains(#""reference_intake_percent":15"#), json.stdout)
        XCTAssertTrue(json.stdout.contains(#""serving_quantity":30,"serving_quantity_unit":"g""#), json.stdout)
    }

    /// A German vitamin block: thiamin in mg and B12 in µg as printed, each with its %NRV.
    func testMicronutrientsKeepMilligramsAndMicrograms() throws {
        let run = try runCLI(["scan", "--human", "--no-barcode", "--no-classifier", "--ocr-budget", "0",
                              "TestImages/class_micronutrients_de.jpg"], in: PackagePaths.root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(row("vitamin-b1", in: run.stdout)?.first, "0.55 mg", run.stdout)
        XCTAssertEqual(row("vitamin-b12", in: run.stdout)?.first, "0.62 µg", run.stdout)
        XCTAssertEqual(row("magnesium", in: run.stdout)?.first, "58.3 mg", run.stdout)
        XCTAssertEqual(row("energy-kj", in: run.stdout)?.first, "1356 kJ", run.stdout)
        XCTAssertEqual(row("carbohydrates", in: run.stdout)?.first, "<0.5 g", run.stdout)
        XCTAssertFalse(run.stdout.contains("serving"), "a table without a serving column names none")
        XCTAssertEqual(row("vitamin-b12", in: run.stdout)?.last, "25%", "its %NRV")
        let order = ["salt", "vitamin-b1", "vitamin-b2", "vitamin-b6", "vitamin-b12", "magnesium", "zinc"]
            .compactMap { name in run.stdout.range(of: "    \(name) ")?.lowerBound }
        XCTAssertEqual(order.count, 7, run.stdout)
        XCTAssertEqual(order, order.sorted(), "vitamins and minerals in the label's order:\n\(run.stdout)")
    }

    /// OCR debris around the serving amount ("1 02. (28g)" for "1 oz. (28g)") is not shown; the amount is, in the
    /// header and in JSON's `serving_quantity`, while `serving_size` keeps what was read.
    func testServingSizeIsShownOnlyAsAnAmount() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let debris = dir.appendingPathComponent("debris.txt"), words = dir.appendingPathComponent("words.txt")
        try """
        Nutrition Facts
        Serving size 1 02. (28g)
        Calories 140
        Total Fat 8 g 10%
        Sodium 340 mg 15%
        Total Carbohydrate 19 g 7%
        Protein 2g
        """.write(to: debris, atomically: true, encoding: .utf8)
        try """
        Nutrition information
        Servings per pack: about 4, serving size: half a pack
        Energy 1046 kJ / 250 kcal
        Fat 3.2 g
        Protein 8.4 g
        """.write(to: words, atomically: true, encoding: .utf8)
        let run = try runCLI(["parse", "--human", debris.path, words.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("serving 28 g"), run.stdout)
        XCTAssertFalse(run.stdout.contains("02."), run.stdout)
        XCTAssertEqual(row("sodium", in: run.stdout), ["340 mg", "15%"], run.stdout)
        XCTAssertEqual(run.stdout.components(separatedBy: "serving ").count, 2, "no serving amount for the second label:\n\(run.stdout)")

        let json = try runCLI(["parse", "--jsonl", debris.path, words.path])
        let results = try json.stdout.split(separator: "\n").map { try JSONDecoder().decode(ScanResult.self, from: Data($0.utf8)) }
        XCTAssertEqual(results.first?.nutrition?.servingQuantity, 28)
        XCTAssertEqual(results.first?.nutrition?.servingSize, "1 02. (28g)")
        XCTAssertNil(results.last?.nutrition?.servingQuantity)
    }

    /// A "?" is explained once, under the table that has one; a table without one has no legend.
    func testReviewMarkHasALegend() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let doubtful = dir.appendingPathComponent("doubtful.txt"), clean = dir.appendingPathComponent("clean.txt")
        // Sugars above carbohydrates: the check fails, so a person should look.
        try "Nutrition per 100 g\nEnergy 1046 kJ / 250 kcal\nFat 3.2 g\nCarbohydrate 12 g\nof which sugars 45 g\nProtein 8.4 g\n"
            .write(to: doubtful, atomically: true, encoding: .utf8)
        try "Nährwertangaben pro 100 g\nBrennwert 1046 kJ / 250 kcal\nFett 3,2 g\nKohlenhydrate 45 g\ndavon Zucker 12 g\nEiweiß 8,4 g\nSalz 0,5 g\n"
            .write(to: clean, atomically: true, encoding: .utf8)
        let run = try runCLI(["parse", "--human", doubtful.path])
        XCTAssertTrue(run.stdout.contains(" ?"), "a value is marked:\n\(run.stdout)")
        XCTAssertEqual(run.stdout.components(separatedBy: HumanLegend.text).count, 2, "one legend line:\n\(run.stdout)")
        let plain = try runCLI(["parse", "--human", clean.path])
        XCTAssertFalse(plain.stdout.contains(" ?"), plain.stdout)
        XCTAssertFalse(plain.stdout.contains(HumanLegend.text), plain.stdout)
    }

    /// Stripes that look like bars but hold no code make the barcode search run out of a tiny budget. Alone in a
    /// photo the warning is the one thing to act on, so the readable view shows it; under a nutrition table that was
    /// read it is expected (labels seldom show the code) and only JSON keeps it.
    func testHumanViewShowsOnlyActionableWarnings() throws {
        let dir = try TestPaths.temporaryFolder(self)
        var stripes = GrayImage(width: 320, height: 240, fill: 230)
        for y in 60..<180 { for x in 40..<280 where (x / 3) % 3 != 0 && (x / 7) % 2 == 0 { stripes[x, y] = 20 } }
        let panel = try ImageDecoder.decode(contentsOf: TestPaths.testImages.appendingPathComponent("us_panel.jpg"),
                                            options: DecodeOptions(wantColor: false)).image.grayscale
        var both = GrayImage(width: panel.width, height: panel.height + stripes.height, fill: 230)
        for y in 0..<panel.height { for x in 0..<panel.width { both[x, y] = panel[x, y] } }
        for y in 0..<stripes.height { for x in 0..<stripes.width { both[x + 60, y + panel.height] = stripes[x, y] } }
        let alone = dir.appendingPathComponent("stripes.jpg"), label = dir.appendingPathComponent("label.jpg")
        try JPEGEncoder.encode(.gray(stripes), quality: 95).write(to: alone)
        try JPEGEncoder.encode(.gray(both), quality: 95).write(to: label)
        let options = ["--no-classifier", "--barcode-budget", "0.000001", "--ocr-budget", "0", "--lang", "eng"]

        let json = try runCLI(["scan", "--jsonl"] + options + [alone.path, label.path])
        XCTAssertEqual(json.status, 0, json.stderr)
        let results = try json.stdout.split(separator: "\n").map { try JSONDecoder().decode(ScanResult.self, from: Data($0.utf8)) }
        XCTAssertEqual(results.count, 2)
        for result in results {
            XCTAssertEqual(result.warnings?.map(\.code), [.barcodeBudget], "JSON keeps the warning for \(result.path ?? "")")
        }
        XCTAssertNotNil(results.last?.nutrition, "the panel is read")

        let human = try runCLI(["scan", "--human"] + options + [alone.path, label.path])
        let blocks = human.stdout.components(separatedBy: label.path)
        XCTAssertEqual(blocks.count, 2, human.stdout)
        XCTAssertTrue(blocks[0].contains("! barcode search stopped at its 1e-06 s budget; raise --barcode-budget"), human.stdout)
        XCTAssertFalse(blocks[1].contains("!"), "no warning under the table that was read:\n\(human.stdout)")
        XCTAssertTrue(blocks[1].contains("sodium"), human.stdout)
    }

    /// The run ends with one line on stderr: files, failures, barcodes, tables and time; nothing of it on stdout.
    func testOneSummaryLineOnStderr() throws {
        let dir = try TestPaths.temporaryFolder(self)
        for name in ["barcode_ean13.jpg", "barcode_upca.jpg"] {
            try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        try Data("not an image".utf8).write(to: dir.appendingPathComponent("broken.jpg"))
        let run = try runCLI(["scan", "--human", "--no-nutrition", "--no-classifier", dir.path])
        XCTAssertEqual(run.status, 1, "a broken file fails the run")
        let lines = run.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, run.stderr)
        let summary = String(lines.first ?? "")
        XCTAssertTrue(summary.hasPrefix("3 files: 2 scanned, 1 failed; 2 barcodes, 0 nutrition tables (0 values); "), summary)
        XCTAssertNotNil(summary.range(of: #"; [0-9]+\.[0-9] s, median [0-9]+ ms/image$"#, options: .regularExpression), summary)
        XCTAssertFalse(run.stdout.contains("scanned"), "the summary is not mixed into the results")
        XCTAssertTrue(run.stdout.contains("✗ unrecognized_format"), run.stdout)
    }
}

/// The review legend as the CLI prints it (kept in one place for the tests).
enum HumanLegend {
    static let text = "? = check against the photo"
}
