import Foundation
import NutriLensEvaluation

// Helpers shared by the benchmark families: child processes (peers, converters), usage errors, async bridging.

/// Runs peer tools (`zbarimg`, `tesseract`, `python3`, ImageMagick `convert`) as child processes.
enum BenchProcess {
    /// Runs `exe` (a path, or a name looked up on `PATH` as a shell would) with `args` (stdin fed from `stdin` when
    /// given) and returns its stdout as UTF-8.
    /// - Throws: ``BenchProcessError`` when the program cannot start, is killed by a signal, or exits with a status
    ///   not in `acceptedStatuses` (default: 0 only; zbarimg's 4 means "no barcode found").
    @discardableResult
    static func run(_ exe: String, _ args: [String], stdin: String? = nil, acceptedStatuses: Set<Int32> = [0]) throws -> String {
        String(decoding: try runData(exe, args, stdin: stdin, acceptedStatuses: acceptedStatuses), as: UTF8.self)
    }

    /// The path of the executable `name` on `PATH` (the benchmarks' tools: ImageMagick's `convert`).
    /// - Throws: `BenchUsageError` naming the tool and `install` (how to get it) when no `PATH` folder holds it.
    static func tool(_ name: String, install: String) throws -> String {
        guard let path = onPath(name) else {
            throw BenchUsageError(message: "`\(name)` not found on PATH (\(searchPath.joined(separator: ":"))); \(install)")
        }
        return path
    }

