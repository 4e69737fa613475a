/// Why an input produced no result, as it appears in `ScanResult.error`.
///
/// JSON: `{"type": "truncated", "message": "…"}`. `type` is a stable machine-readable string (the decoding error's
/// `typeName`, or one of `ScanError`'s types such as `cancelled`, `unreadable`); `message` is for people.
public struct ScanFailure: Codable, Sendable, Equatable {
    /// Stable error class, snake_case.
    public var type: String
    /// Human-readable explanation with what the user can do about it.
    public var message: String

    public init(type: String, message: String) {
        self.type = type
        self.message = message
    }
}
