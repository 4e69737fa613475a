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
        let folders = arguments.enumerated().filter { !$0.element.hasPrefix("--") && ($0.offset == 0 || arguments[$0.offset - 1] != "--upscale") }.map(\.element)
        guard !folders.isEmpty else { throw BenchUsageError(message: "usage: barregions DIR... [--read] [--upscale N] [--verbose]") }
        for folder in folders {
            let files = try imageFiles(under: folder)
            var withRegions = 0, times: [Double] = [], coverage: [Double] = []
            var readMs: [Bool: [Double]] = [true: [], false: []], gtins: [Bool: Int] = [true: 0, false: 0]
            for file in files {
                var path = file
                if file.lowercased().hasSuffix(".webp") { path = try BenchImageLoader.pngCopy(of: file) }
                guard let photo = try? ImageDecoder.decode(contentsOf: URL(fileURLWithPath: path),
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
                            print("  focus \(focus ? "on " : "off"): \(codes.compactMap(\.gtin)) in \(Int((BenchmarkTiming.threadCPUTime() - r0) * 1000)) ms")
                        }
                    }
                }
                if arguments.contains("--verbose") {
                    print(String(format: "%@ %dx%d regions %d cover %.2f", file, gray.width, gray.height, regions.count, share))
                }
            }
            times.sort(); coverage.sort()
            guard !times.isEmpty else { print("\(folder): no images"); continue }
            print(String(format: "%@: %d/%d images with bar regions; median cover %.2f; finder median %.2f ms, max %.2f ms",
                         folder, withRegions, times.count, coverage[coverage.count / 2], times[times.count / 2], times.last!))
            for focus in [true, false] where !readMs[focus]!.isEmpty {
                let t = readMs[focus]!.sorted()
                print(String(format: "  read, focusOnBarRegions %@: median %.1f ms, p95 %.1f ms, total %.2f s CPU; GTIN on %d photos",
                             focus ? "on " : "off", t[t.count / 2], t[min(t.count - 1, Int(0.95 * Double(t.count)))],
                             t.reduce(0, +) / 1000, gtins[focus]!))
            }
        }
    }

    static func imageFiles(under folder: String) throws -> [String] {
        let exts: Set<String> = ["jpg", "jpeg", "png", "webp"]
        guard let e = FileManager.default.enumerator(atPath: folder) else { return [] }
        return e.compactMap { $0 as? String }.filter { exts.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted().map { (folder as NSString).appendingPathComponent($0) }
    }
}
