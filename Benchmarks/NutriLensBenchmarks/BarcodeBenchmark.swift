import Foundation
import CZBar
import NutriLensBarcode
import NutriLensImaging

/// `nutrilens-bench barcodes [CORPUS] [--no-zbarimg] [--no-zxing] [--findall] [--budget SECONDS] [--no-verify] [--databar] [--only TEXT] [--verbose] [--all]`: read rate, wrong GTINs and time
/// per photo of `BarcodeReader` on the shared barcode corpus at 0 and 180 degrees, side by side with `zbarimg`
/// (one process per image, as a user would call it) and zxing-cpp (PyPI binding via `scripts/zxingcpp_read.py`).
///
/// Scoring follows `../shared/docs/ground-truth.md`: EAN/UPC compare as GTIN-13 normal forms; a photo counts as
/// `wrong` when a reader returns a checksum-valid EAN/UPC GTIN other than the expected one.
enum BarcodeBenchmark {
    struct Sample {
        var path: String
        var source: String
        var folder: String
        /// Expected GTIN-13 (EAN/UPC) or exact text (other symbologies).
        var expected: String
        var isRetail: Bool
    }

    struct Tally {
        /// `failed`: photos the reader's program failed on (zbarimg missing, killed, an exit status other than 0 or
        /// its 4 for "no barcode"); counted among `images`, read as a miss, not timed.
        var images = 0, ok = 0, wrong = 0, failed = 0
        var times: [Double] = [], cpu: [Double] = []
        mutating func add(ok o: Bool, wrong w: Bool, ms: Double, cpuMs: Double? = nil) {
            images += 1; if o { ok += 1 }; if w { wrong += 1 }; times.append(ms)
            if let cpuMs { cpu.append(cpuMs) }
        }
        mutating func addFailure() { images += 1; failed += 1 }
        var cpuMedian: Double {
            guard !cpu.isEmpty else { return .nan }
            let s = cpu.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
        var rate: String { images == 0 ? "-" : String(format: "%d/%d (%.1f%%)", ok, images, 100 * Double(ok) / Double(images)) }
        var median: Double {
            guard !times.isEmpty else { return .nan }
            let s = times.sorted(); return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
    }

    static let blurredFolders: Set<String> = ["ean13-5", "upca-6"]

    static func run(_ args: [String]) throws {
        // The corpus is the first argument that is neither an option nor the value of one (`--only ean13`).
        let valued: Set<String> = ["--budget", "--steps", "--only"]
        let corpus = args.indices.first { i in
            !args[i].hasPrefix("--") && Double(args[i]) == nil && (i == 0 || !valued.contains(args[i - 1]))
        }.map { args[$0] } ?? "../shared/corpus/barcodes"
        let useZbarimg = !args.contains("--no-zbarimg"), useZxing = !args.contains("--no-zxing")
        var options = BarcodeReadOptions(findAll: args.contains("--findall"), focusOnBarRegions: !args.contains("--whole"))
        if let i = args.firstIndex(of: "--budget"), i + 1 < args.count, let b = Double(args[i + 1]) { options.timeBudget = b }
        options.verifyAgainstImage = !args.contains("--no-verify")
        options.readsDataBar = args.contains("--databar")
        // `--steps 0,2,5`: only those steps of the default ladder, in that order (to see what each step reads).
        if let i = args.firstIndex(of: "--steps"), i + 1 < args.count {
            let ladder = BarcodeReadOptions.defaultLadder
            options.ladder = args[i + 1].split(separator: ",").compactMap { Int($0) }.filter(ladder.indices.contains).map { ladder[$0] }
        }
        let reader = BarcodeReader(options: options)
        var samples = try loadSamples(corpus)
        // `--only TEXT`: photos whose path contains TEXT.
        if let i = args.firstIndex(of: "--only"), i + 1 < args.count { samples = samples.filter { $0.path.contains(args[i + 1]) } }
        BenchOutput.line("barcode benchmark: \(samples.count) images under \(corpus)")

        // Rows: (reader, rotation, group) -> tally; group = "<source> retail", "<source> retail blurred", "<source> other".
        var tallies: [String: Tally] = [:]
        var failures: [String] = []
        var peerFailures: [String] = []  // always printed: a program that did not run is no reading
        let zxing = useZxing ? runZxing(samples) : [:]
        for sample in samples {
            let group = "\(sample.source) \(sample.isRetail ? (blurredFolders.contains(sample.folder) ? "retail-blurred" : "retail") : "other")"
            for rotation in [0, 180] {
                let t0 = DispatchTime.now().uptimeNanoseconds
                var found: [Barcode] = []
                var checks: [BarcodeVerification] = []
                var stageCPU = 0.0
                do {
                    var gray = try BenchImageLoader.gray(sample.path)
                    if rotation == 180 { gray = gray.rotated(by: .halfTurn) }
                    let c0 = ThreadCPUClock.now()
                    let search = try reader.search(gray)
                    stageCPU = (ThreadCPUClock.now() - c0) * 1000
                    found = search.barcodes
                    checks = search.verifications
                } catch {
                    failures.append("\(sample.path): \(error)")
                }
                let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
                let (ok, wrong) = score(sample, found.map { ($0.symbology.rawValue, $0.text) })
                if !ok || wrong || args.contains("--all") { failures.append("nutrilens \(rotation) \(wrong ? "WRONG" : (ok ? "ok" : "miss")) \(sample.path) expected \(sample.expected) got \(found.map { "\($0.symbology.rawValue):\($0.text) q\($0.quality) \($0.step)" })"
                    + checks.map { " | \($0.text) fit \(String(format: "%.3f", $0.fit)) rival \($0.rival ?? "-") \($0.rivalFit.map { String(format: "%.3f", $0) } ?? "-") x\($0.residualRatio.map { String(format: "%.2f", $0) } ?? "-") \($0.outcome.rawValue)" }.joined()) }
                tallies["nutrilens \(rotation) \(group)", default: Tally()].add(ok: ok, wrong: wrong, ms: ms, cpuMs: stageCPU)

                if useZbarimg {
                    // ZBar's own scan with zbarimg's configuration (library defaults), in process: the decoding work
                    // of zbarimg without its process start and ImageMagick load.
                    var plain = try BenchImageLoader.gray(sample.path)
                    if rotation == 180 { plain = plain.rotated(by: .halfTurn) }
                    let (scanned, scanCPU) = zbarDefaultScan(plain)
                    let (zok, zwrong) = score(sample, scanned)
                    tallies["zbar-scan \(rotation) \(group)", default: Tally()].add(ok: zok, wrong: zwrong, ms: scanCPU,
                                                                                   cpuMs: scanCPU)

                    do {
                        let (res, ms, cpu) = try zbarimg(sample.path, rotation: rotation, addOns: sample.folder.contains("extension"))
                        let (ok, wrong) = score(sample, res)
                        tallies["zbarimg \(rotation) \(group)", default: Tally()].add(ok: ok, wrong: wrong, ms: ms, cpuMs: cpu)
                    } catch let error as BenchProcessError {
                        tallies["zbarimg \(rotation) \(group)", default: Tally()].addFailure()
                        peerFailures.append("zbarimg \(rotation) \(sample.path): \(error)")
                    }
                }
                if let z = zxing["\(sample.path)\t\(rotation)"] {
                    let (ok, wrong) = score(sample, z.results)
                    tallies["zxing-cpp \(rotation) \(group)", default: Tally()].add(ok: ok, wrong: wrong, ms: z.ms)
                }
            }
        }
        printTable(tallies)
        if !peerFailures.isEmpty {
            BenchOutput.line("\nnote: zbarimg failed on \(peerFailures.count) runs (counted as misses in `failed`):")
            peerFailures.forEach { BenchOutput.line("  \($0)") }
        }
        if args.contains("--verbose") { failures.forEach { BenchOutput.line($0) } }
    }

    // MARK: scoring

    /// Expected GTIN-13 of a sidecar entry; add-on digits (beyond the main symbol) are dropped.
    static func expectedGTIN13(symbology: String, text: String) -> String? {
        switch (symbology, text.count) {
        case ("UPC-E", 8): return GTIN.expandUPCE(text).map { "0" + $0 }
        case ("UPC-A", 12), ("EAN-8", 8): return GTIN.gtin13(text)
        case ("EAN-13", 13...), ("UPC-A", 13...), ("UPC-E", 13...): return String(text.prefix(13))
        default: return nil
        }
    }

    /// GTIN-13 of a decoder's (format, text), whatever naming the decoder uses.
    static func gtin13(format: String, text: String) -> String? {
        let f = format.uppercased().filter { $0.isLetter || $0.isNumber }
        if f.hasPrefix("UPCE"), text.count == 8 { return GTIN.expandUPCE(text).map { "0" + $0 } }
        guard f.hasPrefix("EAN") || f.hasPrefix("UPC") || f.hasPrefix("ISBN"), !f.hasPrefix("EAN2"), !f.hasPrefix("EAN5"),
              let g = GTIN.gtin13(text), GTIN.hasValidCheckDigit(g) else { return nil }
        return g
    }

    static func score(_ sample: Sample, _ results: [(String, String)]) -> (ok: Bool, wrong: Bool) {
        if sample.isRetail {
            let gtins = results.compactMap { gtin13(format: $0.0, text: $0.1) }
            return (gtins.contains(sample.expected), gtins.contains { $0 != sample.expected })
        }
        // DataBar: compare without the Application Identifier "01".
        let texts = results.map { $0.1.count == 16 && $0.1.hasPrefix("01") ? String($0.1.dropFirst(2)) : $0.1 }
        return (texts.contains(sample.expected), false)
    }

    // MARK: corpus

    static func loadSamples(_ corpus: String) throws -> [Sample] {
        let fm = FileManager.default
        var out: [Sample] = []
        for source in ["zxing", "zxing-cpp"] {
            let sourceDir = (corpus as NSString).appendingPathComponent(source)
            for folder in try fm.contentsOfDirectory(atPath: sourceDir).sorted() {
                let dir = (sourceDir as NSString).appendingPathComponent(folder)
                for file in try fm.contentsOfDirectory(atPath: dir).sorted() where !file.hasSuffix(".json") {
                    let stem = (file as NSString).deletingPathExtension
                    let sidecar = (dir as NSString).appendingPathComponent(stem + ".json")
                    guard let data = fm.contents(atPath: sidecar),
                          let json = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                          let first = (json["barcodes"] as? [[String: Any]])?.first,
                          let symbology = first["symbology"] as? String, let text = first["text"] as? String
                    else { continue }
                    let path = (dir as NSString).appendingPathComponent(file)
                    if let g = expectedGTIN13(symbology: symbology, text: text) {
                        out.append(Sample(path: path, source: source, folder: folder, expected: g, isRetail: true))
                    } else {
                        let t = symbology == "DataBar" && text.count == 16 ? String(text.dropFirst(2)) : text
                        out.append(Sample(path: path, source: source, folder: folder, expected: t, isRetail: false))
                    }
                }
            }
        }
        return out
    }

    // MARK: other readers

    /// zbarimg's results, wall ms and process CPU ms (user + system of the child, from `getrusage`).
    /// - Throws: `BenchProcessError` when zbarimg fails on the photo; `BenchUsageError` when `convert` is unusable.
    static func zbarimg(_ path: String, rotation: Int, addOns: Bool) throws -> ([(String, String)], Double, Double) {
        var file = path
        if rotation != 0 {
            file = NSTemporaryDirectory() + "nl-bench-rot.png"
            try BenchProcess.convert([path, "-rotate", String(rotation)], to: file)
        }
        var args = ["-q", "--nodbus"]
        if addOns { args += ["-Sean2.enable", "-Sean5.enable"] }
        let before = ProcessMemory.childrenCPUSeconds()
        let t0 = DispatchTime.now().uptimeNanoseconds
        let out = try BenchProcess.run("zbarimg", args + [file], acceptedStatuses: [0, 4])  // 4: no barcode
        let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        let cpu = (ProcessMemory.childrenCPUSeconds() - before) * 1000
        let results = out.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: ":", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }
        return (results, ms, cpu)
    }

