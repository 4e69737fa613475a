import NutriLens
import NutriLensOCR
import XCTest
@testable import nutrilens

final class ArgumentParserTests: XCTestCase {
    let spec = CommandSpec(name: "scan", summary: "s", usage: "[options] PATH...", options: [
        OptionSpec(name: "json", short: nil, valueName: nil, help: "j"),
        OptionSpec(name: "jobs", short: "j", valueName: "N", help: "n"),
        OptionSpec(name: "lang", short: "l", valueName: "L", help: "l"),
    ], minimumPositionals: 1)

    func testOptionsValuesAndPositionalsInAnyOrder() throws {
        let p = try spec.parse(["a.jpg", "--jobs", "4", "--json", "dir", "--lang=eng+deu", "-j2"])
        XCTAssertEqual(p.positionals, ["a.jpg", "dir"])
        XCTAssertEqual(p.flags, ["json"])
        XCTAssertEqual(p.values, ["jobs": "2", "lang": "eng+deu"], "the last value given wins")
        XCTAssertEqual(try p.integer("jobs", in: 1...8), 2)
    }

    func testShortOptionWithSeparateValueAndDoubleDash() throws {
        let p = try spec.parse(["-j", "3", "--", "--json", "-"])
        XCTAssertEqual(p.values["jobs"], "3")
        XCTAssertEqual(p.positionals, ["--json", "-"])
        XCTAssertTrue(p.flags.isEmpty)
    }

    func testErrors() {
        XCTAssertThrowsError(try spec.parse(["--jbos", "2", "x"])) { XCTAssertEqual($0 as? UsageError, .unknownOption("--jbos")) }
        XCTAssertThrowsError(try spec.parse(["x", "--jobs"])) { XCTAssertEqual($0 as? UsageError, .missingValue(option: "jobs")) }
        XCTAssertThrowsError(try spec.parse(["--json=yes", "x"])) { XCTAssertEqual($0 as? UsageError, .unexpectedValue(option: "json")) }
        XCTAssertThrowsError(try spec.parse(["--json"])) { XCTAssertEqual($0 as? UsageError, .missingArgument("PATH...")) }
        XCTAssertThrowsError(try spec.parse(["-x", "a"])) { XCTAssertEqual($0 as? UsageError, .unknownOption("-x")) }
        XCTAssertThrowsError(try spec.parse(["--jobs", "0", "a"]).integer("jobs", in: 1...8)) {
            XCTAssertEqual($0 as? UsageError, .invalidValue(option: "jobs", value: "0", expected: "an integer from 1 to 8"))
        }
        XCTAssertThrowsError(try spec.parse(["--jobs", "many", "a"]).integer("jobs", in: 1...8))
    }

    func testHelpWinsOverOtherErrors() throws {
        let p = try spec.parse(["--bogus", "--help"])
        XCTAssertTrue(p.helpRequested)
        XCTAssertTrue(spec.helpText.contains("-j, --jobs N"))
        XCTAssertTrue(spec.helpText.contains("-h, --help"))
    }

    func testEveryCommandHasHelpListingItsOptions() {
        for command in CLI.commands {
            for option in command.options {
                XCTAssertTrue(command.helpText.contains("--\(option.name)"), "\(command.name) help lacks --\(option.name)")
            }
        }
    }

    func testOutputFormatSelection() throws {
        let scan = ScanCommand.spec
        XCTAssertEqual(try OutputFormat.from(scan.parse(["a"]), isTTY: true), .human)
        XCTAssertEqual(try OutputFormat.from(scan.parse(["a"]), isTTY: false), .jsonl)
        XCTAssertEqual(try OutputFormat.from(scan.parse(["--json", "a"]), isTTY: true), .json)
        XCTAssertThrowsError(try OutputFormat.from(scan.parse(["--json", "--jsonl", "a"]), isTTY: true))
    }

