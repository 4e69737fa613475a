import Foundation
import NutriLensBarcode
import NutriLensImaging

/// `nutrilens-bench rendered [--seeds N] [--first S] [--budget S] [--no-verify] [--verbose] [--dump DIR] [--frame GAP]`: rendered photos of the
/// failure class of issue 23 (`SyntheticBarcode.softSmallUPCA`: ~2 px modules, blur, ink spread, low contrast,
/// noise, small tilt), each read at 0 and 180 degrees; counts read / wrong / nothing and prints the verifier's
/// verdicts on wrong reads (and on every read with `--verbose`).
enum RenderedBarcodeBenchmark {
    static func run(arguments args: [String]) throws {
        func value(_ flag: String) -> Double? {
            args.firstIndex(of: flag).flatMap { $0 + 1 < args.count ? Double(args[$0 + 1]) : nil }
        }
        let seeds = Int(value("--seeds") ?? 200), first = UInt64(value("--first") ?? 1)
        var options = BarcodeReadOptions(timeBudget: value("--budget") ?? .infinity)
        options.verifyAgainstImage = !args.contains("--no-verify")
        let reader = BarcodeReader(options: options)
        let verbose = args.contains("--verbose")
        if let gap = value("--frame") {
            // One clean EAN-13 with a 1-module frame line `gap` modules right of its bars, at several module widths.
            for m in [1.5, 2.0, 3.0, 4.0] {
                var code = SyntheticBarcode(symbology: .ean13, text: "4006381333931", moduleWidth: m, barHeight: 60 * m / 2)
                code.frameLineGap = gap
                code.blur = 0.6
                let search = try reader.search(code.render(seed: 1))
                BenchOutput.line("frame line \(gap) modules, module \(m) px: \(search.barcodes.map(\.text)) \(search.verifications.map { "\($0.text) \($0.outcome)" })")
            }
            return
        }
        var read = 0, wrong = 0, none = 0, cpu = [Double]()
        for seed in first..<(first + UInt64(seeds)) {
            let code = SyntheticBarcode.softSmallUPCA(seed: seed)
            let expected = GTIN.normalForm(of: code.text, symbology: .upcA)
            for rotation in [0, 180] {
                var image = code.render(seed: seed)
                if rotation == 180 { image = image.rotated(by: .halfTurn) }
                if let i = args.firstIndex(of: "--dump"), i + 1 < args.count, rotation == 0 {
                    let header = Data("P5\n\(image.width) \(image.height)\n255\n".utf8)
                    try (header + Data(image.packed().pixels)).write(to: URL(fileURLWithPath: "\(args[i + 1])/\(seed).pgm"))
                }
                let t0 = ThreadCPUClock.now()
                let search = try reader.search(image)
                cpu.append((ThreadCPUClock.now() - t0) * 1000)
                let gtins = search.barcodes.compactMap(\.gtin)
                let isWrong = gtins.contains { $0 != expected }
                if gtins.contains(where: { $0 == expected }) { read += 1 }
                if isWrong { wrong += 1 }
                if gtins.isEmpty { none += 1 }
                if isWrong || verbose {
                    let v = search.verifications.map { "\($0.text) fit \(f3($0.fit)) rival \($0.rival ?? "-") \($0.rivalFit.map(f3) ?? "-") x\($0.residualRatio.map(f3) ?? "-") \($0.outcome.rawValue)" }
                    BenchOutput.line("seed \(seed) rot \(rotation) \(isWrong ? "WRONG" : gtins.isEmpty ? "none" : "ok") expected \(code.text) "
                        + "m \(f3(code.moduleWidth)) blur \(f3(code.blur)) spread \(f3(code.inkSpread / code.moduleWidth)) "
                        + "got \(search.barcodes.map(\.text)) | \(v.joined(separator: "; "))")
                }
            }
        }
        let sorted = cpu.sorted()
        BenchOutput.line("rendered soft small UPC-A: \(seeds) codes x 2 rotations = \(2 * seeds) reads: read \(read), wrong \(wrong), "
            + "nothing \(none); verify \(options.verifyAgainstImage ? "on" : "off"); median CPU \(f3(sorted[sorted.count / 2])) ms")
    }

    static func f3(_ x: Double) -> String { String(format: "%.3f", x) }
}