    /// One `zbar_scan_image` with a default-configured scanner (what zbarimg runs) over `gray`: results and the
    /// thread CPU ms of the scan.
    static func zbarDefaultScan(_ gray: GrayImage) -> ([(String, String)], Double) {
        let image = gray.packed()
        guard let scanner = zbar_image_scanner_create(), let zimg = zbar_image_create() else { return ([], 0) }
        defer { zbar_image_destroy(zimg); zbar_image_scanner_destroy(scanner) }
        zbar_image_set_format(zimg, UInt(0x3030_3859))  // "Y800"
        zbar_image_set_size(zimg, UInt32(image.width), UInt32(image.height))
        return image.pixels.withUnsafeBufferPointer { buf in
            zbar_image_set_data(zimg, buf.baseAddress, UInt(image.width * image.height), nil)
            defer { zbar_image_set_data(zimg, nil, 0, nil) }
            let c0 = ThreadCPUClock.now()
            _ = zbar_scan_image(scanner, zimg)
            let cpu = (ThreadCPUClock.now() - c0) * 1000
            var out: [(String, String)] = []
            var sym = zbar_image_first_symbol(zimg)
            while let s = sym {
                out.append((String(cString: zbar_get_symbol_name(zbar_symbol_get_type(s))), String(cString: zbar_symbol_get_data(s))))
                sym = zbar_symbol_next(s)
            }
            return (out, cpu)
        }
    }

