import Foundation
import XCTest
import NutriLens
import NutriLensClassifier
import NutriLensEvaluation

/// Sidecars and baseline reports that cannot be used fail with one line naming the file and the reason.
final class JSONFileErrorTests: XCTestCase {
    private func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("JSONFileErrorTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    private func sidecarError(_ json: String) throws -> JSONFileError? {
        let url = try folder().appendingPathComponent("a.json")
        try Data(json.utf8).write(to: url)
        do { _ = try GroundTruth.load(from: url); return nil } catch { return error as? JSONFileError }
    }

    func testMalformedSidecarsGiveOneLineReasons() throws {
        XCTAssertEqual(try sidecarError("not json")?.reason, "not valid JSON")
        XCTAssertEqual(try sidecarError(#"{"kind":"barcode","barcodes":"5000159407236"}"#)?.reason,
                       "expected an array at barcodes")
        XCTAssertEqual(try sidecarError(#"{"kind":"nutrition_label","nutrition":{"nutriments":{"fat_100g":"x"}}}"#)?.reason,
                       "expected a number at nutrition.nutriments.fat_100g")
        XCTAssertEqual(try sidecarError(#"{"kind":3}"#)?.reason, "expected a string at kind")
        let error = try XCTUnwrap(try sidecarError("[]"))
        XCTAssertEqual(error.reason, "expected an object at the top level")
        XCTAssertTrue(error.description.hasSuffix("/a.json: expected an object at the top level"), error.description)
        XCTAssertFalse(error.description.contains("\n"))
        XCTAssertEqual(try sidecarError(#"{"kind":"barcode","barcodes":["5000159407236"]}"#)?.reason,
                       "expected an object at barcodes[0]", "a barcode is {symbology, text}")
        XCTAssertNil(try sidecarError(#"{"kind":"barcode","barcodes":[{"symbology":"EAN-13","text":"5000159407236"}]}"#),
                     "a good sidecar loads")
    }

    func testMissingFilesAndFoldersAreUnreadable() throws {
        let dir = try folder()
        XCTAssertThrowsError(try EvaluationReport.load(from: URL(fileURLWithPath: "no/such/ev.json"))) {
            XCTAssertEqual($0 as? JSONFileError, .unreadable(path: "no/such/ev.json", reason: "no such file"))
            XCTAssertEqual("\($0)", "no/such/ev.json: no such file")
        }
        XCTAssertThrowsError(try EvaluationReport.load(from: dir)) {
            XCTAssertEqual(($0 as? JSONFileError)?.reason, "is a directory")
        }
        let report = dir.appendingPathComponent("ev.json")
        try Data(#"{"images": 3, "fields": {"truth": 1, "predicted": 1}}"#.utf8).write(to: report)
        XCTAssertThrowsError(try EvaluationReport.load(from: report)) {
            XCTAssertEqual(($0 as? JSONFileError)?.reason, #"missing key "correct" in fields"#)
        }
    }

    /// Sidecars and reports are read through the image reader (`FileReading`) with a byte limit: a file over it is
    /// `file_too_large`, refused before a byte is read, with the same one-line form.
    func testFilesOverTheLimitAreTooLargeWithoutBeingRead() throws {
        let dir = try folder()
        let sidecar = dir.appendingPathComponent("big.json")
        // A valid sidecar padded with whitespace to one byte over the default limit: refused for its size alone.
        let json = #"{"kind":"barcode","barcodes":[]}"#
        try Data((json + String(repeating: " ", count: GroundTruth.maxFileBytes + 1 - json.utf8.count)).utf8).write(to: sidecar)
        XCTAssertThrowsError(try GroundTruth.load(from: sidecar)) {
            XCTAssertEqual($0 as? JSONFileError, .fileTooLarge(path: sidecar.path, bytes: 1_048_577, limit: 1_048_576))
            XCTAssertEqual(($0 as? JSONFileError)?.typeName, "file_too_large")
            XCTAssertEqual("\($0)", "\(sidecar.path): file is 1048577 bytes, over the 1048576-byte limit")
        }
        XCTAssertEqual(try GroundTruth.load(from: sidecar, maxBytes: GroundTruth.maxFileBytes + 1).kind, .barcode,
                       "the same file under a raised limit loads")
        XCTAssertEqual(EvaluationReport.maxFileBytes, 256 << 20)
        let report = dir.appendingPathComponent("ev.json")
        try ScanResultJSON.encoder().encode(EvaluationReport(scores: [])).write(to: report)
        let size = try XCTUnwrap(FileManager.default.attributesOfItem(atPath: report.path)[.size] as? Int)
        XCTAssertThrowsError(try EvaluationReport.load(from: report, maxBytes: size - 1)) {
            XCTAssertEqual($0 as? JSONFileError, .fileTooLarge(path: report.path, bytes: size, limit: size - 1))
        }
        XCTAssertEqual(try EvaluationReport.load(from: report, maxBytes: size).images, 0)
    }
}
