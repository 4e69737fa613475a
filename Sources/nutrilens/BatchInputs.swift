#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NutriLens

/// The batch-scan input options of `scan`: `--files-from`, `--shard` and `--skip-done`, which make one `nutrilens`
/// process a map step over a photo archive (one shard per machine, a rerun resumes where the last one stopped).
struct BatchInputs: Equatable {
    /// `--shard I/N`: this process takes the inputs whose ``shardHash(_:)`` is `index` modulo `count`.
    struct Shard: Equatable {
        /// 0-based shard index, `0 ..< count`.
        var index: Int
        /// Number of shards, `>= 1`.
        var count: Int

        /// Parses `I/N` with `0 <= I < N`.
        /// - Throws: `UsageError.invalidValue` naming the expected form.
        init(parsing text: String) throws {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, n <= 1_000_000, (0..<n).contains(i) else {
                throw UsageError.invalidValue(option: "shard", value: text,
                                              expected: "I/N with N from 1 to 1000000 and I from 0 to N-1 (e.g. 0/4 ... 3/4)")
            }
            index = i
            count = n
        }

        /// Whether `path` belongs to this shard.
        func contains(_ path: String) -> Bool { Int(BatchInputs.shardHash(path) % UInt64(count)) == index }
    }

    static let options = [
        OptionSpec(name: "files-from", short: nil, valueName: "FILE",
                   help: "Scan the paths listed in FILE ('-' = stdin), one per line, in that order; blank lines and '#' comments skipped."),
        OptionSpec(name: "shard", short: nil, valueName: "I/N",
                   help: "Scan only shard I (0-based) of N: the inputs whose FNV-1a hash of the path is I mod N (the same split on every machine)."),
        OptionSpec(name: "skip-done", short: nil, valueName: "FILE",
                   help: "Skip inputs that already have a result line (with or without an error) in the JSON Lines FILE; a partial last line is ignored."),
    ]

    /// 64-bit FNV-1a of the path's UTF-8 bytes: stable across machines, runs and Swift versions (unlike `hashValue`),
    /// and easy to reproduce in another language (offset basis 0xcbf29ce484222325, prime 0x100000001b3).
    static func shardHash(_ path: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The lines of a `--files-from` list: trimmed, blank lines and lines starting with `#` skipped.
    static func listedPaths(in text: String) -> [String] {
        text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The `path` of every complete result line of a JSON Lines file (`nutrilens scan --jsonl` output). A last line
    /// without its newline (a run killed while writing) and lines that are not JSON objects with a string `path` are
    /// ignored. A missing file means nothing is done yet.
    /// - Throws: `BatchInputError.unreadable` when the file exists but cannot be read.
    static func donePaths(inResults url: URL) throws -> Set<String> {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw BatchInputError.unreadable(path: url.path, what: "--skip-done results file")
        }
        var done: Set<String> = []
        let complete = data.lastIndex(of: UInt8(ascii: "\n")).map { data[...$0] } ?? Data()
        for line in complete.split(separator: UInt8(ascii: "\n")) where !line.isEmpty {
            if let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any],
               let path = object["path"] as? String {
                done.insert(path)
            }
        }
        return done
    }

    /// When stdout appends to the `--skip-done` file itself (`... --skip-done out.jsonl >> out.jsonl`) and that file
    /// ends in a partial line, cuts the partial line off so the first new result starts on a line of its own.
    /// Does nothing when stdout is another file, a pipe or a terminal.
    static func trimPartialLine(ofResults url: URL, ifStdoutIsIt stdout: Int32 = STDOUT_FILENO) {
        var out = stat(), file = stat()
        guard fstat(stdout, &out) == 0, stat(url.path, &file) == 0,
              out.st_dev == file.st_dev, out.st_ino == file.st_ino,
              let data = FileManager.default.contents(atPath: url.path), let last = data.last, last != UInt8(ascii: "\n")
        else { return }
        let keep = off_t(data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0)
        // A descriptor opened without O_APPEND would go on writing at its old offset, past the new end.
        if ftruncate(stdout, keep) == 0 { _ = lseek(stdout, keep, SEEK_SET) }
    }
}

