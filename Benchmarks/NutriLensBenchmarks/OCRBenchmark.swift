// `nutrilens-bench ocr`: NutriLensOCR against `tesseract IMAGE - --psm 6` on the shared label corpus.
//
// For every nutrition-label photo with a ground-truth sidecar it reports, side by side:
//   - found: fraction of the sidecar's nutriment numbers that appear as a numeric token in the OCR text
//     ("7,1" and "7.1" both match 7.1; "7.1g" matches, "7.19" does not);
//   - char: character accuracy of numbers, per ground-truth number 1 - editDistance/len against the
//     closest numeric token, averaged;
//   - time: CPU time (user + system; one thread, OpenMP serialised) of NutriLensOCR read() (model load excluded:
//     the engine is loaded before the loop) and of the tesseract CLI process (OMP_THREAD_LIMIT=1) minus its
//     model-load time (median CLI CPU time on a 16x16 blank image). CPU time, because on a shared machine wall
//     time mostly measures the neighbours; per-stage wall times are printed per image.
// Decoding ignores EXIF orientation, so both see the same pixels (photos stored sideways test the OSD path).
import CLeptonica
import Foundation
import NutriLensImageIO
import NutriLensImaging
import NutriLensOCR

enum OCRBenchmark {
    struct Sample { var path: String; var numbers: [Double] }

