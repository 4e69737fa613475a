import XCTest
@testable import NutriLensImaging
import NutriLensTestSupport

final class BinarizationTests: XCTestCase {
    /// Text strokes 60 levels darker than a background that brightens from 70 (left) to 230 (right).
    func textOnGradient(width: Int = 241, height: Int = 61) -> (image: GrayImage, isStroke: (Int, Int) -> Bool) {
        let isStroke: (Int, Int) -> Bool = { x, y in
            // Vertical 3-px bars every 12 px plus a horizontal 3-px bar per 20-px band: glyph-like strokes.
            (x % 12 < 3 && y % 20 >= 4 && y % 20 < 16) || (y % 20 >= 9 && y % 20 < 12 && x % 24 < 10)
        }
        var img = GrayImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let bg = 70 + 160 * x / (width - 1)
                img[x, y] = UInt8(isStroke(x, y) ? bg - 60 : bg)
            }
        }
        return (img, isStroke)
    }

    func testOtsuThresholdOfBimodalImageLiesBetweenModes() {
        var rng = SeededRandom(seed: 21)
        let pixels = (0..<(90 * 70)).map { i -> UInt8 in
            let mode = i % 3 == 0 ? 60 : 190   // one third dark, two thirds light, +-15 noise
            return UInt8(mode + Int.random(in: -15...15, using: &rng))
        }
        let img = GrayImage(width: 90, height: 70, pixels: pixels)
        let r = img.otsuBinarized()
        XCTAssertGreaterThanOrEqual(r.threshold, 75)
        XCTAssertLessThan(r.threshold, 175)
        XCTAssertEqual(r.image.pixels.filter { $0 == 0 }.count, pixels.filter { $0 < 125 }.count)
        XCTAssertEqual(r, ScalarReference.otsuBinarized(img))
    }

    func testOtsuAndThresholdEqualReferenceOnOddGeometries() {
        for (i, g) in oddGeometries.enumerated() {
            let img = randomGray(g.w, g.h, padding: g.pad, seed: UInt64(i + 600))
            let r = img.otsuBinarized()
            let ref = ScalarReference.otsuBinarized(img)
            XCTAssertEqual(r.threshold, ref.threshold)
            XCTAssertEqual(pixelRows(r.image), pixelRows(ref.image))
            XCTAssertEqual(pixelRows(img.binarized(threshold: 100)),
                           pixelRows(ScalarReference.binarized(img, threshold: 100)))
        }
    }

    func testSauvolaKeepsTextBlackAndBackgroundWhiteOnGradient() throws {
        let (img, isStroke) = textOnGradient()
        let out = try img.sauvolaBinarized(radius: 10, k: 0.2)
        var strokeMisses = 0, backgroundMisses = 0, strokes = 0, background = 0
        for y in 0..<img.height {
            for x in 0..<img.width {
                if isStroke(x, y) {
                    strokes += 1
                    if out[x, y] != 0 { strokeMisses += 1 }
                } else {
                    background += 1
                    if out[x, y] != 255 { backgroundMisses += 1 }
                }
            }
        }
        XCTAssertLessThan(Double(strokeMisses) / Double(strokes), 0.02, "stroke pixels lost")
        XCTAssertLessThan(Double(backgroundMisses) / Double(background), 0.02, "background pixels turned black")
        // The same page defeats a global threshold: the dark left background falls below Otsu's level.
        let otsu = img.otsuBinarized().image
        let leftBackgroundBlack = (0..<img.height).filter { !isStroke(5, $0) && otsu[5, $0] == 0 }.count
        XCTAssertGreaterThan(leftBackgroundBlack, img.height / 2)
    }

    func testSauvolaEqualsReferenceIncludingBorderAndHugeWindows() throws {
        for (i, g) in oddGeometries.enumerated() {
            let img = randomGray(g.w, g.h, padding: g.pad, seed: UInt64(i + 700))
            for (r, k) in [(1, Float(0.5)), (3, 0.34), (7, 0.2), (40, 0.34)] {
                XCTAssertEqual(pixelRows(try img.sauvolaBinarized(radius: r, k: k)),
                               pixelRows(try ScalarReference.sauvolaBinarized(img, radius: r, k: k)),
                               "\(g.w)x\(g.h) r=\(r) k=\(k)")
            }
        }
        let (gradient, _) = textOnGradient(width: 131, height: 45)
        XCTAssertEqual(pixelRows(try gradient.sauvolaBinarized(radius: 15)),
                       pixelRows(try ScalarReference.sauvolaBinarized(gradient, radius: 15)))
    }

    func testSauvolaRejectsBadParameters() {
        let img = GrayImage(width: 10, height: 10)
        XCTAssertThrowsError(try img.sauvolaBinarized(radius: 0)) {
            XCTAssertEqual($0 as? ImagingError, .invalidWindowRadius(radius: 0, maxRadius: 128))
        }
        XCTAssertThrowsError(try img.sauvolaBinarized(radius: 129))
        XCTAssertThrowsError(try img.sauvolaBinarized(k: -0.1))
        XCTAssertThrowsError(try img.sauvolaBinarized(dynamicRange: 0))
    }

    func testIntegralImageEqualsReferenceAndBoxSums() {
        let img = randomGray(37, 23, padding: 5, seed: 31)
        let ii = IntegralImage(img)
        let ref = ScalarReference.integralTables(img)
        XCTAssertEqual(ii.sums, ref.sums)
        XCTAssertEqual(ii.squaredSums, ref.squaredSums)
        let rect = PixelRect(x: 3, y: 4, width: 17, height: 9)
        var s: UInt32 = 0, q: UInt32 = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX { s += UInt32(img[x, y]); q += UInt32(img[x, y]) * UInt32(img[x, y]) }
        }
        XCTAssertEqual(ii.sum(of: rect), s)
        XCTAssertEqual(ii.squaredSum(of: rect), q)
    }
}
