#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest
import NutriLensTestSupport

/// `nutrilens-bench scan`'s peer pipelines: a program that fails on a photo (missing, exiting with an error, killed by
/// a signal) makes that photo a failed one, counted in the table's `failed` column and named under it, instead of an
/// empty reading scored as misses in silence (before session 21 `BenchProcess` ignored exit statuses).
final class BenchPeerFailureTests: XCTestCase {
    func testFailingPeerProgramsAreCountedAndNamed() throws {
        let bench = try TestPaths.cliBinary().deletingLastPathComponent().appendingPathComponent("nutrilens-bench")
        guard FileManager.default.isExecutableFile(atPath: bench.path) else {
            throw XCTSkip("nutrilens-bench not built beside nutrilens (\(bench.path))")
        }
        let root = try TestPaths.temporaryFolder(self)
        let images = root.appendingPathComponent("labelled"), bin = root.appendingPathComponent("bin")
        for folder in [images, bin] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for name in ["barcode_ean13", "barcode_upca"] {
            for ext in ["jpg", "json"] {
                try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent("\(name).\(ext)"),
                                                 to: images.appendingPathComponent("\(name).\(ext)"))
            }
        }
        // PATH holds only a zbarimg that crashes: tesseract is missing, and python3 with it (its peer is skipped).
        let zbarimg = bin.appendingPathComponent("zbarimg")
        try Data("#!/bin/sh\necho 'zbarimg: about to crash' >&2\nkill -SEGV $$\n".utf8).write(to: zbarimg)
        chmod(zbarimg.path, 0o755)

        let process = Process()
        process.executableURL = bench
        process.arguments = ["scan", images.path, "--reps", "1", "--warmup", "0", "--jobs", "1", "--no-rapidocr"]
        process.currentDirectoryURL = PackagePaths.root
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path
        environment["OMP_THREAD_LIMIT"] = "1"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, text)

        let row = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("| tesseract --psm 6 + zbarimg (CLI) |") },
                                text)
        XCTAssertTrue(row.hasPrefix("| tesseract --psm 6 + zbarimg (CLI) | 2 | 2 | – | – |"),
                      "both photos failed, none timed: \(row)")
        XCTAssertTrue(text.contains("note: tesseract --psm 6 + zbarimg (CLI) failed on 2 of 2 photos (scored as misses):"), text)
        XCTAssertTrue(text.contains("\(images.path)/barcode_ean13.jpg: `tesseract \(images.path)/barcode_ean13.jpg - --psm 6` "
                                    + "could not start (no `tesseract` on PATH); `zbarimg -q --nodbus \(images.path)/barcode_ean13.jpg` "
                                    + "was killed by signal 11: zbarimg: about to crash"), text)
        let ours = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("| NutriLens (library, in-process) |") })
        XCTAssertTrue(ours.hasPrefix("| NutriLens (library, in-process) | 2 | 0 |"), String(ours))
    }
}
