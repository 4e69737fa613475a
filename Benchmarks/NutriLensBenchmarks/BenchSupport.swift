import Foundation

// Helpers shared by the benchmark families: child processes (peers, converters), usage errors, async bridging.

/// Runs peer tools (`zbarimg`, `tesseract`, `python3`, ImageMagick `convert`) as child processes.
enum BenchProcess {
    /// Runs `exe` with `args` (stdin fed from `stdin` when given, stderr discarded) and returns its stdout as UTF-8.
    @discardableResult
    static func run(_ exe: String, _ args: [String], stdin: String? = nil) throws -> String {
        String(decoding: try runData(exe, args, stdin: stdin), as: UTF8.self)
    }

    /// The path of the executable `name` on `PATH` (the benchmarks' tools: ImageMagick's `convert`).
    /// - Throws: `BenchUsageError` naming the tool and `install` (how to get it) when no `PATH` folder holds it.
    static func tool(_ name: String, install: String) throws -> String {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        for folder in folders where !folder.isEmpty {
            let path = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw BenchUsageError(message: "`\(name)` not found on PATH (\(folders.joined(separator: ":"))); \(install)")
    }

    /// Runs ImageMagick's `convert` (found on `PATH`) with `args` followed by `output`, removing `output` first.
    /// - Throws: `BenchUsageError` when `convert` is not on `PATH`, or when it wrote no `output` (a stand-in that is not
    ///   ImageMagick, a file it cannot read), naming the call.
    static func convert(_ args: [String], to output: String) throws {
        let install = "install ImageMagick (apt-get install imagemagick)"
        let exe = try tool("convert", install: install)
        try? FileManager.default.removeItem(atPath: output)
        try run(exe, args + [output])
        guard FileManager.default.fileExists(atPath: output) else {
            throw BenchUsageError(message: "`\(exe) \((args + [output]).joined(separator: " "))` wrote nothing; is it "
                                  + "ImageMagick? \(install)")
        }
    }

    /// Same as `run`, returning the raw bytes of stdout.
    static func runData(_ exe: String, _ args: [String], stdin: String? = nil) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: exe)
        p.arguments = args
        let outPipe = Pipe()
        p.standardOutput = outPipe
        p.standardError = FileHandle.nullDevice
        let inPipe = Pipe()
        if stdin != nil { p.standardInput = inPipe }
        try p.run()
        if let stdin {
            let handle = inPipe.fileHandleForWriting
            DispatchQueue.global().async { handle.write(Data(stdin.utf8)); try? handle.close() }
        }
        let data = outPipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return data
    }
}

/// Unbuffered output for the long corpus runs (`textreader`, `ocr`), whose rows should show as they are measured.
enum BenchOutput {
    /// Writes `line` and a newline to stdout at once, also when redirected (`print` is block-buffered then, and
    /// Swift 6 forbids touching C's global `stdout` to change that).
    static func line(_ line: String) { FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
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

/// The detached task's result. `@unchecked Sendable`: written once by the task before it signals the semaphore, read
/// only after `wait()` returns, so the two accesses never overlap.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}
