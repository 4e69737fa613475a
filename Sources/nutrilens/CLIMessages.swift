import NutriLens

/// Library messages name the library setting a user would change (`DecodeOptions.maxPixels`); a CLI user changes a
/// flag instead, so the CLI names the flag.
enum CLIMessages {
    /// Library setting → the `scan`/`eval` option that sets it.
    static let flags = [
        ("DecodeOptions.maxPixels", "--max-pixels"), ("ScannerConfiguration.maxImagePixels", "--max-pixels"),
        ("DecodeOptions.maxFileBytes", "--max-file-bytes"), ("ScannerConfiguration.maxFileBytes", "--max-file-bytes"),
    ]

    /// `result` with the settings in its error message replaced by their flags.
    static func forCLI(_ result: ScanResult) -> ScanResult {
        guard var error = result.error else { return result }
        for (setting, flag) in flags { error.message = error.message.replacingOccurrences(of: setting, with: flag) }
        var rewritten = result
        rewritten.error = error
        return rewritten
    }
}
