import Foundation

/// What the model loaders share (text reader `.nlg`, and the classifier's `.nlm` when it switches over): the
/// SHA-256 sidecar check and the folders searched for model files.
public enum ModelFiles {
    /// Outcome of checking a model file's bytes against its `<file>.sha256` sidecar (`sha256sum` format).
    public enum ChecksumVerdict: Sendable, Equatable {
        /// The bytes hash to the digest the sidecar holds (compared case-insensitively).
        case match
        /// The sidecar at `path` is missing or does not start with 64 hex digits.
        case sidecarInvalid(path: String)
        /// The bytes hash to `actual`, the sidecar says `expected` (lower-case hex).
        case mismatch(expected: String, actual: String)
    }

    /// Lower-case hex SHA-256 of `bytes`.
    public static func sha256Hex(_ bytes: UnsafeRawBufferPointer) -> String { SHA256.hexDigest(bytes) }

    /// Checks `data` (the contents of the file at `path`) against `path + ".sha256"`.
    public static func verifySidecar(of data: Data, path: String) -> ChecksumVerdict {
        let sidecar = path + ".sha256"
        guard let text = try? String(contentsOfFile: sidecar, encoding: .utf8),
              let expected = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first,
              expected.count == 64, expected.allSatisfy({ $0.isHexDigit })
        else { return .sidecarInvalid(path: sidecar) }
        let actual = data.withUnsafeBytes { SHA256.hexDigest($0) }
        return actual == expected.lowercased() ? .match : .mismatch(expected: String(expected), actual: actual)
    }

    /// Folders to look for model files in, in order: an explicit `folder` only; else `environment[variable]` only
    /// (a wrong setting is reported rather than silently replaced by another model); else `models/` in the current
    /// directory, then in every ancestor of the running executable (an installed tree, or `.build/<config>/` inside
    /// the package), then in every ancestor of `sourceFile` (a package checkout, e.g. when running tests).
    public static func searchFolders(folder: URL?, environment: [String: String], variable: String,
                                     sourceFile: String) -> [URL] {
        if let folder { return [folder] }
        if let env = environment[variable], !env.isEmpty { return [URL(fileURLWithPath: env)] }
        var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("models")]
        for start in [URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath(),
                      URL(fileURLWithPath: sourceFile)] {
            var dir = start.deletingLastPathComponent()
            while dir.path.count > 1 {
                candidates.append(dir.appendingPathComponent("models"))
                dir = dir.deletingLastPathComponent()
            }
        }
        return candidates
    }

    /// The first of `folders` holding every one of `fileNames` (its standardized URL), and the paths looked at: the
    /// first file name in each distinct folder, in order (what a "model not found" error lists).
    public static func firstFolder(among folders: [URL], holding fileNames: [String]) -> (folder: URL?, searched: [String]) {
        var searched: [String] = []
        for folder in folders {
            let first = folder.appendingPathComponent(fileNames[0]).standardizedFileURL
            if searched.contains(first.path) { continue }
            searched.append(first.path)
            if fileNames.allSatisfy({ FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path) }) {
                return (folder.standardizedFileURL, searched)
            }
        }
        return (nil, searched)
    }
}
