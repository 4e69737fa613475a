import CLeptonica
import CTesseractLineImages
@testable import NutriLensOCR
import XCTest

/// The `CTesseractLineImages` interposer (OCREngine.rawLineImages): PNG writes made inside a recognition become raw
/// copies that read back to the same pixels, everything else still gets real PNG, and Tesseract reads the same words.
final class LineImagePassThroughTests: XCTestCase {
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    /// `pix` written with `pixWriteMem(IFF_PNG)`: the bytes, or a failure.
    private func write(_ pix: UnsafeMutablePointer<PIX>) throws -> [UInt8] {
        var data: UnsafeMutablePointer<l_uint8>?
        var size = 0
        XCTAssertEqual(pixWriteMem(&data, &size, pix, Int32(IFF_PNG)), 0)
        let bytes = try XCTUnwrap(data)
        defer { lept_free(bytes) }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }

    /// A `width`×`height` Pix of `depth` bits with a pattern in every row, so a lost row or shifted word shows.
    private func patterned(width: Int32, height: Int32, depth: Int32) throws -> UnsafeMutablePointer<PIX> {
        let pix = try XCTUnwrap(pixCreate(width, height, depth))
        for y in 0..<height {
            for x in 0..<width where (x * 7 + y * 3) % 5 < 2 {
                let value: UInt32 = depth == 1 ? 1 : depth == 8 ? UInt32((x + 2 * y) % 256) : UInt32(bitPattern: (x * 40503 + y) << 8)
                pixSetPixel(pix, x, y, value)
            }
        }
        pixSetResolution(pix, 300, 300)
        if depth == 32 { pixSetSpp(pix, 3) }
        return pix
    }

    func testOutsideARecognitionPNGWritesAreRealPNG() throws {
        var pix: UnsafeMutablePointer<PIX>? = try patterned(width: 37, height: 11, depth: 8)
        defer { pixDestroy(&pix) }
        XCTAssertEqual(nl_line_images_active(), 0)
        let bytes = try write(pix!)
        XCTAssertEqual(Array(bytes.prefix(4)), Self.pngSignature)
        var back = pixReadMem(bytes, bytes.count)
        defer { pixDestroy(&back) }
        var same: Int32 = 0
        XCTAssertEqual(pixEqual(pix, back, &same), 0)
        XCTAssertEqual(same, 1)
    }

    func testInsideARecognitionTheRasterRoundTripsRaw() throws {
        for depth: Int32 in [1, 8, 32] {
            var pix: UnsafeMutablePointer<PIX>? = try patterned(width: 61, height: 17, depth: depth)
            defer { pixDestroy(&pix) }
            let before = nl_line_images_count()
            nl_line_images_begin()
            let bytes = try write(pix!)
            nl_line_images_end()
            XCTAssertEqual(nl_line_images_count(), before + 1, "depth \(depth)")
            XCTAssertEqual(String(decoding: bytes.prefix(8), as: UTF8.self), "NLRAWPX1", "depth \(depth)")
            // Header, then 61 pixels' words per row (rounded up to 32 bits) × 17 rows.
            let wordsPerLine = (61 * Int(depth) + 31) / 32
            XCTAssertEqual(bytes.count, 48 + wordsPerLine * 4 * 17, "depth \(depth)")
            var back = pixReadMem(bytes, bytes.count)
            defer { pixDestroy(&back) }
            XCTAssertNotNil(back)
            var same: Int32 = 0
            XCTAssertEqual(pixEqual(pix, back, &same), 0)
            XCTAssertEqual(same, 1, "depth \(depth): pixels changed")
            XCTAssertEqual(pixGetDepth(back), depth)
            XCTAssertEqual(pixGetSpp(back), pixGetSpp(pix))
            XCTAssertEqual(pixGetXRes(back), 300)
        }
    }

    func testSwitchedOffOrColormappedStaysPNG() throws {
        var pix: UnsafeMutablePointer<PIX>? = try patterned(width: 20, height: 9, depth: 8)
        defer { pixDestroy(&pix) }
        OCREngine.rawLineImages = false
        nl_line_images_begin()
        let off = try write(pix!)
        nl_line_images_end()
        OCREngine.rawLineImages = true
        XCTAssertEqual(Array(off.prefix(4)), Self.pngSignature)

        var mapped: UnsafeMutablePointer<PIX>? = pixConvertGrayToColormap(pix)
        defer { pixDestroy(&mapped) }
        XCTAssertNotNil(pixGetColormap(mapped))
        nl_line_images_begin()
        let colormapped = try write(mapped!)
        nl_line_images_end()
        XCTAssertEqual(Array(colormapped.prefix(4)), Self.pngSignature)
    }

    func testTruncatedRawBytesAreRejected() throws {
        var pix: UnsafeMutablePointer<PIX>? = try patterned(width: 30, height: 5, depth: 8)
        defer { pixDestroy(&pix) }
        nl_line_images_begin()
        let bytes = try write(pix!)
        nl_line_images_end()
        XCTAssertNil(pixReadMem(Array(bytes.dropLast(1)), bytes.count - 1))
        var corrupt = bytes
        corrupt[16] = 3 // depth 3 bits: not a Leptonica depth
        XCTAssertNil(pixReadMem(corrupt, corrupt.count))
    }

    func testTesseractReadsTheSameWordsThroughRawLineImages() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        OCREngine.rawLineImages = false
        let viaPNG = try SharedReaders.english.read(label.image, options: .unlimited)
        OCREngine.rawLineImages = true
        let before = nl_line_images_count()
        let raw = try SharedReaders.english.read(label.image, options: .unlimited)
        // Tesseract's LSTM lines really went through the interposer (one image per line read at least)...
        XCTAssertGreaterThanOrEqual(nl_line_images_count() - before, UInt64(raw.lines.count))
        // ... and gave back exactly the words, boxes and confidences of the PNG round trip.
        XCTAssertGreaterThan(raw.words.count, 20)
        XCTAssertEqual(raw.words.map(\.text), viaPNG.words.map(\.text))
        XCTAssertEqual(raw.words.map(\.box), viaPNG.words.map(\.box))
        XCTAssertEqual(raw.words.map(\.confidence), viaPNG.words.map(\.confidence))
    }
}
