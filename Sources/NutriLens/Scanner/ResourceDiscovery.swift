import Foundation

/// Finds the data files stages need when the configuration leaves their paths `nil`.
public enum ResourceDiscovery {
    /// The first folder holding `<language>.traineddata` for the first language: `$TESSDATA_PREFIX` (with or without a
    /// trailing `tessdata`), then `/usr/share/tesseract-ocr/5/tessdata`, `/usr/share/tesseract-ocr/4.00/tessdata`,
    /// `/usr/share/tessdata`, `/usr/local/share/tessdata`, `/opt/homebrew/share/tessdata`. `nil` when none has it.
    public static func tessdataPath(for languages: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        var candidates: [String] = []
        if let prefix = environment["TESSDATA_PREFIX"], !prefix.isEmpty {
            candidates += [prefix, (prefix as NSString).appendingPathComponent("tessdata")]
        }
        candidates += ["/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
                       "/usr/share/tessdata", "/usr/local/share/tessdata", "/opt/homebrew/share/tessdata"]
        let probe = languages.first ?? "eng"
        return candidates.first { FileManager.default.fileExists(atPath: ($0 as NSString).appendingPathComponent("\(probe).traineddata")) }
    }

    /// The classifier model: `$NUTRILENS_MODEL`, then `models/<fileName>` in the working directory, beside the
    /// executable and up to four folders above it (a SwiftPM `.build/<config>/` binary finds the package's `models/`).
    public static func classifierModelPath(fileName: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let path = environment["NUTRILENS_MODEL"], FileManager.default.fileExists(atPath: path) { return path }
        var folders = [FileManager.default.currentDirectoryPath]
        var dir = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 { folders.append(dir.path); dir.deleteLastPathComponent() }
        for folder in folders {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("models").appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return nil
    }
}
