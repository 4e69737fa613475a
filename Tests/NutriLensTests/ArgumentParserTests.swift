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
    }

    func testFastStartsFromTheFastPresetAndExplicitOptionsStillApply() throws {
        let fast = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--fast", "a"]))
        XCTAssertEqual(fast.ocrReadings, .single)
        XCTAssertEqual(fast.languageRouting, .primary)
        XCTAssertEqual(fast.languages, ["eng", "deu", "fra"], "the languages stay; only the routing changes")
        let routed = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--fast", "--lang-routing", "routed", "a"]))
        XCTAssertEqual(routed.ocrReadings, .single)
        XCTAssertEqual(routed.languageRouting, .routed)
        let plain = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["a"]))
        XCTAssertEqual(plain.ocrReadings, .thorough)
        XCTAssertEqual(plain.languageRouting, .routed)
        let single = try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--ocr-readings", "single", "a"]))
        XCTAssertEqual(single.ocrReadings, .single)
        XCTAssertEqual(single.languageRouting, .routed)
        XCTAssertThrowsError(try ScannerOptions.configuration(from: ScanCommand.spec.parse(["--ocr-readings", "all", "a"]))) {
            XCTAssertEqual($0 as? UsageError, .invalidValue(option: "ocr-readings", value: "all", expected: "thorough or single"))
        }
    }
}
