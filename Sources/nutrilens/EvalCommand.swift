#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NutriLens
import NutriLensEvaluation

/// `nutrilens eval DIR`: scan labelled images and score them against their sidecars.
enum EvalCommand {
    static let spec = CommandSpec(
        name: "eval", summary: "Score scans of labelled images (NAME.jpg + NAME.json ground truth) and catch regressions.",
        usage: "[options] DIR",
        options: ScannerOptions.specs + [
            OptionSpec(name: "report", short: "o", valueName: "FILE", help: "Write the JSON report to FILE."),
            OptionSpec(name: "html", short: nil, valueName: "FILE", help: "Write a self-contained HTML report to FILE: every photo with a box on each field read (correct, wrong, flagged), truth against read values, per-nutrient bars, a reliability diagram; with --baseline, what changed."),
            OptionSpec(name: "baseline", short: "b", valueName: "FILE", help: "Compare with an earlier report; exit 1 on a regression."),
            OptionSpec(name: "tolerance", short: nil, valueName: "X", help: "Allowed drop per rate before it counts as a regression (default 0.0005)."),
            OptionSpec(name: "worst", short: nil, valueName: "N", help: "How many worst images to list (default 10)."),
            OptionSpec(name: "json", short: nil, valueName: nil, help: "Print the JSON report instead of the summary."),
            OptionSpec(name: "quiet", short: "q", valueName: nil, help: "No progress bar on stderr."),
        ],
        minimumPositionals: 1,
        details: """
        Scoring (../shared/docs/ground-truth.md): a field is correct when the value equals the truth rounded to the
        printed precision and the qualifier (<, trace) matches; recall = correct/truth fields, precision =
        correct/predicted fields; barcodes compare by GTIN-13 normal form.
        DIR is searched like scan's folders (links followed once); images without a sidecar are left out. Whenever
        stderr is a terminal a progress bar (count, rate, time left) runs on it; -q turns it off.
        Exit status: 0 ok, 1 regression against --baseline or no labelled image in DIR (named on stderr with what
        was searched), 2 usage error, 3 not everything could be scored: an unreadable DIR or baseline, a folder,
        entry or link below DIR that could not be read, or a sidecar that is not ground-truth JSON (each named on
        stderr with the reason; the rest is still scored, reported and compared, and when nothing is left to score,
        nothing is compared with the baseline).

        \(OCRStrategyOptions.help)
        """)

