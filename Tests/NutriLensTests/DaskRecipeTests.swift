import Foundation
import XCTest
import NutriLensTestSupport

/// `examples/dask/nutrilens_dask.py` on a 2-worker LocalCluster: every input gets exactly one result, and a rerun
/// after lost results scans only those. Needs Python 3 and `dask[distributed]`, installed into a virtual environment
/// under `.build/`; skipped with the reason when either cannot be had (no python3, no network to PyPI).
final class DaskRecipeTests: XCTestCase {
    private static let recipe = PackagePaths.root.appendingPathComponent("examples/dask/nutrilens_dask.py")

    /// A Python with dask.distributed, made once per build folder.
    private func daskPython() throws -> URL {
        let venv = PackagePaths.root.appendingPathComponent(".build/test-venvs/dask")
        let python = venv.appendingPathComponent("bin/python")
        if try shell(python.path, ["-c", "import dask.distributed"]).status == 0 { return python }
        let made = try shell("/usr/bin/env", ["python3", "-m", "venv", venv.path])
        guard made.status == 0 else { throw XCTSkip("cannot make a Python virtual environment: \(made.output.suffix(400))") }
        let pip = try shell(python.path, ["-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                                          "dask[distributed]"])
        guard pip.status == 0 else { throw XCTSkip("cannot install dask[distributed] from PyPI: \(pip.output.suffix(400))") }
        return python
    }

    func testRecipeGivesEveryInputExactlyOneResultAndResumes() throws {
        let python = try daskPython()
        let dir = try TestPaths.temporaryFolder(self)
        let images = try FileManager.default.contentsOfDirectory(atPath: TestPaths.testImages.path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
            .map { TestPaths.testImages.appendingPathComponent($0).path }
        let missing = dir.appendingPathComponent("missing.jpg").path
        let inputs = images + [missing]
        let list = dir.appendingPathComponent("list.txt")
        try (inputs.joined(separator: "\n") + "\n").write(to: list, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("results")
        let arguments = [Self.recipe.path, "--files-from", list.path, "--out", out.path, "--workers", "2",
                         "--partition-size", "8", "--nutrilens", try TestPaths.cliBinary().path,
                         "--scan-arg=--no-nutrition", "--scan-arg=--no-classifier", "--scan-arg=--no-barcode"]

        let first = try shell(python.path, arguments)
        XCTAssertEqual(first.status, 0, first.output)
        XCTAssertEqual(try summary(first.output)["scanned"] as? Int, inputs.count)
        var results = try resultLines(in: out)
        XCTAssertEqual(results.map(\.path).sorted(), inputs.sorted(), "exactly one result per input")
        XCTAssertEqual(results.first { $0.path == missing }?.errorType, "file_not_found")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".jsonl") }.count,
                       (inputs.count + 7) / 8, "one JSON Lines file per partition")

        // Lose the last two results of one partition, leaving a partial line as a killed worker would.
        let part = out.appendingPathComponent("part-00001.jsonl")
        var lines = try String(contentsOf: part, encoding: .utf8).split(separator: "\n").map(String.init)
        let lost = lines.suffix(2).compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["path"] as? String }
        lines.removeLast(2)
        try (lines.joined(separator: "\n") + "\n{\"path\":\"half").write(to: part, atomically: true, encoding: .utf8)

        let second = try shell(python.path, arguments)
        XCTAssertEqual(second.status, 0, second.output)
        let resumed = try summary(second.output)
        XCTAssertEqual(resumed["scanned"] as? Int, 2, "only the lost results are scanned again")
        XCTAssertEqual(resumed["skipped"] as? Int, inputs.count - 2)
        results = try resultLines(in: out)
        XCTAssertEqual(results.map(\.path).sorted(), inputs.sorted(), "still exactly one result per input")
        XCTAssertEqual(Set(lost).count, 2)
    }

    private struct ResultLine { var path: String; var errorType: String? }

    /// Every line of every part file; fails on a line that is not a JSON object with a path.
    private func resultLines(in folder: URL) throws -> [ResultLine] {
        var lines: [ResultLine] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".jsonl") {
            for line in try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n") {
                let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
                let path = try XCTUnwrap(object["path"] as? String, String(line))
                lines.append(ResultLine(path: path, errorType: (object["error"] as? [String: Any])?["type"] as? String))
            }
        }
        return lines
    }

    /// The recipe's closing JSON line.
    private func summary(_ output: String) throws -> [String: Any] {
        let last = try XCTUnwrap(output.split(separator: "\n").last { $0.hasPrefix("{\"inputs\"") }, output)
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])
    }

    /// Runs a program to completion; stdout and stderr together.
    private func shell(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch { return (127, "\(program): \(error)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
