import Foundation
import NutriLensImageIO
import NutriLensLabel

/// Reads a nutrition table from OCR text an app already has (Apple Vision, a cloud OCR): the library side of
/// `nutrilens parse`. Results have the shape of `scan`'s: `path`, `nutrition` (absent when the text holds no table),
/// `error`, `timings_ms`, `warnings`.
public enum NutritionTextReader {
    /// Parses `text` (one OCR line per line, UTF-8); `name` becomes `path`.
    public static func read(text: String, name: String? = nil) -> ScanResult {
        parsed(name: name) { try LabelStage().parse(text: text) }
    }

    /// Parses OCR lines that carry word boxes (`TextLine`, the `.lines.json` dump format: an app's own OCR such as
    /// Apple Vision, or a peer engine in `nutrilens-bench scan`): the grammar then builds rows from the boxes, as in a
    /// scan. Boxes are in the pixels of the upright photo and are returned as they are; `name` becomes `path`.
    public static func read(lines: [TextLine], name: String? = nil) -> ScanResult {
        parsed(name: name) { try LabelStage().parse(lines, working: nil) }
    }

    /// A result named `name` holding what `parse` returns, timed as the `parse` stage; a thrown error becomes the
    /// result's `error`, and no table the `noTableInText` warning.
    private static func parsed(name: String?, _ parse: () throws -> NutritionResult?) -> ScanResult {
        var result = ScanResult(path: name)
        var clock = StageClock()
        do {
            result.nutrition = try clock.measure(.parse) { try parse() }
        } catch let error as ScanError {
            result.error = error.failure
        } catch {
            result.error = ScanFailure(.internal, message: String(describing: error))
        }
        if result.nutrition == nil && result.error == nil { result.warnings = [.noTableInText] }
        result.timingsMs = clock.finished()
        return result
    }

    /// Reads and parses a UTF-8 text file of at most `maxFileBytes` bytes (default 256 MiB, as
    /// `ScannerConfiguration.maxFileBytes`). A file that cannot be read fails as a scan's photo would, with the same
    /// `error.type` (`ImageIO.FileReading`): `file_not_found`, `unreadable` (a folder: reason `is a directory`;
    /// permissions), `file_too_large`; a file that is not UTF-8 text gives `unreadable` with reason `not UTF-8 text`.
    public static func read(contentsOf url: URL, maxFileBytes: Int = DecodeOptions().maxFileBytes) -> ScanResult {
        let path = url.relativePath
        let bytes: [UInt8]
        do { bytes = try FileReading.read(contentsOf: url, maxBytes: maxFileBytes) } catch let error as ImageDecodingError {
            return ScanResult(path: path, error: ScanError.decoding(error).failure)
        } catch {
            return ScanResult(path: path, error: ScanFailure(.internal, message: String(describing: error)))
        }
        guard let text = String(bytes: bytes, encoding: .utf8) else {
            return ScanResult(path: path, error: ScanError.unreadable(path: path, reason: "not UTF-8 text").failure)
        }
        return read(text: text, name: path)
    }
}
