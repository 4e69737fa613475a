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

/// Runs `nutrilens` with `arguments` in `directory` and waits for it.
func runCLI(_ arguments: [String], in directory: URL? = nil) throws -> CLIRun {
    let process = Process()
    process.executableURL = try TestPaths.cliBinary()
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["OMP_THREAD_LIMIT"] = "1"
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    // Read before waiting so a full pipe cannot block the child.
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CLIRun(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                  stderr: String(decoding: stderr, as: UTF8.self))
}
