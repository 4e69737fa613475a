/// Everything that can go wrong loading or running the classifier. Each case names the file involved so a user
/// can fix it (re-fetch the model, point `NUTRILENS_MODELS` at the right folder, ...).
public enum ClassifierError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No model file was found; `searched` lists every path that was tried, in order.
    case modelNotFound(searched: [String])
    /// The file at `path` does not exist or cannot be read.
    case fileUnreadable(path: String)
    /// The model file ends early: `needed` bytes were required at the point parsing stopped, `actual` exist.
    case truncated(path: String, needed: Int, actual: Int)
    /// The file's SHA-256 differs from the one in its `.sha256` sidecar (corrupted or replaced file).
    case checksumMismatch(path: String, expected: String, actual: String)
    /// The `.sha256` sidecar is missing or does not start with 64 hex digits.
    case checksumFileInvalid(path: String)
    /// The file does not start with the `.nlm` magic bytes `NLMODEL\0`.
    case badMagic(path: String)
    /// The `.nlm` version is not one this build reads (`supported`).
    case unsupportedVersion(path: String, found: UInt32, supported: UInt32)
    /// A header or layer record holds values this engine cannot run (`reason` says which).
    case malformedModel(path: String, reason: String)
    /// The class list (`imagenet_classes.tsv`) is missing rows or has a bad line.
    case malformedClassList(path: String, reason: String)

    public var description: String {
        switch self {
        case .modelNotFound(let searched):
            return "classifier model not found; looked in: \(searched.joined(separator: ", ")) "
                + "(set NUTRILENS_MODELS to the folder holding efficientnet_lite0.nlm)"
        case .fileUnreadable(let path): return "\(path): file missing or unreadable"
        case .truncated(let path, let needed, let actual):
            return "\(path): truncated model file (needs at least \(needed) bytes, has \(actual))"
        case .checksumMismatch(let path, let expected, let actual):
            return "\(path): SHA-256 \(actual) does not match the expected \(expected); the file is corrupt or replaced"
        case .checksumFileInvalid(let path): return "\(path): missing or invalid SHA-256 sidecar"
        case .badMagic(let path): return "\(path): not a NutriLens model (bad magic bytes)"
        case .unsupportedVersion(let path, let found, let supported):
            return "\(path): model format version \(found) is not supported (this build reads \(supported))"
        case .malformedModel(let path, let reason): return "\(path): malformed model: \(reason)"
        case .malformedClassList(let path, let reason): return "\(path): malformed class list: \(reason)"
        }
    }
}
