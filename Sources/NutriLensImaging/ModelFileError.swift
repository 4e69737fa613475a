/// What can be wrong with a model file on disk or in memory, shared by the model loaders (the text reader's `.nlg`
/// graphs, `TextReaderError.modelFile`; the classifier's `.nlm`, `ClassifierError.modelFile`). Model files are
/// untrusted input: each case names the file involved so a user can fix it (re-fetch the model, point
/// `NUTRILENS_MODELS` at the right folder, ...).
public enum ModelFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No folder searched holds the model: `model` names what was looked for ("text reader models"), `files` what
    /// the folder must hold ("the .nlg files"), `searched` every path tried, in order (`ModelFiles.firstFolder`).
    case notFound(model: String, files: String, searched: [String])
    /// The file at `path` does not exist, cannot be read, or is larger than its loader accepts.
    case fileUnreadable(path: String)
    /// The file ends early: `needed` bytes were required at the point parsing stopped, `actual` exist.
    case truncated(path: String, needed: Int, actual: Int)
    /// The file's SHA-256 differs from the one in its `.sha256` sidecar (corrupted or replaced file); lower-case hex.
    case checksumMismatch(path: String, expected: String, actual: String)
    /// The `.sha256` sidecar at `path` is missing or does not start with 64 hex digits.
    case checksumFileInvalid(path: String)
    /// The file does not start with the magic bytes of `format` ("NutriLens graph model").
    case badMagic(path: String, format: String)
    /// The file's `format` version `found` is not the one this build reads (`supported`).
    case unsupportedVersion(path: String, format: String, found: UInt32, supported: UInt32)
    /// A header, record, operator or tensor holds values the loader cannot run (`reason` says which).
    case malformed(path: String, reason: String)

    /// One sentence naming the file (or the paths searched) and what is wrong with it.
    public var description: String {
        switch self {
        case .notFound(let model, let files, let searched):
            return "\(model) not found; looked in: \(searched.joined(separator: ", ")) "
                + "(set NUTRILENS_MODELS to the folder holding \(files))"
        case .fileUnreadable(let path): return "\(path): file missing, unreadable or too large"
        case .truncated(let path, let needed, let actual):
            return "\(path): truncated model file (needs at least \(needed) bytes, has \(actual))"
        case .checksumMismatch(let path, let expected, let actual):
            return "\(path): SHA-256 \(actual) does not match the expected \(expected); the file is corrupt or replaced"
        case .checksumFileInvalid(let path): return "\(path): missing or invalid SHA-256 sidecar"
        case .badMagic(let path, let format): return "\(path): not a \(format) (bad magic bytes)"
        case .unsupportedVersion(let path, let format, let found, let supported):
            return "\(path): \(format) version \(found) is not supported (this build reads \(supported))"
        case .malformed(let path, let reason): return "\(path): malformed model: \(reason)"
        }
    }

    /// `.checksumFileInvalid` or `.checksumMismatch` for a failed `ModelFiles.verifySidecar` of the file at `path`;
    /// `nil` for `.match`.
    /// `verdict`: the result of checking the file at `path` (its sidecar is `path + ".sha256"`).
    public init?(_ verdict: ModelFiles.ChecksumVerdict, path: String) {
        switch verdict {
        case .match: return nil
        case .sidecarInvalid(let sidecar): self = .checksumFileInvalid(path: sidecar)
        case .mismatch(let expected, let actual): self = .checksumMismatch(path: path, expected: expected, actual: actual)
        }
    }
}
