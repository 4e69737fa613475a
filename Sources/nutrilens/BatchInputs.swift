#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NutriLens
import NutriLensImageIO

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

    /// Longest line a `--files-from` list or a `--skip-done` results file may hold, in bytes: 16 MiB. Both files are
    /// read line by line through `FileReading.forEachLine` (one line held at a time), so no bound is put on the
    /// file: a results file of a million-photo batch is some 2.5 GB (the 128 `scan --jsonl` results of the shared
    /// label corpus average 2.5 kB a line, the longest 5.6 kB, /work/runs/s21/dumps.jsonl, session 21). The line
    /// bound is some 3,000 times that longest result and 4,096 times a path's `PATH_MAX`; it only stops a file that is
    /// not a list or results file at all (a binary file with no newline) from being held whole.
    static let maxLineBytes = 16 << 20

    /// The paths of a `--files-from` list's text: lines trimmed, blank lines and lines starting with `#` skipped
    /// (any newline separates lines: `\n`, `\r\n`, `\r`).
    static func listedPaths(in text: String) -> [String] {
        text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    /// The paths of the `--files-from` list `list` (`-` = standard input, read from `standardInput`), read line by
    /// line (``listedPaths(in:)`` on each).
    /// - Throws: `BatchInputError.unreadable` naming the list and why (`no such file`, `is a directory`,
    ///   `Permission denied`, a line over ``maxLineBytes``).
    static func listedPaths(inList list: String, standardInput: Int32 = STDIN_FILENO) throws -> [String] {
        var paths: [String] = []
        do {
            _ = try FileReading.forEachLine(path: list, descriptor: list == "-" ? standardInput : nil,
                                            maxLineBytes: maxLineBytes) { line, _ in
                paths += listedPaths(in: String(decoding: line, as: UTF8.self))
            }
        } catch let error as ImageDecodingError {
            throw BatchInputError(list == "-" ? "standard input" : list, what: "--files-from list", error)
        }
        return paths
    }

    /// The `path` of every complete result line of a JSON Lines file (`nutrilens scan --jsonl` output), read line by
    /// line, with where its last complete line ends. A last line without its newline (a run killed while writing) and
    /// lines that are not JSON objects with a string `path` are ignored. A missing file means nothing is done yet
    /// (`end` nil).
    /// - Throws: `BatchInputError.unreadable` naming the file and why when it exists but cannot be read.
    static func donePaths(inResults url: URL) throws -> (paths: Set<String>, end: FileReading.LineEnd?) {
        var done: Set<String> = []
        let end: FileReading.LineEnd
        let decoder = JSONDecoder()
        do {
            end = try FileReading.forEachLine(path: url.path, name: url.relativePath,
                                              maxLineBytes: maxLineBytes) { line, terminated in
                guard terminated, !line.isEmpty,
                      let path = (try? decoder.decode(ResultPath.self, from: Data(line)))?.path else { return }
                done.insert(path)
            }
        } catch ImageDecodingError.fileNotFound {
            return ([], nil)
        } catch let error as ImageDecodingError {
            throw BatchInputError(url.relativePath, what: "--skip-done results file", error)
        }
        return (done, end)
    }

    /// A result line's `path` and nothing else. `JSONDecoder` still parses the whole line as JSON (so the same lines
    /// count as with `JSONSerialization` until session 22: objects with a string `path`), but builds no dictionary
    /// of the rest: 17 µs a line of 2.7 kB against 102 µs; a 100,000-line results file (268 MB) resumes in 1.7-2.1 s
    /// of CPU instead of 7.9-10.7 s, at the same 52-53 MB peak RSS (docs/history/session-22-tidy.md).
    private struct ResultPath: Decodable {
        var path: String?
    }

    /// When stdout appends to the `--skip-done` file itself (`... --skip-done out.jsonl >> out.jsonl`) and that file
    /// ends in a partial line (`end`, as ``donePaths(inResults:)`` read it), cuts the partial line off so the first
    /// new result starts on a line of its own. Does nothing when stdout is another file, a pipe or a terminal.
    static func trimPartialLine(ofResults url: URL, end: FileReading.LineEnd, ifStdoutIsIt stdout: Int32 = STDOUT_FILENO) {
        var out = stat(), file = stat()
        guard end.bytes > end.completeBytes, fstat(stdout, &out) == 0, stat(url.path, &file) == 0,
              out.st_dev == file.st_dev, out.st_ino == file.st_ino else { return }
        let keep = off_t(end.completeBytes)
        // A descriptor opened without O_APPEND would go on writing at its old offset, past the new end.
        if ftruncate(stdout, keep) == 0 { _ = lseek(stdout, keep, SEEK_SET) }
    }
}

/// A batch input file that could not be used (exit status 3, like other unreadable files the CLI needs):
/// `cannot read the --files-from list 'x.txt': no such file`.
struct BatchInputError: Error, CustomStringConvertible {
    /// The file as given (`standard input` for `-`).
    var path: String
    /// Which file it is: `--files-from list`, `--skip-done results file`.
    var what: String
    /// Why, without the path: `no such file`, `is a directory`, `Permission denied`, `line 3 is over the
    /// 16777216-byte limit`, an I/O error's system word.
    var reason: String

    /// The error of `FileReading` for the file `path`.
    init(_ path: String, what: String, _ error: ImageDecodingError) {
        self.path = path
        self.what = what
        reason = error.readFailureReason
    }

    var description: String { "cannot read the \(what) '\(path)': \(reason)" }
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
    static func select(_ args: ParsedArguments, standardInput: Int32 = STDIN_FILENO) throws -> BatchSelection {
        let folders = FolderInputs(args.positionals)
        var urls = folders.urls
        var selection = BatchSelection(urls: [], emptyFolders: folders.emptyFolders,
                                       unreadablePaths: folders.unreadablePaths)
        if let list = args.values["files-from"] {
            selection.isBatch = true
            let listed = try listedPaths(inList: list, standardInput: standardInput)
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
            let (done, end) = try donePaths(inResults: file)
            let before = urls.count
            urls = urls.filter { !done.contains(ScanInput.file($0).path ?? $0.path) }
            selection.alreadyDone = before - urls.count
            selection.unreadablePaths = selection.unreadablePaths.filter { !done.contains($0.path) }
            if let end { trimPartialLine(ofResults: file, end: end) }
        }
        selection.urls = urls
        return selection
    }
}
