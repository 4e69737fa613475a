import Foundation
import NutriLens

/// `nutrilens scan PATH...`: scans files and folders, streaming results in input order.
enum ScanCommand {
    static let spec = CommandSpec(
        name: "scan", summary: "Read barcodes, the nutrition table and food items from photos.",
        usage: "[options] PATH...",
        options: OutputFormat.options + ScannerOptions.specs + BatchInputs.options + [
            OptionSpec(name: "quiet", short: "q", valueName: nil, help: "No progress bar and no summary line on stderr."),
        ],
        minimumPositionals: 0,
        details: """
        PATH is an image file or a folder (searched recursively; JPEG/PNG/HEIC/WebP recognised by content, other images by
        name; links to folders followed once, loop-safe); --files-from adds listed paths after them, scanned
        exactly as listed. A folder that cannot be listed, an entry that cannot be examined and a link that cannot
        be followed (one named like an image is scanned and reported as file_not_found) are each reported like an
        unreadable file; a folder with no image is named on stderr with what was searched, and the run exits 1. Batch runs over many machines: give
        each machine --shard I/N of the same list and a results file of its own, and rerun the same command with
        --skip-done FILE >> FILE to resume after a failure (examples/dask/ runs this on a Dask cluster).
        Output: --human on a terminal, JSON Lines otherwise (or as chosen with --json/--jsonl). --human shows each
        value in the unit printed on the label (kJ, kcal, g, mg, µg) with its %RI/%DV where read, the serving size
        as an amount ("serving 28 g"), "?" on values to check against the photo, and only warnings you can act on;
        JSON keeps everything (grams, serving_size as printed). Whenever stderr is a terminal a progress bar
        (count, rate, time left) runs on it in every format, and one summary line closes the run (files, tables,
        barcodes, failures, time); -q turns both off.
        Exit status: 0 all scanned, 1 some input failed (each reported, the rest still scanned) or a folder held
        no image, 2 usage error, 3 set-up error (e.g. missing tessdata).

        \(OCRStrategyOptions.help)
        """)

    static func run(_ args: ParsedArguments) async throws -> ExitCode {
        let format = try OutputFormat.from(args, isTTY: Terminal.stdoutIsTTY)
        let config = try ScannerOptions.configuration(from: args)
        if let note = ScannerOptions.unusedTesseractOptionsNote(args, configuration: config) { Terminal.err("nutrilens scan: " + note) }
        let jobs = try ScannerOptions.jobs(from: args)
        let selection = try BatchInputs.select(args)
        for folder in selection.emptyFolders { Terminal.err("nutrilens scan: " + FolderInputs.noImagesMessage(folder)) }
        if let list = selection.emptyList { Terminal.err("nutrilens scan: the --files-from list \(list) names no path") }
        let scanner = try NutriLensScanner(configuration: config, observer: try ScanDiagnostics.from(args))
        let urls = selection.urls
        let quiet = args.flags.contains("quiet")
        let hasFolder = selection.isBatch || args.positionals.contains { path in
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
        }
        var printer = ResultPrinter(format: format)
        var tally = ScanTally()
        for unreadable in selection.unreadablePaths {
            let result = FolderInputs.result(for: unreadable)
            printer.print(result)
            tally.add(result)
        }
        var progress = ProgressBar(total: urls.count, enabled: !quiet && Terminal.stderrIsTTY)
        progress.draw()
        await scanner.scan(contentsOf: urls.map(ScanInput.file), maxConcurrentScans: jobs) { index, result in
            let shown = CLIMessages.forCLI(result)
            progress.clear()
            printer.print(shown)
            tally.add(shown)
            progress.update(done: index + 1, label: shown.path ?? "")
        }
        progress.clear()
        printer.finish()
        if !quiet, format == .human || hasFolder || tally.inputs > 1 {
            Terminal.err(tally.summary + selection.summarySuffix)
        }
        return tally.failed > 0 || selection.hasEmptyInput ? .someFailed : .success
    }
}
