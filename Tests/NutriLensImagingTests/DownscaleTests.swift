import XCTest
@testable import NutriLensImaging
import NutriLensTestSupport

final class DownscaleTests: XCTestCase {
    func testIntegerFactorsEqualReference() throws {
        for (i, g) in oddGeometries.enumerated() {
            let img = randomGray(g.w, g.h, padding: g.pad, seed: UInt64(i + 100))
            for f in [1, 2, 3, 4, 5, 7, 16] where f <= min(g.w, g.h) {
                let simd = try img.downscaled(by: f)
                XCTAssertEqual(simd.width, g.w / f)
                XCTAssertEqual(simd.height, g.h / f)
                XCTAssertEqual(pixelRows(simd), pixelRows(try ScalarReference.downscaled(img, by: f)),
                               "\(g.w)x\(g.h) pad \(g.pad) factor \(f)")
            }
        }
    }

    func testFactorTwoOfKnownPatternGivesExactAverages() throws {
        // 2x2 blocks: (0,0,0,1) -> 0.25 rounds to 0; (10,20,30,40) -> 25; (255,254,255,254) -> 254.5 rounds to 255;
        // (1,2,2,2) -> 1.75 rounds to 2.
        let img = GrayImage(width: 8, height: 2, pixels: [
            0, 0, 10, 20, 255, 254, 1, 2,
            0, 1, 30, 40, 255, 254, 2, 2,
        ])
        XCTAssertEqual(pixelRows(try img.downscaled(by: 2)), [[0, 25, 255, 2]])
    }

    func testLargeFactorDivisionIsExactForEverySum() throws {
        // One output pixel per image: the rounded mean must match integer maths for many sums.
        var rng = SeededRandom(seed: 7)
        for f in [3, 5, 6, 9, 15, 31] {
            for _ in 0..<20 {
                let img = GrayImage(width: f, height: f,
                                    pixels: (0..<(f * f)).map { _ in UInt8.random(in: 0...255, using: &rng) })
                let sum = img.pixels.reduce(0) { $0 + Int($1) }
                XCTAssertEqual(Int(try img.downscaled(by: f)[0, 0]), (sum + f * f / 2) / (f * f), "factor \(f)")
            }
        }
    }

    func testFractionalAreaMapEqualsReferenceAndTrueMean() throws {
        let img = randomGray(101, 77, padding: 3, seed: 5)
        for (ow, oh) in [(40, 30), (101, 77), (67, 13), (1, 1), (50, 77)] {
            let simd = try img.downscaled(toWidth: ow, height: oh)
            XCTAssertEqual(pixelRows(simd), pixelRows(try ScalarReference.downscaled(img, toWidth: ow, height: oh)))
        }
        // A constant image stays constant; a 1x1 result is within one level of the whole-image mean.
        XCTAssertEqual(Set(try GrayImage(width: 33, height: 21, fill: 93).downscaled(by: 2.5).pixels), [93])
        let mean = Double(pixelRows(img).joined().reduce(0) { $0 + Int($1) }) / Double(101 * 77)
        XCTAssertEqual(Double(try img.downscaled(toWidth: 1, height: 1)[0, 0]), mean, accuracy: 1.0)
    }

    func testFractionalFactorOutputSize() throws {
        let d = try randomGray(3000 / 50, 4000 / 50).downscaled(by: 2.5)
        XCTAssertEqual(d.width, 24)
        XCTAssertEqual(d.height, 32)
    }

    func testBadFactorsThrow() {
        let img = GrayImage(width: 10, height: 4)
        XCTAssertThrowsError(try img.downscaled(by: 0)) {
            XCTAssertEqual($0 as? ImagingError, .invalidScaleFactor(factor: 0, width: 10, height: 4))
        }
        XCTAssertThrowsError(try img.downscaled(by: 5))
        XCTAssertThrowsError(try img.downscaled(by: 0.5))
        XCTAssertThrowsError(try img.downscaled(by: Double.nan))
        XCTAssertThrowsError(try img.downscaled(toWidth: 11, height: 4))
        XCTAssertThrowsError(try img.downscaled(toWidth: 0, height: 4))
    }
}
