#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest
@testable import NutriLens
import NutriLensEvaluation
import NutriLensLabel
import NutriLensTestSupport

/// Runs the built `nutrilens` binary as a subprocess: exit codes, streamed JSON, eval regressions.
final class CLITests: XCTestCase {
    func testHelpAndUsageExitCodes() throws {
        for command in ["scan", "parse", "eval"] {
            let run = try runCLI([command, "--help"])
            XCTAssertEqual(run.status, 0, command)
            XCTAssertTrue(run.stdout.contains("USAGE: nutrilens \(command)"), command)
        }
        XCTAssertEqual(try runCLI(["--help"]).status, 0)
        XCTAssertEqual(try runCLI([]).status, 2)
        let bad = try runCLI(["scan", "--jobs", "zero", "x.jpg"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("invalid value 'zero' for --jobs"))
        XCTAssertEqual(try runCLI(["frobnicate"]).status, 2)
    }

    /// `--ocr KEY=VALUE`: an unknown key or a bad value exits 2 naming what is valid, before any engine loads.
    func testBadOCRAssignmentsExitTwo() throws {
        let unknown = try runCLI(["eval", "--ocr", "stop=off", "TestImages"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("valid keys: readings, gate-work"), unknown.stderr)
        let bad = try runCLI(["scan", "--ocr", "gate-work=-1", "x.jpg"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("gate-work=WORDS > 0 | off"), bad.stderr)
        let help = try runCLI(["scan", "--help"])
        for key in ["readings", "gate-work", "levelled-below-keys", "lang-routing", "tesseract.NAME=VALUE"] {
            XCTAssertTrue(help.stdout.contains(key), key)
        }
    }

    /// eval's own usage and output paths: two DIRs are a usage error naming both (it said "option --eval takes one
    /// DIR takes no value"); a --report or --html path that cannot be written fails before any photo is scanned.
    func testEvalArgumentsAndOutputPathsFailFast() throws {
        let two = try runCLI(["eval", "TestImages", "elsewhere"])
        XCTAssertEqual(two.status, 2)
        XCTAssertTrue(two.stderr.hasPrefix("nutrilens eval: expected one DIR, got 2: 'TestImages' 'elsewhere'\n"), two.stderr)
        let dir = try TestPaths.temporaryFolder(self)
        let nowhere = dir.appendingPathComponent("no/such/folder/r.json").path
        let report = try runCLI(["eval", "--report", nowhere, TestPaths.testImages.path])
        XCTAssertEqual(report.status, 3)
        XCTAssertEqual(report.stdout, "", "nothing scanned")
        XCTAssertEqual(report.stderr, "nutrilens eval: cannot write the --report file \(nowhere): No such file or directory\n")
        let html = try runCLI(["eval", "--html", dir.path, TestPaths.testImages.path])
        XCTAssertEqual(html.status, 3)
        XCTAssertEqual(html.stderr, "nutrilens eval: cannot write the --html file \(dir.path): is a directory\n")
    }

    /// `--trace FILE` is opened in place: a link stays a link and the trace goes to its target (the file was written
    /// anew and renamed over the path, which as root replaced even a device such as /dev/full with a regular file);
    /// a trace that cannot be written is one line on stderr, and the scan's results are still printed, exit 0.
    func testTraceIsWrittenInPlaceAndItsWriteFailuresAreOneLine() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let target = dir.appendingPathComponent("trace.txt"), link = dir.appendingPathComponent("trace-link")
        try Data("old run\n".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
        let photo = TestPaths.testImages.appendingPathComponent("us_panel.jpg").path
        let run = try runCLI(["scan", "--jsonl", "--no-barcode", "--no-classifier", "--trace", link.path, photo])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path, "still a link")
        let trace = try String(contentsOf: target, encoding: .utf8)
        XCTAssertTrue(trace.hasPrefix("ocr-trace 446x626 "), trace)
        XCTAssertFalse(trace.contains("old run"), "emptied first, as before")

        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let full = try runCLI(["scan", "--jsonl", "--no-barcode", "--no-classifier", "--trace", "/dev/full", photo])
        XCTAssertEqual(full.status, 0, full.stderr)
        XCTAssertEqual(full.jsonLines.count, 1)
        XCTAssertEqual(full.stderr, "nutrilens: cannot write the --trace output: No space left on device; the scan goes on without it\n")
        var info = stat()
        XCTAssertEqual(stat("/dev/full", &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "/dev/full is still a device")
    }

    /// Options only Tesseract reads (`--lang`, `--ocr-budget`, …) given while the neural engine alone reads: one note
    /// on stderr names them and what the neural engine reads instead; none when Tesseract reads or nothing reads text.
    func testTesseractOptionsWithTheNeuralEngineGetOneNote() throws {
        let missing = try TestPaths.temporaryFolder(self).appendingPathComponent("none.jpg").path
        let neural = try runCLI(["scan", "--jsonl", "--no-barcode", "--no-classifier", "--lang", "deu", "--ocr-budget", "0",
                                 missing])
        XCTAssertEqual(neural.status, 1, neural.stderr)
        XCTAssertEqual(neural.stderr.split(separator: "\n").first.map(String.init),
                       "nutrilens scan: note: --lang, --ocr-budget only apply to the Tesseract engine (--ocr-engine "
                       + "tesseract, or both for the cells it re-reads); the neural engine (the default) reads Latin, "
                       + "Greek and Chinese characters in any language without them")
        let tesseract = try runCLI(["scan", "--jsonl", "--no-barcode", "--no-classifier", "--ocr-engine", "tesseract",
                                    "--lang", "eng", missing])
        XCTAssertFalse(tesseract.stderr.contains("note:"), tesseract.stderr)
        let noText = try runCLI(["scan", "--jsonl", "--no-nutrition", "--no-barcode", "--no-classifier", "--lang", "deu", missing])
        XCTAssertFalse(noText.stderr.contains("note:"), noText.stderr)
    }

    /// Results that stdout cannot take (a full disk) stop the run with one line and status 3, not a `FileHandle`
    /// crash with a stack dump (status 132 before session 21).
    func testStdoutThatCannotBeWrittenIsOneLineAndExitThree() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { throw XCTSkip("no /dev/full") }
        let run = try runCLI(["scan", "--jsonl", "--no-nutrition", "--no-classifier",
                              TestPaths.testImages.appendingPathComponent("barcode_ean13.jpg").path],
                             appendingStdoutTo: URL(fileURLWithPath: "/dev/full"))
        XCTAssertEqual(run.status, 3, run.stderr)
        XCTAssertEqual(run.stderr, "nutrilens: cannot write the results to standard output: No space left on device\n")
    }

    /// A closed stdout (`>&-`) is a stdout write failure like a full disk, for every command that writes results:
    /// one line and status 3. Before session 22 the first file the run opened took descriptor 1: with `--trace FILE`
    /// the results went into the trace and the run exited 0, otherwise the write failed with that file's error
    /// (`Invalid argument`). `nutrilens-bench` stops the same way (its `print` rows were dropped in silence).
    func testClosedStdoutIsOneLineAndExitThree() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let trace = dir.appendingPathComponent("trace.txt"), text = dir.appendingPathComponent("label.txt")
        let photos = dir.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for ext in ["jpg", "json"] {
            try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent("barcode_ean13.\(ext)"),
                                             to: photos.appendingPathComponent("barcode_ean13.\(ext)"))
        }
        try "Fat 7.1 g\n".write(to: text, atomically: true, encoding: .utf8)
        let closedStdout = ["/bin/sh", "-c", "exec \"$0\" \"$@\" >&-"]
        let message = "nutrilens: cannot write the results to standard output: Bad file descriptor\n"
        let runs = [["scan", "--jsonl", "--no-nutrition", "--no-classifier", "--trace", trace.path,
                     photos.appendingPathComponent("barcode_ean13.jpg").path],
                    ["scan", "--human", "--no-nutrition", "--no-classifier", photos.path],
                    ["parse", "--json", text.path], ["eval", "-q", "--no-nutrition", "--no-classifier", photos.path],
                    ["--help"]]
        for arguments in runs {
            let run = try runCLI(arguments, launcher: closedStdout)
            XCTAssertEqual(run.status, 3, "\(arguments): \(run.stderr)")
            XCTAssertEqual(run.stderr, message, "\(arguments)")
        }
        XCTAssertEqual(try String(contentsOf: trace, encoding: .utf8), "", "no results in the trace file (no OCR ran)")

        let bench = try TestPaths.cliBinary().deletingLastPathComponent().appendingPathComponent("nutrilens-bench")
        guard FileManager.default.isExecutableFile(atPath: bench.path) else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" --help >&-", bench.path]
        let err = Pipe()
        process.standardError = err
        try process.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 3, stderr)
        XCTAssertEqual(stderr, "nutrilens-bench: cannot write the results to standard output: Bad file descriptor\n")
    }

    /// `parse -` with stdin closed (`<&-`) is an `unreadable` result naming the reason; it crashed with a stack dump
    /// (status 132) until session 22.
    func testParseOfAClosedStdinIsUnreadable() throws {
        let run = try runCLI(["parse", "--jsonl", "-"], launcher: ["/bin/sh", "-c", "exec \"$0\" \"$@\" <&-"])
        XCTAssertEqual(run.status, 1, run.stderr)
        let error = try XCTUnwrap(run.jsonLines.first?["error"] as? [String: Any], run.stdout)
        XCTAssertEqual(error["type"] as? String, "unreadable")
        XCTAssertEqual(error["message"] as? String, "cannot read -: Bad file descriptor")
    }

    /// `--trace FILE` and `--dump-lines DIR`: the diagnostics the library hands its observer, written by the CLI.
    func testTraceAndLineDumpOfOnePhoto() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let trace = dir.appendingPathComponent("trace.txt"), dumps = dir.appendingPathComponent("dumps")
        let photos = dir.appendingPathComponent("TestImages")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        for name in ["eu_en_one_decimal.jpg", "barcode_ean13.jpg"] {
            try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent(name),
                                             to: photos.appendingPathComponent(name))
        }
        let run = try runCLI(["scan", "--jsonl", "-q", "--ocr-engine", "tesseract", "--lang", "eng", "--no-barcode",
                              "--no-classifier", "--ocr-budget", "0", "--trace", trace.path, "--dump-lines", dumps.path, "TestImages"],
                             in: dir)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stderr, "", "the library writes nothing to stderr")
        let traceLines = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n")
        XCTAssertEqual(traceLines.count, run.jsonLines.count, "one trace line per photo read")
        let line = try XCTUnwrap(traceLines.first { $0.contains("path=TestImages/eu_en_one_decimal.jpg") })
        XCTAssertTrue(line.hasPrefix("ocr-trace 682x"), String(line))
        XCTAssertTrue(line.contains(" | psm11 eng: polarity/0 "), String(line))
        let list = try String(contentsOf: dumps.appendingPathComponent("list.txt"), encoding: .utf8)
        XCTAssertTrue(list.split(separator: "\n").contains("eu_en_one_decimal.jpg"), list)
        let lines = try JSONDecoder().decode([TextLine].self, from: Data(contentsOf: dumps.appendingPathComponent(
            "eu_en_one_decimal.lines.json")))
        let table = try XCTUnwrap(try NutritionParser().parse(lines: lines))
        XCTAssertEqual(table.nutriments["energy-kj_100g"], 1888, "the dump parses to what the scan read")
    }

    func testScanReportsBadFilesSkipsThemAndExitsOne() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let corrupt = dir.appendingPathComponent("corrupt.jpg")
        try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 16, 0x4A, 0x46]).write(to: corrupt)
        let run = try runCLI(["scan", "--jsonl", "--no-nutrition", "--no-classifier", "--no-barcode",
                              "missing.png", corrupt.path], in: dir)
        XCTAssertEqual(run.status, 1)
        let lines = run.jsonLines
        XCTAssertEqual(lines.count, 2, "one JSON object per input, in input order:\n\(run.stdout)")
        XCTAssertEqual(lines.first?["path"] as? String, "missing.png")
        XCTAssertEqual((lines.first?["error"] as? [String: Any])?["type"] as? String, "file_not_found")
        XCTAssertEqual(lines.last?["path"] as? String, corrupt.path)
        XCTAssertEqual((lines.last?["error"] as? [String: Any])?["type"] as? String, "truncated")
    }

    func testParseOutputShape() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let text = dir.appendingPathComponent("label.txt")
        try "Nutrition information per 100 g\nFat 7.1 g\n".write(to: text, atomically: true, encoding: .utf8)
        let run = try runCLI(["parse", "--jsonl", text.path, dir.appendingPathComponent("none.txt").path])
        XCTAssertEqual(run.status, 1, "the missing file fails")
        let lines = run.jsonLines
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines[0]["path"] as? String, text.path)
        XCTAssertEqual((lines[1]["error"] as? [String: Any])?["type"] as? String, "file_not_found", "as scan says it")
        let json = try runCLI(["parse", "--json", text.path])
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any], "--json prints one array")
    }

    /// parse's file errors are scan's typed kinds (`ImageIO.FileReading`): a folder, a missing file, non-UTF-8 text.
    func testParseFileErrorsAreScansKinds() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let missing = dir.appendingPathComponent("none.txt")
        let latin1 = dir.appendingPathComponent("latin1.txt")
        try Data([0x46, 0x65, 0x74, 0x74, 0x20, 0xFC, 0xFF]).write(to: latin1)
        let parse = try runCLI(["parse", "--jsonl", dir.path, missing.path, latin1.path])
        XCTAssertEqual(parse.status, 1)
        let errors = parse.jsonLines.map { $0["error"] as? [String: Any] }
        XCTAssertEqual(errors.map { $0?["type"] as? String }, ["unreadable", "file_not_found", "unreadable"])
        XCTAssertEqual(errors[0]?["message"] as? String, "cannot read \(dir.path): is a directory")
        XCTAssertEqual(errors[1]?["message"] as? String, "no such file: \(missing.path)")
        XCTAssertEqual(errors[2]?["message"] as? String, "cannot read \(latin1.path): not UTF-8 text")
        let scan = try runCLI(["scan", "--jsonl", "--no-barcode", "--no-classifier", missing.path])
        let scanError = scan.jsonLines.first?["error"] as? [String: Any]
        XCTAssertEqual(scanError?["type"] as? String, "file_not_found")
        XCTAssertEqual(scanError?["message"] as? String, errors[1]?["message"] as? String)
        let small = NutritionTextReader.read(contentsOf: latin1, maxFileBytes: 3)
        XCTAssertEqual(small.error?.kind.rawValue, "file_too_large")
    }

    func testParseReadsAGermanTableExactly() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let text = dir.appendingPathComponent("de.txt")
        try """
        Nährwertangaben pro 100 g
        Brennwert 1046 kJ / 250 kcal
        Fett 3,2 g
        davon gesättigte Fettsäuren 1,1 g
        Kohlenhydrate 45 g
        davon Zucker 12 g
        Ballaststoffe 2,5 g
        Eiweiß 8,4 g
        Salz <0,01 g
        """.write(to: text, atomically: true, encoding: .utf8)
        let run = try runCLI(["parse", "--jsonl", text.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let result = try JSONDecoder().decode(ScanResult.self, from: Data(run.stdout.utf8))
        let n = try XCTUnwrap(result.nutrition)
        XCTAssertEqual(n.language, "de")
        XCTAssertEqual(n.nutriments, ["energy-kj_100g": 1046, "energy-kcal_100g": 250, "fat_100g": Decimal(string: "3.2")!,
                                      "saturated-fat_100g": Decimal(string: "1.1")!, "carbohydrates_100g": 45, "sugars_100g": 12,
                                      "fiber_100g": Decimal(string: "2.5")!, "proteins_100g": Decimal(string: "8.4")!,
                                      "salt_100g": Decimal(string: "0.01")!])
        XCTAssertEqual(n.qualifiers, ["salt_100g": "<"])
        XCTAssertEqual(n.fields?["fat_100g"]?.unit, "g")
        XCTAssertTrue(run.stdout.contains(#""fat_100g":3.2"#), "printed values without float noise")
    }

    func testEvalBaselineCatchesARegression() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let images = dir.appendingPathComponent("labelled")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        // Two labelled images from the bundled set, scanned with every reading stage off: nothing is scored (since
        // session 21; before, the 18 truth fields and 2 codes were counted as missed and the kind was scored on the
        // signals left), so a baseline that read everything is no regression.
        for name in ["eu_en_table_serving_ri", "barcode_ean13"] {
            for ext in ["jpg", "json"] {
                try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent("\(name).\(ext)"),
                                                 to: images.appendingPathComponent("\(name).\(ext)"))
            }
        }
        let reportURL = dir.appendingPathComponent("report.json")
        let off = ["--quiet", "--jobs", "1", "--no-nutrition", "--no-barcode", "--no-classifier"]
        let first = try runCLI(["eval"] + off + ["--report", reportURL.path, images.path])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("2 images"), first.stdout)
        for line in ["fields     –      not scored: not read (--no-nutrition)",
                     "tables     –      not scored: not read (--no-nutrition)",
                     "barcodes   –      not scored: not read (--no-barcode)",
                     "kind       –      not scored: not read (--no-classifier)"] {
            XCTAssertTrue(first.stdout.contains(line), first.stdout)
        }
        let report = try JSONDecoder().decode(EvaluationReport.self, from: Data(contentsOf: reportURL))
        XCTAssertEqual(report.images, 2)
        XCTAssertEqual(report.notScored, ["fields", "tables", "barcodes", "kind"])
        XCTAssertEqual(report.fields, EvaluationReport.FieldTotals(), "the label image's 18 truth fields were not read")
        XCTAssertEqual(report.barcodes, EvaluationReport.Accuracy())
        XCTAssertEqual(report.kind, EvaluationReport.Accuracy())
        XCTAssertEqual(report.perNutrient, [:])

        let same = try runCLI(["eval"] + off + ["--baseline", reportURL.path, images.path])
        XCTAssertEqual(same.status, 0, same.stderr)
        var everything = report
        everything.notScored = nil
        everything.fields = EvaluationReport.FieldTotals(truth: 18, predicted: 18, correct: 18)
        everything.tables = EvaluationReport.Accuracy(total: 1, correct: 1)
        everything.barcodes = EvaluationReport.Accuracy(total: 2, correct: 2)
        everything.kind = EvaluationReport.Accuracy(total: 2, correct: 2)
        let everythingURL = dir.appendingPathComponent("everything.json")
        try ScanResultJSON.encoder().encode(everything).write(to: everythingURL)
        let notRun = try runCLI(["eval"] + off + ["--baseline", everythingURL.path, images.path])
        XCTAssertEqual(notRun.status, 0, notRun.stderr)
        XCTAssertTrue(notRun.stderr.contains("no regression"), notRun.stderr)

        // A stage that runs is compared: the barcode reader on a photo whose sidecar names a code it does not show
        // reads 0 of 1 where the baseline read 1 of 1.
        let coded = dir.appendingPathComponent("coded")
        try FileManager.default.createDirectory(at: coded, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent("barcode_ean13.jpg"),
                                         to: coded.appendingPathComponent("pack.jpg"))
        try #"{"kind": "barcode", "barcodes": [{"symbology": "EAN-13", "text": "4006381333931"}]}"#
            .write(to: coded.appendingPathComponent("pack.json"), atomically: true, encoding: .utf8)
        let barcodesOnly = ["--quiet", "--jobs", "1", "--no-nutrition", "--no-classifier"]
        let betterURL = dir.appendingPathComponent("better.json")
        var better = EvaluationReport(scores: [])
        better.barcodes = EvaluationReport.Accuracy(total: 1, correct: 1)
        better.kind = EvaluationReport.Accuracy(total: 1, correct: 1)
        try ScanResultJSON.encoder().encode(better).write(to: betterURL)
        let regressed = try runCLI(["eval"] + barcodesOnly + ["--baseline", betterURL.path, coded.path])
        XCTAssertEqual(regressed.status, 1, regressed.stdout + regressed.stderr)
        XCTAssertTrue(regressed.stdout.contains("barcodes   read     0.0%  (0/1, 1 spurious)"), regressed.stdout)
        XCTAssertTrue(regressed.stderr.hasSuffix("REGRESSION against \(betterURL.path):\n  barcodes.rate: 100.0% -> 0.0%\n"),
                      regressed.stderr)

        let nope = dir.appendingPathComponent("nope.json").path
        let missing = try runCLI(["eval", "--baseline", nope, images.path])
        XCTAssertEqual(missing.status, 3)
        XCTAssertEqual(missing.stderr, "nutrilens eval: cannot use the baseline report \(nope): no such file\n")
    }

    /// Sidecars that are not ground-truth JSON: named with a one-line reason; with none left to score eval exits 3
    /// instead of reporting "0 images" and "no regression"; one among good ones is skipped, the rest scored, exit 3.
    func testEvalWithUnreadableSidecarsNamesThemAndExitsThree() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let images = dir.appendingPathComponent("labelled")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for name in ["eu_en_table_serving_ri", "barcode_ean13"] {
            try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent("\(name).jpg"),
                                             to: images.appendingPathComponent("\(name).jpg"))
        }
        try Data("not json".utf8).write(to: images.appendingPathComponent("eu_en_table_serving_ri.json"))
        try Data(#"{"kind":"barcode","barcodes":"5000159407236"}"#.utf8).write(to: images.appendingPathComponent("barcode_ean13.json"))
        let off = ["--quiet", "--jobs", "1", "--no-nutrition", "--no-barcode", "--no-classifier"]
        let baseline = dir.appendingPathComponent("base.json")
        try ScanResultJSON.encoder().encode(EvaluationReport(scores: [])).write(to: baseline)
        let none = try runCLI(["eval"] + off + ["--baseline", baseline.path, images.path])
        XCTAssertEqual(none.status, 3, none.stderr)
        XCTAssertEqual(none.stdout, "", "no summary of 0 images")
        XCTAssertFalse(none.stderr.contains("no regression"), none.stderr)
        XCTAssertFalse(none.stderr.contains("DecodingError"), none.stderr)
        let lines = none.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, none.stderr)
        XCTAssertTrue(lines[0].hasPrefix("nutrilens eval: skipped \(images.path)/barcode_ean13.jpg: its sidecar "), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("barcode_ean13.json is not a ground-truth sidecar: expected an array at barcodes"), lines[0])
        XCTAssertTrue(lines[1].hasSuffix("eu_en_table_serving_ri.json is not a ground-truth sidecar: not valid JSON"), lines[1])
        XCTAssertEqual(lines[2], "nutrilens eval: no image could be scored: the 2 labelled images' sidecars are not ground-truth JSON (above)")

        try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent("barcode_ean13.json"),
                                         to: images.appendingPathComponent("barcode_ean13.json.good"))
        try FileManager.default.removeItem(at: images.appendingPathComponent("barcode_ean13.json"))
        try FileManager.default.moveItem(at: images.appendingPathComponent("barcode_ean13.json.good"),
                                         to: images.appendingPathComponent("barcode_ean13.json"))
        let one = try runCLI(["eval"] + off + [images.path])
        XCTAssertEqual(one.status, 3, one.stderr)
        XCTAssertTrue(one.stdout.hasPrefix("1 images"), one.stdout)
        XCTAssertTrue(one.stderr.contains("eu_en_table_serving_ri.json is not a ground-truth sidecar: not valid JSON"), one.stderr)
        XCTAssertTrue(one.stderr.hasSuffix("nutrilens eval: 1 labelled image skipped (above); 1 scored\n"), one.stderr)
    }
}
