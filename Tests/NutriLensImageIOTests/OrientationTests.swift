import XCTest
import NutriLensImaging
@testable import NutriLensImageIO

/// EXIF orientations 1-8 land upright (bug-cases.md #31), and the EXIF reader survives malformed blocks.
final class OrientationTests: XCTestCase {
    func testEveryJPEGOrientationLandsUpright() throws {
        for o in 1...8 {
            let name = "orientation-\(o).jpg"
            let photo = try Fixture.decode(name)
            XCTAssertEqual(photo.orientation, o, name)
            XCTAssertEqual([photo.image.width, photo.image.height], [64, 48], name)
            XCTAssertEqual([photo.fullWidth, photo.fullHeight], [64, 48], name)
            guard let image = colorImage(photo) else { continue }
            // Four distinct quadrant colours: each of the 8 orientations puts them in a different arrangement,
            // so only the right transform passes.
            assertQuadrants(image, Fixture.quadRGB, tolerance: 6, name)
        }
    }

    func testStoredLayoutIsKeptWhenOrientationIsNotApplied() throws {
        let photo = try Fixture.decode("orientation-6.jpg", options: DecodeOptions(applyOrientation: false))
        XCTAssertEqual(photo.orientation, 6)
        XCTAssertEqual([photo.image.width, photo.image.height], [48, 64])
        XCTAssertEqual([photo.fullWidth, photo.fullHeight], [48, 64])
        guard let image = colorImage(photo) else { return }
        // Orientation 6 ("RightTop"): stored row 0 is the upright right column, so stored top-left/top-right are
        // upright top-right/bottom-right (ImageMagick's -auto-orient agrees with the fixture).
        let q = Fixture.quadRGB
        assertQuadrants(image, [q[1], q[3], q[0], q[2]], tolerance: 6)
    }

    func testGreyOutputIsOrientedToo() throws {
        let photo = try Fixture.decode("orientation-8.jpg", options: DecodeOptions(wantColor: false))
        guard let image = grayImage(photo) else { return }
        XCTAssertEqual([image.width, image.height], [64, 48])
        assertQuadrants(image, [88, 113, 70, 198], tolerance: 6)
    }

    func testPNGeXIfOrientation() throws {
        let photo = try Fixture.decode("rgb8-exif6.png")
        XCTAssertEqual(photo.orientation, 6)
        guard let image = colorImage(photo) else { return }
        XCTAssertEqual([image.width, image.height], [64, 48])
        assertQuadrants(image, Fixture.quadRGB, tolerance: 0)
    }

    func testHeaderReportsStoredAndUprightSize() throws {
        let header = try ImageDecoder.readHeader(contentsOf: Fixture.url("orientation-6.jpg"))
        XCTAssertEqual(header, ImageHeader(format: .jpeg, width: 48, height: 64, orientation: 6))
        XCTAssertEqual([header.uprightWidth, header.uprightHeight], [64, 48])
        let png = try ImageDecoder.readHeader(contentsOf: Fixture.url("rgb8-exif6.png"))
        XCTAssertEqual(png, ImageHeader(format: .png, width: 48, height: 64, orientation: 6))
    }

    func testOrientationTransformOnOddSizedMultiChannelBuffers() {
        // 3x2 image, 2 bytes per pixel: first byte encodes the stored position, second is a constant.
        let width = 3, height = 2
        var stored = [UInt8](repeating: 99, count: 2 * width * height)
        for y in 0..<height { for x in 0..<width { stored[2 * (y * width + x)] = UInt8(10 * y + x) } }
        // Expected upright layouts (values are 10 * storedY + storedX).
        let expected: [Int: [[UInt8]]] = [
            1: [[0, 1, 2], [10, 11, 12]],
            2: [[2, 1, 0], [12, 11, 10]],
            3: [[12, 11, 10], [2, 1, 0]],
            4: [[10, 11, 12], [0, 1, 2]],
            5: [[0, 10], [1, 11], [2, 12]],
            6: [[10, 0], [11, 1], [12, 2]],
            7: [[12, 2], [11, 1], [10, 0]],
            8: [[2, 12], [1, 11], [0, 10]],
        ]
        for (o, rows) in expected {
            let out = Orientation(exif: o).apply(to: stored, width: width, height: height, bytesPerPixel: 2)
            XCTAssertEqual(out.height, rows.count, "orientation \(o)")
            XCTAssertEqual(out.width, rows[0].count, "orientation \(o)")
            let values = (0..<out.height).map { y in (0..<out.width).map { x in out.pixels[2 * (y * out.width + x)] } }
            XCTAssertEqual(values, rows, "orientation \(o)")
            XCTAssertTrue(stride2Bytes(out.pixels).allSatisfy { $0 == 99 }, "orientation \(o) second channel")
            // Band by band (rows 0 and 1 separately) must give the same result as the whole image at once.
            let turn = Orientation(exif: o)
            var banded = [UInt8](repeating: 0, count: stored.count)
            stored.withUnsafeBytes { src in
                banded.withUnsafeMutableBytes { dst in
                    for y in 0..<height {
                        turn.scatter(band: src.baseAddress! + y * width * 2, firstRow: y, rows: 1, width: width,
                                     height: height, bytesPerPixel: 2, into: dst.baseAddress!)
                    }
                }
            }
            XCTAssertEqual(banded, out.pixels, "orientation \(o) banded")
        }
    }

    private func stride2Bytes(_ pixels: [UInt8]) -> [UInt8] { Swift.stride(from: 1, to: pixels.count, by: 2).map { pixels[$0] } }

    func testTIFFOrientationParsingIsBoundedAndTolerant() {
        func orientation(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBytes { EXIFReader.tiffOrientation($0) } }
        let good: [UInt8] = [0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0]
        XCTAssertEqual(orientation(good), 3)
        // Truncated anywhere: never reads out of bounds, falls back to 1.
        for n in 0..<good.count where n < 20 { XCTAssertEqual(orientation(Array(good.prefix(n))), 1, "prefix \(n)") }
        // IFD offset pointing past the end, absurd entry count, out-of-range value, wrong type.
        var farIFD = good; farIFD[4] = 0xFF; farIFD[5] = 0xFF
        XCTAssertEqual(orientation(farIFD), 1)
        var hugeCount = good; hugeCount[8] = 0xFF; hugeCount[9] = 0xFF
        XCTAssertEqual(orientation(hugeCount), 3, "entries beyond the data are ignored, the first is still read")
        var badValue = good; badValue[18] = 9
        XCTAssertEqual(orientation(badValue), 1)
        var asciiType = good; asciiType[12] = 2
        XCTAssertEqual(orientation(asciiType), 1)
        var bigEndian: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 8, 0, 0]
        XCTAssertEqual(orientation(bigEndian), 8)
        bigEndian[1] = 0x49
        XCTAssertEqual(orientation(bigEndian), 1, "mixed byte-order mark")
    }

    func testJPEGMarkerWalkStopsAtScanAndSurvivesGarbage() {
        func orientation(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBytes { EXIFReader.jpegOrientation($0) } }
        XCTAssertEqual(orientation([0xFF, 0xD8]), 1)
        // APP1 whose length runs past the end of the data.
        XCTAssertEqual(orientation([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xFF, 0x45, 0x78]), 1)
        // Segment length below 2 (invalid) must not loop forever.
        XCTAssertEqual(orientation([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x00, 0xFF, 0xE0, 0x00, 0x00]), 1)
    }
}
