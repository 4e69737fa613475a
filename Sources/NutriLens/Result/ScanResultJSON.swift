import Foundation

/// The one place that fixes how results are written as JSON, so the CLI, tests and apps get byte-identical output.
public enum ScanResultJSON {
    /// Output layout.
    public enum Style: Sendable {
        /// One object per line (JSON Lines).
        case compact
        /// Indented, for people.
        case pretty
    }

    /// An encoder with sorted keys (stable byte output) and unescaped slashes in paths.
    public static func encoder(_ style: Style = .compact) -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        if style == .pretty { formatting.insert(.prettyPrinted) }
        encoder.outputFormatting = formatting
        return encoder
    }

    /// `value` as a UTF-8 JSON string (no trailing newline).
    public static func string<T: Encodable>(_ value: T, style: Style = .compact) throws -> String {
        String(decoding: try encoder(style).encode(value), as: UTF8.self)
    }

    /// Rounds `value` to `decimals` places (half away from zero) so JSON shows `0.93`, not `0.9300000000000001`.
    public static func rounded(_ value: Double, decimals: Int) -> Double {
        let scale = pow(10.0, Double(decimals))
        return (value * scale).rounded() / scale
    }
}