    static func run(_ args: ParsedArguments) async throws -> ExitCode {
        guard args.positionals.count == 1 else {
            throw UsageError.tooManyArguments(expected: "one DIR", given: args.positionals)
        }
        let folder = args.positionals[0]
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDir), isDir.boolValue else {
            Terminal.err("nutrilens eval: \(folder) is not a folder")
            return .setup
        }
        let worst = try args.integer("worst", in: 0...10_000) ?? 10
        let tolerance: Double
        if let t = args.values["tolerance"] {
            guard let value = Double(t), value >= 0, value <= 1 else {
                throw UsageError.invalidValue(option: "tolerance", value: t, expected: "a number from 0 to 1")
            }
            tolerance = value
        } else { tolerance = 0.0005 }
        // Read the baseline before scanning so a bad path fails fast.
        var baseline: EvaluationReport?
        if let path = args.values["baseline"] {
            do { baseline = try EvaluationReport.load(from: URL(fileURLWithPath: path)) } catch {
                Terminal.err("nutrilens eval: cannot use the baseline report \(error)")
                return .setup
            }
        }
        // Output paths are checked before scanning, so a typo does not cost the whole run.
        for option in ["report", "html"] {
            guard let path = args.values[option], let problem = Self.unwritable(path) else { continue }
            Terminal.err("nutrilens eval: cannot write the --\(option) file \(path): \(problem)")
            return .setup
        }
        let configuration = try ScannerOptions.configuration(from: args)
        if let note = ScannerOptions.unusedTesseractOptionsNote(args, configuration: configuration) {
            Terminal.err("nutrilens eval: " + note)
        }
        let search = ImageFileDiscovery.search(folder: folder)
        if let unreadable = search.unreadablePaths.first(where: { $0.path == folder || $0.path + "/" == folder }) {
            Terminal.err("nutrilens eval: cannot read the folder \(folder): \(unreadable.reason)")
            return .setup
        }
        // What could not be seen below DIR may hold labelled images: each is named, the rest is scored, and the
        // run ends with 3 like a skipped sidecar.
        let unseen = search.unreadablePaths
        for unreadable in unseen {
            Terminal.err("nutrilens eval: skipped \(unreadable.path): \(unreadable.problem)")
        }
        let images = Evaluator.labelledImages(in: search)
        if images.isEmpty, !unseen.isEmpty {
            Terminal.err("nutrilens eval: no image could be scored: no labelled image in '\(folder)' outside the "
                         + "\(plural(unseen.count, "path")) that could not be read (above)")
            return .setup
        }
        if images.isEmpty {
            let found = search.files.isEmpty ? FolderInputs.noImagesMessage(search)
                : "no labelled images in '\(folder)': \(search.files.count) image\(search.files.count == 1 ? "" : "s") found, "
                    + "none with a ground-truth sidecar beside it (NAME.jpg + NAME.json, ../shared/docs/ground-truth.md)"
            Terminal.err("nutrilens eval: " + found)
            return .someFailed
        }
        let scanner = try NutriLensScanner(configuration: configuration, observer: try ScanDiagnostics.from(args))
        var progress = ProgressBar(total: images.count, enabled: !args.flags.contains("quiet") && Terminal.stderrIsTTY)
        progress.draw()
        let jobs = try ScannerOptions.jobs(from: args)
        let htmlPath = args.values["html"]
        var entries: [HTMLReport.Entry] = []
        let baselineScores = Dictionary((baseline?.imageScores ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var report = await Evaluator.evaluate(images: images, scanner: scanner, jobs: jobs, worstCount: worst,
                                              progress: { done, _, score in progress.update(done: done, label: score.path) },
                                              scanned: { url, result, truth, score in
            guard htmlPath != nil else { return }
            let thumbnail = try? HTMLReport.Thumbnail.make(contentsOf: url, maxPixels: configuration.maxImagePixels)
            entries.append(HTMLReport.Entry(score: score, result: CLIMessages.forCLI(result), truth: truth,
                                            thumbnail: thumbnail, baseline: baselineScores[score.path]))
        })
        progress.clear()
        let skipped = report.skipped ?? [:]
        for (path, reason) in skipped.sorted(by: { $0.key < $1.key }) {
            Terminal.err("nutrilens eval: skipped \(path): \(reason)")
        }
        // The report records the paths that could not be read (named above, before the scan) beside the sidecars.
        if !unseen.isEmpty {
            report.skipped = skipped.merging(unseen.map { ($0.path, $0.problem) }, uniquingKeysWith: { first, _ in first })
        }
        if report.images == 0 {
            Terminal.err("nutrilens eval: no image could be scored: the \(skipped.count) labelled image"
                         + "\(skipped.count == 1 ? "'s sidecar is" : "s' sidecars are") not ground-truth JSON (above)")
            return .setup
        }
        if let path = args.values["report"] {
            do {
                try Data((try ScanResultJSON.string(report, style: .pretty) + "\n").utf8).write(to: URL(fileURLWithPath: path))
            } catch {
                Terminal.err("nutrilens eval: cannot write report \(path): \(error)")
                return .setup
            }
        }
        if let htmlPath {
            let page = HTMLReport(title: folder, report: report, entries: entries, baseline: baseline).render()
            do { try Data(page.utf8).write(to: URL(fileURLWithPath: htmlPath)) } catch {
                Terminal.err("nutrilens eval: cannot write HTML report \(htmlPath): \(error)")
                return .setup
            }
            Terminal.err("HTML report: \(htmlPath)")
        }
        if args.flags.contains("json") {
            Terminal.out(try ScanResultJSON.string(report, style: .pretty))
        } else {
            Terminal.out(EvaluationSummary.describe(report))
        }
        // A skipped sidecar or a path that could not be read is a set-up error (3) after the rest is scored and
        // compared: not everything could be scored.
        let complete = skipped.isEmpty && unseen.isEmpty
        let finished: ExitCode = complete ? .success : .setup
        if !complete {
            var parts: [String] = []
            if !unseen.isEmpty { parts.append(plural(unseen.count, "path") + " not read") }
            if !skipped.isEmpty { parts.append(plural(skipped.count, "labelled image") + " skipped") }
            Terminal.err("nutrilens eval: " + parts.joined(separator: ", ") + " (above); \(report.images) scored")
        }
        guard let baseline else { return finished }
        let regressions = report.regressions(against: baseline, tolerance: tolerance)
        if regressions.isEmpty {
            Terminal.err("no regression against \(args.values["baseline"]!)")
            return finished
        }
        Terminal.err("REGRESSION against \(args.values["baseline"]!):")
        for r in regressions { Terminal.err("  \(r)") }
        return complete ? .someFailed : .setup
    }

    /// Why a file could not be written at `path` (the system's reason: its folder missing or not writable, the path a
    /// folder, the file read-only), or nil when it looks writable. Checked with `access`/`stat`, creating nothing.
    static func unwritable(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { return "is a directory" }
            return access(path, W_OK) == 0 ? nil : String(cString: strerror(errno))
        }
        let folder = (path as NSString).deletingLastPathComponent
        return access(folder.isEmpty ? "." : folder, W_OK | X_OK) == 0 ? nil : String(cString: strerror(errno))
    }