    static func run(_ args: [String]) throws {
        var corpus = defaultCorpus()
        var filter: String?
        var limit = Int.max
        var every = 1
        var languages = "eng"
        var baseline = true
        var options = OCRReadOptions()
        var userWords: String?, userPatterns: String?
        var vocabulary = true
        var it = args.makeIterator()
        while let a = it.next() {
            switch a {
            case "--corpus": corpus = it.next() ?? corpus
            case "--filter": filter = it.next()
            case "--limit": limit = Int(it.next() ?? "") ?? limit
            case "--every": every = max(1, Int(it.next() ?? "") ?? 1)
            case "--lang": languages = it.next() ?? languages
            case "--no-baseline": baseline = false
            case "--reread": options.tableReread = ["never": .never, "always": .always][it.next() ?? ""] ?? .whenUseful
            case "--psm": options.pageSegmentation = it.next() == "3" ? .auto : .singleBlock
            case "--xheight": options.targetXHeight = Double(it.next() ?? "") ?? options.targetXHeight
            case "--threshold": options.thresholding = OCRReadOptions.Thresholding(rawValue: Int(it.next() ?? "") ?? 0) ?? .otsu
            case "--no-osd": options.detectOrientation = false
            case "--max-pixels": options.maxWorkingPixels = Int(it.next() ?? "") ?? options.maxWorkingPixels
            case "--max-upscale": options.maxUpscale = Double(it.next() ?? "") ?? options.maxUpscale
            case "--no-vocabulary": vocabulary = false
            case "--user-words": userWords = it.next()
            case "--user-patterns": userPatterns = it.next()
            case "--dump":
                // Prints one image's lines with word boxes and confidences, then exits.
                guard let path = it.next(), let gray = decode(path) else { BenchOutput.line("--dump needs a readable image"); return }
                let ocr = try NutritionOCR(configuration: OCRConfiguration(languages: try OCRLanguages(languages), vocabulary: vocabulary, userWordsPath: userWords, userPatternsPath: userPatterns), poolCapacity: 1)
                let page = try ocr.read(gray, options: options)
                BenchOutput.line("orientation \(page.orientation.rawValue) xHeight \(page.xHeight) table \(String(describing: page.tableRegion)) timings \(page.timings)")
                for l in page.lines {
                    BenchOutput.line("[\(l.blockID).\(l.lineID)] " + l.words.map {
                        "\($0.text)@\($0.box.x),\($0.box.y),\($0.box.width)x\($0.box.height)~\(Int($0.confidence * 100))"
                    }.joined(separator: " "))
                }
                return
            case let path where !path.hasPrefix("-"): corpus = path
            default:
                BenchOutput.line("usage: nutrilens-bench ocr [--corpus DIR] [--filter SUBSTR] [--limit N] [--every N] [--lang eng+deu] [--no-baseline]"
                      + " [--reread never|always|useful] [--psm 3|6] [--xheight PX] [--threshold 0|1|2] [--no-osd] [--max-pixels N] [--max-upscale F] [--no-vocabulary] [--user-words F] [--user-patterns F] [--dump IMAGE]")
                return
            }
        }
        var samples = try loadSamples(corpus)
        if let filter { samples = samples.filter { $0.path.contains(filter) } }
        samples = Array(samples.enumerated().filter { $0.offset % every == 0 }.map(\.element).prefix(limit))
        BenchOutput.line("corpus \(corpus): \(samples.count) label photos; languages \(languages); options \(options)")
        let ocr = try NutritionOCR(configuration: OCRConfiguration(languages: try OCRLanguages(languages), vocabulary: vocabulary, userWordsPath: userWords, userPatternsPath: userPatterns), poolCapacity: 1)
        let cliLoad = baseline ? cliLoadTime(languages) : 0
        if baseline { BenchOutput.line(String(format: "tesseract CLI model-load time (subtracted): %.0f ms", cliLoad * 1000)) }

        var ours: [(found: Double, char: Double, time: Double, table: Double)] = []
        var base: [(found: Double, char: Double, time: Double)] = []
        BenchOutput.line("image | ours found/char/ms | table-only found | psm6 found/char/ms | orient | xh")
        for s in samples {
            guard let gray = decode(s.path) else { BenchOutput.line("\(s.path): cannot decode"); continue }
            // CPU time of this thread: the machine is shared, so wall time mostly measures the neighbours.
            let t0 = threadCPUTime()
            let page = try ocr.read(gray, options: options)
            let t = threadCPUTime() - t0
            let m = score(s.numbers, text: page.text)
            let tableText = page.tableRegion.map { r in
                page.lines.filter { l in l.words.contains { $0.box.centerYInside(r) } }.map(\.text).joined(separator: "\n")
            } ?? ""
            let mt = score(s.numbers, text: tableText)
            ours.append((m.found, m.char, t, mt.found))
            var line = String(format: "%@ | %.2f/%.2f/%4.0f | %.2f", short(s.path), m.found, m.char, t * 1000, mt.found)
            if baseline {
                let (text, tb) = cachedCLI(s.path, languages)
                let mb = score(s.numbers, text: text)
                base.append((mb.found, mb.char, max(0, tb - cliLoad)))
                line += String(format: " | %.2f/%.2f/%4.0f", mb.found, mb.char, max(0, tb - cliLoad) * 1000)
            }
            line += " | \(page.orientation.rawValue) | \(Int(page.xHeight))"
            let tm = page.timings
            line += String(format: " | prep %.0f osd %.0f size %.0f rec %.0f", tm.prepare * 1000, tm.orientation * 1000, tm.textSize * 1000, tm.recognition * 1000)
            // Each Tesseract call (kind/PSM, thread CPU ms, words): which passes make a photo slow.
            line += " | " + tm.passes.map { "\($0.kind.rawValue)/\($0.pageSegmentationMode) \(Int($0.cpuSeconds * 1000))ms \($0.words)w" }
                .joined(separator: ", ")
            BenchOutput.line(line)
        }
        guard !ours.isEmpty else { return }
        let mean = { (xs: [Double]) in xs.reduce(0, +) / Double(xs.count) }
        let med = { (xs: [Double]) -> Double in let s = xs.sorted(); return s[s.count / 2] }
        BenchOutput.line(String(format: "NutriLensOCR : numbers found %.3f, char accuracy %.3f, table-region found %.3f, time median %.0f ms, mean %.0f ms",
                     mean(ours.map(\.found)), mean(ours.map(\.char)), mean(ours.map(\.table)),
                     med(ours.map(\.time)) * 1000, mean(ours.map(\.time)) * 1000))
        if !base.isEmpty {
            BenchOutput.line(String(format: "psm 6 (CLI)  : numbers found %.3f, char accuracy %.3f, time median %.0f ms, mean %.0f ms",
                         mean(base.map(\.found)), mean(base.map(\.char)), med(base.map(\.time)) * 1000, mean(base.map(\.time)) * 1000))
        }
    }

    // MARK: corpus

