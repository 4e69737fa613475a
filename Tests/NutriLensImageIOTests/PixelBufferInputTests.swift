import XCTest
import NutriLensImaging
@testable import NutriLensImageIO

/// Caller pixel buffers (camera frames) are copied with stride, channel order and orientation respected.
final class PixelBufferInputTests: XCTestCase {
    func testGreyBufferWithRowPaddingIsPacked() throws {
        // 3x2 pixels, 5 bytes per row: padding bytes 0xEE must not leak into the image.
        let bytes: [UInt8] = [1, 2, 3, 0xEE, 0xEE, 4, 5, 6, 0xEE, 0xEE]
        let photo = try bytes.withUnsafeBytes {
            try ImageDecoder.image(pixels: $0, width: 3, height: 2, bytesPerRow: 5, format: .gray8)
        }
        XCTAssertEqual(photo.format, .pixelBuffer)
        guard let image = grayImage(photo) else { return }
        XCTAssertEqual(image.stride, 3)
        XCTAssertEqual(Array(image.pixels.prefix(6)), [1, 2, 3, 4, 5, 6])
    }

    func testBGRAIsReorderedToRGBAndOriented() throws {
        // 2x1 BGRA: red then blue. Orientation 6 turns it into a 1x2 column, red on top.
        let bytes: [UInt8] = [0, 0, 255, 255, 255, 0, 0, 255]
        let photo = try bytes.withUnsafeBytes {
            try ImageDecoder.image(pixels: $0, width: 2, height: 1, bytesPerRow: 8, format: .bgra8, orientation: 6)
        }
        guard let image = colorImage(photo) else { return }
        XCTAssertEqual([image.width, image.height], [1, 2])
        XCTAssertEqual(image.layout, .rgb)
        XCTAssertTrue(image.rgba(x: 0, y: 0) == (255, 0, 0, 255))
        XCTAssertTrue(image.rgba(x: 0, y: 1) == (0, 0, 255, 255))
    }

    func testRGBToGreyWhenColourIsNotWanted() throws {
        let bytes: [UInt8] = [200, 40, 40, 230, 210, 50]
        let photo = try bytes.withUnsafeBytes {
            try ImageDecoder.image(pixels: $0, width: 2, height: 1, bytesPerRow: 6, format: .rgb8,
                                   options: DecodeOptions(wantColor: false))
        }
        guard let image = grayImage(photo) else { return }
        XCTAssertEqual(Array(image.pixels), [88, 198])
    }

    func testGeometryErrors() {
        let bytes = [UInt8](repeating: 0, count: 10)
        bytes.withUnsafeBytes { raw in
            XCTAssertEqual(decodingError { try ImageDecoder.image(pixels: raw, width: 0, height: 2, bytesPerRow: 5, format: .gray8) },
                           .invalidPixelBuffer(detail: "size 0x2 must be positive"))
            guard case .invalidPixelBuffer? = decodingError({
                try ImageDecoder.image(pixels: raw, width: 4, height: 2, bytesPerRow: 3, format: .gray8)
            }) else { return XCTFail("stride below the row size must be rejected") }
            guard case .invalidPixelBuffer? = decodingError({
                try ImageDecoder.image(pixels: raw, width: 2, height: 2, bytesPerRow: 6, format: .rgb8)
            }) else { return XCTFail("a buffer shorter than its geometry must be rejected") }
            XCTAssertEqual(decodingError {
                try ImageDecoder.image(pixels: raw, width: 1 << 40, height: 1 << 40, bytesPerRow: 1 << 40, format: .gray8)
            }, .tooLarge(width: 1 << 40, height: 1 << 40, limit: 100_000_000))
        }
    }
}