/// A batch input file that could not be used (exit status 3, like other unreadable files the CLI needs).
enum BatchInputError: Error, CustomStringConvertible {
    case unreadable(path: String, what: String)

    var description: String {
        switch self {
        case .unreadable(let path, let what): return "cannot read the \(what) '\(path)'"
        }
    }
}

/// The inputs one `scan` run takes after `--files-from`, `--shard` and `--skip-done`.
struct BatchSelection {
    /// The files to scan, in order.
    var urls: [URL]
    /// Inputs left out because another shard takes them.
    var otherShards = 0
    /// Inputs left out because the results file already has them.
    var alreadyDone = 0
    /// Whether any batch option was given (the run then reports a summary like a folder scan).
    var isBatch = false
    /// Folders given that hold no image (see ``FolderInputs``).
    var emptyFolders: [FolderSearch] = []
    /// Paths whose content could not be seen (folders that could not be listed, links that could not be followed),
    /// after `--shard` and `--skip-done`.
    var unreadablePaths: [FolderSearch.UnreadablePath] = []
    /// The `--files-from` list when it names no path at all.
    var emptyList: String?

    /// Whether the input itself is wrong (an image-less folder, an empty list): the run then exits 1.
    var hasEmptyInput: Bool { !emptyFolders.isEmpty || emptyList != nil }

    /// Text appended to the closing summary line.
    var summarySuffix: String {
        var parts: [String] = []
        if otherShards > 0 { parts.append("\(otherShards) in other shards") }
        if alreadyDone > 0 { parts.append("\(alreadyDone) already done") }
        return parts.isEmpty ? "" : " (skipped: " + parts.joined(separator: ", ") + ")"
    }
}

extension BatchInputs {
    /// Positional paths (folders expanded, ``FolderInputs``) then the `--files-from` list, filtered by `--shard` and
    /// `--skip-done` (paths that cannot be seen into too, by their path).
    /// - Throws: `UsageError` for a bad `--shard` or no input at all; `BatchInputError` for an unreadable list or
    ///   results file.
    static func select(_ args: ParsedArguments, standardInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }) throws -> BatchSelection {
        let folders = FolderInputs(args.positionals)
        var urls = folders.urls
        var selection = BatchSelection(urls: [], emptyFolders: folders.emptyFolders,
                                       unreadablePaths: folders.unreadablePaths)
        if let list = args.values["files-from"] {
            selection.isBatch = true
            let data: Data
            if list == "-" {
                data = standardInput()
            } else if let read = FileManager.default.contents(atPath: list) {
                data = read
            } else {
                throw BatchInputError.unreadable(path: list, what: "--files-from list")
            }
            let listed = listedPaths(in: String(decoding: data, as: UTF8.self))
            if listed.isEmpty { selection.emptyList = list == "-" ? "on standard input" : "'\(list)'" }
            urls += listed.map { URL(fileURLWithPath: $0) }
        } else if args.positionals.isEmpty {
            throw UsageError.missingArgument("PATH... (or --files-from FILE)")
        }
        if let text = args.values["shard"] {
            selection.isBatch = true
            let shard = try Shard(parsing: text)
            let before = urls.count
            urls = urls.filter { shard.contains(ScanInput.file($0).path ?? $0.path) }
            selection.otherShards = before - urls.count
            selection.unreadablePaths = selection.unreadablePaths.filter { shard.contains($0.path) }
        }
        if let results = args.values["skip-done"] {
            selection.isBatch = true
            let file = URL(fileURLWithPath: results)
            let done = try donePaths(inResults: file)
            let before = urls.count
            urls = urls.filter { !done.contains(ScanInput.file($0).path ?? $0.path) }
            selection.alreadyDone = before - urls.count
            selection.unreadablePaths = selection.unreadablePaths.filter { !done.contains($0.path) }
            trimPartialLine(ofResults: file)
        }
        selection.urls = urls
        return selection
    }
}
