#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest
import NutriLensTestSupport

/// Paths the tests need, found from this file's location (no working-directory assumptions).
enum TestPaths {
    static var testImages: URL { PackagePaths.root.appendingPathComponent("TestImages") }

    /// The `nutrilens` binary built alongside the test bundle (the test target depends on it).
    static func cliBinary() throws -> URL {
        var candidates: [URL] = []
        if let env = ProcessInfo.processInfo.environment["NUTRILENS_BIN"] { candidates.append(URL(fileURLWithPath: env)) }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            candidates.append(bundle.bundleURL.deletingLastPathComponent().appendingPathComponent("nutrilens"))
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("nutrilens"))
        candidates.append(PackagePaths.root.appendingPathComponent(".build/debug/nutrilens"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw XCTSkip("nutrilens binary not found (looked in \(candidates.map(\.path)))")
        }
        return found
    }

    /// A fresh temporary folder, removed at the end of the test.
    static func temporaryFolder(_ test: XCTestCase) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nutrilens-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }
}

/// Result of running the CLI.
struct CLIRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var jsonLines: [[String: Any]] {
        stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }
}

/// Runs `nutrilens` with `arguments` in `directory` and waits for it. `stdin`: text fed to its standard input (else
/// none); `appendingStdoutTo`: a file its standard output appends to, as a shell's `>> FILE` does (the run's
/// `stdout` is then empty); `launcher`: a command that runs the binary (`["/usr/bin/setpriv", "--reuid=65534", …]`),
/// given the binary's path and `arguments` after its own.
func runCLI(_ arguments: [String], in directory: URL? = nil, stdin: String? = nil,
            appendingStdoutTo file: URL? = nil, launcher: [String] = []) throws -> CLIRun {
    let process = try cliProcess(arguments, in: directory, launcher: launcher)
    let out = Pipe(), err = Pipe(), input = Pipe()
    var appended: FileHandle?
    if let file {
        let fd = open(file.path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]) }
        appended = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        process.standardOutput = appended
    } else {
        process.standardOutput = out
    }
    process.standardError = err
    process.standardInput = input
    try process.run()
    try appended?.close()
    if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
    try input.fileHandleForWriting.close()
    // Read before waiting so a full pipe cannot block the child.
    let stdout = file == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                  stderr: String(decoding: stderr, as: UTF8.self))
}

/// A `Process` that runs the built `nutrilens` with `arguments` in `directory` (through `launcher` when given) and
/// `OMP_THREAD_LIMIT=1`; its standard streams are left for the caller to set.
func cliProcess(_ arguments: [String], in directory: URL? = nil, launcher: [String] = []) throws -> Process {
    let process = Process()
    let binary = try TestPaths.cliBinary()
    if let command = launcher.first {
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = Array(launcher.dropFirst()) + [binary.path] + arguments
    } else {
        process.executableURL = binary
        process.arguments = arguments
    }
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["OMP_THREAD_LIMIT"] = "1"
    process.environment = env
    return process
}
