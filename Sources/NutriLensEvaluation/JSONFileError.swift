import Foundation

/// Why a JSON file the evaluation reads (a ground-truth sidecar, a baseline report) could not be used, in one line:
/// `description` is `PATH: REASON`, e.g. `a/b.json: not valid JSON` or `ev.json: no such file`, never a raw
/// `DecodingError` or `CocoaError` dump.
public enum JSONFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read; `reason` is `no such file`, `is a directory`, `permission denied` or the
    /// system's word.
    case unreadable(path: String, reason: String)
    /// The bytes are not JSON of the expected shape; `reason` says where: `not valid JSON`, `missing key "images"`,
    /// `expected Double at fields.correct`, `null where String expected at kind`, `invalid value at ...: ...`.
    case malformed(path: String, reason: String)

    /// The file's path as given.
    public var path: String {
        switch self { case .unreadable(let path, _), .malformed(let path, _): return path }
    }

    /// What is wrong with the file, without its path.
    public var reason: String {
        switch self { case .unreadable(_, let reason), .malformed(_, let reason): return reason }
    }

    /// `PATH: REASON` on one line, e.g. `a/b.json: not valid JSON`.
    public var description: String { "\(path): \(reason)" }

    /// Reads the file at `url` and decodes it with `decode`.
    /// - Throws: `JSONFileError.unreadable` when the file cannot be read, `.malformed` when `decode` throws a
    ///   `DecodingError`; any other error of `decode` as it is.
    public static func decode<T>(_ url: URL, with decode: (Data) throws -> T) throws -> T {
        let path = url.relativePath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw JSONFileError.unreadable(path: path, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw JSONFileError.unreadable(path: path, reason: "is a directory") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            let reason = (error as? CocoaError)?.code == .fileReadNoPermission ? "permission denied" : "cannot be read"
            throw JSONFileError.unreadable(path: path, reason: reason)
        }
        do { return try decode(data) } catch let error as DecodingError {
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
