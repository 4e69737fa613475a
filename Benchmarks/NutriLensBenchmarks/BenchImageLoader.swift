import Foundation
import NutriLensImaging

/// Loads an image file as grey pixels for benchmarks.
/// INTERIM until NutriLensImageIO lands on main: converts with ImageMagick to binary PGM (P5) and parses it.
enum BenchImageLoader {
    static func gray(_ path: String) throws -> GrayImage {
        let cache = NSTemporaryDirectory() + "nl-bench-pgm/" + path.replacingOccurrences(of: "/", with: "_") + ".pgm"
        if let cached = FileManager.default.contents(atPath: cache) { return try parsePGM(cached) }
        let data = try BarcodeBenchmark.runProcessData("/usr/bin/convert", [path, "-colorspace", "Gray", "-depth", "8", "pgm:-"])
        try? FileManager.default.createDirectory(atPath: NSTemporaryDirectory() + "nl-bench-pgm", withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: cache, contents: data)
        return try parsePGM(data)
    }

    struct PGMError: Error {}

    static func parsePGM(_ data: Data) throws -> GrayImage {
        let bytes = [UInt8](data)
        var i = 0, fields: [Int] = []
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "5") else { throw PGMError() }
        i = 2
        while fields.count < 3 {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            if i < bytes.count, bytes[i] == UInt8(ascii: "#") { while i < bytes.count, bytes[i] != 0x0A { i += 1 }; continue }
            var v = 0
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { v = v * 10 + Int(bytes[i] - 0x30); i += 1 }
            fields.append(v)
        }
        i += 1
        let (w, h) = (fields[0], fields[1])
        guard w > 0, h > 0, bytes.count >= i + w * h else { throw PGMError() }
        return GrayImage(width: w, height: h, pixels: Array(bytes[i..<(i + w * h)]))
    }
}
