import XCTest
@testable import NutriLensImaging

final class ResizeTests: XCTestCase {
    func testBilinearEqualsReferenceUpAndDown() throws {
        for (i, g) in oddGeometries.enumerated() {
            let img = randomGray(g.w, g.h, padding: g.pad, seed: UInt64(i + 200))
            for (ow, oh) in [(g.w * 2 + 1, g.h + 3), (max(1, g.w / 3), max(1, g.h / 2)), (19, 1)] {
                XCTAssertEqual(pixelRows(try img.resized(toWidth: ow, height: oh)),
                               pixelRows(try ScalarReference.resized(img, toWidth: ow, height: oh)),
                               "\(g.w)x\(g.h) -> \(ow)x\(oh)")
            }
        }
    }

    func testUpscaleByTwoInterpolatesBetweenPixelCentres() throws {
        // Source 0, 100: outputs sample at -0.25 (clamped 0), 0.25, 0.75, 1.25 (clamped 1).
        let img = GrayImage(width: 2, height: 1, pixels: [0, 100])
        XCTAssertEqual(pixelRows(try img.resized(toWidth: 4, height: 1)), [[0, 25, 75, 100]])
    }

    func testSameSizeIsIdentity() throws {
        let img = randomGray(45, 23, padding: 4, seed: 9)
        XCTAssertEqual(pixelRows(try img.resized(toWidth: 45, height: 23)), pixelRows(img))
    }

    func testBadSizesThrow() {
        XCTAssertThrowsError(try GrayImage(width: 4, height: 4).resized(toWidth: 0, height: 3))
        XCTAssertThrowsError(try GrayImage(width: 4, height: 4).resized(toWidth: 1 << 20, height: 1 << 20))
    }
}
