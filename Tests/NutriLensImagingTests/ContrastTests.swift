import XCTest
@testable import NutriLensImaging

final class ContrastTests: XCTestCase {
    func testHistogramEqualsReference() {
        for (i, g) in oddGeometries.enumerated() {
            let img = randomGray(g.w, g.h, padding: g.pad, seed: UInt64(i + 300))
            let hist = img.histogram()
            XCTAssertEqual(hist, ScalarReference.histogram(img))
            XCTAssertEqual(hist.reduce(0, +), g.w * g.h)
        }
    }

    func testStretchEqualsReference() throws {
        for (i, g) in oddGeometries.enumerated() {
            // Values squeezed into 60...180 so the stretch is non-trivial.
            let raw = randomGray(g.w, g.h, padding: g.pad, seed: UInt64(i + 400))
            let img = GrayImage(width: g.w, height: g.h, stride: raw.stride, pixels: raw.pixels.map { 60 + $0 / 2 })
            for (lo, hi) in [(1.0, 99.0), (0.0, 100.0), (10, 60)] {
                XCTAssertEqual(pixelRows(try img.contrastStretched(lowPercentile: lo, highPercentile: hi)),
                               pixelRows(try ScalarReference.contrastStretched(img, lowPercentile: lo,
                                                                                highPercentile: hi)))
            }
        }
    }

    func testFixedRangeStretchEqualsReference() {
        let img = randomGray(97, 41, padding: 13, seed: 12)
        for r in [ContrastRange(low: 0, high: 255), ContrastRange(low: 60, high: 200), ContrastRange(low: 254, high: 255)] {
            XCTAssertEqual(pixelRows(img.stretched(to: r)), pixelRows(ScalarReference.stretched(img, to: r)))
        }
    }

    func testEverySpanMapsRampWithinRangeAndMatchesReference() {
        let ramp = GrayImage(width: 256, height: 1, pixels: (0...255).map { UInt8($0) })
        for span in 1...255 {
            for low in [0, 255 - span] {
                let r = ContrastRange(low: UInt8(low), high: UInt8(low + span))
                let out = ramp.stretched(to: r)
                XCTAssertEqual(out.pixels, ScalarReference.stretched(ramp, to: r).pixels, "\(r)")
                XCTAssertEqual(out[low, 0], 0)
                XCTAssertGreaterThanOrEqual(out[low + span, 0], 254, "\(r)")
                XCTAssertEqual(Double(out[low + span / 2, 0]), (Double(span / 2) * 255 / Double(span)).rounded(),
                               accuracy: 1, "\(r)")
            }
        }
    }

    func testStretchMapsPercentilesToFullRange() throws {
        // 100 pixels 100...199: the 1st percentile is 100 (1 pixel <= 100) and the 99th is 198.
        let img = GrayImage(width: 100, height: 1, pixels: (0..<100).map { UInt8(100 + $0) })
        let range = try img.contrastRange()
        XCTAssertEqual(range, ContrastRange(low: 100, high: 198))
        let out = try img.contrastStretched()
        XCTAssertEqual(out[0, 0], 0)
        XCTAssertEqual(out[98, 0], 255)
        XCTAssertEqual(out[99, 0], 255)   // above the high percentile: clipped
        // In between: the exact rational map to within the documented one grey level (8.8 fixed point).
        for x in 0..<99 {
            XCTAssertEqual(Double(out[x, 0]), (Double(x) * 255 / 98).rounded(), accuracy: 1, "x=\(x)")
        }
        XCTAssertEqual(out[10, 0], 26)   // 10 * 255 / 98 = 26.02
    }

    func testFlatImageIsUnchangedAndBadPercentilesThrow() throws {
        let flat = GrayImage(width: 20, height: 3, fill: 77)
        XCTAssertEqual(try flat.contrastStretched().pixels, flat.pixels)
        XCTAssertThrowsError(try flat.contrastStretched(lowPercentile: 50, highPercentile: 40))
        XCTAssertThrowsError(try flat.contrastStretched(lowPercentile: -1, highPercentile: 40))
        XCTAssertThrowsError(try flat.contrastStretched(lowPercentile: 1, highPercentile: 101))
    }

    func testInvertEqualsReferenceAndIsAnInvolution() {
        for (i, g) in oddGeometries.enumerated() {
            let img = randomGray(g.w, g.h, padding: g.pad, seed: UInt64(i + 500))
            let inv = img.inverted()
            XCTAssertEqual(pixelRows(inv), pixelRows(ScalarReference.inverted(img)))
            XCTAssertEqual(pixelRows(inv.inverted()), pixelRows(img))
        }
        XCTAssertEqual(GrayImage(width: 3, height: 1, pixels: [0, 100, 255]).inverted().pixels, [255, 155, 0])
    }

    func testCropEqualsReferenceAndChecksBounds() throws {
        let img = randomGray(97, 41, padding: 13, seed: 8)
        let rect = PixelRect(x: 5, y: 7, width: 60, height: 30)
        let c = try img.cropped(to: rect)
        XCTAssertEqual(pixelRows(c), pixelRows(try ScalarReference.cropped(img, to: rect)))
        XCTAssertEqual(c[0, 0], img[5, 7])
        XCTAssertEqual(c[59, 29], img[64, 36])
        XCTAssertThrowsError(try img.cropped(to: PixelRect(x: 90, y: 0, width: 10, height: 5))) {
            XCTAssertEqual($0 as? ImagingError,
                           .cropOutOfBounds(rect: PixelRect(x: 90, y: 0, width: 10, height: 5), width: 97, height: 41))
        }
        XCTAssertThrowsError(try img.cropped(to: PixelRect(x: 0, y: 0, width: 0, height: 5)))
        XCTAssertThrowsError(try img.cropped(to: PixelRect(x: -1, y: 0, width: 3, height: 5)))
    }
}
