import Foundation
import XCTest

/// The package's Python scripts run by tests (`scripts/check-docstrings.py`, `scripts/generate-testimages.py`) with the
/// system's `python3`, in the package root.
public enum PythonScripts {
    /// Runs `scripts/NAME` with `arguments`: its exit status and everything it wrote (stdout and stderr together).
    /// - Throws: `XCTSkip` when `/usr/bin/env` cannot be run or finds no `python3` (it exits 127).
    public static func run(_ name: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", PackagePaths.root.appendingPathComponent("scripts/\(name)").path] + arguments
        process.currentDirectoryURL = PackagePaths.root
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { throw XCTSkip("cannot run /usr/bin/env python3: \(error)") }
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 127 { throw XCTSkip("python3 not found: \(output.suffix(200))") }
        return (process.terminationStatus, output)
    }
}
