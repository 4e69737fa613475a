#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NutriLens
import NutriLensEvaluation

/// The CLI's ``ScanObserver``: `--trace FILE` appends each photo's OCR trace line (`OCRReadingTrace.line` plus
/// `path=`), `--dump-lines DIR` writes the lines the grammar parsed to `DIR/NAME.lines.json` and the photo's path to
/// `DIR/list.txt`, and with `.both` the second reading of the re-read cells to `DIR/NAME.second.json`
/// (what `LineDumpEvaluationTests` reads). The library itself writes nothing.
final class ScanDiagnostics: ScanObserver, @unchecked Sendable {
    // @unchecked Sendable: the only mutable state, the two file handles' positions and `failedOptions`, is written
    // under `lock`.
    private let lock = NSLock()
    /// Options whose output could not be written, each reported once on stderr (the scan goes on without it).
    private var failedOptions: Set<String> = []
    private let trace: FileHandle?
    private let dumpFolder: URL?
    private let list: FileHandle?
    /// Folders given on the command line; a photo found in one is named by its path below it.
    private let roots: [String]

    /// `nil` when neither `--trace` nor `--dump-lines` was given.
    /// - Throws: `UsageError.invalidValue` when the trace file or dump folder cannot be created.
    static func from(_ args: ParsedArguments) throws -> ScanDiagnostics? {
        guard args.values["trace"] != nil || args.values["dump-lines"] != nil else { return nil }
        return try ScanDiagnostics(trace: args.values["trace"], dumpLines: args.values["dump-lines"],
                                   roots: args.positionals)
    }

    private init(trace: String?, dumpLines: String?, roots: [String]) throws {
        // Opened in place (created, or emptied when a regular file): `FileManager.createFile` wrote a new file and
        // renamed it over the path, which replaced a device or a link there (`--trace /dev/stderr`) with a file.
        func openOutput(_ path: String, option: String) throws -> FileHandle {
            let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                throw UsageError.invalidValue(option: option, value: path, expected: "a file that can be written")
            }
            return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        }
        self.trace = try trace.map { $0 == "-" ? FileHandle.standardError : try openOutput($0, option: "trace") }
        if let dumpLines {
            do { try FileManager.default.createDirectory(atPath: dumpLines, withIntermediateDirectories: true) } catch {
                throw UsageError.invalidValue(option: "dump-lines", value: dumpLines, expected: "a folder that can be created")
            }
            dumpFolder = URL(fileURLWithPath: dumpLines, isDirectory: true)
            list = try openOutput(dumpFolder!.appendingPathComponent("list.txt").path, option: "dump-lines")
        } else {
            dumpFolder = nil
            list = nil
        }
        self.roots = roots.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    func scan(_ path: String?, observed event: ScanEvent) {
        switch event {
        case .textRead(let reading):
            guard let trace else { return }
            let line = reading.line.replacingOccurrences(of: " | ", with: " path=\(path ?? "-") | ", options: [],
                                                         range: reading.line.range(of: " | "))
            lock.lock(); defer { lock.unlock() }
            write(line + "\n", to: trace, option: "trace")
        case .linesParsed(let lines):
            guard let dumpFolder, let list, let path else { return }
            let relative = relativePath(path)
            guard let data = Self.sortedJSON(lines) else { return }
            lock.lock(); defer { lock.unlock() }
            written(option: "dump-lines") {
                try data.write(to: dumpFolder.appendingPathComponent(Self.dumpName(relative) + ".lines.json"), options: .atomic)
            }
            write(relative + "\n", to: list, option: "dump-lines")
        case .secondReadingParsed(let lines, let keys):
            guard let dumpFolder, let path,
                  let data = Self.sortedJSON(SecondReadingDump(lines: lines, keys: keys.sorted())) else { return }
            let url = dumpFolder.appendingPathComponent(Self.dumpName(relativePath(path)) + ".second.json")
            lock.lock(); defer { lock.unlock() }
            written(option: "dump-lines") { try data.write(to: url, options: .atomic) }
        }
    }

    /// Writes `text` to `handle`; a failure (a full disk) is reported once per option on stderr and the scan goes on,
    /// where `FileHandle.write` crashed the process. Called under `lock`.
    private func write(_ text: String, to handle: FileHandle, option: String) {
        let code = StandardStreams.write(handle.fileDescriptor, text)
        if code != 0 { failed(option: option, reason: String(cString: strerror(code))) }
    }

    /// Runs `body` (a dump file's write); a thrown error is reported once per option, as ``write(_:to:option:)``.
    /// Called under `lock`.
    private func written(option: String, _ body: () throws -> Void) {
        do { try body() } catch {
            failed(option: option, reason: error.localizedDescription)  // one line, where "\(error)" is a dump
        }
    }

    private func failed(option: String, reason: String) {
        guard failedOptions.insert(option).inserted else { return }
        Terminal.err("nutrilens: cannot write the --\(option) output: \(reason); the scan goes on without it")
    }

    /// `path` below the folder given on the command line that holds it.
    private func relativePath(_ path: String) -> String {
        roots.first { path.hasPrefix($0) }.map { String(path.dropFirst($0.count)) } ?? path
    }

    /// The dump files' NAME for a photo's `relative` path: `/` as `__`, without extension.
    private static func dumpName(_ relative: String) -> String {
        (relative.replacingOccurrences(of: "/", with: "__") as NSString).deletingPathExtension
    }

    /// `value` as JSON with sorted keys (stable dumps to diff), or `nil` when it cannot be encoded.
    private static func sortedJSON<T: Encodable>(_ value: T) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(value)
    }
}

/// `DIR/NAME.second.json` of `--dump-lines` with `--ocr-engine both`: the second reading of the re-read cells and the
/// keys it is evidence for (read by `LineDumpEvaluationTests`).
struct SecondReadingDump<Line: Encodable>: Encodable {
    var lines: [Line]
    var keys: [String]
}
