import Foundation
import NutriLensBarcode
import NutriLensImageIO
import NutriLensImaging

/// `nutrilens-bench barregions DIR... [--read] [--verbose]`: how often `BarcodeReader.barRegions` sees bars in each folder's
/// photos (JPEG/PNG/WebP, decoded to grey at the scanner's working size, 2400 px), the share of the image the
/// regions cover, and the finder's time (thread CPU). Run it on a barcode corpus (every photo should have a region)
/// and on label photos without codes (few should) to judge the presence test the reader's ladder relies on.
/// `--read` also times `BarcodeReader.read` with `focusOnBarRegions` on and off on the photos WITHOUT bar regions
/// (the only ones where the two differ), interleaved in the same run, in thread CPU ms (immune to other processes'
/// load) with `timeBudget: .infinity` (every step runs), and counts the photos where each found a GTIN.
/// `--stage` times `BarcodeReader.read` on EVERY photo (thread CPU, `timeBudget: .infinity`), the default options
/// against the same options with `coarseFirstMinimumPixels: Int.max` (presence test after the first step, ladder in its written order, native
/// first, as before session 4), interleaved per photo, and lists the photos where the two return different GTINs.
/// `--upscale N` enlarges every photo N times (bilinear) before the finder runs: the barcode corpus's photos are
/// mostly 0.1-0.3 MP, below the size from which regions must pass `BarPatternCheck`, so this is how to see whether
/// that check keeps its hard codes.
enum BarRegionBenchmark {
    static func run(arguments: [String]) throws {
        var upscale = 1
        if let i = arguments.firstIndex(of: "--upscale") {
            guard i + 1 < arguments.count, let n = Int(arguments[i + 1]), (1...4).contains(n) else {
                throw BenchUsageError(message: "--upscale takes 1...4")
            }
            upscale = n
        }
        let valued: Set<String> = ["--upscale", "--coarse-from", "--budget"]
        let folders = arguments.enumerated().filter { !$0.element.hasPrefix("--") && ($0.offset == 0 || !valued.contains(arguments[$0.offset - 1])) }.map(\.element)
        guard !folders.isEmpty else { throw BenchUsageError(message: "usage: barregions DIR... [--read] [--stage [--coarse-from PIXELS] [--budget S]] [--upscale N] [--verbose]") }
        for folder in folders {
            let files = try imageFiles(under: folder)
            var withRegions = 0, times: [Double] = [], coverage: [Double] = []
            var readMs: [Bool: [Double]] = [true: [], false: []], gtins: [Bool: Int] = [true: 0, false: 0]
            var stage = StageComparison(
                coarseFrom: value(after: "--coarse-from", in: arguments).flatMap { Int($0) } ?? BarcodeReadOptions().coarseFirstMinimumPixels,
                budget: value(after: "--budget", in: arguments).flatMap { Double($0) } ?? .infinity)
            for file in files {
                guard let photo = try? ImageDecoder.decode(contentsOf: URL(fileURLWithPath: file),
                                                          options: DecodeOptions(targetMaxSide: 2400, wantColor: false))
                else { continue }
                var gray = photo.image.grayscale
                if upscale > 1 { gray = try gray.resized(toWidth: gray.width * upscale, height: gray.height * upscale) }
                let t0 = BenchmarkTiming.threadCPUTime()
                let regions = BarcodeReader.barRegions(in: gray)
                times.append((BenchmarkTiming.threadCPUTime() - t0) * 1000)
                let share = Double(regions.reduce(0) { $0 + $1.width * $1.height }) / Double(gray.width * gray.height)
                coverage.append(share)
                if !regions.isEmpty { withRegions += 1 }
                // With bars seen, both settings run the same ladder; the A/B only differs on photos without them.
                if arguments.contains("--read") && regions.isEmpty {
                    for focus in [true, false] {
                        let reader = BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity, focusOnBarRegions: focus))
                        let r0 = BenchmarkTiming.threadCPUTime()
                        let codes = (try? reader.read(gray)) ?? []
                        readMs[focus]!.append((BenchmarkTiming.threadCPUTime() - r0) * 1000)
                        if codes.contains(where: { $0.gtin != nil }) { gtins[focus]! += 1 }
                        if arguments.contains("--verbose") {
                            BenchOutput.line("  focus \(focus ? "on " : "off"): \(codes.compactMap(\.gtin)) in \(Int((BenchmarkTiming.threadCPUTime() - r0) * 1000)) ms")
                        }
                    }
                }
                if arguments.contains("--stage") { stage.measure(gray, file: file, verbose: arguments.contains("--verbose")) }
                if arguments.contains("--verbose") {
                    BenchOutput.line(String(format: "%@ %dx%d regions %d cover %.2f finder %.1f ms", file, gray.width, gray.height, regions.count,
                                 share, times.last!))
                }
            }
            times.sort(); coverage.sort()
            guard !times.isEmpty else { BenchOutput.line("\(folder): no images"); continue }
            BenchOutput.line(String(format: "%@: %d/%d images with bar regions; median cover %.2f; finder median %.2f ms, max %.2f ms",
                         folder, withRegions, times.count, coverage[coverage.count / 2], times[times.count / 2], times.last!))
            for focus in [true, false] where !readMs[focus]!.isEmpty {
                let t = readMs[focus]!.sorted()
                BenchOutput.line(String(format: "  read, focusOnBarRegions %@: median %.1f ms, p95 %.1f ms, total %.2f s CPU; GTIN on %d photos",
                             focus ? "on " : "off", t[t.count / 2], t[min(t.count - 1, Int(0.95 * Double(t.count)))],
                             t.reduce(0, +) / 1000, gtins[focus]!))
            }
            stage.report()
        }
    }

    private static func value(after flag: String, in arguments: [String]) -> String? {
        guard let i = arguments.firstIndex(of: flag), i + 1 < arguments.count else { return nil }
        return arguments[i + 1]
    }

    static func imageFiles(under folder: String) throws -> [String] {
        let exts: Set<String> = ["jpg", "jpeg", "png", "webp"]
        guard let e = FileManager.default.enumerator(atPath: folder) else { return [] }
        return e.compactMap { $0 as? String }.filter { exts.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { (folder as NSString).appendingPathComponent($0) }
    }
}

