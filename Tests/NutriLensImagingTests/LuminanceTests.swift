import XCTest
@testable import NutriLensImaging

final class LuminanceTests: XCTestCase {
    func testSIMDEqualsReferenceForEveryLayoutAndOddGeometry() {
        for layout in [ColorLayout.rgb, .rgba, .bgra] {
            for (i, g) in oddGeometries.enumerated() {
                let img = randomRGB(g.w, g.h, layout: layout, padding: g.pad, seed: UInt64(i + 10))
                let simd = img.luminance()
                XCTAssertEqual(simd.stride, simd.width)
                XCTAssertEqual(pixelRows(simd), pixelRows(ScalarReference.luminance(img)),
                               "\(layout) \(g.w)x\(g.h) pad \(g.pad)")
            }
        }
    }

    func testKnownColoursUseBT601Weights() {
        // white, black, pure red (19763 >> 8 = 77), green, blue, mid grey, plus bgra ordering of pure red.
        let rgb = RGBImage(width: 6, height: 1, layout: .rgb,
                           pixels: [255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255, 128, 128, 128])
        XCTAssertEqual(pixelRows(rgb.luminance())[0], [255, 0, 77, 149, 29, 128])
        let bgra = RGBImage(width: 1, height: 1, layout: .bgra, pixels: [0, 0, 255, 7])
        XCTAssertEqual(bgra.luminance()[0, 0], 77)
    }

    func testPackedRGBEndingExactlyAtAVectorStepIsConvertedWithoutOverreading() {
        // 16 / 17 / 32 packed RGB pixels in one row: the vector step would need bytes past the buffer end, so the
        // kernel must fall back to the tail for the last pixels and still give the reference values.
        for w in [16, 17, 32, 33] {
            let img = randomRGB(w, 1, layout: .rgb, seed: UInt64(w))
            XCTAssertEqual(img.pixels.count, 3 * w)
            XCTAssertEqual(pixelRows(img.luminance()), pixelRows(ScalarReference.luminance(img)))
        }
    }

    func testWideRowExercisesVectorBodyAndTail() {
        // 37 pixels = two 16-pixel vectors + 5-pixel tail; the gradient makes every lane distinct.
        let w = 37
        var bytes = [UInt8]()
        for x in 0..<w { bytes += [UInt8(x * 6), UInt8(255 - x * 5), UInt8(x * 3 + 10), 200] }
        let img = RGBImage(width: w, height: 1, layout: .rgba, pixels: bytes)
        let y = img.luminance()
        for x in 0..<w {
            let r = UInt32(x * 6), g = UInt32(255 - x * 5), b = UInt32(x * 3 + 10)
            XCTAssertEqual(UInt32(y[x, 0]), (77 * r + 150 * g + 29 * b + 128) >> 8, "x=\(x)")
        }
    }
}
