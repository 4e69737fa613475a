/// Errors of the `NutriLens` module. Inside a scan they become `ScanResult.error` (`type` = `typeName`);
/// `NutriLensScanner.init` throws them when a stage cannot be set up.
public enum ScanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The image could not be decoded; `type` is the decoder's stable error name (`truncated`, `wrong_magic`, …).
    case decoding(type: String, message: String)
    /// The file could not be read (missing, permission, a folder, not UTF-8 text for `parse`).
    case unreadable(path: String, reason: String)
    /// The scan was cancelled between stages.
    case cancelled
    /// A stage failed on this input (OCR engine error, …); the message says which and why.
    case stageFailed(stage: String, message: String)
    /// A stage could not be set up (missing tessdata or model file); fix the path in `ScannerConfiguration`.
    case setup(stage: String, message: String)

    /// Stable snake_case name used as `error.type` in JSON.
    public var typeName: String {
        switch self {
        case .decoding(let type, _): return type
        case .unreadable: return "unreadable"
        case .cancelled: return "cancelled"
        case .stageFailed: return "stage_failed"
        case .setup: return "setup"
        }
    }

    public var description: String {
        switch self {
        case .decoding(_, let message): return message
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .cancelled: return "scan cancelled"
        case .stageFailed(let stage, let message): return "\(stage) stage failed: \(message)"
        case .setup(let stage, let message): return "cannot set up the \(stage) stage: \(message)"
        }
    }

    /// The `ScanResult.error` value for this error.
    public var failure: ScanFailure { ScanFailure(type: typeName, message: description) }
}