/// `barregions --stage`: the reader's whole cost per photo with the default options against the ladder in its written
/// order (native first), thread CPU, step-count mode.
struct StageComparison {
    /// `coarseFirstMinimumPixels` of the "after" reader (`--coarse-from N`; default the options' default).
    var coarseFrom: Int
    /// Time budget of both readers in seconds (`--budget S`; default `.infinity`, step-count mode).
    var budget: Double
    private var ms: [Bool: [Double]] = [true: [], false: []]
    private var photosWithGTIN: [Bool: Int] = [true: 0, false: 0]
    private var differing: [String] = []

    init(coarseFrom: Int, budget: Double) { self.coarseFrom = coarseFrom; self.budget = budget }

    mutating func measure(_ gray: GrayImage, file: String, verbose: Bool) {
        var found: [Bool: [String]] = [:]
        for halfFirst in [false, true] {
            let options = BarcodeReadOptions(timeBudget: budget, coarseFirstMinimumPixels: halfFirst ? coarseFrom : .max)
            let t0 = BenchmarkTiming.threadCPUTime()
            let codes = (try? BarcodeReader(options: options).read(gray)) ?? []
            ms[halfFirst]!.append((BenchmarkTiming.threadCPUTime() - t0) * 1000)
            found[halfFirst] = codes.map { $0.gtin ?? "\($0.symbology.rawValue):\($0.text)" }
            if codes.contains(where: { $0.gtin != nil }) { photosWithGTIN[halfFirst]! += 1 }
        }
        if found[true]! != found[false]! { differing.append("\(file): native first \(found[false]!), /2 first \(found[true]!)") }
        if verbose {
            BenchOutput.line(String(format: "  stage: native first %.1f ms %@, /2 first %.1f ms %@", ms[false]!.last!,
                         found[false]!.description, ms[true]!.last!, found[true]!.description))
        }
    }

    func report() {
        for halfFirst in [false, true] where !ms[halfFirst]!.isEmpty {
            let t = ms[halfFirst]!.sorted()
            BenchOutput.line(String(format: "  stage (read, every photo, budget %@), %@: median %.1f ms, p95 %.1f ms, total %.2f s CPU; GTIN on %d photos",
                         budget.description, halfFirst ? "coarse first from \(coarseFrom) px" : "native first (before)", t[t.count / 2],
                         t[min(t.count - 1, Int(0.95 * Double(t.count)))], t.reduce(0, +) / 1000, photosWithGTIN[halfFirst]!))
        }
        if !ms[true]!.isEmpty { BenchOutput.line("  stage: photos whose codes differ: \(differing.count)") }
        for line in differing { BenchOutput.line("    \(line)") }
    }
}
