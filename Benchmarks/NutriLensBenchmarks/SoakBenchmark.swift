import Foundation
import NutriLens

/// `nutrilens-bench soak DIR [--count N] [--jobs N] [--distinct N]`: scans `count` images (default 1000) through one
/// `NutriLensScanner`, cycling through the first `distinct` JPEG/PNG files under DIR (default: all of them), and after every
/// 100 scans samples resident memory (RSS), the C heap's bytes in use (`malloc_info`), and RSS again after
/// `malloc_trim(0)`. It ends with a verdict on the issue-8 criterion "no growth between the first and the last
/// hundred", judged on heap bytes in use: RSS alone cannot tell a leak from glibc keeping freed memory in its arenas
/// (high-water marks). `--distinct 100` with the default count scans the same 100 files ten times: a leak keeps
/// growing every cycle, a high-water mark reached in the first cycle does not.
/// Make a folder with `python3 scripts/generate-testimages.py --count 100 --out /tmp/soak100 --seed 7 --scale 0.5`.
enum SoakBenchmark {
    /// Heap growth (bytes in use, first to last hundred) still counted as "no growth": allocator bookkeeping and
    /// lazily built per-engine caches move it by a few hundred KiB.
    static let toleratedGrowthBytes = 2 << 20

    struct Sample {
        var done: Int
        var rssMiB: Double
        var heapInUseMiB: Double
        var trimmedRSSMiB: Double
    }

    static func run(arguments: [String]) throws {
        var folder: String?
        var count = 1000, jobs = 1
        var distinct: Int?
        var rest = arguments[...]
        while let arg = rest.popFirst() {
            switch arg {
            case "--count", "--jobs", "--distinct":
                guard let v = rest.popFirst().flatMap(Int.init), v > 0 else { throw BenchUsageError(message: "\(arg) takes a positive whole number") }
                if arg == "--count" { count = v } else if arg == "--jobs" { jobs = v } else { distinct = v }
            default: folder = arg
            }
        }
        guard let folder else { throw BenchUsageError(message: "usage: soak DIR [--count N] [--jobs N] [--distinct N]") }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        var files = ImageFileDiscovery.imageFiles(under: folder)
        if let distinct { files = Array(files.prefix(distinct)) }
        guard !files.isEmpty else { throw BenchUsageError(message: "no JPEG/PNG files under \(folder)") }
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration())
        var samples: [Sample] = []
        var failed = 0, done = 0
        let start = Date()
        BenchOutput.line("scans   RSS MiB   heap in use MiB   RSS after malloc_trim MiB")
        while done < count {
            let batch = (done..<min(count, done + 100)).map { files[$0 % files.count] }
            let width = jobs
            let results = try awaitBlocking { await scanner.scan(contentsOf: batch, maxConcurrentScans: width) }
            failed += results.filter(\.failed).count
            done += batch.count
            let rss = ProcessMemory.currentRSSMiB()
            let heap = HeapStatistics.current().map { Double($0.inUseBytes) / 1_048_576 } ?? .nan
            HeapStatistics.trim()
            samples.append(Sample(done: done, rssMiB: rss, heapInUseMiB: heap, trimmedRSSMiB: ProcessMemory.currentRSSMiB()))
            let s = samples.last!
            BenchOutput.line(String(format: "%5d   %7.1f   %15.2f   %25.1f", s.done, s.rssMiB, s.heapInUseMiB, s.trimmedRSSMiB))
        }
        let first = samples.first!, last = samples.last!
        BenchOutput.line(String(format: "soak: %d scans of %d distinct files in %.0f s, %d failed; peak RSS %.1f MiB",
                     done, files.count, Date().timeIntervalSince(start), failed, ProcessMemory.peakRSSMiB()))
        BenchOutput.line(String(format: "first vs last hundred: RSS %.1f -> %.1f MiB (%+.1f), heap in use %.2f -> %.2f MiB (%+.2f), "
                     + "RSS after trim %.1f -> %.1f MiB (%+.1f)", first.rssMiB, last.rssMiB, last.rssMiB - first.rssMiB,
                     first.heapInUseMiB, last.heapInUseMiB, last.heapInUseMiB - first.heapInUseMiB,
                     first.trimmedRSSMiB, last.trimmedRSSMiB, last.trimmedRSSMiB - first.trimmedRSSMiB))
        BenchOutput.line("verdict: " + verdict(samples))
    }

    /// Judged on heap bytes in use; RSS is reported beside it but decides nothing (see the type's comment).
    static func verdict(_ samples: [Sample]) -> String {
        guard let first = samples.first, let last = samples.last, samples.count >= 2 else {
            return "not judged: needs at least 200 scans (two samples)"
        }
        guard first.heapInUseMiB.isFinite && last.heapInUseMiB.isFinite else {
            return "not judged: heap statistics unavailable (not glibc)"
        }
        let tolerated = Double(toleratedGrowthBytes) / 1_048_576
        let growth = last.heapInUseMiB - first.heapInUseMiB
        if growth <= tolerated {
            return String(format: "no growth: heap in use %+.2f MiB between the first and last hundred (tolerance %.0f MiB)%@",
                          growth, tolerated, last.rssMiB - first.rssMiB > tolerated
                            ? "; the RSS difference is memory the allocator kept after it was freed" : "")
        }
        // Growth over the whole run: a one-off rise in the first half (caches filled once) is not a leak if the
        // second half is flat.
        let mid = samples[samples.count / 2]
        let lateGrowth = last.heapInUseMiB - mid.heapInUseMiB
        if lateGrowth <= tolerated / 2 {
            return String(format: "growth then flat: heap in use %+.2f MiB overall but %+.2f MiB over the second half (a one-off rise, not a per-scan leak)",
                          growth, lateGrowth)
        }
        return String(format: "GROWING: heap in use %+.2f MiB between the first and last hundred, %+.2f MiB over the second half — a leak of about %.1f KiB per scan",
                      growth, lateGrowth, growth * 1024 / Double(last.done - first.done))
    }
}