    static func defaultCorpus() -> String {
        var dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
                return dir.appendingPathComponent("../shared/corpus/labels").standardized.path
            }
            dir = dir.deletingLastPathComponent()
        }
        return "../shared/corpus/labels"
    }

    /// Images (jpg/jpeg/png) whose sidecar says `nutrition_label` with at least one nutriment, sorted by path.
    static func loadSamples(_ corpus: String) throws -> [Sample] {
        guard let e = FileManager.default.enumerator(atPath: corpus) else { return [] }
        var out: [Sample] = []
        for case let rel as String in e {
            let ext = (rel as NSString).pathExtension.lowercased()
            guard ["jpg", "jpeg", "png"].contains(ext), !rel.contains("FoodLabel/") else { continue }
            let path = (corpus as NSString).appendingPathComponent(rel)
            let side = (path as NSString).deletingPathExtension + ".json"
            guard let data = FileManager.default.contents(atPath: side),
                  let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                  json["kind"] as? String == "nutrition_label",
                  let nutr = (json["nutrition"] as? [String: Any])?["nutriments"] as? [String: Any] else { continue }
            let nums = Set(nutr.values.compactMap { ($0 as? NSNumber)?.doubleValue })
            if !nums.isEmpty { out.append(Sample(path: path, numbers: nums.sorted())) }
        }
        return out.sorted { $0.path < $1.path }
    }

    static func short(_ path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.suffix(2).joined(separator: "/")
    }

    // MARK: decoding (NutriLensImageIO, EXIF orientation NOT applied: the same pixels the tesseract CLI sees)

    static func decode(_ path: String) -> GrayImage? {
        var options = DecodeOptions()
        options.wantColor = false
        options.applyOrientation = false
        return try? ImageDecoder.decode(contentsOf: URL(fileURLWithPath: path), options: options).image.grayscale
    }

    // MARK: baseline

    /// `cli` with results kept in `$TMPDIR/nutrilens-ocr-bench/` (keyed by path, size, mtime and languages), so
    /// tuning runs do not pay for the baseline again.
    static func cachedCLI(_ path: String, _ lang: String) -> (String, Double) {
        let attrs = try? FileManager.default.attributesOfItem(atPath: path)
        let stamp = "\((attrs?[.size] as? Int) ?? 0)-\(Int((attrs?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0))"
        let key = (path + "|" + lang + "|" + stamp).unicodeScalars.reduce(UInt64(14695981039346656037)) { ($0 ^ UInt64($1.value)) &* 1099511628211 }
        let dir = NSTemporaryDirectory() + "nutrilens-ocr-bench/"
        let file = dir + String(key, radix: 16)
        if let cached = try? String(contentsOfFile: file, encoding: .utf8), let nl = cached.firstIndex(of: "\n"),
           let t = Double(cached[..<nl]) {
            return (String(cached[cached.index(after: nl)...]), t)
        }
        let (text, t) = cli(path, lang)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try? "\(t)\n\(text)".write(toFile: file, atomically: true, encoding: .utf8)
        return (text, t)
    }

    static func cli(_ path: String, _ lang: String) -> (String, Double) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/tesseract")
        p.arguments = [path, "-", "--psm", "6", "-l", lang]
        var env = ProcessInfo.processInfo.environment
        env["OMP_THREAD_LIMIT"] = "1"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        let t0 = ProcessMemory.childrenCPUSeconds()
        guard (try? p.run()) != nil else { return ("", 0) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let t = ProcessMemory.childrenCPUSeconds() - t0
        return (String(decoding: data, as: UTF8.self), t)
    }

    static func cliLoadTime(_ lang: String) -> Double {
        let blank = NSTemporaryDirectory() + "nl-ocr-blank.png"
        var pix = pixCreate(16, 16, 8)
        pixSetAllArbitrary(pix, 255)
        pixWrite(blank, pix, Int32(IFF_PNG))
        pixDestroy(&pix)
        let times = (0..<3).map { _ in cli(blank, lang).1 }.sorted()
        return times[1]
    }

    // MARK: timing (CPU seconds: user + system)

    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    // MARK: scoring

    /// Numeric tokens of `text` (`\d+([.,]\d+)?`, comma read as decimal point).
    static func numericTokens(_ text: String) -> [String] {
        let re = try! NSRegularExpression(pattern: "\\d+(?:[.,]\\d+)?")
        let ns = text as NSString
        return re.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            ns.substring(with: $0.range).replacingOccurrences(of: ",", with: ".")
        }
    }

    static func score(_ truth: [Double], text: String) -> (found: Double, char: Double) {
        let tokens = numericTokens(text)
        let values = Set(tokens.compactMap(Double.init))
        var found = 0.0, char = 0.0
        for v in truth {
            if values.contains(where: { abs($0 - v) < 1e-9 }) { found += 1 }
            let g = format(v)
            let best = tokens.map { 1 - Double(levenshtein(Array(g), Array($0))) / Double(max(g.count, $0.count)) }.max() ?? 0
            char += max(0, best)
        }
        return (found / Double(truth.count), char / Double(truth.count))
    }

    static func format(_ v: Double) -> String {
        var s = String(format: "%.3f", v)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    static func levenshtein(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev = Array(0...b.count), cur = prev
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&prev, &cur)
        }
        return prev[b.count]
    }
}

private extension PixelRect {
    func centerYInside(_ r: PixelRect) -> Bool {
        let cy = y + height / 2, cx = x + width / 2
        return cy >= r.y && cy < r.maxY && cx >= r.x && cx < r.maxX
    }
}
