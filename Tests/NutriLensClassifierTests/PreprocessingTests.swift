import XCTest
import NutriLensImaging
@testable import NutriLensClassifier

final class PreprocessingTests: XCTestCase {
    let pre = Preprocessor(size: 4, mean: [0.5, 0.5, 0.5], std: [0.5, 0.25, 1])

    func testTapWeightsSumToOneAndCoverTheSpan() {
        for (length, out) in [(10, 4), (7, 3), (3, 8), (224, 224), (640, 224)] {
            let t = Preprocessor.taps(origin: 5, length: length, outputLength: out, limit: 5 + length)
            for i in 0..<out {
                let w = t.weights[t.offsets[i]..<(t.offsets[i] + t.count[i])]
                XCTAssertEqual(w.reduce(0, +), 1, accuracy: 1e-5, "\(length)->\(out) sample \(i)")
                XCTAssertGreaterThanOrEqual(t.start[i], 5)
                XCTAssertLessThanOrEqual(t.start[i] + t.count[i], 5 + length)
            }
        }
        // Same size: the identity (one tap of weight 1 at the same pixel).
        let id = Preprocessor.taps(origin: 0, length: 224, outputLength: 224, limit: 224)
        XCTAssertEqual(id.start, Array(0..<224))
        XCTAssertEqual(Set(id.weights), [1])
    }

    func testAreaAverageAndNormalisation() {
        // 8x8 image, left half (255, 0, 51), right half (0, 255, 51): 2x area shrink keeps halves pure, except none
        // straddle; a 3-wide output would mix the middle column.
        var px = [UInt8]()
        for _ in 0..<8 { for x in 0..<8 { px += x < 4 ? [255, 0, 51] : [0, 255, 51] } }
        let image = RGBImage(width: 8, height: 8, layout: .rgb, pixels: px)
        var out = [Float](repeating: .nan, count: 4 * 4 * 3)
        out.withUnsafeMutableBufferPointer { pre.tensor(from: image, crop: PixelRect(x: 0, y: 0, width: 8, height: 8), into: $0.baseAddress!) }
        // R: 255 -> (1 - 0.5) / 0.5 = 1; 0 -> -1. G: 0 -> -2, 255 -> 2. B: 51/255 = 0.2 -> (0.2 - 0.5) / 1 = -0.3.
        XCTAssertEqual(Array(out[0..<3]), [1, -2, -0.3], accuracy: 1e-5)
        XCTAssertEqual(Array(out[9..<12]), [-1, 2, -0.3], accuracy: 1e-5)
        let three = Preprocessor(size: 3, mean: [0, 0, 0], std: [1, 1, 1])
        var mixed = [Float](repeating: .nan, count: 27)
        mixed.withUnsafeMutableBufferPointer { three.tensor(from: image, crop: PixelRect(x: 0, y: 0, width: 8, height: 8), into: $0.baseAddress!) }
        // Middle output column covers source x in [8/3, 16/3): 4/3 px of red, 4/3 px of green -> half each.
        XCTAssertEqual(mixed[3], 0.5, accuracy: 1e-5)
        XCTAssertEqual(mixed[4], 0.5, accuracy: 1e-5)
    }

    func testBGRAReadsLikeRGB() {
        let rgb = RGBImage(width: 2, height: 1, layout: .rgb, pixels: [10, 20, 30, 200, 100, 50])
        let bgra = RGBImage(width: 2, height: 1, layout: .bgra, pixels: [30, 20, 10, 255, 50, 100, 200, 7])
        var a = [Float](repeating: 0, count: 48), b = [Float](repeating: 0, count: 48)
        a.withUnsafeMutableBufferPointer { pre.tensor(from: rgb, crop: PixelRect(x: 0, y: 0, width: 2, height: 1), into: $0.baseAddress!) }
        b.withUnsafeMutableBufferPointer { pre.tensor(from: bgra, crop: PixelRect(x: 0, y: 0, width: 2, height: 1), into: $0.baseAddress!) }
        XCTAssertEqual(a, b)
    }

    func testGrayPhotoIsReplicatedToRGB() {
        let gray = GrayImage(width: 2, height: 2, stride: 3, pixels: [10, 20, 99, 30, 40, 99])
        let rgb = FoodClassifier.rgb(fromGray: gray)
        XCTAssertEqual(rgb.pixels, [10, 10, 10, 20, 20, 20, 30, 30, 30, 40, 40, 40])
    }

    func testCropsCoverCentreAndCorners() {
        let crops = FixtureSupport.classifier.crops(width: 640, height: 480)
        XCTAssertEqual(crops.count, 6)
        XCTAssertEqual(crops[0], PixelRect(x: 0, y: 0, width: 640, height: 480))
        XCTAssertEqual(crops[1], PixelRect(x: 110, y: 30, width: 420, height: 420))
        XCTAssertEqual(crops[5], PixelRect(x: 640 - 352, y: 480 - 264, width: 352, height: 264))
    }
}

func XCTAssertEqual(_ a: [Float], _ b: [Float], accuracy: Float, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