    /// "1 path", "2 paths".
    private static func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
}

/// The readable form of an evaluation report.
enum EvaluationSummary {
    /// The option that leaves each of `EvaluationReport.unscoredMetrics(stages:)`'s metrics unscored.
    static let unscoredOptions = ["fields": "--no-nutrition", "tables": "--no-nutrition", "barcodes": "--no-barcode",
                                  "kind": "--no-classifier"]

    static func describe(_ r: EvaluationReport) -> String {
        func pct(_ x: Double?) -> String { x.map { String(format: "%5.1f%%", $0 * 100) } ?? "    –" }
        var lines = ["\(r.images) images (\(r.failedImages) failed)" + (r.medianScanMs.map { String(format: ", median scan %.0f ms", $0) } ?? "")]
        // A metric whose stage did not run is not scored (EvaluationReport.notScored): said so, with the option.
        let unscored = Set(r.notScored ?? [])
        func metric(_ name: String, _ line: @autoclosure () -> String) {
            guard unscored.contains(name) else { lines.append(line()); return }
            let option = unscoredOptions[name].map { " (\($0))" } ?? ""
            lines.append(name.padding(toLength: 11, withPad: " ", startingAt: 0) + "–      not scored: not read\(option)")
        }
        metric("fields", String(format: "fields     recall %@  precision %@  (%d correct / %d truth / %d predicted)",
                                pct(r.fields.recall), pct(r.fields.precision), r.fields.correct, r.fields.truth, r.fields.predicted))
        metric("tables", "tables     exact  \(pct(r.tables.rate))  (\(r.tables.correct)/\(r.tables.total))")
        metric("barcodes", "barcodes   read   \(pct(r.barcodes.rate))  (\(r.barcodes.correct)/\(r.barcodes.total), \(r.spuriousBarcodes) spurious)")
        metric("kind", "kind       right  \(pct(r.kind.rate))  (\(r.kind.correct)/\(r.kind.total))")
        if !r.perNutrient.isEmpty {
            lines.append("")
            lines.append("nutriment                     recall  precision  truth  predicted")
            for key in r.perNutrient.keys.sorted() {
                let t = r.perNutrient[key]!
                let name = key.count >= 26 ? key + " " : key + String(repeating: " ", count: 26 - key.count)
                lines.append("  " + name + " \(pct(t.recall))     \(pct(t.precision))  " + String(format: "%5d  %9d", t.truth, t.predicted))
            }
        }
        if !r.worstImages.isEmpty {
            lines.append("")
            lines.append("worst images:")
            for s in r.worstImages {
                var line = String(format: "  recall %@ precision %@  %@", pct(s.recall), pct(s.precision), s.path)
                if let e = s.error { line += "  [\(e.rawValue)]" }
                let bad = s.outcomes.filter { $0.value != .correct }.sorted { $0.key < $1.key }.prefix(6)
                if !bad.isEmpty { line += "  " + bad.map { "\($0.key):\($0.value.rawValue)" }.joined(separator: " ") }
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
