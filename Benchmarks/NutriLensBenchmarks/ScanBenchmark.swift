import Foundation
import NutriLens
import NutriLensEvaluation
import NutriLensLabel
import NutriLensText

/// `nutrilens-bench scan [DIR] [--reps N] [--warmup N] [--jobs N] [--no-peers] [--no-rapidocr] [--limit N] [--ocr-budget S] [--fast] [--json FILE]`
///
/// The whole pipeline over a folder of labelled photos (default `TestImages`), in one run:
/// - cold start: `NutriLensScanner` construction and the first scan, reported apart from the warm figures;
/// - per-stage latency (`decode`, `barcode`, `ocr`, `parse`, `classify`, `total`, from `ScanResult.timingsMs`):
///   min / median / p95 over `reps` sequential passes after `warmup` passes;
/// - batch throughput at 1 and N concurrent scans (`NutriLensScanner.scan(contentsOf:maxConcurrentScans:)`) and the
///   scaling efficiency `throughput(N) / (N × throughput(1))`, CPU ms per image and cores busy per batch (to tell
///   contention inside the process from a machine other processes keep busy); peak RSS (`VmHWM`);
/// - peers on the same images, timed and scored the same way: the CLI pipeline a user would script
///   (`tesseract IMG - --psm 6` + `zbarimg`, one process each) and the Python pipeline
///   (`Benchmarks/peers/python_pipeline.py`: Pillow + pyzbar + pytesseract), and RapidOCR (PP-OCRv4 in ONNX Runtime,
///   one thread, `Benchmarks/peers/rapidocr_peer.py`; text only, no barcodes). Peer OCR text goes through NutriLens's
///   own label grammar (RapidOCR's as lines with word boxes, `NutritionTextReader.read(lines:)`), so the accuracy
///   columns compare what each pipeline's pixels-to-text step delivers; `--no-rapidocr` leaves that peer out.
/// Every process is pinned to one OpenMP thread (`OMP_THREAD_LIMIT=1`), the fast setting for Tesseract on this
/// machine (see ../shared/docs/eu-label-facts.md), so peers are not slowed by oversubscription.
enum ScanBenchmark {
    struct Options {
        var folder = "TestImages"
        var reps = 3
        var warmup = 1
        var jobs = ProcessInfo.processInfo.activeProcessorCount
        var peers = true
        var rapidOCR = true
        var limit: Int?
        /// `ScannerConfiguration.ocrTimeBudget`, seconds of the scanning thread's CPU time (`--ocr-budget`; default
        /// the library's 5 s, `0` = unlimited): the latency bound a user trades fields for.
        var ocrBudget: Double?
        /// Start from `ScannerConfiguration.fast` (the neural engine without its second detections) instead of the
        /// defaults.
        var fast = false
        var jsonPath: String?

        init(_ args: [String]) throws {
            var rest = args[...]
            while let arg = rest.popFirst() {
                func value() throws -> String {
                    guard let v = rest.popFirst() else { throw BenchUsageError(message: "\(arg) needs a value") }
                    return v
                }
                func int(minimum: Int = 1) throws -> Int {
                    let v = try value()
                    guard let n = Int(v), n >= minimum else {
                        throw BenchUsageError(message: "\(arg) takes a whole number >= \(minimum), not \(v)")
                    }
                    return n
                }
                switch arg {
                case "--reps": reps = try int()
                case "--warmup": warmup = try int(minimum: 0)
                case "--jobs": jobs = try int()
                case "--limit": limit = try int()
                case "--json": jsonPath = try value()
                case "--ocr-budget":
                    let v = try value()
                    guard let seconds = Double(v), seconds >= 0, seconds <= 600 else {
                        throw BenchUsageError(message: "--ocr-budget takes seconds from 0 (unlimited) to 600, not \(v)")
                    }
                    ocrBudget = seconds
                case "--no-peers": peers = false
                case "--no-rapidocr": rapidOCR = false
                case "--fast": fast = true
                default:
                    guard !arg.hasPrefix("-") else { throw BenchUsageError(message: "unknown option \(arg)") }
                    folder = arg
                }
            }
        }
    }

    /// Milliseconds distribution: min, median, 95th percentile (nearest rank).
    struct Distribution: Codable {
        var count: Int
        var min: Double
        var median: Double
        var p95: Double

