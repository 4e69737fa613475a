import Foundation
import XCTest
import NutriLensTestSupport

/// `nutrilens eval --html` rendered in headless Chromium (Debian `chromium`; skipped with the reason when absent):
/// every embedded photo loads, the page shows the figures of the JSON report, every field read has a box, and a
/// screenshot is kept as a test artifact (`.build/test-artifacts/eval-report.png`).
final class HTMLReportBrowserTests: XCTestCase {
    private func chromium() throws -> URL {
        let candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        guard let path = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw XCTSkip("no Chromium found (looked for \(candidates)); install Debian's chromium to run this test")
        }
        return URL(fileURLWithPath: path)
    }

    /// A label (with boxes), a barcode and a food photo with their sidecars.
    private func labelledFolder() throws -> URL {
        let dir = try TestPaths.temporaryFolder(self).appendingPathComponent("labelled")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["eu_en_one_decimal.jpg", "barcode_ean13.jpg", "other_plate.jpg"] {
            for file in [name, (name as NSString).deletingPathExtension + ".json"] {
                try FileManager.default.copyItem(at: TestPaths.testImages.appendingPathComponent(file),
                                                 to: dir.appendingPathComponent(file))
            }
        }
        return dir
    }

    func testReportRendersWithEveryImageAndTheJSONFigures() throws {
        let browser = try chromium()
        let folder = try labelledFolder()
        let html = folder.deletingLastPathComponent().appendingPathComponent("report.html")
        let json = folder.deletingLastPathComponent().appendingPathComponent("report.json")
        let eval = try runCLI(["eval", "-q", "--jobs", "2", "--ocr-budget", "0", "--html", html.path, "--report", json.path,
                               folder.path])
        XCTAssertEqual(eval.status, 0, eval.stderr)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any])

        let dom = try run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--virtual-time-budget=5000",
                                    "--dump-dom", html.absoluteString])
        XCTAssertTrue(dom.contains("data-images-loaded=\"3\" data-images-total=\"3\""),
                      "every photo decoded in the browser: \(dom.prefix(300))")
        let fields = try XCTUnwrap(report["fields"] as? [String: Any])
        let recall = try XCTUnwrap(fields["recall"] as? Double)
        XCTAssertTrue(dom.contains("data-metric=\"fields-recall\">\(String(format: "%.1f%%", recall * 100))<"),
                      "the page's recall is the JSON report's")
        let precision = try XCTUnwrap(fields["precision"] as? Double)
        XCTAssertTrue(dom.contains("data-metric=\"fields-precision\">\(String(format: "%.1f%%", precision * 100))<"))
        let scores = try XCTUnwrap(report["image_scores"] as? [[String: Any]])
        XCTAssertEqual(scores.count, 3)
        var boxes = 0
        for score in scores {
            let path = try XCTUnwrap(score["path"] as? String)
            let correct = try XCTUnwrap(score["correct_fields"] as? Int)
            XCTAssertTrue(dom.contains("data-image-path=\"\(path)\" data-correct=\"\(correct)\""), path)
            boxes += (score["predicted_fields"] as? Int) ?? 0
        }
        XCTAssertGreaterThan(boxes, 10, "the label has a table")
        let drawn = dom.components(separatedBy: "<rect class=\"").dropFirst()
            .filter { $0.hasPrefix("correct\"") || $0.hasPrefix("wrong\"") || $0.hasPrefix("review\"") }.count
        XCTAssertGreaterThanOrEqual(drawn, boxes, "a box on every scored field read (and on unscored ones)")

        let artifacts = PackagePaths.root.appendingPathComponent(".build/test-artifacts")
        try FileManager.default.createDirectory(at: artifacts, withIntermediateDirectories: true)
        let screenshot = artifacts.appendingPathComponent("eval-report.png")
        try? FileManager.default.removeItem(at: screenshot)
        _ = try run(browser, ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1400,3200",
                              "--virtual-time-budget=5000", "--screenshot=\(screenshot.path)", html.absoluteString])
        let png = try Data(contentsOf: screenshot)
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG screenshot at \(screenshot.path)")
    }

    /// Runs the browser; its stdout (stderr carries Chromium's own noise and is dropped).
    private func run(_ program: URL, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
