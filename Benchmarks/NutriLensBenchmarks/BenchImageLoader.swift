import Foundation
import NutriLensImageIO
import NutriLensImaging

/// Loads corpus images as grey pixels for the barcode benchmark.
///
/// JPEG/PNG go through `ImageDecoder` (grey decode, EXIF applied), which is what the timing includes. WebP (most of
/// the zxing-cpp samples) is outside NutriLensImageIO: those files are converted once with ImageMagick to PNG in a
/// temp cache (conversion not timed) and the PNG is decoded like the rest, so their "incl. decode" time is PNG time.
enum BenchImageLoader {
    static func gray(_ path: String) throws -> GrayImage {
        var file = path
        if path.lowercased().hasSuffix(".webp") { file = try pngCopy(of: path) }
        let photo = try ImageDecoder.decode(contentsOf: URL(fileURLWithPath: file), options: DecodeOptions(wantColor: false))
        return photo.image.grayscale
    }

    /// A PNG copy of `path` in the temp cache, made once with ImageMagick.
    static func pngCopy(of path: String) throws -> String {
        let dir = NSTemporaryDirectory() + "nl-bench-png"
        let cache = dir + "/" + path.replacingOccurrences(of: "/", with: "_") + ".png"
        if !FileManager.default.fileExists(atPath: cache) {
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            try BenchProcess.run("/usr/bin/convert", [path, cache])
        }
        return cache
    }
}
