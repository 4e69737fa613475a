import XCTest
import NutriLensImaging
@testable import NutriLensImageIO

/// Every PNG colour type, bit depth, transparency form and Adam7 decodes to exact 8-bit values.
/// Sample values come from scripts/imageio-fixtures/make_png.py; PNG is lossless, so every pixel is checked.
final class PNGVariantTests: XCTestCase {
    /// Expected grey of every pixel of a 64x48 quadrant grid.
    private func assertGrayGrid(_ name: String, _ quads: [UInt8], file: StaticString = #filePath, line: UInt = #line) throws {
        let photo = try Fixture.decode(name)
        XCTAssertEqual(photo.format, .png, name, file: file, line: line)
        guard let image = grayImage(photo, file: file, line: line) else { return }
        XCTAssertEqual([image.width, image.height], [64, 48], name, file: file, line: line)
        var mismatches = 0
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != quads[(y >= 24 ? 2 : 0) + (x >= 32 ? 1 : 0)] {
                mismatches += 1
            }
        }
        XCTAssertEqual(mismatches, 0, "\(name): pixels differing from \(quads)", file: file, line: line)
        assertQuadrants(image, quads, tolerance: 0, name, file: file, line: line)
    }

    private func assertColorGrid(_ name: String, _ quads: [(UInt8, UInt8, UInt8)], width: Int = 64, height: Int = 48,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let photo = try Fixture.decode(name)
        guard let image = colorImage(photo, file: file, line: line) else { return }
        XCTAssertEqual([image.width, image.height], [width, height], name, file: file, line: line)
        var mismatches = 0
        for y in 0..<height {
            for x in 0..<width {
                let q = quads[(y >= height / 2 ? 2 : 0) + (x >= width / 2 ? 1 : 0)]
                let p = image.rgba(x: x, y: y)
                if p.r != q.0 || p.g != q.1 || p.b != q.2 { mismatches += 1 }
            }
        }
        XCTAssertEqual(mismatches, 0, "\(name): pixels differing from the grid", file: file, line: line)
    }

    func testGreyBitDepthsScaleToFullRange() throws {
        try assertGrayGrid("gray1.png", [0, 255, 255, 0])
        try assertGrayGrid("gray2.png", [0, 85, 170, 255])
        try assertGrayGrid("gray4.png", [17, 102, 153, 255])
        try assertGrayGrid("gray8.png", [10, 90, 170, 250])
    }

    func testSixteenBitIsScaledNotTruncated() throws {
        // 65280 -> 254 (truncation would give 255), 511 -> 2 (truncation: 1), 32896 -> 128.
        try assertGrayGrid("gray16.png", [254, 2, 128, 0])
        try assertColorGrid("rgb16.png", [(254, 2, 0), (0, 255, 0), (0, 0, 255), (128, 128, 128)])
    }

    func testRGB() throws {
        try assertColorGrid("rgb8.png", Fixture.quadRGB)
    }

    func testPaletteAtEveryBitDepth() throws {
        let q = Fixture.quadRGB
        try assertColorGrid("palette1.png", [q[0], q[1], q[1], q[0]])
        try assertColorGrid("palette2.png", q)
        try assertColorGrid("palette4.png", q)
        try assertColorGrid("palette8.png", q)
    }

    func testPaletteTRNSIsFlattenedOntoWhiteBehindDarkContent() throws {
        // Opaque entries have mean luma ~90 (< 128): dark content, so the transparent index becomes white.
        let q = Fixture.quadRGB
        try assertColorGrid("palette8-trns.png", [q[0], q[1], q[2], (255, 255, 255)])
    }

    func testGreyTRNSBecomesTransparentAndIsFlattened() throws {
        try assertGrayGrid("gray2-trns.png", [0, 85, 170, 255])
    }

    func testGreyAlphaIsCompositedWithRounding() throws {
        // Bottom-left alpha 0 -> white background; bottom-right 100 at alpha 128: (100*128 + 255*127)/255 = 177.2.
        try assertGrayGrid("gray-alpha8.png", [20, 60, 255, 177])
        try assertGrayGrid("gray-alpha16.png", [20, 60, 255, 177])
    }

    func testDarkTextOnTransparentGetsWhiteBackground() throws {
        guard let image = colorImage(try Fixture.decode("rgba-dark-text.png")) else { return }
        XCTAssertTrue(image.rgba(x: 2, y: 2) == (255, 255, 255, 255), "background \(image.rgba(x: 2, y: 2))")
        XCTAssertTrue(image.rgba(x: 30, y: 20) == (20, 20, 40, 255), "ink \(image.rgba(x: 30, y: 20))")
        // Half-transparent edge: (20*128 + 255*127)/255 = 137.0, (40*128 + 255*127)/255 = 147.1.
        XCTAssertTrue(image.rgba(x: 30, y: 32) == (137, 137, 147, 255), "edge \(image.rgba(x: 30, y: 32))")
    }

    func testLightTextOnTransparentGetsBlackBackground() throws {
        guard let image = colorImage(try Fixture.decode("rgba-light-text.png")) else { return }
        XCTAssertTrue(image.rgba(x: 2, y: 2) == (0, 0, 0, 255), "background \(image.rgba(x: 2, y: 2))")
        XCTAssertTrue(image.rgba(x: 30, y: 20) == (240, 240, 220, 255), "ink \(image.rgba(x: 30, y: 20))")
        // 240*128/255 = 120.5 -> 120 (exact value 120.47), 220*128/255 = 110.4.
        XCTAssertTrue(image.rgba(x: 30, y: 32) == (120, 120, 110, 255), "edge \(image.rgba(x: 30, y: 32))")
    }

    func testAdam7InterlacedMatchesNonInterlaced() throws {
        let q = Fixture.quadRGB
        try assertColorGrid("rgb8-adam7.png", q)
        try assertGrayGrid("gray1-adam7.png", [0, 255, 255, 0])
        try assertColorGrid("palette4-adam7.png", q)
        try assertColorGrid("rgba16-adam7.png", [(254, 2, 0), (0, 255, 0), (0, 0, 255), (128, 128, 128)])
        // 7x5 has partial and empty Adam7 passes; the grid splits at x = 3, y = 2.
        let photo = try Fixture.decode("rgb8-adam7-7x5.png")
        guard let image = colorImage(photo) else { return }
        XCTAssertEqual([image.width, image.height], [7, 5])
        for y in 0..<5 {
            for x in 0..<7 {
                let want = q[(y >= 2 ? 2 : 0) + (x >= 3 ? 1 : 0)]
                let got = image.rgba(x: x, y: y)
                XCTAssertTrue(got.r == want.0 && got.g == want.1 && got.b == want.2, "(\(x),\(y)) \(got)")
            }
        }
    }

    func testWantColorFalseGivesGreyForColourPNG() throws {
        let photo = try Fixture.decode("rgb8.png", options: DecodeOptions(wantColor: false))
        guard let image = grayImage(photo) else { return }
        // BT.601 luma (77 R + 150 G + 29 B + 128) >> 8 of the quadrant colours.
        assertQuadrants(image, [88, 113, 70, 198], tolerance: 0)
    }

    func testFormatComesFromBytesNotExtension() throws {
        let photo = try Fixture.decode("png-named.jpg")
        XCTAssertEqual(photo.format, .png)
        XCTAssertEqual(photo.image.width, 64)
    }

    func testPNGDownscaleAveragesBlocksWhileDecoding() throws {
        // 64x48, target 16: factor 4 (a factor of 5 would give 13). Blocks never straddle the grid lines.
        for name in ["rgb8.png", "rgb8-adam7.png"] {
            let photo = try Fixture.decode(name, options: DecodeOptions(targetMaxSide: 16))
            XCTAssertEqual([photo.image.width, photo.image.height], [16, 12], name)
            XCTAssertEqual([photo.fullWidth, photo.fullHeight], [64, 48], name)
            XCTAssertEqual(photo.scale, 0.25, name)
            guard let image = colorImage(photo) else { continue }
            for y in 0..<12 {
                for x in 0..<16 {
                    let q = Fixture.quadRGB[(y >= 6 ? 2 : 0) + (x >= 8 ? 1 : 0)]
                    let p = image.rgba(x: x, y: y)
                    XCTAssertTrue(p.r == q.0 && p.g == q.1 && p.b == q.2, "\(name) (\(x),\(y)) \(p)")
                }
            }
        }
    }

    func testPNGDownscaleStraddlingAndPartialEdgeBlocks() throws {
        // Target 10: factor 7 -> ceil(64/7) x ceil(48/7) = 10 x 7. Output column 4 covers x 28...34: four red-ish
        // top-left pixels and three green top-right ones; column 9 is the single pixel x = 63.
        let photo = try Fixture.decode("rgb8.png", options: DecodeOptions(targetMaxSide: 10))
        guard let image = colorImage(photo) else { return }
        XCTAssertEqual([image.width, image.height], [10, 7])
        XCTAssertTrue(image.rgba(x: 4, y: 0) == (131, 91, 49, 255), "\(image.rgba(x: 4, y: 0))")  // (920, 640, 340) / 7
        XCTAssertTrue(image.rgba(x: 9, y: 0) == (40, 160, 60, 255), "\(image.rgba(x: 9, y: 0))")
        XCTAssertTrue(image.rgba(x: 9, y: 6) == (230, 210, 50, 255), "\(image.rgba(x: 9, y: 6))")
    }

    func testPNGDownscaleFlattensAlphaLikeTheFullSizePath() throws {
        // Dark text keeps its white background; the 4x4 block over the half-transparent edge row (one row of ink
        // at alpha 128, three transparent) averages the flattened values (137 * 4 + 255 * 12) / 16 = 225.5.
        let photo = try Fixture.decode("rgba-dark-text.png", options: DecodeOptions(targetMaxSide: 16))
        guard let image = colorImage(photo) else { return }
        XCTAssertEqual([image.width, image.height], [16, 12])
        XCTAssertTrue(image.rgba(x: 0, y: 0) == (255, 255, 255, 255), "\(image.rgba(x: 0, y: 0))")
        XCTAssertTrue(image.rgba(x: 5, y: 5) == (20, 20, 40, 255), "\(image.rgba(x: 5, y: 5))")
        XCTAssertTrue((225...226).contains(image.rgba(x: 5, y: 8).r), "\(image.rgba(x: 5, y: 8))")
        let gray = try Fixture.decode("gray-alpha16.png", options: DecodeOptions(targetMaxSide: 32))
        guard let g = grayImage(gray) else { return }
        XCTAssertEqual([g.width, g.height], [32, 24])
        assertQuadrants(g, [20, 60, 255, 177], tolerance: 0)
    }

    func testPNGDownscaleFactorChoice() {
        XCTAssertEqual(BoxReducer.factor(width: 4000, height: 3000, target: 1500), 2)
        XCTAssertEqual(BoxReducer.factor(width: 3000, height: 4000, target: 1000), 4)
        XCTAssertEqual(BoxReducer.factor(width: 100, height: 10, target: 34), 3)  // ceil(100/3) = 34
        XCTAssertEqual(BoxReducer.factor(width: 64, height: 48, target: 64), 1)
        XCTAssertEqual(BoxReducer.factor(width: 64, height: 48, target: 5000), 1)
        XCTAssertEqual(BoxReducer.factor(width: 100_000, height: 10, target: 1), BoxReducer.maxFactor)
    }
}
