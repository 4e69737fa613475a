// nutrilens-bench: one subcommand per benchmark family, each in its own file. Release build:
//   swift run -c release nutrilens-bench <family> [options]
// Add a family: a file with `enum XBenchmark { static func run(arguments:) throws }` and a row in `families`.
import Foundation
import NutriLensEvaluation

StandardStreams.reserveClosedDescriptors()

let families: [(name: String, summary: String, run: ([String]) throws -> Void)] = [
    ("decode", "[--jpeg PATH] [--png PATH] [--reps N] [--only TEXT]  JPEG/PNG decode full vs downscaled: time and peak memory",
     { try DecodeBenchmark.run(arguments: $0) }),
    ("kernels", "[--reps N] [--only NAME] [--size WxH]  SIMD image kernels vs scalar reference vs Leptonica (default 3000x4000)",
     { KernelBenchmarks.run(arguments: $0) }),
    ("barcodes", "[CORPUS] [--no-zbarimg] [--no-zxing] [--findall] [--budget S] [--steps I,J] [--whole] [--no-verify] [--databar] [--only TEXT] [--verbose] [--all]  barcode read rate and time vs zbarimg/zxing-cpp",
     { try BarcodeBenchmark.run($0) }),
    ("rendered", "[--seeds N] [--first S] [--budget S] [--no-verify] [--verbose]  rendered soft small UPC-A photos (issue 23 failure class): read / wrong / nothing",
     { try RenderedBarcodeBenchmark.run(arguments: $0) }),
    ("barregions", "DIR... [--read] [--stage [--coarse-from PIXELS] [--budget S]] [--upscale N] [--verbose]  bar-region finder: share of photos with regions, coverage, time",
     { try BarRegionBenchmark.run(arguments: $0) }),
    ("classifier", "[options]  classifier load, per-crop and multi-crop latency",
     { try ClassifierBenchmark.run(arguments: $0) }),
    ("ocr", "[CORPUS] [options]  OCR stage time and numeric-token accuracy vs `tesseract --psm 6` on label photos",
     { try OCRBenchmark.run($0) }),
    ("textreader", "[DIR] [--stages-only] [--reps N] [--rounds N] [--limit N] [--long-side PX] [--preset tiny|small] [--no-peer]  neural text reader stages and numbers found vs ONNX Runtime on the same models",
     { try TextReaderBenchmark.run(arguments: $0) }),
    ("scan", "[DIR] [--reps N] [--warmup N] [--jobs N] [--no-peers] [--no-rapidocr] [--limit N] [--ocr-budget S] [--fast] [--json FILE]  whole-pipeline latency per stage, throughput, memory, vs tesseract+zbarimg, Python and RapidOCR peers",
     { try ScanBenchmark.run(arguments: $0) }),
    ("soak", "DIR [--count N] [--jobs N] [--distinct N]  memory over a long batch: RSS, heap in use and trimmed RSS every 100 scans, verdict first vs last hundred",
     { try SoakBenchmark.run(arguments: $0) }),
]

let benchArgs = Array(CommandLine.arguments.dropFirst())
let usage = (["usage: nutrilens-bench <family> [options]   (-h after a family: its options)"]
             + families.map { "  \($0.name) \($0.summary)" }).joined(separator: "\n")
if let name = benchArgs.first, let family = families.first(where: { $0.name == name }) {
    let rest = Array(benchArgs.dropFirst())
    // `-h` before `--` is help, not a corpus or an unknown option (`barcodes -h` took it as its corpus folder).
    if (rest.firstIndex(of: "--") ?? rest.count) > (rest.firstIndex { $0 == "-h" || $0 == "--help" } ?? rest.count) {
        BenchOutput.line("usage: nutrilens-bench \(family.name) \(family.summary)")
        exit(0)
    }
    do {
        try family.run(rest)
    } catch {
        // One line: a usage error exits 2 as the CLI's do, anything else 1; a Foundation file error names its
        // file and the system's reason instead of an NSCocoaErrorDomain dump.
        BenchOutput.error("nutrilens-bench \(name): \(BenchOutput.oneLine(error))")
        exit(error is BenchUsageError ? 2 : 1)
    }
} else if let first = benchArgs.first, ["-h", "--help", "help"].contains(first) {
    BenchOutput.line(usage)
} else {
    BenchOutput.error((benchArgs.first.map { "nutrilens-bench: unknown family '\($0)'\n" } ?? "") + usage)
    exit(2)
}
