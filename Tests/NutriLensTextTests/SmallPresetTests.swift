import Foundation
import NutriLensImaging
import XCTest
@testable import NutriLensText

/// The accuracy preset, PP-OCRv6 small (attention neck: layer norm, batched matmul, softmax, slices, transposes),
/// against ONNX Runtime's decoding of the committed lines (lines_small.tsv). Its models are not committed
/// (~31 MB): the test runs after `python3 scripts/convert_ppocr.py --models small` and skips otherwise.
final class SmallPresetTests: XCTestCase {
    func testSmallRecogniserDecodesTheReferenceStrings() throws {
        let url = FixtureSupport.modelsFolder.appendingPathComponent(TextModelLocator.recognizerFileName(.small))
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw XCTSkip("\(url.lastPathComponent) not converted (scripts/convert_ppocr.py --models small)")
        }
        let recognizer = try TextRecognizer(modelURL: url)
        XCTAssertEqual(recognizer.configuration.labels.count, 18_710)
        let text = try String(contentsOf: FixtureSupport.url("lines_small.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        // Every 5th line in unoptimised builds (the small recogniser is 5x the tiny one's work), all in release.
        #if DEBUG
        let step = 5
        #else
        let step = 1
        #endif
        var mismatches: [String] = [], worst: Float = 0
        for row in rows.enumerated().filter({ $0.offset % step == 0 }).map(\.element) {
            let image = try FixtureSupport.image(FixtureSupport.url("lines/" + row[0]))
            let result = try recognizer.recognize(line: image)
            if result.text != row[1] { mismatches.append("\(row[0]): \"\(result.text)\" vs \"\(row[1])\"") }
            if !row[1].isEmpty { worst = max(worst, abs(result.confidence - (Float(row[2]) ?? -1))) }
        }
        XCTAssertEqual(mismatches, [])
        XCTAssertLessThan(worst, 2e-4, "largest line-score difference")
    }
}