        init?(_ samples: [Double]) {
            guard !samples.isEmpty else { return nil }
            let s = samples.sorted()
            count = s.count
            min = s[0]
            median = s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
            p95 = s[Swift.min(s.count - 1, Int((0.95 * Double(s.count)).rounded(.up)) - 1)]
        }
    }

    /// One pipeline's time and accuracy on the labelled images.
    struct PipelineFigures: Codable {
        var name: String
        var images: Int
        var msPerImage: Distribution?
        /// Whole-photo CPU time (user + system, all threads) per image, ms; `nil` where not measured.
        var cpuMsPerImage: Distribution?
        var fieldRecall: Double?
        var fieldPrecision: Double?
        var barcodesRead: Double?
        var tablesExact: Double?
        /// Photos the pipeline failed on (NutriLens: a scan error; a peer: a program missing, crashed or exiting
        /// with an error, or no answer): scored with every field missed, never as an empty reading; `nil` in reports
        /// written before session 21.
        var failedImages: Int?
        /// The first failures, `PATH: WHY`, at most ``PipelineFigures/shownFailures``.
        var failures: [String]?
        /// Median time of this pipeline ÷ median time of NutriLens (> 1: NutriLens is faster).
        var slowdownVsNutriLens: Double?
        /// Median CPU time of this pipeline ÷ median CPU time of NutriLens: the comparison that holds on a busy
        /// machine, where wall times are inflated by whatever else runs.
        var cpuSlowdownVsNutriLens: Double?

        /// How many failures a report lists (all are counted).
        static let shownFailures = 5
    }

    struct Report: Codable {
        var folder: String
        var images: Int
        var reps: Int
        var coldStartMs: [String: Double]
        var stageMs: [String: Distribution]
        var throughputImagesPerSecond: [String: Double]
        /// Process CPU time (user + system) per image in each batch, ms: flat from 1 to N workers means nothing
        /// thrashes; a rise means contention (locks spinning, cache or memory-bandwidth pressure).
        var cpuMsPerImage: [String: Double]
        /// CPU seconds / wall seconds of each batch: below N for N workers means the scans waited (a lock, or
        /// other processes holding the cores).
        var coresUsed: [String: Double]
        var scalingEfficiency: Double?
        var peakRSSMiB: Double
        var pipelines: [PipelineFigures]
        /// The libtesseract file the scans ran (Debian's, or scripts/build-tesseract.sh's optimised build).
        var tesseractLibrary: String?
        /// The OCR budget the scans ran with, seconds of CPU time; `nil` = unlimited.
        var ocrBudgetSeconds: Double?
        /// The OCR strategy's readings (`psm11+levelled-psm11+psm3`) and language routing the scans ran with (Tesseract's:
        /// used only when `ocrEngine` is `tesseract`, and for the re-read cells of `both`).
        var ocrReadings: String
        var languageRouting: String
        /// The text engine the scans ran (`neural`, `tesseract`, `both`) and, for the neural reader, which second
        /// detections were on (`small-text+table-region`, `none`); `nil` in reports written before session 20.
        var ocrEngine: String?
        var secondDetections: String?
    }