    struct ZxingResult { var ms: Double; var results: [(String, String)] }

    static func runZxing(_ samples: [Sample]) -> [String: ZxingResult] {
        let script = "scripts/zxingcpp_read.py"
        guard FileManager.default.fileExists(atPath: script) else { BenchOutput.line("zxing-cpp: \(script) not found, skipped"); return [:] }
        let input = samples.flatMap { ["\($0.path)\t0", "\($0.path)\t180"] }.joined(separator: "\n") + "\n"
        guard let out = try? BenchProcess.run("/usr/bin/env", ["python3", script], stdin: input) else {
            BenchOutput.line("zxing-cpp: python3/zxingcpp unavailable, skipped"); return [:]
        }
        var map: [String: ZxingResult] = [:]
        for line in out.split(separator: "\n") {
            guard let obj = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let path = obj["path"] as? String, let rot = obj["rotation"] as? Int, let ms = obj["ms"] as? Double,
                  let res = obj["results"] as? [[String: String]] else { continue }
            map["\(path)\t\(rot)"] = ZxingResult(ms: ms, results: res.compactMap { r in
                r["text"].map { (r["format"] ?? "", $0) }
            })
        }
        return map
    }

    static func printTable(_ tallies: [String: Tally]) {
        BenchOutput.line("| reader | rotation | group | read | wrong | failed | median ms | total s | median CPU ms |")
        BenchOutput.line("|---|---:|---|---:|---:|---:|---:|---:|---:|")
        for key in tallies.keys.sorted() {
            let t = tallies[key]!
            let parts = key.split(separator: " ", maxSplits: 2).map(String.init)
            BenchOutput.line("| \(parts[0]) | \(parts[1]) | \(parts[2]) | \(t.rate) | \(t.wrong) | \(t.failed) | "
                + String(format: "%.1f | %.2f | %@ |", t.median, t.times.reduce(0, +) / 1000,
                         t.cpu.isEmpty ? "-" : String(format: "%.1f", t.cpuMedian)))
        }
    }
}
