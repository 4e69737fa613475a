import Foundation
import NutriLensImageIO

/// `decode`: JPEG and PNG decode time and peak memory, full size vs downscaled while decoding.
///
/// Inputs: a ~12 MP camera JPEG (default: the largest JPEG in ../shared/corpus) and a 3000x4000 PNG (default: that
/// photo converted once with ImageMagick into the temp directory). Each row is timed in this process (best of
/// `--reps` after a warm-up: on a shared machine the minimum is the figure least disturbed by other processes;
/// the median is printed beside it) and then run once more in a child process whose peak RSS growth is the memory figure,
/// so rows do not inherit each other's high-water mark. The JPEG 1/8 row skips the IDCT almost entirely (DC only),
/// so it shows the entropy-decoding floor no scale can go below. Targets (issue 2): downscaled JPEG decode <= 40% of full,
/// peak memory <= 3x the decoded size.
enum DecodeBenchmark {
    struct Row {
        let name: String
        let path: String
        let options: DecodeOptions
    }

    static func run(arguments: [String]) throws {
        func value(_ flag: String) -> String? {
            arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
        }
        let jpeg = try value("--jpeg") ?? largestCorpusJPEG()
        let png = try value("--png") ?? pngCopy(of: jpeg, width: 3000, height: 4000)
        let rows = try makeRows(jpeg: jpeg, png: png)
        if let child = value("--peak-child").flatMap(Int.init) {
            return try peakChild(rows[child])
        }
        let reps = max(1, value("--reps").flatMap(Int.init) ?? 5)
        let jpegHeader = try ImageDecoder.readHeader(contentsOf: URL(fileURLWithPath: jpeg))
        let pngHeader = try ImageDecoder.readHeader(contentsOf: URL(fileURLWithPath: png))
        BenchOutput.line("NutriLens decode benchmark: \(reps) runs after 1 warm-up; wall best/median, thread CPU best; "
            + "'x full' compares CPU; peak = child-process peak RSS growth (VmHWM)")
        BenchOutput.line("JPEG \(jpeg) (\(jpegHeader.width)x\(jpegHeader.height), orientation \(jpegHeader.orientation))")
        BenchOutput.line("PNG  \(png) (\(pngHeader.width)x\(pngHeader.height))")
        let header = pad("case", 30) + pad("output", 13) + pad("MP", 7) + pad("best", 11) + pad("median", 11)
            + pad("cpu best", 11) + pad("x full", 8)
            + pad("peak MB", 9) + "peak / full RGB size"
        BenchOutput.line(header)
        BenchOutput.line(String(repeating: "-", count: header.count + 2))
        var fullTime: [String: Double] = [:]
        for (index, row) in rows.enumerated() {
            if let only = value("--only"), !row.name.contains(only) { continue }
            let url = URL(fileURLWithPath: row.path)
            let photo = try ImageDecoder.decode(contentsOf: url, options: row.options)
            let (seconds, median, cpu) = try timings(reps: reps) {
                try ImageDecoder.decode(contentsOf: url, options: row.options)
            }
            let family = row.path
            if fullTime[family] == nil { fullTime[family] = cpu }
            let peak = try childPeakBytes(index: index, jpeg: jpeg, png: png)
            let fullBytes = Double(photo.fullWidth * photo.fullHeight * 3)
            var line = pad(row.name, 30) + pad("\(photo.image.width)x\(photo.image.height)", 13)
            line += pad(String(format: "%.2f", Double(photo.image.width * photo.image.height) / 1e6), 7)
            line += pad(BenchmarkTiming.format(seconds), 11) + pad(BenchmarkTiming.format(median), 11)
            line += pad(BenchmarkTiming.format(cpu), 11)
            line += pad(String(format: "%.0f%%", 100 * cpu / fullTime[family]!), 8)
            line += pad(String(format: "%.1f", Double(peak) / 1e6), 9)
            line += String(format: "%.2fx", Double(peak) / fullBytes)
            BenchOutput.line(line)
        }
    }

    /// Best wall-clock seconds, median wall-clock seconds and best CPU seconds of this thread over `reps` runs
    /// after one warm-up. Decoding is single-threaded, so CPU time is the figure other load disturbs least.
    static func timings<T>(reps: Int, _ body: () throws -> T) rethrows -> (best: Double, median: Double, cpu: Double) {
        BenchmarkTiming.sink(try body())
        var wall: [Double] = [], cpu: [Double] = []
        for _ in 0..<reps {
            let (w0, c0) = (now(CLOCK_MONOTONIC), now(CLOCK_THREAD_CPUTIME_ID))
            BenchmarkTiming.sink(try body())
            wall.append(now(CLOCK_MONOTONIC) - w0)
            cpu.append(now(CLOCK_THREAD_CPUTIME_ID) - c0)
        }
        wall.sort()
        return (wall[0], wall[wall.count / 2], cpu.min()!)
    }