    /// The folders of `PATH` (`/usr/bin:/bin` when unset).
    static var searchPath: [String] {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// The first executable `name` in a ``searchPath`` folder, as a shell finds it; nil when there is none.
    static func onPath(_ name: String) -> String? {
        searchPath.lazy.filter { !$0.isEmpty }.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs ImageMagick's `convert` (found on `PATH`) with `args` followed by `output`, removing `output` first.
    /// - Throws: `BenchUsageError` when `convert` is not on `PATH`, when it fails (``BenchProcessError``'s words), or
    ///   when it wrote no `output` (a stand-in that is not ImageMagick, a file it cannot read), naming the call.
    static func convert(_ args: [String], to output: String) throws {
        let install = "install ImageMagick (apt-get install imagemagick)"
        let exe = try tool("convert", install: install)
        try? FileManager.default.removeItem(atPath: output)
        do { try run(exe, args + [output]) } catch let error as BenchProcessError {
            throw BenchUsageError(message: "\(error); is it ImageMagick? \(install)")
        }
        guard FileManager.default.fileExists(atPath: output) else {
            throw BenchUsageError(message: "`\(exe) \((args + [output]).joined(separator: " "))` wrote nothing; is it "
                                  + "ImageMagick? \(install)")
        }
    }

    /// Same as `run`, returning the raw bytes of stdout. Stderr is read beside stdout (so neither pipe fills and
    /// blocks the child) and its last line goes into the error.
    /// - Throws: ``BenchProcessError`` as `run`.
    static func runData(_ exe: String, _ args: [String], stdin: String? = nil, acceptedStatuses: Set<Int32> = [0]) throws -> Data {
        guard let program = exe.contains("/") ? exe : onPath(exe) else {
            throw BenchProcessError(exe: exe, args: args, problem: "could not start (no `\(exe)` on PATH)", stdout: Data(),
                                    stderr: "")
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        let outPipe = Pipe(), errPipe = Pipe()
        p.standardOutput = outPipe
        p.standardError = errPipe
        let inPipe = Pipe()
        if stdin != nil { p.standardInput = inPipe }
        do { try p.run() } catch {
            let reason = FileManager.default.isExecutableFile(atPath: exe) ? "\(error)" : "no executable at \(exe)"
            throw BenchProcessError(exe: exe, args: args, problem: "could not start (\(reason))", stdout: Data(), stderr: "")
        }
        if let stdin {
            let handle = inPipe.fileHandleForWriting
            DispatchQueue.global().async { handle.write(Data(stdin.utf8)); try? handle.close() }
        }
        let errors = ResultBox<Data>(), errorsRead = DispatchSemaphore(value: 0)
        let errHandle = errPipe.fileHandleForReading
        DispatchQueue.global().async {
            errors.value = errHandle.readDataToEndOfFile()
            errorsRead.signal()
        }
        let data = outPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        errorsRead.wait()
        let stderr = String(decoding: errors.value ?? Data(), as: UTF8.self)
        switch p.terminationReason {
        case .uncaughtSignal:
            throw BenchProcessError(exe: exe, args: args, problem: "was killed by signal \(p.terminationStatus)",
                                    stdout: data, stderr: stderr)
        case .exit where !acceptedStatuses.contains(p.terminationStatus):
            throw BenchProcessError(exe: exe, args: args, problem: "exited with status \(p.terminationStatus)",
                                    stdout: data, stderr: stderr)
        default:
            return data
        }
    }
}

/// A child process of a benchmark that did not finish as it should: it could not start (a missing program), was
/// killed by a signal (a crash), or exited with a status its caller does not accept. A peer's run on a photo that
/// ends so is that photo's failure, never an empty answer.
struct BenchProcessError: Error, CustomStringConvertible {
    /// The command as run, cut after its first five arguments (`python3 script IMG…` lists every photo).
    var command: String
    /// "could not start (no executable at /usr/bin/tesseract)", "exited with status 1", "was killed by signal 11".
    var problem: String
    /// The last non-empty line of the child's stderr, at most 200 characters; empty when it wrote none.
    var lastErrorLine: String
    /// What the child wrote to stdout before it ended (a peer's answers for the photos it read before a crash).
    var stdout: String

    init(exe: String, args: [String], problem: String, stdout: Data, stderr: String) {
        self.stdout = String(decoding: stdout, as: UTF8.self)
        command = ([exe] + args.prefix(5)).joined(separator: " ") + (args.count > 5 ? " …" : "")
        self.problem = problem
        let last = stderr.split(whereSeparator: \.isNewline).last { !$0.allSatisfy(\.isWhitespace) } ?? ""
        lastErrorLine = String(last.prefix(200))
    }

    var description: String { "`\(command)` \(problem)" + (lastErrorLine.isEmpty ? "" : ": \(lastErrorLine)") }
}

/// Unbuffered output for the long corpus runs (`textreader`, `ocr`), whose rows should show as they are measured.
enum BenchOutput {
    /// Writes `line` and a newline to stdout at once, also when redirected (`print` is block-buffered then, and
    /// Swift 6 forbids touching C's global `stdout` to change that); every result row goes through it. When stdout
    /// cannot take it (a full disk, a closed descriptor) the run stops as the CLI's does: one line on stderr and exit
    /// status 3 (`print` dropped the rows in silence and exited 0; `FileHandle.write` crashed).
    static func line(_ line: String) {
        let code = StandardStreams.write(STDOUT_FILENO, line + "\n")
        guard code == 0 else {
            error("nutrilens-bench: cannot write the results to standard output: \(String(cString: strerror(code)))")
            exit(3)
        }
    }

    /// Writes `text` and a newline to stderr; a failure is ignored (stderr is where it would be reported).
    static func error(_ text: String) { _ = StandardStreams.write(STDERR_FILENO, text + "\n") }

    /// `error` in one line: a Foundation file error (`CocoaError`) as `PATH: the system's reason` (`-h/zxing: No such
    /// file or directory`) instead of its `NSCocoaErrorDomain … UserInfo=…` dump; anything else as it describes itself,
    /// newlines folded.
    static func oneLine(_ error: Error) -> String {
        if let cocoa = error as? CocoaError {
            let path = cocoa.userInfo[NSFilePathErrorKey] as? String ?? cocoa.userInfo[NSURLErrorKey].map { "\($0)" }
            let reason: String
            switch cocoa.code {
            case .fileNoSuchFile, .fileReadNoSuchFile: reason = "No such file or directory"
            case .fileReadNoPermission, .fileWriteNoPermission: reason = "Permission denied"
            case .fileWriteOutOfSpace: reason = "No space left on device"
            default: reason = cocoa.localizedDescription
            }
            return (path.map { "\($0): " } ?? "") + reason
        }
        return "\(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// A benchmark's command line was wrong; the message says how.
struct BenchUsageError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// Runs an async operation to completion from synchronous benchmark code.
func awaitBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox<T>()
    Task.detached {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// A value handed from a detached task or queue (``awaitBlocking(_:)``'s result, a child's stderr in
/// ``BenchProcess/runData(_:_:stdin:acceptedStatuses:)``) to the thread waiting on a semaphore. `@unchecked Sendable`:
/// written once before the semaphore is signalled, read only after `wait()` returns, so the two accesses never overlap.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
