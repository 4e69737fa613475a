#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest

/// A pseudo-terminal pair: the CLI gets the terminal side as its stderr (so `isatty(2)` is true, as in a shell),
/// the test reads what it drew from the controlling side.
final class PseudoTerminal: @unchecked Sendable {
    // @unchecked Sendable: `collected` is only touched under `lock`; the rest is set before the reader starts.
    private let controller: Int32
    /// The terminal side, for the child; closed in the parent once the child runs.
    private(set) var terminal: FileHandle?
    private var collected = Data()
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()

    init() throws {
        let pty = try PTYCalls()
        controller = pty.openpt(O_RDWR | O_NOCTTY)
        guard controller >= 0, pty.grantpt(controller) == 0, pty.unlockpt(controller) == 0,
              let name = pty.ptsname(controller) else {
            throw XCTSkip("no pseudo-terminal available: \(String(cString: strerror(errno)))")
        }
        // Close-on-exec: only the child's dup2'ed stderr keeps the terminal open, so reads end when the child does.
        let fd = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw XCTSkip("cannot open \(String(cString: name))") }
        terminal = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        let controller = self.controller
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = read(controller, &buffer, buffer.count)
                if n <= 0 { break }  // EIO once no process holds the terminal side
                lock.lock(); collected.append(contentsOf: buffer[0..<n]); lock.unlock()
            }
            done.signal()
        }
    }

    /// Closes the parent's copy of the terminal side (call after the child started).
    func releaseTerminal() throws {
        try terminal?.close()
        terminal = nil
    }

    /// Everything written to the terminal, once every writer closed it (at most `timeout` seconds).
    func output(timeout: Double = 60) -> String {
        _ = done.wait(timeout: .now() + timeout)
        lock.lock(); defer { lock.unlock() }
        return String(decoding: collected, as: UTF8.self)
    }

    deinit { close(controller) }
}

/// The C library's pseudo-terminal calls, looked up at run time: Swift's Glibc module leaves out `posix_openpt` and
/// friends (they need `_XOPEN_SOURCE`).
private struct PTYCalls {
    let openpt: @convention(c) (Int32) -> Int32
    let grantpt: @convention(c) (Int32) -> Int32
    let unlockpt: @convention(c) (Int32) -> Int32
    let ptsname: @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    init() throws {
        let process = dlopen(nil, RTLD_NOW)
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(process, name) else { throw XCTSkip("no \(name) in the C library") }
            return unsafeBitCast(address, to: type)
        }
        openpt = try symbol("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
        grantpt = try symbol("grantpt", as: (@convention(c) (Int32) -> Int32).self)
        unlockpt = try symbol("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
        ptsname = try symbol("ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)
    }
}

/// Runs `nutrilens` with its stderr on a pseudo-terminal and stdout on a pipe, as `nutrilens scan DIR > out.jsonl`
/// typed in a terminal; returns the run with `stderr` as the terminal showed it (carriage returns and escapes kept).
func runCLIWithTerminalStderr(_ arguments: [String], in directory: URL? = nil) throws -> CLIRun {
    let terminal = try PseudoTerminal()
    let process = try cliProcess(arguments, in: directory)
    let out = Pipe()
    process.standardOutput = out
    process.standardError = terminal.terminal
    process.standardInput = FileHandle.nullDevice
    try process.run()
    try terminal.releaseTerminal()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                  stderr: terminal.output())
}
