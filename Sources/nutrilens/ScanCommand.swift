import Foundation
import NutriLens

/// `nutrilens scan PATH...`: scans files and folders, streaming results in input order.
enum ScanCommand {
    static let spec = CommandSpec(
        name: "scan", summary: "Read barcodes, the nutrition table and food items from photos.",
        usage: "[options] PATH...",
        options: OutputFormat.options + ScannerOptions.specs + BatchInputs.options + [
            OptionSpec(name: "quiet", short: "q", valueName: nil, help: "No progress bar or summary on stderr."),
        ],
        minimumPositionals: 0,
        details: """
        PATH is an image file or a folder (searched recursively; JPEG/PNG/HEIC/WebP recognised by content); --files-from adds
        listed paths after them, scanned exactly as listed. Batch runs over many machines: give each machine
        --shard I/N of the same list and a results file of its own, and rerun the same command with
        --skip-done FILE >> FILE to resume after a failure (examples/dask/ runs this on a Dask cluster).
        Output: a readable summary on a terminal, JSON Lines otherwise (or as chosen with --json/--jsonl).
        Exit status: 0 all scanned, 1 some inputs failed (each reported, the rest still scanned), 2 usage error,
        3 set-up error (e.g. missing tessdata).

        \(OCRStrategyOptions.help)
        """)

    static func run(_ args: ParsedArguments) async throws -> ExitCode {
        let format = try OutputFormat.from(args, isTTY: Terminal.stdoutIsTTY)
        let config = try ScannerOptions.configuration(from: args)
        let jobs = try ScannerOptions.jobs(from: args)
        let selection = try BatchInputs.select(args)
        let scanner = try NutriLensScanner(configuration: config, observer: try ScanDiagnostics.from(args))
        let urls = selection.urls
        let quiet = args.flags.contains("quiet")
        let hasFolder = selection.isBatch || args.positionals.contains { path in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
        }
        var progress = ProgressBar(total: urls.count, enabled: hasFolder && !quiet && Terminal.stderrIsTTY && format != .human)
        var printer = ResultPrinter(format: format)
        var tally = ScanTally()
        await scanner.scan(contentsOf: urls.map(ScanInput.file), maxConcurrentScans: jobs) { index, result in
            printer.print(result)
            tally.add(result)
            progress.update(done: index + 1, label: result.path ?? "")
        }
        printer.finish()
        if !quiet {
            let summary = tally.summary + selection.summarySuffix
            if format == .human { Terminal.out("\n" + summary) } else if hasFolder || urls.count > 1 { Terminal.err(summary) }
        }
        return tally.failed > 0 ? .someFailed : .success
    }
}

/// Counts for the closing summary line.
struct ScanTally {
    var inputs = 0, failed = 0, barcodes = 0, tables = 0, fields = 0
    var totalMs: [Double] = []

    mutating func add(_ r: ScanResult) {
        inputs += 1
        if r.failed { failed += 1 }
        barcodes += r.barcodes?.count ?? 0
        if let n = r.nutrition { tables += 1; fields += n.nutriments.count }
        if let t = r.timingsMs?[.total], !r.failed { totalMs.append(t) }
    }

    var summary: String {
        var s = "\(inputs) input\(inputs == 1 ? "" : "s"): \(inputs - failed) scanned, \(failed) failed; "
        s += "\(barcodes) barcode\(barcodes == 1 ? "" : "s"), \(tables) nutrition table\(tables == 1 ? "" : "s") (\(fields) values)"
        if !totalMs.isEmpty {
            let sorted = totalMs.sorted()
            s += String(format: "; median %.0f ms/image", sorted[sorted.count / 2])
        }
        return s
    }
}
