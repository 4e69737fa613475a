import Foundation
import XCTest
@testable import NutriLensImageIO

/// Every bad-input class gives its own typed error (never a crash, hang or abort inside libjpeg/libpng).
final class BadInputTests: XCTestCase {
    private func error(_ name: String, options: DecodeOptions = DecodeOptions()) -> ImageDecodingError? {
        decodingError { try Fixture.decode(name, options: options) }
    }

    func testTruncatedJPEG() {
        guard case .truncated(.jpeg, let detail)? = error("truncated-scan.jpg") else {
            return XCTFail("got \(String(describing: error("truncated-scan.jpg")))")
        }
        XCTAssertTrue(detail.contains("Premature end"), detail)
        guard case .truncated(.jpeg, _)? = error("truncated-header.jpg") else {
            return XCTFail("header cut: got \(String(describing: error("truncated-header.jpg")))")
        }
    }

    func testTruncatedPNG() {
        for name in ["truncated-idat.png", "truncated-signature.png"] {
            guard case .truncated(.png, _)? = error(name) else { return XCTFail("\(name): got \(String(describing: error(name)))") }
        }
    }

    func testCorruptJPEGScanData() {
        guard case .corrupt(.jpeg, let detail)? = error("corrupt-scan.jpg") else {
            return XCTFail("got \(String(describing: error("corrupt-scan.jpg")))")
        }
        XCTAssertTrue(detail.hasPrefix("Corrupt JPEG data"), detail)
    }

    func testCorruptJPEGHeader() {
        guard case .corrupt(.jpeg, let detail)? = error("corrupt-header.jpg") else {
            return XCTFail("got \(String(describing: error("corrupt-header.jpg")))")
        }
        XCTAssertFalse(detail.isEmpty)
    }

    func testCorruptPNG() {
        guard case .corrupt(.png, let crc)? = error("corrupt-crc.png") else {
            return XCTFail("got \(String(describing: error("corrupt-crc.png")))")
        }
        XCTAssertTrue(crc.contains("CRC"), crc)
        guard case .corrupt(.png, _)? = error("corrupt-zlib.png") else {
            return XCTFail("got \(String(describing: error("corrupt-zlib.png")))")
        }
    }

    /// `FF D8` (JPEG's start of image) followed by anything but a marker is a damaged JPEG, not an unknown format.
    func testJPEGSignatureWithAGarbageBodyIsACorruptJPEG() {
        let garbage = Data([0xFF, 0xD8, 0x13, 0x37, 0x00, 0x42])
        XCTAssertEqual(decodingError { try ImageDecoder.decode(data: garbage) },
                       .corrupt(format: .jpeg, detail: "the start-of-image marker FF D8 is followed by 13, not a marker (FF)"))
        XCTAssertEqual(decodingError { try ImageDecoder.readHeader(data: garbage) }?.typeName, "corrupt")
        XCTAssertEqual(decodingError { try ImageDecoder.decode(data: Data([0xFF, 0xD8, 0x00])) },
                       .corrupt(format: .jpeg, detail: "the start-of-image marker FF D8 is followed by 00, not a marker (FF)"))
        XCTAssertEqual(ImageDecodingError.corrupt(format: .jpeg, detail: "x").description, "JPEG data is corrupt: x")
        // Two bytes are still a cut signature; FF D8 FF is still sniffed as JPEG (its decoder says what is wrong).
        guard case .truncated(.jpeg, _)? = decodingError({ try ImageDecoder.decode(data: Data([0xFF, 0xD8])) }) else {
            return XCTFail("FF D8 alone is a truncated JPEG")
        }
        XCTAssertEqual(ImageDecoder.decodableFormat(of: Data([0xFF, 0xD8, 0xFF, 0xE0])), .jpeg)
        XCTAssertNil(ImageDecoder.decodableFormat(of: garbage))
    }

    func testZeroByteFile() {
        XCTAssertEqual(error("empty.jpg"), .empty)
        XCTAssertEqual(decodingError { try ImageDecoder.decode(data: Data()) }, .empty)
    }

    func testRandomBytesAndTextAreUnrecognised() {
        XCTAssertEqual(error("random.bin"), .unrecognizedFormat(magic: "13 37 39 0C 8C 7D 72 47"))
        XCTAssertEqual(error("text.jpg"), .unrecognizedFormat(magic: "54 68 69 73 20 69 73 20"))
        XCTAssertEqual(decodingError { try ImageDecoder.decode(data: Data([0xFF])) }, .unrecognizedFormat(magic: "FF"))
    }