    static func now(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    static func makeRows(jpeg: String, png: String) throws -> [Row] {
        let j = try ImageDecoder.readHeader(contentsOf: URL(fileURLWithPath: jpeg))
        let p = try ImageDecoder.readHeader(contentsOf: URL(fileURLWithPath: png))
        let jl = max(j.width, j.height), pl = max(p.width, p.height)
        func side(_ long: Int, _ num: Int, _ den: Int) -> Int { (long * num + den - 1) / den }
        return [
            Row(name: "jpeg full rgb", path: jpeg, options: DecodeOptions()),
            Row(name: "jpeg full rgb, not oriented", path: jpeg, options: DecodeOptions(applyOrientation: false)),
            Row(name: "jpeg full gray", path: jpeg, options: DecodeOptions(wantColor: false)),
            Row(name: "jpeg 1/2 dct rgb", path: jpeg, options: DecodeOptions(targetMaxSide: side(jl, 1, 2))),
            Row(name: "jpeg 3/8 dct rgb (~2 MP)", path: jpeg, options: DecodeOptions(targetMaxSide: side(jl, 3, 8))),
            Row(name: "jpeg 3/8 dct gray (~2 MP)", path: jpeg,
                options: DecodeOptions(targetMaxSide: side(jl, 3, 8), wantColor: false)),
            Row(name: "jpeg 1/8 dct rgb (floor)", path: jpeg, options: DecodeOptions(targetMaxSide: side(jl, 1, 8))),
            Row(name: "png full rgb", path: png, options: DecodeOptions()),
            Row(name: "png 1/2 box rgb (3 MP)", path: png, options: DecodeOptions(targetMaxSide: side(pl, 1, 2))),
            Row(name: "png 1/3 box rgb (1.3 MP)", path: png, options: DecodeOptions(targetMaxSide: side(pl, 1, 3))),
        ]
    }

    /// Runs in the child: one decode, then prints the growth of peak RSS in bytes.
    static func peakChild(_ row: Row) throws {
        let before = resetPeakRSSBytes()
        let photo = try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: row.path), options: row.options)
        BenchmarkTiming.sink(photo)
        BenchOutput.line("\(peakRSSBytes() - before)")
    }

    /// Resets the kernel's peak-RSS mark to the current RSS and returns it. Needed because Linux keeps a process's
    /// peak across execve, so a child would otherwise start at its parent's high-water mark.
    static func resetPeakRSSBytes() -> Int {
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        if fd >= 0 { _ = write(fd, "5", 1); close(fd) }
        return peakRSSBytes()
    }

    /// VmHWM from /proc/self/status, in bytes.
    static func peakRSSBytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    static func childPeakBytes(index: Int, jpeg: String, png: String) throws -> Int {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let out = try BenchProcess.run(exe, ["decode", "--jpeg", jpeg, "--png", png, "--peak-child", "\(index)"])
        guard let bytes = Int(out.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw BenchError("peak child printed \(out.debugDescription)")
        }
        return bytes
    }

    /// The JPEG with the most pixels under ../shared/corpus (beside the package root found from the working dir).
    static func largestCorpusJPEG() throws -> String {
        var dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        while dir.path != "/" && !FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) {
            dir.deleteLastPathComponent()
        }
        let corpus = dir.deletingLastPathComponent().appendingPathComponent("shared/corpus")
        guard let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) else {
            throw BenchError("no corpus at \(corpus.path); pass --jpeg PATH")
        }
        var best: (path: String, pixels: Int)?
        while let url = walker.nextObject() as? URL {
            guard ["jpg", "jpeg"].contains(url.pathExtension.lowercased()),
                  let h = try? ImageDecoder.readHeader(contentsOf: url) else { continue }
            if h.width * h.height > best?.pixels ?? 0 { best = (url.path, h.width * h.height) }
        }
        guard let best else { throw BenchError("no JPEG in \(corpus.path); pass --jpeg PATH") }
        return best.path
    }

    /// `jpeg` resized to exactly `width` x `height` as 8-bit RGB PNG in the temp directory (made once).
    static func pngCopy(of jpeg: String, width: Int, height: Int) throws -> String {
        let dir = NSTemporaryDirectory() + "nutrilens-bench"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let out = dir + "/" + URL(fileURLWithPath: jpeg).deletingPathExtension().lastPathComponent + "-\(width)x\(height).png"
        if !FileManager.default.fileExists(atPath: out) {
            try BenchProcess.convert([jpeg, "-auto-orient", "-resize", "\(width)x\(height)!", "-depth", "8", "-type",
                                      "TrueColor"], to: out)
        }
        return out
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func pad(_ s: String, _ n: Int) -> String { KernelBenchmarks.pad(s, n) }
}
