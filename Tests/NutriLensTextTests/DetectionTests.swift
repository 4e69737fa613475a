import Foundation
import NutriLensImaging
import NutriLensTestSupport
import XCTest
@testable import NutriLensText

/// Boxes from the probability map, and the whole reading pipeline on the project's own rendered labels.
final class DetectionTests: XCTestCase {
    /// Our DB post-processing of our map finds the boxes PaddleOCR's (OpenCV contours, pyclipper unclip) finds on
    /// ONNX Runtime's map: same count, every corner within 2.5 px (PaddleOCR rounds corners to integers, we keep
    /// them fractional; contour tracing and pixel-centre hulls differ by under a pixel). Box scores agree on
    /// axis-aligned boxes; on slanted ones PaddleOCR truncates the corners to integers before filling the polygon,
    /// which shifts it up-left onto low-probability pixels, so its score is lower (by up to 0.16 here): ours must
    /// never be lower by more than 0.02, nor higher by more than 0.2.
    func testBoxesMatchPaddleOCRPostProcessing() throws {
        for (name, side) in [("label", 320), ("perspective", 320)] {
            let image = try FixtureSupport.image(FixtureSupport.url("det_\(name).png"))
            let data = try Data(contentsOf: FixtureSupport.url("det_\(name).boxes.json"))
            let reference = try JSONDecoder().decode([ReferenceBox].self, from: data)
            let ours = try FixtureSupport.reader.detect(image, options: TextReadOptions(detectorLongSide: side))
            XCTAssertEqual(ours.count, reference.count, name)
            for r in reference {
                let match = ours.min { distance($0.quad, r.box) < distance($1.quad, r.box) }
                XCTAssertLessThanOrEqual(match.map { distance($0.quad, r.box) } ?? .infinity, 2.5, "\(name) \(r.box)")
                XCTAssertGreaterThan(match?.score ?? 0, r.score - 0.02, "\(name) \(r.box)")
                XCTAssertLessThan(match?.score ?? 0, r.score + 0.2, "\(name) \(r.box)")
            }
        }
    }

    /// The rendered EU table (TestImages/eu_en_one_decimal.jpg, 682 x 541): every printed nutrient number is in
    /// the text, lines come in reading order, and the quads sit inside the image.
    func testReadsEveryPrintedNumberOfARenderedLabel() throws {
        let url = PackagePaths.root.appendingPathComponent("TestImages/eu_en_one_decimal.jpg")
        let image = try FixtureSupport.image(url)
        let lines = try FixtureSupport.reader.read(image, options: TextReadOptions(detectorLongSide: 960))
        let text = lines.map(\.text).joined(separator: "\n")
        let tokens = Set(text.split(whereSeparator: { !$0.isNumber && $0 != "." && $0 != "," })
            .map { $0.replacingOccurrences(of: ",", with: ".") }.compactMap(Double.init))
        let printed: [Double] = [1888, 454, 30.8, 17.5, 33.1, 1.7, 5.4, 8.4, 1.3, 850, 204, 13.8, 7.9, 14.9, 0.8, 2.4,
                                 3.8, 0.59]
        XCTAssertEqual(printed.filter { !tokens.contains($0) }, [], "missing from:\n\(text)")
        XCTAssertTrue(text.contains("Nutrition Information"), text)
        let tops = lines.map { $0.quad.topLeft.y }
        for (a, b) in zip(tops, tops.dropFirst()) { XCTAssertLessThan(a, b + 10) }
        for line in lines {
            XCTAssertGreaterThanOrEqual(line.confidence, 0.5)
            for p in line.quad.corners {
                XCTAssertTrue(p.x >= 0 && p.y >= 0 && p.x <= Double(image.width) && p.y <= Double(image.height))
            }
        }
    }

    /// A region of interest re-detects part of the image; results stay in whole-image pixels and lie in the region.
    func testRegionOfInterestKeepsWholeImageCoordinates() throws {
        let image = try FixtureSupport.image(PackagePaths.root.appendingPathComponent("TestImages/eu_en_one_decimal.jpg"))
        let region = PixelRect(x: 0, y: image.height / 2, width: image.width, height: image.height / 2)
        let lines = try FixtureSupport.reader.read(image, options: TextReadOptions(detectorLongSide: 640, regionOfInterest: region))
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            XCTAssertGreaterThanOrEqual(line.quad.boundingRect.y, region.y - 1)
        }
        XCTAssertTrue(lines.contains { $0.text.contains("Salt") })
        XCTAssertFalse(lines.contains { $0.text.contains("Nutrition Information") })
        XCTAssertThrowsError(try FixtureSupport.reader.read(image, options: TextReadOptions(
            regionOfInterest: PixelRect(x: image.width + 5, y: 0, width: 10, height: 10)))) { error in
            guard case TextReaderError.regionOutsideImage = error else { return XCTFail("\(error)") }
        }
    }

    /// Two threads reading at once get the same results as one thread alone (workspaces are per call; OpenBLAS runs
    /// single-threaded in the caller's thread), and repeated reads are bit-identical.
    func testConcurrentReadsAreDeterministic() throws {
        let image = try FixtureSupport.image(FixtureSupport.url("det_label.png"))
        let options = TextReadOptions(detectorLongSide: 320)
        let alone = try FixtureSupport.reader.read(image, options: options)
        let results = UnsafeMutableBufferPointer<[RecognizedText]>.allocate(capacity: 2)
        results.initialize(repeating: [])
        defer { _ = results.deinitialize(); results.deallocate() }
        let reader = FixtureSupport.reader
        nonisolated(unsafe) let shared = results
        DispatchQueue.concurrentPerform(iterations: 2) { i in
            shared[i] = (try? reader.read(image, options: options)) ?? []
        }
        XCTAssertFalse(alone.isEmpty)
        for i in 0..<2 { XCTAssertEqual(results[i], alone, "run \(i)") }
    }

    struct ReferenceBox: Decodable {
        var box: [[Double]]
        var score: Float
    }

    /// Largest corner distance between our quad and a reference box (same corner order).
    func distance(_ quad: TextQuad, _ box: [[Double]]) -> Double {
        zip(quad.corners, box).map { p, r in ((p.x - r[0]) * (p.x - r[0]) + (p.y - r[1]) * (p.y - r[1])).squareRoot() }.max()!
    }
}