    func testOtherImageFormatsAreUnsupported() {
        XCTAssertEqual(error("tiny.gif"), .unsupported(format: "GIF", detail: ""))
        let tiff = Data([0x49, 0x49, 0x2A, 0x00, 8, 0, 0, 0])
        XCTAssertEqual(decodingError { try ImageDecoder.decode(data: tiff) }, .unsupported(format: "TIFF", detail: ""))
        // WebP is decoded now: a RIFF/WEBP header whose RIFF size is 0 is a corrupt WebP.
        let webp = Data("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)
        guard case .corrupt(.webp, _)? = decodingError({ try ImageDecoder.decode(data: webp) }) else {
            return XCTFail("got \(String(describing: decodingError { try ImageDecoder.decode(data: webp) }))")
        }
    }

    func testLosslessJPEGIsUnsupported() {
        guard case .unsupported(format: "JPEG", let detail)? = error("lossless-sof3.jpg") else {
            return XCTFail("got \(String(describing: error("lossless-sof3.jpg")))")
        }
        XCTAssertTrue(detail.contains("0xc3"), detail)
    }

    func testHugeDimensionsAreRefusedFromTheHeader() {
        // 60000 x 60000 x 3 bytes would be 10.8 GB; the check happens before any pixel allocation.
        XCTAssertEqual(error("huge-60000.jpg"), .tooLarge(width: 60000, height: 60000, limit: 100_000_000))
        XCTAssertEqual(error("huge-60000.png"), .tooLarge(width: 60000, height: 60000, limit: 100_000_000))
        // The header alone is still readable, so a caller can report the size.
        XCTAssertEqual(try ImageDecoder.readHeader(contentsOf: Fixture.url("huge-60000.jpg")).width, 60000)
    }

    func testAbsurdSideIsUnsupportedEvenWithinThePixelBudget() {
        XCTAssertEqual(error("wide-2000000.png"),
                       .unsupported(format: "PNG", detail: "2000000x1 has a side over 1000000 pixels"))
    }

    func testPixelLimitIsConfigurable() {
        XCTAssertEqual(error("baseline.jpg", options: DecodeOptions(maxPixels: 3071)),
                       .tooLarge(width: 64, height: 48, limit: 3071))
        XCTAssertNoThrow(try Fixture.decode("baseline.jpg", options: DecodeOptions(maxPixels: 3072)))
        XCTAssertEqual(error("rgb8.png", options: DecodeOptions(maxPixels: 100)), .tooLarge(width: 64, height: 48, limit: 100))
    }

    func testFileSizeLimit() throws {
        let size = try Data(contentsOf: Fixture.url("baseline.jpg")).count
        XCTAssertEqual(error("baseline.jpg", options: DecodeOptions(maxFileBytes: 100)),
                       .fileTooLarge(bytes: size, limit: 100))
    }

    func testMissingAndUnreadablePaths() throws {
        let missing = Fixture.url("no-such-file.jpg")
        XCTAssertEqual(decodingError { try ImageDecoder.decode(contentsOf: missing) }, .fileNotFound(path: missing.path))
        let directory = Fixture.url("")
        guard case .unreadable(_, let reason)? = decodingError({ try ImageDecoder.decode(contentsOf: directory) }) else {
            return XCTFail("a directory must be unreadable")
        }
        XCTAssertEqual(reason, "is a directory")
        // Permission bits do not stop root, so only check them when not running as root.
        if getuid() != 0 {
            let locked = FileManager.default.temporaryDirectory.appendingPathComponent("nutrilens-locked-\(getpid()).jpg")
            try Data(contentsOf: Fixture.url("baseline.jpg")).write(to: locked)
            defer { try? FileManager.default.removeItem(at: locked) }
            chmod(locked.path, 0)
            guard case .unreadable? = decodingError({ try ImageDecoder.decode(contentsOf: locked) }) else {
                return XCTFail("a file without read permission must be unreadable")
            }
        }
    }

    func testEveryPrefixOfAJPEGAndAPNGFailsCleanly() throws {
        // No prefix may crash, hang or decode silently: each is empty, truncated or (rarely) corrupt.
        for name in ["progressive.jpg", "rgba16-adam7.png"] {
            let data = try Data(contentsOf: Fixture.url(name))
            for n in Swift.stride(from: 0, to: data.count - 1, by: max(1, data.count / 97)) {
                do {
                    _ = try ImageDecoder.decode(data: data.prefix(n))
                    // A PNG cut only after the last IDAT byte keeps every pixel; anything else must fail.
                    XCTAssertTrue(name.hasSuffix(".png") && n > data.count - 20, "\(name) prefix \(n) decoded")
                } catch let error as ImageDecodingError {
                    switch error {
                    case .empty, .truncated, .corrupt: break
                    default: XCTFail("\(name) prefix \(n): \(error)")
                    }
                }
            }
        }
    }

    func testRandomByteDamageNeverCrashesOrHangs() throws {
        // 150 deterministic mutations (1-4 bytes overwritten) per file across both codecs and the EXIF/IHDR
        // parsers; every outcome must be a decoded photo or an ImageDecodingError (a crash or trap fails the run).
        var state: UInt64 = 0x9E3779B97F4A7C15
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: state >> 33)
        }
        for name in ["orientation-6.jpg", "progressive.jpg", "ycck.jpg", "palette8-trns.png", "rgba16-adam7.png",
                     "rgb8-exif6.png"] {
            let original = [UInt8](try Data(contentsOf: Fixture.url(name)))
            for _ in 0..<150 {
                var bytes = original
                for _ in 0...(next() % 4) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
                do {
                    let photo = try ImageDecoder.decode(data: Data(bytes), options: DecodeOptions(maxPixels: 1 << 20))
                    XCTAssertGreaterThan(photo.image.width * photo.image.height, 0)
                } catch is ImageDecodingError {
                    continue
                }
            }
        }
    }

    func testTypeNamesAreDistinctAndMessagesActionable() {
        let all: [ImageDecodingError] = [
            .fileNotFound(path: "a.jpg"), .unreadable(path: "a.jpg", reason: "Permission denied"), .empty,
            .fileTooLarge(bytes: 10, limit: 5), .unrecognizedFormat(magic: "00"), .archive(format: "ZIP"),
            .unsupported(format: "GIF", detail: ""),
            .truncated(format: .jpeg, detail: "x"), .corrupt(format: .png, detail: "CRC error"),
            .tooLarge(width: 60000, height: 60000, limit: 100_000_000), .invalidPixelBuffer(detail: "x"),
            .outOfMemory(detail: "x"),
        ]
        XCTAssertEqual(Set(all.map(\.typeName)).count, all.count)
        XCTAssertEqual(ImageDecodingError.tooLarge(width: 60000, height: 60000, limit: 100_000_000).typeName, "too_large")
        XCTAssertTrue(ImageDecodingError.tooLarge(width: 60000, height: 60000, limit: 100_000_000).description
            .contains("3600000000 pixels"))
        XCTAssertTrue(ImageDecodingError.unsupported(format: "GIF", detail: "").description.contains("convert"))
    }
}

