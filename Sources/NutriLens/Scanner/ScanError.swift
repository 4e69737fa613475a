import NutriLensImageIO

/// Errors of the `NutriLens` module. Inside a scan they become `ScanResult.error` (``failure``);
/// `NutriLensScanner.init` throws them when a stage cannot be set up.
public enum ScanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The image could not be decoded.
    case decoding(ImageDecodingError)
    /// The file could not be read (missing, permission, a folder, not UTF-8 text for `parse`).
    case unreadable(path: String, reason: String)
    /// The scan was cancelled between stages.
    case cancelled
    /// A stage failed on this input (OCR engine error, …); the message says which and why.
    case stageFailed(stage: String, message: String)
    /// A stage could not be set up (missing tessdata or model file, a setting out of range); fix the path or value in
    /// `ScannerConfiguration`.
    case setup(stage: String, message: String)

    /// The `ScanResult.error` kind of this error.
    public var kind: ScanFailure.Kind {
        switch self {
        case .decoding(let error): return ScanFailure.Kind(error)
        case .unreadable: return .unreadable
        case .cancelled: return .cancelled
        case .stageFailed: return .stageFailed
        case .setup: return .setup
        }
    }

    /// One sentence for people: the decoder's own message, or "cannot read PATH: reason", "scan cancelled", "STAGE
    /// stage failed: …", "cannot set up the STAGE stage: …".
    public var description: String {
        switch self {
        case .decoding(let error): return error.description
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .cancelled: return "scan cancelled"
        case .stageFailed(let stage, let message): return "\(stage) stage failed: \(message)"
        case .setup(let stage, let message): return "cannot set up the \(stage) stage: \(message)"
        }
    }

    /// The `ScanResult.error` value for this error.
    public var failure: ScanFailure { ScanFailure(kind, message: description) }
}
