import XCTest
import NutriLensImaging
@testable import NutriLensImageIO

/// Every JPEG coding variant decodes to the generator's grid (64x48) at the right size and colours.
final class JPEGVariantTests: XCTestCase {
    func testColourVariantsDecodeToTheGrid() throws {
        // Baseline, progressive, restart markers every MCU row, arithmetic coding: same pixels, same tolerance
        // (quality 95 with 4:2:0 chroma keeps quadrant centres within a few levels).
        for name in ["baseline.jpg", "progressive.jpg", "restart.jpg", "arith.jpg"] {
            let photo = try Fixture.decode(name)
            XCTAssertEqual(photo.format, .jpeg, name)
            XCTAssertEqual(photo.image.width, 64, name)
            XCTAssertEqual(photo.image.height, 48, name)
            XCTAssertEqual(photo.scale, 1, name)
            XCTAssertEqual(photo.orientation, 1, name)
            guard let image = colorImage(photo) else { continue }
            XCTAssertEqual(image.layout, .rgb, name)
            assertQuadrants(image, Fixture.quadRGB, tolerance: 6, name)
        }
    }

    func testRestartFixtureReallyHasRestartMarkers() throws {
        // Guards the fixture: if the generator stopped writing DRI markers the restart test would prove nothing.
        let data = try Data(contentsOf: Fixture.url("restart.jpg"))
        XCTAssertTrue(data.windowsContain([0xFF, 0xDD]), "restart.jpg has no DRI segment")
        XCTAssertTrue(data.windowsContain([0xFF, 0xD0]), "restart.jpg has no RST0 marker")
    }

    func testGreyJPEGDecodesToGrey() throws {
        let photo = try Fixture.decode("gray.jpg")
        guard let image = grayImage(photo) else { return }
        XCTAssertEqual(image.width, 64)
        XCTAssertEqual(image.height, 48)
        assertQuadrants(image, Fixture.quadGray, tolerance: 2)
    }

    func testCMYKWithAdobeMarkerIsInvertedBack() throws {
        // Stored inverted (Photoshop convention, APP14 present); a decoder that ignores the marker would produce
        // the complementary colours (e.g. cyan instead of red).
        guard let image = colorImage(try Fixture.decode("cmyk.jpg")) else { return }
        assertQuadrants(image, Fixture.quadRGB, tolerance: 8, "cmyk")
    }

    func testCMYKWithoutAdobeMarkerIsPlainInk() throws {
        guard let image = colorImage(try Fixture.decode("cmyk-plain.jpg")) else { return }
        assertQuadrants(image, Fixture.quadRGB, tolerance: 8, "cmyk-plain")
    }

    func testCMYKFixturesUseTheColourTransformsTheyClaim() throws {
        // Guards the fixtures: libjpeg's J_COLOR_SPACE 4 = CMYK, 5 = YCCK.
        for (name, space, adobe) in [("cmyk.jpg", 4, 1), ("cmyk-plain.jpg", 4, 0), ("ycck.jpg", 5, 1)] {
            let data = try Data(contentsOf: Fixture.url(name))
            let info = try data.withUnsafeBytes { try JPEGDecoding.Handle($0, maxScans: 10).info }
            XCTAssertEqual(info.jpeg_color_space, Int32(space), name)
            XCTAssertEqual(info.saw_adobe_marker, Int32(adobe), name)
            XCTAssertEqual(info.cmyk_inverted, Int32(adobe), name)
        }
    }

    func testYCCKIsConvertedAndInverted() throws {
        guard let image = colorImage(try Fixture.decode("ycck.jpg")) else { return }
        assertQuadrants(image, Fixture.quadRGB, tolerance: 8, "ycck")
    }

    func testWantColorFalseGivesBT601Luma() throws {
        let luma = Fixture.quadRGB.map { rgb -> UInt8 in
            let sum: Int = 77 * Int(rgb.0) + 150 * Int(rgb.1) + 29 * Int(rgb.2) + 128
            return UInt8(sum >> 8)
        }
        for name in ["baseline.jpg", "cmyk.jpg"] {
            let photo = try Fixture.decode(name, options: DecodeOptions(wantColor: false))
            guard let image = grayImage(photo) else { continue }
            assertQuadrants(image, luma, tolerance: 6, name)
        }
    }

    func testProgressiveScanLimitRejectsFilesWithMoreScans() throws {
        // jpeg_simple_progression writes 10 scans for colour; allowing 2 must stop the decode with a typed error.
        let error = decodingError { try Fixture.decode("progressive.jpg", options: DecodeOptions(maxProgressiveScans: 2)) }
        guard case .corrupt(.jpeg, let detail)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(detail.contains("scans"), detail)
    }
}

extension Data {
    func windowsContain(_ needle: [UInt8]) -> Bool {
        guard count >= needle.count else { return false }
        let bytes = [UInt8](self)
        for i in 0...(bytes.count - needle.count) where bytes[i..<(i + needle.count)].elementsEqual(needle) {
            return true
        }
        return false
    }
}
