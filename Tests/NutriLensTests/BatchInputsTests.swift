#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest
@testable import nutrilens

/// `scan --files-from / --shard / --skip-done`: the map step of a batch over many machines.
final class BatchInputsTests: XCTestCase {
    /// Decoding only: these tests are about which inputs run, not what they read.
    private let decodeOnly = ["--jsonl", "--no-barcode", "--no-nutrition", "--no-classifier"]

    private func listedTestImages(in dir: URL) throws -> (list: URL, paths: [String]) {
        let names = try FileManager.default.contentsOfDirectory(atPath: TestPaths.testImages.path)
            .filter { $0.hasSuffix(".jpg") || $0.hasSuffix(".png") }.sorted()
        let paths = names.map { TestPaths.testImages.appendingPathComponent($0).path }
        XCTAssertGreaterThan(paths.count, 20)
        let list = dir.appendingPathComponent("list.txt")
        let text = "# TestImages\n\n" + paths.joined(separator: "\n") + "\n  \n# end\n"
        try text.write(to: list, atomically: true, encoding: .utf8)
        return (list, paths)
    }

    func testListParsingSkipsBlankLinesAndComments() {
        XCTAssertEqual(BatchInputs.listedPaths(in: "# photos\n a.jpg \n\n\r\nb c.png\n#x.jpg\n"), ["a.jpg", "b c.png"])
    }

    func testFNV1aShardHashMatchesTheReferenceVectors() {
        // FNV-1a 64 test vectors (Fowler/Noll/Vo reference code): other tools can reproduce the split.
        XCTAssertEqual(BatchInputs.shardHash(""), 0xcbf2_9ce4_8422_2325)
        XCTAssertEqual(BatchInputs.shardHash("a"), 0xaf63_dc4c_8601_ec8c)
        XCTAssertEqual(BatchInputs.shardHash("foobar"), 0x8594_4171_f739_67e8)
    }

    func testFilesFromScansExactlyTheListInOrderAndShardsAreDisjointAndComplete() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let (list, paths) = try listedTestImages(in: dir)
        let all = try runCLI(["scan"] + decodeOnly + ["--files-from", list.path])
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertEqual(all.jsonLines.compactMap { $0["path"] as? String }, paths, "every listed input, in list order")

        var seen: [String] = []
        for index in 0..<3 {
            let run = try runCLI(["scan"] + decodeOnly + ["--files-from", list.path, "--shard", "\(index)/3"])
            XCTAssertEqual(run.status, 0, run.stderr)
            let shard = run.jsonLines.compactMap { $0["path"] as? String }
            XCTAssertFalse(shard.isEmpty, "shard \(index) of 3 over \(paths.count) inputs is not empty")
            XCTAssertEqual(shard, paths.filter(shard.contains), "a shard keeps the list order")
            seen += shard
        }
        XCTAssertEqual(seen.count, paths.count, "shards are disjoint")
        XCTAssertEqual(Set(seen), Set(paths), "shards cover the list")
    }

    func testFilesFromStandardInputAndUsageErrors() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let (_, paths) = try listedTestImages(in: dir)
        let run = try runCLI(["scan"] + decodeOnly + ["--files-from", "-"], stdin: paths.prefix(3).joined(separator: "\n"))
        XCTAssertEqual(run.jsonLines.compactMap { $0["path"] as? String }, Array(paths.prefix(3)))
        for bad in ["3/3", "1", "-1/2", "a/b", "0/0"] {
            let usage = try runCLI(["scan", "--files-from", "-", "--shard", bad], stdin: "")
            XCTAssertEqual(usage.status, 2, bad)
            XCTAssertTrue(usage.stderr.contains("--shard"), usage.stderr)
        }
        XCTAssertEqual(try runCLI(["scan", "--jsonl"]).status, 2, "no PATH and no --files-from")
        let missing = try runCLI(["scan", "--files-from", dir.appendingPathComponent("none.txt").path])
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.stderr.contains("none.txt"), missing.stderr)
    }

    /// `--skip-done` counts exactly the lines it counted when it built a dictionary of every line (until session 22):
    /// whole JSON objects with a string `path`, with or without an error, escapes decoded; not a path that is not a
    /// string, nested in another key, on a line that is not whole JSON, or on a last line without its newline.
    func testDonePathsAreTheStringPathsOfWholeJSONObjectLines() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let results = dir.appendingPathComponent("results.jsonl")
        let lines = [
            #"{"barcodes":[],"path":"a.jpg","width":10}"#,
            #"{"error":{"message":"no such file: b.jpg","type":"file_not_found"},"path":"b.jpg"}"#,
            #"{"path":"dir\/caf\u00e9 \"1\".jpg"}"#,
            #"{"nutrition":{"path":"nested.jpg"}}"#,
            #"{"path":7}"#,
            #"{"path":"broken.jpg","width":"#,
            #"["path","array.jpg"]"#,
            "",
            #"{"path":"cut.jpg"}"#,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: results)
        let (paths, end) = try BatchInputs.donePaths(inResults: results)
        XCTAssertEqual(paths, ["a.jpg", "b.jpg", #"dir/café "1".jpg"#])
        XCTAssertEqual(end.map { $0.bytes - $0.completeBytes }, lines.last?.utf8.count, "the cut-off last line")
    }

    func testSkipDoneRescansExactlyTheMissingInputsAndMendsAPartialLastLine() throws {
        let dir = try TestPaths.temporaryFolder(self)
        let (list, paths) = try listedTestImages(in: dir)
        let results = dir.appendingPathComponent("results.jsonl")
        let first = try runCLI(["scan"] + decodeOnly + ["--files-from", list.path, "--skip-done", results.path],
                               appendingStdoutTo: results)
        XCTAssertEqual(first.status, 0, first.stderr)
        var lines = try String(contentsOf: results, encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, paths.count)

        // An interrupted run: three results lost from the middle, the last one cut off halfway through its line.
        let lost = [3, 7, 11].map { lines[$0] }
        lines.removeAll { lost.contains($0) }
        let cut = lines.removeLast()
        let damaged = lines.joined(separator: "\n") + "\n" + cut.prefix(cut.count / 2)
        try damaged.write(to: results, atomically: true, encoding: .utf8)

        let second = try runCLI(["scan"] + decodeOnly + ["--files-from", list.path, "--skip-done", results.path],
                                appendingStdoutTo: results)
        XCTAssertEqual(second.status, 0, second.stderr)
        let final = try String(contentsOf: results, encoding: .utf8)
        XCTAssertTrue(final.hasSuffix("\n"))
        let records = final.split(separator: "\n").map { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        XCTAssertFalse(records.contains { $0 == nil }, "every line is whole JSON:\n\(final)")
        let resultPaths = records.compactMap { $0?["path"] as? String }
        XCTAssertEqual(resultPaths.count, paths.count, "exactly one result per input")
        XCTAssertEqual(Set(resultPaths), Set(paths))
        let expectedRescans = Set([3, 7, 11].map { paths[$0] } + [paths[paths.count - 1]])
        XCTAssertEqual(Set(resultPaths.suffix(4)), expectedRescans, "only the lost and the cut-off inputs were scanned again")
        XCTAssertTrue(second.stderr.contains("\(paths.count - 4) already done"), second.stderr)

        let third = try runCLI(["scan"] + decodeOnly + ["--files-from", list.path, "--skip-done", results.path],
                               appendingStdoutTo: results)
        XCTAssertEqual(third.status, 0)
        XCTAssertEqual(try String(contentsOf: results, encoding: .utf8), final, "a finished run rescans nothing")
    }
}
