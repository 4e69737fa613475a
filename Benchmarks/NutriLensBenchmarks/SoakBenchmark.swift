import Foundation
import NutriLens

/// `nutrilens-bench soak DIR [--count N] [--jobs N]`: scans `count` images (cycling through the JPEG/PNG files under
/// DIR, default 1000) through one `Scanner` and samples resident memory after every 100, to show there is no growth
/// between the first and last hundred. Make a large folder with
/// `python3 scripts/generate-testimages.py --count 1000 --out /tmp/soak --seed 7`.
enum SoakBenchmark {
    static func run(arguments: [String]) throws {
        var folder: String?
        var count = 1000
        var jobs = 1
        var rest = arguments[...]
        while let arg = rest.popFirst() {
            switch arg {
            case "--count", "--jobs":
                guard let v = rest.popFirst().flatMap(Int.init), v > 0 else { throw BenchUsageError(message: "\(arg) takes a positive whole number") }
                if arg == "--count" { count = v } else { jobs = v }
            default: folder = arg
            }
        }
        guard let folder else { throw BenchUsageError(message: "usage: soak DIR [--count N] [--jobs N]") }
        setenv("OMP_THREAD_LIMIT", "1", 1)
        let files = ImageFileDiscovery.imageFiles(under: folder)
        guard !files.isEmpty else { throw BenchUsageError(message: "no JPEG/PNG files under \(folder)") }
        let scanner = try Scanner(configuration: ScannerConfiguration())
        var samples: [(done: Int, rssMiB: Double)] = []
        var failed = 0
        var done = 0
        let start = Date()
        while done < count {
            let batch = (done..<min(count, done + 100)).map { files[$0 % files.count] }
            let width = jobs
            let results = try awaitBlocking { await scanner.scan(contentsOf: batch, maxConcurrentScans: width) }
            failed += results.filter(\.failed).count
            done += batch.count
            samples.append((done, ProcessMemory.currentRSSMiB()))
            print(String(format: "%5d scanned  RSS %.1f MiB", done, samples.last!.rssMiB))
        }
        let first = samples.first!.rssMiB, last = samples.last!.rssMiB
        print(String(format: "soak: %d scans of %d distinct files in %.0f s, %d failed; RSS after first 100: %.1f MiB, "
                     + "after last: %.1f MiB, growth %.1f MiB (%.1f%%); peak %.1f MiB",
                     done, files.count, Date().timeIntervalSince(start), failed, first, last, last - first,
                     100 * (last - first) / first, ProcessMemory.peakRSSMiB()))
    }
}
