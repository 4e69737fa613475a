import Foundation
import NutriLensText

/// Stage figures of `nutrilens-bench textreader`: model load, detector at 736 x 736 and 960 x 1280, recogniser per
/// 48 x 320 line (one per call, and per line in calls of 8), ours and ONNX Runtime's (Benchmarks/peers/ppocr_onnxruntime.py `--stage-bench`, one thread) in
/// alternating rounds of one run, so both see the same machine load. CPU time of one thread, milliseconds.
enum TextReaderStageBenchmark {
    struct Figures {
        var load: [Double] = []
        var det736: [Double] = []
        var det1280: [Double] = []
        var rec320: [Double] = []
        var rec320x8: [Double] = []
    }

    static func run(reader: TextReader, loadAgain: () throws -> Void, reps: Int, rounds: Int, peer: TextReaderPeer?) throws {
        var ours = Figures(), theirs = Figures()
        let det = reader.detector.network, rec = reader.recognizer.network
        let x320x8 = pattern(8 * 3 * 48 * 320)
        let x736 = pattern(3 * 736 * 736), x1280 = pattern(3 * 960 * 1280), x320 = pattern(3 * 48 * 320)
        _ = try det.run(input: x736, shape: [1, 3, 736, 736])
        _ = try rec.run(input: x320, shape: [1, 3, 48, 320])
        for round in 0..<rounds {
            for _ in 0..<reps { ours.load.append(try cpuMs(loadAgain)) }
            for _ in 0..<reps { ours.det736.append(try cpuMs { _ = try det.run(input: x736, shape: [1, 3, 736, 736]) }) }
            for _ in 0..<reps { ours.det1280.append(try cpuMs { _ = try det.run(input: x1280, shape: [1, 3, 960, 1280]) }) }
            for _ in 0..<(reps * 5) { ours.rec320.append(try cpuMs { _ = try rec.run(input: x320, shape: [1, 3, 48, 320]) }) }
            for _ in 0..<(reps * 2) {
                ours.rec320x8.append(try cpuMs { _ = try rec.run(batch: x320x8, samples: 8, shape: [1, 3, 48, 320]) } / 8)
            }
            if let sizes = ProcessInfo.processInfo.environment["NUTRILENS_BENCH_BATCHES"] {  // batch-size sweep
                for size in sizes.split(separator: ",").compactMap({ Int($0) }) where (1...8).contains(size) {
                    let input = Array(x320x8.prefix(size * 3 * 48 * 320))
                    let t = (0..<(reps * 2)).map { _ in try! cpuMs { _ = try rec.run(batch: input, samples: size, shape: [1, 3, 48, 320]) } / Double(size) }
                    BenchOutput.line(String(format: "  batch %d: %.2f ms per line (median), %.2f min", size, median(t), t.min()!))
                }
            }
            if let peer, let s = try peer.stageBench(reps: reps) {
                theirs.load.append(s.load)
                theirs.det736 += s.det736
                theirs.det1280 += s.det1280
                theirs.rec320 += s.rec320
                theirs.rec320x8 += s.rec320x8
            }
            BenchOutput.line("  round \(round + 1)/\(rounds) done")
        }
        BenchOutput.line("stage (CPU ms, median [min])          ours                ONNX Runtime        ours / ORT")
        row("model load (det + rec)", ours.load, theirs.load)
        row("detector 736 x 736", ours.det736, theirs.det736)
        row("detector 960 x 1280", ours.det1280, theirs.det1280)
        row("recogniser 48 x 320 line", ours.rec320, theirs.rec320)
        row("  per line in batches of 8", ours.rec320x8, theirs.rec320x8)
    }

    /// CPU ms per node kind (summed over the graph, median of `reps` runs) for the detector at 960 x 1280 and the
    /// recogniser at 48 x 320: where the time goes.
    static func layers(reader: TextReader, reps: Int) throws {
        var networks = [("detector 960 x 1280", reader.detector.network, [1, 3, 960, 1280]),
                        ("recogniser 48 x 320", reader.recognizer.network, [1, 3, 48, 320])]
        if let only = ProcessInfo.processInfo.environment["NUTRILENS_BENCH_ONLY"] { networks = networks.filter { $0.0.hasPrefix(only) } }
        for (name, network, shape) in networks {
            let input = pattern(shape.reduce(1, *))
            var totals: [String: [Double]] = [:]
            for _ in 0..<reps {
                var run: [String: Double] = [:]
                for (node, ms) in try network.profile(input: input, shape: shape) { run[node, default: 0] += ms }
                for (k, v) in run { totals[k, default: []].append(v) }
            }
            BenchOutput.line(String(format: "workspace %.1f M floats", Double(try network.workspaceFloats(forInput: shape)) / 1e6))
            let rows = totals.map { ($0.key, median($0.value)) }.sorted { $0.1 > $1.1 }
            let total = rows.map(\.1).reduce(0, +)
            BenchOutput.line("\n\(name): \(String(format: "%.1f", total)) ms")
            for (k, v) in rows.prefix(25) { BenchOutput.line(String(format: "  %6.2f ms %5.1f%%  %@", v, 100 * v / total, k)) }
        }
    }

    /// Deterministic input values in -1...1 (the timing does not depend on them).
    static func pattern(_ count: Int) -> [Float] {
        (0..<count).map { (i: Int) -> Float in Float((i &* 7919) % 255) / 127 - 1 }
    }

    static func row(_ name: String, _ a: [Double], _ b: [Double]) {
        func fmt(_ v: [Double]) -> String {
            v.isEmpty ? "-" : String(format: "%7.1f [%6.1f]", median(v), v.min()!)
        }
        let ratio = a.isEmpty || b.isEmpty ? "-" : String(format: "%.2f", median(a) / median(b))
        BenchOutput.line(name.padding(toLength: 38, withPad: " ", startingAt: 0) + fmt(a).padding(toLength: 20, withPad: " ", startingAt: 0)
              + fmt(b).padding(toLength: 20, withPad: " ", startingAt: 0) + ratio)
    }

    static func median(_ v: [Double]) -> Double { let s = v.sorted(); return s[s.count / 2] }

    static func cpuMs(_ body: () throws -> Void) rethrows -> Double {
        let t = BenchmarkTiming.threadCPUTime()
        try body()
        return (BenchmarkTiming.threadCPUTime() - t) * 1000
    }
}
