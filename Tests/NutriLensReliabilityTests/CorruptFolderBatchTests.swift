import Foundation
import NutriLens
import XCTest

/// Issue 9's corrupt-folder run: good photos mixed with every kind of bad file; the batch must scan each good one
/// and report each bad one with its reason.
final class CorruptFolderBatchTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("nutrilens-corrupt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        let locked = folder.appendingPathComponent("locked.jpg").path
        if FileManager.default.fileExists(atPath: locked) { chmod(locked, 0o644) }
        try? FileManager.default.removeItem(at: folder)
    }

    func write(_ name: String, _ data: Data) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try data.write(to: url)
        return url
    }

    /// Lays out the folder; returns (file → expected error type, or nil for a good file).
    func makeFolder() throws -> [(URL, Set<String>?)] {
        let ean13 = try BadFileFactory.testImage("barcode_ean13.jpg")
        let png = try BadFileFactory.testImage("deg_png_en.png")
        var cases: [(URL, Set<String>?)] = []
        for name in ["barcode_ean13.jpg", "barcode_ean8.jpg", "barcode_upca.jpg", "deg_png_en.png"] {
            cases.append((try write(name, try BadFileFactory.testImage(name)), nil))
        }
        cases.append((try write("zero.jpg", Data()), ["empty"]))
        cases.append((try write("truncated.jpg", ean13.prefix(ean13.count / 3)), ["truncated"]))
        cases.append((try write("bad-crc.png", BadFileFactory.badCRCPNG(png)), ["corrupt"]))
        cases.append((try write("huge.png", BadFileFactory.hugePNG(width: 60_000, height: 60_000)), ["too_large"]))
        let hugeJPEG = try XCTUnwrap(BadFileFactory.resizedJPEGHeader(ean13, width: 65_000, height: 65_000))
        cases.append((try write("huge.jpg", hugeJPEG), ["too_large"]))
        cases.append((try write("notes.jpg", Data("shopping list: oats, milk\n".utf8)), ["unrecognized_format"]))
        cases.append((try write("anim.png", Data("GIF89a\u{1}\0\u{1}\0\0\0\0".utf8)), ["unsupported"]))
        let directory = folder.appendingPathComponent("folder.jpg")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        cases.append((directory, ["unreadable"]))
        let dangling = folder.appendingPathComponent("dangling.jpg")
        try FileManager.default.createSymbolicLink(atPath: dangling.path, withDestinationPath: folder.path + "/gone.jpg")
        cases.append((dangling, ["file_not_found", "unreadable"]))
        // Permission bits do not stop root (CI runs as root), so this file is good there and unreadable elsewhere.
        let locked = try write("locked.jpg", ean13)
        chmod(locked.path, 0)
        cases.append((locked, geteuid() == 0 ? nil : ["unreadable"]))
        return cases
    }

    func testBatchScansEveryGoodFileAndReportsEveryBadOne() async throws {
        let cases = try makeFolder()
        var configuration = ScannerConfiguration(stages: [.barcode])
        configuration.maxImagePixels = 50_000_000
        let scanner = try NutriLensScanner(configuration: configuration)
        let results = await scanner.scan(contentsOf: cases.map(\.0), maxConcurrentScans: 3)

        XCTAssertEqual(results.count, cases.count, "one result per input")
        var goodScanned = 0, badReported = 0
        for ((url, expected), result) in zip(cases, results) {
            let name = url.lastPathComponent
            XCTAssertEqual(result.path.map { URL(fileURLWithPath: $0).lastPathComponent }, name, "results in input order")
            if let expected {
                guard let error = result.error else { XCTFail("\(name): bad file scanned without error"); continue }
                XCTAssertTrue(expected.contains(error.kind.rawValue), "\(name): error type \(error.kind.rawValue), expected \(expected)")
                XCTAssertFalse(error.message.isEmpty, "\(name): error without a message")
                XCTAssertNil(result.barcodes, "\(name): a failed input must not carry stage output")
                if expected.contains(error.kind.rawValue) { badReported += 1 }
            } else {
                XCTAssertNil(result.error, "\(name): \(result.error?.message ?? "")")
                XCTAssertGreaterThan(result.width ?? 0, 0, "\(name): decoded width")
                if result.error == nil { goodScanned += 1 }
            }
        }
        XCTAssertEqual(goodScanned, cases.filter { $0.1 == nil }.count, "100% of good files scanned")
        XCTAssertEqual(badReported, cases.filter { $0.1 != nil }.count, "100% of bad files reported")

        let ean13 = results[0].barcodes?.map(\.text) ?? []
        XCTAssertEqual(ean13, ["5064658169989"], "the good EAN-13 photo was really scanned")
    }

    func testHugeHeaderMessageNamesSizeAndLimit() async throws {
        let url = try write("huge.png", BadFileFactory.hugePNG(width: 60_000, height: 60_000))
        var configuration = ScannerConfiguration(stages: [.barcode])
        configuration.maxImagePixels = 1_000_000
        let result = await (try NutriLensScanner(configuration: configuration)).scan(url)
        XCTAssertEqual(result.error?.kind.rawValue, "too_large")
        XCTAssertTrue(result.error?.message.contains("60000x60000") ?? false, result.error?.message ?? "")
        XCTAssertTrue(result.error?.message.contains("1000000") ?? false, result.error?.message ?? "")
    }

    func testMaxImagePixelsIsConfigurable() async throws {
        let url = try write("ean13.jpg", try BadFileFactory.testImage("barcode_ean13.jpg"))
        var configuration = ScannerConfiguration(stages: [.barcode])
        configuration.maxImagePixels = 10_000
        let tight = await (try NutriLensScanner(configuration: configuration)).scan(url)
        XCTAssertEqual(tight.error?.kind.rawValue, "too_large", "a normal photo over a 10 kpx limit")
        configuration.maxImagePixels = 100_000_000
        let loose = await (try NutriLensScanner(configuration: configuration)).scan(url)
        XCTAssertNil(loose.error)
    }

    /// Folder discovery keeps every file that starts like a JPEG or PNG, however damaged, and every file named like an
    /// image whatever it holds (zero-byte, text, GIF, unreadable, dangling link), so walking the folder reports them
    /// too. Only the sub-folder named `folder.jpg` is not a file to scan.
    func testFolderDiscoveryKeepsDamagedImages() throws {
        let cases = try makeFolder()
        let found = ImageFileDiscovery.expand([folder.path]).map(\.lastPathComponent)
        let expected = cases.map(\.0.lastPathComponent).filter { $0 != "folder.jpg" }
        XCTAssertEqual(found, expected.sorted())
    }
}