    func testScannerOptionsBuildConfiguration() throws {
        let p = try ScanCommand.spec.parse(["--lang", "eng+deu", "--no-barcode", "--max-size", "0", "--routing", "food-first", "a"])
        let config = try ScannerOptions.configuration(from: p)
        XCTAssertEqual(config.languages, ["eng", "deu"])
        XCTAssertFalse(config.stages.contains(.barcode))
        XCTAssertTrue(config.stages.contains(.nutrition))
        XCTAssertNil(config.workingMaxDimension)
        XCTAssertEqual(config.routing, .foodFirst)
        XCTAssertThrowsError(try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--lang", "eng;rm", "a"])))
        func parsed(_ arguments: String...) throws -> ScannerConfiguration {
            try ScannerOptions.configuration(from: ScanCommand.spec.parse(arguments + ["a"]))
        }
        XCTAssertEqual(try parsed().textDetectorLongSide, 1280)
        XCTAssertEqual(try parsed("--detector-side", "960").textDetectorLongSide, 960)
        XCTAssertThrowsError(try parsed("--detector-side", "8"))
        XCTAssertTrue(try parsed().textSmallTextRedetection)
        XCTAssertFalse(try parsed("--no-small-text-redetect").textSmallTextRedetection)
        XCTAssertNil(try parsed().textRedetectionLongSide)
        XCTAssertEqual(try parsed("--redetect-side", "1920").textRedetectionLongSide, 1920)
        XCTAssertThrowsError(try parsed("--redetect-side", "9000"))
        XCTAssertTrue(try parsed().textTableRegionRedetection)
        XCTAssertFalse(try parsed("--no-table-redetect").textTableRegionRedetection)
    }

    func testFastStartsFromTheFastPresetAndExplicitOptionsStillApply() throws {
        let fast = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--fast", "a"]))
        XCTAssertEqual(fast, .fast)
        XCTAssertEqual(fast.ocrEngine, .neural)
        XCTAssertFalse(fast.textSmallTextRedetection)
        XCTAssertFalse(fast.textTableRegionRedetection)
        XCTAssertEqual(fast.ocr, .thorough, "Tesseract's strategy is not the preset's concern")
        XCTAssertEqual(fast.languages, ["eng", "deu", "fra"])
        let wide = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--fast", "--detector-side", "960", "a"]))
        XCTAssertEqual(wide.textDetectorLongSide, 960)
        XCTAssertFalse(wide.textTableRegionRedetection)
        // The Tesseract single reading that --fast was before session 20, spelt out.
        let single1 = try ScannerOptions.configuration(from: ScanCommand.spec.parse(
            ["--ocr-engine", "tesseract", "--ocr-readings", "single", "--lang-routing", "primary", "a"]))
        XCTAssertEqual(single1.ocrEngine, .tesseract)
        XCTAssertEqual(single1.ocr, .fast)
        let plain = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["a"]))
        XCTAssertEqual(plain.ocr, .thorough)
        let single = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--ocr-readings", "single", "a"]))
        XCTAssertEqual(single.ocr.readings, OCRStrategy.fast.readings)
        XCTAssertEqual(single.ocr.levelledOnlyBelowKeys, 1, "single reads the levelled page only after a keyless reading")
        XCTAssertEqual(single.ocr.languageRouting, .routed)
        XCTAssertThrowsError(try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--ocr-readings", "all", "a"]))) {
            XCTAssertEqual($0 as? UsageError, .invalidValue(option: "ocr-readings", value: "all", expected: "thorough or single"))
        }
    }

    /// `--ocr KEY=VALUE` sets typed strategy fields, in order, after the presets and the other options.
    func testOCRAssignmentsSetStrategyFields() throws {
        let args = try ScanCommand.spec.parse([
            "--lang-routing", "primary", "--ocr", "readings=psm11+psm3", "--ocr", "gate-work=off", "--ocr=levelled-below-keys=always",
            "--ocr", "stop-without-table=off", "--ocr", "polarity=every-page", "--ocr", "x-height=20",
            "--ocr", "label-languages=label+primary", "--ocr", "final-languages=eng+fra", "--ocr", "table-reread=never",
            "--ocr", "tesseract.textord_min_xheight=8", "--ocr", "lang-routing=routed", "a"])
        let ocr = try ScannerOptions.configuration(from: args).ocr
        XCTAssertEqual(ocr.readings, [.sparse, .automaticLayout])
        XCTAssertNil(ocr.laterReadingGate)
        XCTAssertNil(ocr.levelledOnlyBelowKeys)
        XCTAssertFalse(ocr.stopsWithoutTable)
        XCTAssertTrue(ocr.skipsAutomaticLayoutAfterKeyless)
        XCTAssertEqual(ocr.readOptions.polarity, .tesseractLineRetry)
        XCTAssertEqual(ocr.readOptions.targetXHeight, 20)
        XCTAssertEqual(ocr.labelLanguages, .labelThenPrimary)
        XCTAssertEqual(ocr.finalReadingLanguages, ["eng", "fra"])
        XCTAssertEqual(ocr.readOptions.tableReread, .never)
        XCTAssertEqual(ocr.tesseractVariables, ["textord_min_xheight": "8"])
        XCTAssertEqual(ocr.languageRouting, .routed, "--ocr comes after --lang-routing")
        let gate = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--ocr", "gate-work=300", "a"]))
        XCTAssertEqual(gate.ocr.laterReadingGate, LaterReadingGate(workLimit: 300))
    }

    /// Unknown keys, bad values and strategies that cannot read are usage errors naming what is valid.
    func testBadOCRAssignmentsNameTheValidKeysAndValues() throws {
        func error(_ assignment: String) -> String {
            do {
                _ = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--ocr", assignment, "a"]))
                return "no error"
            } catch { return "\(error)" }
        }
        XCTAssertTrue(error("bogus=1").contains("valid keys: readings, gate-work,"), error("bogus=1"))
        XCTAssertTrue(error("gate-work").contains("KEY=VALUE"))
        for bad in ["gate-work=0", "gate-work=-5", "gate-work=nan", "levelled-below-keys=0", "x-height=100",
                    "stop-without-table=maybe", "readings=psm4", "readings=", "polarity=inverted", "lang-routing=x"] {
            let key = String(bad.prefix { $0 != "=" })
            XCTAssertTrue(error(bad).contains("expected \(key)="), "\(bad): \(error(bad))")
        }
        XCTAssertTrue(error("readings=levelled-psm11").contains("first reading"))
        XCTAssertTrue(error("final-languages=deu+eng").contains("primary language"))
    }
}
