import Foundation
import NutriLensImaging
import XCTest
@testable import NutriLens

final class BatchScanTests: XCTestCase {
    func grayImage(width: Int, height: Int) -> DecodedImage {
        .gray(GrayImage(width: width, height: height, fill: 200))
    }

    func testCorruptInputInTheMiddleIsReportedAndTheRestScannedInOrder() async throws {
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: []))
        var inputs: [ScanInput] = (0..<6).map { .image(grayImage(width: 10 + $0, height: 20), name: "img\($0)") }
        inputs.insert(.data(Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]), name: "corrupt.jpg"), at: 3)
        let results = await scanner.scan(contentsOf: inputs, maxConcurrentScans: 3)
        XCTAssertEqual(results.map(\.path), ["img0", "img1", "img2", "corrupt.jpg", "img3", "img4", "img5"])
        for (i, r) in results.enumerated() where i != 3 {
            XCTAssertNil(r.error, "\(r.path!) should scan")
            XCTAssertEqual(r.width, 10 + (i < 3 ? i : i - 1))
            XCTAssertEqual(r.height, 20)
        }
        XCTAssertEqual(results[3].error?.kind.rawValue, "truncated", "a JPEG header cut short is reported as truncated")
        XCTAssertNil(results[3].width)
    }

    func testStreamingDeliversInInputOrderExactlyOnce() async throws {
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: []))
        let inputs: [ScanInput] = (0..<25).map { .image(grayImage(width: 1 + $0, height: 1), name: "\($0)") }
        var order: [Int] = []
        await scanner.scan(contentsOf: inputs, maxConcurrentScans: 4) { index, result in
            XCTAssertEqual(result.path, "\(index)")
            order.append(index)
        }
        XCTAssertEqual(order, Array(0..<25))
    }

    func testCancelledBatchStillGivesOneResultPerInput() async throws {
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: []))
        let inputs: [ScanInput] = (0..<50).map { .image(grayImage(width: 8, height: 8), name: "\($0)") }
        let task = Task { () -> [ScanResult] in
            withUnsafeCurrentTask { $0?.cancel() }
            return await scanner.scan(contentsOf: inputs, maxConcurrentScans: 2)
        }
        let results = await task.value
        XCTAssertEqual(results.count, 50)
        XCTAssertEqual(results.map(\.path), (0..<50).map { "\($0)" })
        XCTAssertTrue(results.allSatisfy { $0.error?.kind.rawValue == "cancelled" }, "a cancelled task stops at the first stage boundary")
    }

    func testMissingFileIsReportedWithTheDecodersType() {
        let scanner = try! NutriLensScanner(configuration: ScannerConfiguration(stages: []))
        let r = scanner.scan(URL(fileURLWithPath: "/nonexistent/nutrilens/photo.jpg"))
        XCTAssertEqual(r.error?.kind.rawValue, "file_not_found")
        XCTAssertEqual(r.path, "/nonexistent/nutrilens/photo.jpg")
        XCTAssertNotNil(r.timingsMs?[.total])
    }

    /// Lays out a folder of good and bad files; returns it.
    func makeMixedFolder() throws -> URL {
        let dir = try TestPaths.temporaryFolder(self)
        let sub = dir.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF, 0xDB, 1, 2]).write(to: sub.appendingPathComponent("photo.dat"))      // JPEG, odd name
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]).write(to: dir.appendingPathComponent("a.png"))
        try Data("not an image".utf8).write(to: dir.appendingPathComponent("fake.jpg"))
        try Data().write(to: dir.appendingPathComponent("zero.jpg"))
        try Data("GIF89a\u{1}\0\u{1}\0\0\0\0".utf8).write(to: dir.appendingPathComponent("anim.gif"))
        try Data("RIFF\0\0\0\0WEBPVP8 ".utf8).write(to: dir.appendingPathComponent("IMG_1.WEBP"))
        // A HEIC cut inside its meta box, under a name no extension rule knows: found by its ftyp brands.
        try (Data([0, 0, 0, 24]) + Data("ftypheic".utf8) + Data([0, 0, 0, 0]) + Data("mif1heic".utf8)
            + Data([0, 0, 1, 0]) + Data("meta".utf8)).write(to: dir.appendingPathComponent("phone.bin"))
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("dangling.jpg").path,
                                                   withDestinationPath: dir.path + "/gone.jpg")
        try Data("{}".utf8).write(to: dir.appendingPathComponent("a.json"))
        try Data("oats".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("album.jpg"), withIntermediateDirectories: false)
        return dir
    }

    func testFolderDiscoveryKeepsImagesByContentOrByImageExtension() throws {
        let dir = try makeMixedFolder()
        let found = ImageFileDiscovery.expand([dir.path, dir.appendingPathComponent("notes.txt").path])
        XCTAssertEqual(found.map(\.lastPathComponent),
                       ["IMG_1.WEBP", "a.png", "anim.gif", "dangling.jpg", "fake.jpg", "phone.bin", "photo.dat", "zero.jpg",
                        "notes.txt"],
                       "folders contribute JPEG/PNG/HEIC/WebP by content and image-named files whatever they hold (not a.json, "
                       + "notes.txt or the folder album.jpg); a file named explicitly is always kept")
        guard found.count == 9 else { return }
        XCTAssertTrue(found[6].relativePath.hasPrefix(dir.path + "/sub/"))
        XCTAssertEqual(found[3].path, dir.path + "/dangling.jpg", "a dangling link keeps its own path")
    }

    func testBadFilesFoundInAFolderAreReportedWithTheirTypedError() async throws {
        let dir = try makeMixedFolder()
        let scanner = try NutriLensScanner(configuration: ScannerConfiguration(stages: []))
        let results = await scanner.scan(contentsOf: ImageFileDiscovery.imageFiles(under: dir.path), maxConcurrentScans: 2)
        var types: [String: String] = [:]
        for r in results { types[URL(fileURLWithPath: r.path ?? "").lastPathComponent] = r.error?.kind.rawValue ?? "ok" }
        XCTAssertEqual(types, ["IMG_1.WEBP": "corrupt", "phone.bin": "truncated", "a.png": "truncated", "anim.gif": "unsupported",
                               "dangling.jpg": "file_not_found", "fake.jpg": "unrecognized_format", "photo.dat": "truncated",
                               "zero.jpg": "empty"])
        let gif = try XCTUnwrap(results.first { $0.path?.hasSuffix("anim.gif") == true }?.error?.message)
        XCTAssertTrue(gif.contains("GIF"), "the decoder names the unsupported format: \(gif)")
    }
}
