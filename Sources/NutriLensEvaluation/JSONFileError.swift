import Foundation
import NutriLensImageIO

/// Why a JSON file the evaluation reads (a ground-truth sidecar, a baseline report) could not be used, in one line:
/// `description` is `PATH: REASON`, e.g. `a/b.json: not valid JSON` or `ev.json: no such file`, never a raw
/// `DecodingError` or `CocoaError` dump.
public enum JSONFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read; `reason` is `no such file`, `is a directory` or the system's word
    /// (`Permission denied`).
    case unreadable(path: String, reason: String)
    /// The file is `bytes` long, over the `limit` in bytes of what it may be (``GroundTruth/maxFileBytes``,
    /// ``EvaluationReport/maxFileBytes``); nothing of it was read. Its ``typeName`` is `file_too_large`, as for an image.
    case fileTooLarge(path: String, bytes: Int, limit: Int)
    /// The bytes are not JSON of the expected shape; `reason` says where: `not valid JSON`, `missing key "images"`,
    /// `expected Double at fields.correct`, `null where String expected at kind`, `invalid value at ...: ...`.
    case malformed(path: String, reason: String)

    /// The file's path as given.
    public var path: String {
        switch self {
        case .unreadable(let path, _), .malformed(let path, _), .fileTooLarge(let path, _, _): return path
        }
    }

    /// What is wrong with the file, without its path.
    public var reason: String {
        switch self {
        case .unreadable(_, let reason), .malformed(_, let reason): return reason
        case .fileTooLarge(_, let bytes, let limit): return "file is \(bytes) bytes, over the \(limit)-byte limit"
        }
    }

    /// Stable snake_case name of the case: `unreadable`, `malformed`, `file_too_large` (the image reader's name
    /// for the same failure, `ImageDecodingError.typeName`).
    public var typeName: String {
        switch self {
        case .unreadable: return "unreadable"
        case .malformed: return "malformed"
        case .fileTooLarge: return "file_too_large"
        }
    }

    /// `PATH: REASON` on one line, e.g. `a/b.json: not valid JSON`.
    public var description: String { "\(path): \(reason)" }

    /// Reads the file at `url`, at most `maxBytes` bytes, through the reader images use (`FileReading`: its size is
    /// checked before a byte is read), and decodes it with `decode`.
    /// - Throws: `JSONFileError.unreadable` when the file cannot be read (missing, a directory, permissions, an I/O
    ///   error), `.fileTooLarge` when it is over `maxBytes`, `.malformed` when `decode` throws a `DecodingError`; any
    ///   other error of `decode` as it is.
    public static func decode<T>(_ url: URL, maxBytes: Int, with decode: (Data) throws -> T) throws -> T {
        let path = url.relativePath
        let bytes: [UInt8]
        do { bytes = try FileReading.read(path: url.path, maxBytes: maxBytes) } catch let error as ImageDecodingError {
            if case .fileTooLarge(let bytes, let limit) = error {
                throw JSONFileError.fileTooLarge(path: path, bytes: bytes, limit: limit)
            }
            throw JSONFileError.unreadable(path: path, reason: error.readFailureReason)
        }
        do { return try decode(Data(bytes)) } catch let error as DecodingError {
            throw JSONFileError.malformed(path: path, reason: reason(of: error))
        }
    }

    /// A Swift type as JSON calls its values: `an array`, `an object`, `a string`, `a number`, `true or false`; other
    /// types by their Swift name.
    static func jsonName(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array") || name.hasPrefix("[") && !name.contains(":") { return "an array" }
        if name.hasPrefix("Dictionary") || name.hasPrefix("[") { return "an object" }
        if name == "String" { return "a string" }
        if name == "Bool" { return "true or false" }
        if ["Int", "Double", "Float", "Decimal", "Int64", "UInt", "NSNumber"].contains(name) { return "a number" }
        return name
    }

    /// One line for a `DecodingError`: what was expected, and where (the coding path, `a.b[2].c`).
    static func reason(of error: DecodingError) -> String {
        func place(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? "." + key.stringValue }
                .joined()
            return path.hasPrefix(".") ? String(path.dropFirst()) : path
        }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON" }
            let detail = context.debugDescription.split(separator: "\n").first.map(String.init) ?? ""
            return "invalid value at \(place(context))" + (detail.isEmpty ? "" : ": \(detail)")
        case .keyNotFound(let key, let context):
            let parent = place(context)
            return "missing key \"\(key.stringValue)\"" + (parent.isEmpty ? "" : " in \(parent)")
        case .typeMismatch(let type, let context):
            return "expected \(jsonName(of: type)) at \(place(context).isEmpty ? "the top level" : place(context))"
        case .valueNotFound(let type, let context):
            return "null where \(jsonName(of: type)) is expected at \(place(context).isEmpty ? "the top level" : place(context))"
        @unknown default:
            return "not the expected JSON"
        }
    }
}