/// File reading limits: whole files and header prefixes.
final class FileReadingTests: XCTestCase {
    func testPrefixReadsReportWhetherTheyHoldTheWholeFile() throws {
        let path = Fixture.url("downscale-160x120.jpg").path
        let whole = try FileReading.read(path: path, maxBytes: 1 << 20)
        let exact = try FileReading.read(path: path, maxBytes: 1 << 20, prefix: whole.count)
        XCTAssertEqual(exact.bytes, whole)
        XCTAssertTrue(exact.complete)
        let short = try FileReading.read(path: path, maxBytes: 1 << 20, prefix: whole.count - 1)
        XCTAssertEqual(short.bytes, Array(whole.dropLast()))
        XCTAssertFalse(short.complete)
        XCTAssertEqual(decodingError { try FileReading.read(path: path, maxBytes: whole.count - 1) },
                       .fileTooLarge(bytes: whole.count, limit: whole.count - 1))
        XCTAssertEqual(try FileReading.read(path: path, maxBytes: whole.count), whole)
    }

    func testHeaderOfAFileLongerThanThePrefixNeedsOnlyThePrefix() throws {
        // A header read must not depend on the pixel data: a JPEG cut right after its first scan header still
        // reports its size through readHeader(bytes:).
        let data = try Data(contentsOf: Fixture.url("orientation-6.jpg"))
        let bytes = [UInt8](data)
        let sos = (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA }!
        let header = try ImageDecoder.readHeader(data: data.prefix(sos + 20))
        XCTAssertEqual(header, ImageHeader(format: .jpeg, width: 48, height: 64, orientation: 6))
    }
}