    static func run(arguments: [String]) throws {
        let options = try Options(arguments)
        setenv("OMP_THREAD_LIMIT", "1", 1)
        var images = Evaluator.labelledImages(under: options.folder)
        if let limit = options.limit { images = Array(images.prefix(limit)) }
        guard !images.isEmpty else { throw BenchUsageError(message: "no labelled images (image + .json sidecar) under \(options.folder)") }
        let truths = try images.map { try GroundTruth.load(from: GroundTruth.sidecarURL(for: $0)!) }
        BenchOutput.line("scan benchmark: \(images.count) labelled images under \(options.folder), \(options.reps) reps after \(options.warmup) warm-up")

        // Cold start: construction, then the first scan (engines and model load lazily or eagerly; both count here).
        var cold: [String: Double] = [:]
        var start = Date()
        var configuration = options.fast ? ScannerConfiguration.fast : ScannerConfiguration()
        if let budget = options.ocrBudget { configuration.ocrTimeBudget = budget > 0 ? budget : nil }
        let scanner = try NutriLensScanner(configuration: configuration)
        cold["scanner_init"] = ms(since: start)
        start = Date()
        _ = scanner.scan(images[0])
        cold["first_scan"] = ms(since: start)

        // Warm per-stage latency, one scan at a time.
        for _ in 0..<options.warmup { for url in images { _ = scanner.scan(url) } }
        var stageSamples: [String: [Double]] = [:]
        var lastResults: [ScanResult] = []
        var scanCPU: [Double] = []
        for _ in 0..<options.reps {
            scanCPU = []
            lastResults = images.map { url in
                let cpu0 = ProcessMemory.processCPUSeconds()
                defer { scanCPU.append(1000 * (ProcessMemory.processCPUSeconds() - cpu0)) }
                return scanner.scan(url)
            }
            for result in lastResults {
                for (stage, value) in result.timingsMs ?? [:] { stageSamples[stage.rawValue, default: []].append(value) }
            }
        }
        let stageMs = stageSamples.compactMapValues(Distribution.init)

        // Batch throughput at 1 and N workers (wall time of the whole batch). A short N-wide batch first, so the
        // OCR pool's extra engines (loaded lazily, one per concurrent scan) are not loaded inside the timed batch.
        if options.jobs > 1 {
            let warm = Array(images.prefix(options.jobs)), width = options.jobs
            _ = try awaitBlocking { await scanner.scan(contentsOf: warm, maxConcurrentScans: width) }
        }
        var throughput: [String: Double] = [:]
        var cpuPerImage: [String: Double] = [:]
        var coresUsed: [String: Double] = [:]
        for jobs in Array(Set([1, options.jobs])).sorted() {
            let batchStart = Date()
            let cpuStart = ProcessMemory.processCPUSeconds()
            let batch = images
            let results = try awaitBlocking { await scanner.scan(contentsOf: batch, maxConcurrentScans: jobs) }
            precondition(results.count == images.count)
            let wall = Date().timeIntervalSince(batchStart), cpu = ProcessMemory.processCPUSeconds() - cpuStart
            throughput["\(jobs)"] = Double(images.count) / wall
            cpuPerImage["\(jobs)"] = 1000 * cpu / Double(images.count)
            coresUsed["\(jobs)"] = cpu / wall
        }
        let scaling = options.jobs > 1
            ? throughput["\(options.jobs)"].flatMap { n in throughput["1"].map { n / (Double(options.jobs) * $0) } }
            : nil

        var ours = figures(name: "NutriLens (library, in-process)", times: lastResults.compactMap { $0.timingsMs?[.total] },
                           results: lastResults, truths: truths)
        ours.cpuMsPerImage = Distribution(scanCPU)
        var pipelines = [ours]
        if options.peers {
            pipelines.append(cliPipeline(images: images, truths: truths))
            if let python = pythonPipeline(images: images, truths: truths) { pipelines.append(python) }
        }
        if options.peers && options.rapidOCR, let rapid = rapidOCRPipeline(images: images, truths: truths) {
            pipelines.append(rapid)
        }
        let base = ours.msPerImage?.median
        for i in pipelines.indices {
            if let m = pipelines[i].msPerImage?.median, let base, base > 0 { pipelines[i].slowdownVsNutriLens = m / base }
            if let m = pipelines[i].cpuMsPerImage?.median, let cpuBase = ours.cpuMsPerImage?.median, cpuBase > 0 {
                pipelines[i].cpuSlowdownVsNutriLens = m / cpuBase
            }
        }

        let report = Report(folder: options.folder, images: images.count, reps: options.reps, coldStartMs: cold,
                            stageMs: stageMs, throughputImagesPerSecond: throughput, cpuMsPerImage: cpuPerImage,
                            coresUsed: coresUsed, scalingEfficiency: scaling,
                            peakRSSMiB: ProcessMemory.peakRSSMiB(), pipelines: pipelines,
                            tesseractLibrary: ProcessMemory.mappedLibrary(named: "libtesseract.so"),
                            ocrBudgetSeconds: scanner.configuration.ocrTimeBudget,
                            ocrReadings: scanner.configuration.ocr.readings.map(\.description).joined(separator: "+"),
                            languageRouting: scanner.configuration.ocr.languageRouting.rawValue,
                            ocrEngine: scanner.configuration.ocrEngine.rawValue,
                            secondDetections: secondDetections(of: scanner.configuration))
        printReport(report)
        if let path = options.jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(report).write(to: URL(fileURLWithPath: path))
            BenchOutput.line("wrote \(path)")
        }
    }

    // MARK: Peers

    /// `tesseract IMG - --psm 6` then `zbarimg -q IMG` (found on `PATH`, as pytesseract finds tesseract), as a shell
    /// script would run them; wall time and CPU time
    /// (the two child processes' user + system) of both. A photo on which either program fails (missing, killed,
    /// an exit status other than 0, or zbarimg's 4 for "no barcode") is a failed photo (``peerFailure(_:_:)``).
    static func cliPipeline(images: [URL], truths: [GroundTruth]) -> PipelineFigures {
        var times: [Double] = [], cpu: [Double] = []
        var results: [ScanResult] = []
        for url in images {
            let start = Date(), cpuStart = ProcessMemory.childrenCPUSeconds()
            var text = "", codes = "", problems: [String] = []
            do { text = try BenchProcess.run("tesseract", [url.path, "-", "--psm", "6"]) } catch {
                problems.append("\(error)")
            }
            do { codes = try BenchProcess.run("zbarimg", ["-q", "--nodbus", url.path], acceptedStatuses: [0, 4]) } catch {
                problems.append("\(error)")
            }
            guard problems.isEmpty else {
                // Not timed: a program that did not run has no time to compare (the Python peers' failed photos
                // are left out of their times the same way).
                results.append(peerFailure(url.path, problems.joined(separator: "; ")))
                continue
            }
            times.append(ms(since: start))
            cpu.append(1000 * (ProcessMemory.childrenCPUSeconds() - cpuStart))
            var result = NutritionTextReader.read(text: text, name: url.path)
            result.barcodes = codes.split(separator: "\n").compactMap { line in
                guard let colon = line.firstIndex(of: ":") else { return nil }
                return ScannedBarcode(symbology: String(line[..<colon]), text: String(line[line.index(after: colon)...]))
            }
            results.append(result)
        }
        var cli = figures(name: "tesseract --psm 6 + zbarimg (CLI)", times: times, results: results, truths: truths)
        cli.cpuMsPerImage = Distribution(cpu)
        return cli
    }

    /// Pillow + pyzbar + pytesseract in one Python process; nil (with a note) when the modules are missing.
    static func pythonPipeline(images: [URL], truths: [GroundTruth]) -> PipelineFigures? {
        struct Line: PeerAnswer { var path: String; var ms: Double; var cpuMs: Double; var text: String; var barcodes: [ScannedBarcode]; var error: String? }
        guard let answers = peerAnswers(Line.self, name: "Python", script: "Benchmarks/peers/python_pipeline.py",
                                        needs: "pillow pyzbar pytesseract", images: images) else { return nil }
        let results = answers.map { answer -> ScanResult in
            let line: Line
            switch answer {
            case .failure(let failure): return peerFailure(failure.path, failure.message)
            case .success(let answered): line = answered
            }
            var result = NutritionTextReader.read(text: line.text, name: line.path)
            result.barcodes = line.barcodes
            return result
        }
        let lines = answers.compactMap { try? $0.get() }
        var python = figures(name: "Pillow + pyzbar + pytesseract (Python)", times: lines.map(\.ms), results: results,
                             truths: truths)
        python.cpuMsPerImage = Distribution(lines.map(\.cpuMs))
        return python
    }

    /// RapidOCR (`pip install rapidocr_onnxruntime`: PP-OCRv4 det + rec + angle classifier in ONNX Runtime, one
    /// thread) in one Python process; its segments become `TextLine`s with word boxes and go through our grammar.
    /// No barcodes (RapidOCR reads none). nil (with a note) when the module is missing.
    static func rapidOCRPipeline(images: [URL], truths: [GroundTruth]) -> PipelineFigures? {
        struct Line: PeerAnswer { var path: String; var ms: Double; var cpuMs: Double; var lines: [TextLine]; var error: String? }
        guard let answers = peerAnswers(Line.self, name: "RapidOCR", script: "Benchmarks/peers/rapidocr_peer.py",
                                        needs: "rapidocr_onnxruntime pillow", images: images) else { return nil }
        let results = answers.map { answer -> ScanResult in
            switch answer {
            case .failure(let failure): return peerFailure(failure.path, failure.message)
            case .success(let line): return NutritionTextReader.read(lines: line.lines, name: line.path)
            }
        }
        let lines = answers.compactMap { try? $0.get() }
        var rapid = figures(name: "RapidOCR PP-OCRv4, ONNX Runtime 1 thread (Python) + our grammar", times: lines.map(\.ms),
                            results: results, truths: truths)
        rapid.cpuMsPerImage = Distribution(lines.map(\.cpuMs))
        return rapid
    }

    /// One photo's answer from a Python peer: the answer line, or why there is none (the line's own `error`, the
    /// peer process's failure when it stopped before answering).
    typealias PeerOutcome<Answer> = Result<Answer, PeerPhotoFailure>

    /// Why a peer has no reading of one photo.
    struct PeerPhotoFailure: Error {
        var path: String
        var message: String
    }

    /// The JSON line per image a Python peer `script` prints for `images`, in the order of `images`; nil (with a note
    /// naming `needs`, its PyPI packages, and the process's failure) when it answered for no image. A line with an
    /// `error` (the peer could not read that photo: tesseract missing, a file Pillow cannot open) and a photo it gave
    /// no line for (the process crashed or exited early: ``BenchProcessError``) are that photo's failure.
    static func peerAnswers<Answer: PeerAnswer>(_ type: Answer.Type, name: String, script: String, needs: String,
                                                images: [URL]) -> [PeerOutcome<Answer>]? {
        var out = "", processFailure: String?
        do { out = try BenchProcess.run("/usr/bin/env", ["python3", script] + images.map(\.path)) } catch let error as BenchProcessError {
            out = error.stdout
            processFailure = "\(error)"
        } catch {
            processFailure = "\(error)"
        }
        var byPath: [String: Answer] = [:]
        for line in out.split(separator: "\n") {
            if let answer = try? JSONDecoder().decode(Answer.self, from: Data(line.utf8)) { byPath[answer.path] = answer }
        }
        guard !byPath.isEmpty else {
            BenchOutput.line("note: \(name) peer skipped (needs `pip install \(needs)` and \(script))"
                  + (processFailure.map { ": \($0)" } ?? ""))
            return nil
        }
        return images.map { url in
            guard let answer = byPath[url.path] else {
                return .failure(PeerPhotoFailure(path: url.path, message: "\(name) peer gave no answer for this photo"
                                                 + (processFailure.map { " (\($0))" } ?? "")))
            }
            if let error = answer.error { return .failure(PeerPhotoFailure(path: url.path, message: "\(name) peer: \(error)")) }
            return .success(answer)
        }
    }

    /// A peer's failure on one photo as a result: `stage_failed` with the peer's words, so scoring counts the photo's
    /// truth as missed and ``PipelineFigures/failedImages`` counts it, as a NutriLens scan error would be.
    static func peerFailure(_ path: String, _ message: String) -> ScanResult {
        ScanResult(path: path, error: ScanFailure(.stageFailed, message: message))
    }

    // MARK: Scoring and output

    static func figures(name: String, times: [Double], results: [ScanResult], truths: [GroundTruth]) -> PipelineFigures {
        let report = EvaluationReport(scores: zip(results, truths).map { ImageScore(result: $0, truth: $1) })
        let failures = results.filter(\.failed).map { "\($0.path ?? "?"): \($0.error?.message ?? "")" }
        return PipelineFigures(name: name, images: results.count, msPerImage: Distribution(times),
                               fieldRecall: report.fields.recall, fieldPrecision: report.fields.precision,
                               barcodesRead: report.barcodes.rate, tablesExact: report.tables.rate,
                               failedImages: report.failedImages,
                               failures: failures.isEmpty ? nil : Array(failures.prefix(PipelineFigures.shownFailures)))
    }

    /// The neural reader's second detections a configuration runs: `small-text`, `table-region`, `redetect-N`
    /// joined by `+`, or `none`.
    static func secondDetections(of configuration: ScannerConfiguration) -> String {
        var on: [String] = []
        if configuration.textSmallTextRedetection { on.append("small-text") }
        if configuration.textTableRegionRedetection { on.append("table-region") }
        if let side = configuration.textRedetectionLongSide { on.append("redetect-\(side)") }
        return on.isEmpty ? "none" : on.joined(separator: "+")
    }

    static func printReport(_ r: Report) {
        func f(_ v: Double?, _ digits: Int = 1) -> String { v.map { String(format: "%.\(digits)f", $0) } ?? "–" }
        let engine = r.ocrEngine ?? "tesseract"
        BenchOutput.line("\ntext engine: \(engine)" + (engine == "tesseract" ? "" : "; second detections: \(r.secondDetections ?? "-")"))
        BenchOutput.line("tesseract library: \(r.tesseractLibrary ?? "not loaded")")
        BenchOutput.line("OpenBLAS core: \(BLASCore.loadedCoreType ?? "none")")
        // Tesseract's reading settings only when Tesseract reads (all of a photo, or `both`'s re-read cells).
        if engine != "neural" {
            BenchOutput.line("Tesseract OCR budget: " + (r.ocrBudgetSeconds.map { "\(f($0, 2)) s of CPU per image" } ?? "unlimited")
                  + "; readings \(r.ocrReadings), languages \(r.languageRouting)")
        }
        BenchOutput.line("cold start: " + r.coldStartMs.sorted { $0.key < $1.key }.map { "\($0.key) \(f($0.value)) ms" }.joined(separator: ", "))
        BenchOutput.line("\n| stage | n | min ms | median ms | p95 ms |\n|---|---:|---:|---:|---:|")
        for (stage, d) in r.stageMs.sorted(by: { $0.key < $1.key }) {
            BenchOutput.line("| \(stage) | \(d.count) | \(f(d.min)) | \(f(d.median)) | \(f(d.p95)) |")
        }
        BenchOutput.line("\nthroughput: " + r.throughputImagesPerSecond.sorted { $0.key < $1.key }
            .map { "\($0.key) worker(s) \(f($0.value, 2)) images/s" }.joined(separator: ", ")
            + (r.scalingEfficiency.map { String(format: "; scaling efficiency %.2f", $0) } ?? "")
            + String(format: "; peak RSS %.0f MiB", r.peakRSSMiB))
        BenchOutput.line("CPU per image: " + r.cpuMsPerImage.sorted { $0.key < $1.key }
            .map { "\($0.key) worker(s) \(f($0.value)) ms (\(f(r.coresUsed[$0.key], 2)) cores busy)" }.joined(separator: ", "))
        BenchOutput.line("\n| pipeline | images | failed | median ms | p95 ms | × NutriLens time | median CPU ms | p95 CPU ms | × NutriLens CPU | field recall | field precision | tables exact | barcodes read |")
        BenchOutput.line("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
        for p in r.pipelines {
            BenchOutput.line("| \(p.name) | \(p.images) | \(p.failedImages.map(String.init) ?? "–") | \(f(p.msPerImage?.median)) | \(f(p.msPerImage?.p95)) | \(f(p.slowdownVsNutriLens, 2)) | "
                + "\(f(p.cpuMsPerImage?.median)) | \(f(p.cpuMsPerImage?.p95)) | \(f(p.cpuSlowdownVsNutriLens, 2)) | \(f(p.fieldRecall, 3)) | \(f(p.fieldPrecision, 3)) | \(f(p.tablesExact, 3)) | \(f(p.barcodesRead, 3)) |")
        }
        // Failed photos are scored with every field missed; say why, so a missing program is not read as a result.
        for p in r.pipelines {
            guard let failed = p.failedImages, failed > 0 else { continue }
            BenchOutput.line("\nnote: \(p.name) failed on \(failed) of \(p.images) photos (scored as misses)"
                  + (failed > (p.failures?.count ?? 0) ? "; the first \(p.failures?.count ?? 0):" : ":"))
            for failure in p.failures ?? [] { BenchOutput.line("  \(failure)") }
        }
    }

    static func ms(since start: Date) -> Double { Date().timeIntervalSince(start) * 1000 }
}

/// What every Python peer of ``ScanBenchmark`` prints per photo beside its reading: the photo's path and, when it
/// could not read it, why (`null` when it could).
protocol PeerAnswer: Decodable {
    var path: String { get }
    var error: String? { get }
}
