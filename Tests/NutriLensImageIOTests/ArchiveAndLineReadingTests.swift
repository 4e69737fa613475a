#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import XCTest
@testable import NutriLensImageIO

/// Archives given as images are named as archives (session 21), and `FileReading`'s line reader and path naming.
final class ArchiveSignatureTests: XCTestCase {
    /// A 512-byte tar header block: the member's name, then `magic` at offset 257 (`ustar\0` + `00` for POSIX,
    /// `ustar  \0` for GNU tar).
    private func tarHeader(name: String, magic: [UInt8]) -> [UInt8] {
        var block = [UInt8](repeating: 0, count: 512)
        block.replaceSubrange(0..<name.utf8.count, with: Array(name.utf8))
        block.replaceSubrange(257..<(257 + magic.count), with: magic)
        return block + [UInt8](repeating: 0xFF, count: 512)  // member data
    }

    func testEachArchiveSignatureIsAnArchiveNamedByItsFormat() {
        let cases: [(String, [UInt8])] = [
            ("ZIP", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]),   // a local file header
            ("ZIP", [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)),  // an empty archive
            ("ZIP", [0x50, 0x4B, 0x07, 0x08, 0x50, 0x4B, 0x03, 0x04]),   // a split archive's first part
            ("tar", tarHeader(name: "photo.jpg", magic: Array("ustar\u{0}00".utf8))),
            ("tar", tarHeader(name: "label.png", magic: Array("ustar  \u{0}".utf8))),
            ("gzip", [0x1F, 0x8B, 0x08, 0x08, 0xC3, 0x37, 0x11, 0x6B]),
            ("bzip2", Array("BZh91AY&SY".utf8)),
            ("xz", [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00, 0x00, 0x04]),
            ("Zstandard", [0x28, 0xB5, 0x2F, 0xFD, 0x04, 0x58, 0x00, 0x00]),
            ("7z", [0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C, 0x00, 0x04]),
            ("RAR", [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00, 0xCF]),   // RAR 1.5-4
            ("RAR", [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00]),   // RAR 5
        ]
        for (format, bytes) in cases {
            let error = decodingError { try ImageDecoder.decode(data: Data(bytes)) }
            XCTAssertEqual(error, .archive(format: format), "\(format): \(bytes.prefix(8))")
            XCTAssertEqual(error?.typeName, "archive")
            XCTAssertEqual(error?.description, "an archive (\(format)), not an image: unpack it and scan the folder")
            XCTAssertEqual(decodingError { try ImageDecoder.readHeader(data: Data(bytes)) }, .archive(format: format))
        }
    }

    func testNearMissesAndImagesAreNotArchives() throws {
        // Not quite a signature: the format stays unrecognised (with its bytes), as before.
        let nearMisses: [[UInt8]] = [
            [0x50, 0x4B, 0x01, 0x02, 0x00, 0x00, 0x00, 0x00],   // a ZIP central directory entry alone
            Array("BZh0....".utf8),                              // bzip2 block size 0 does not exist
            [0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x02, 0x00],   // no such RAR version
            [UInt8](repeating: 0x20, count: 300),               // 300 spaces: no ustar at 257
            Array("ustar".utf8),                                 // ustar, but at offset 0
        ]
        for bytes in nearMisses {
            guard case .unrecognizedFormat? = decodingError({ try ImageDecoder.decode(data: Data(bytes)) }) else {
                return XCTFail("\(bytes.prefix(8)) is not an archive")
            }
        }
        // A JPEG whose bytes happen to hold "ustar" at 257 is still a JPEG: images are sniffed first.
        var jpeg = [UInt8](try Data(contentsOf: Fixture.url("downscale-160x120.jpg")))
        XCTAssertGreaterThan(jpeg.count, 300)
        jpeg.replaceSubrange(257..<262, with: Array("ustar".utf8))
        XCTAssertEqual(try jpeg.withUnsafeBytes { try FormatSniffer.sniff($0) }, .jpeg)
        XCTAssertNoThrow(try ImageDecoder.decode(data: Data(jpeg)))
    }
}

final class FileReadingLinesAndNamesTests: XCTestCase {
    private func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nutrilens-lines-\(UUID().uuidString)")
        try Data(bytes).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    private func lines(_ path: String, maxLineBytes: Int) throws -> (lines: [String], terminated: [Bool], end: FileReading.LineEnd) {
        var lines: [String] = [], terminated: [Bool] = []
        let end = try FileReading.forEachLine(path: path, maxLineBytes: maxLineBytes) { line, ended in
            lines.append(String(decoding: line, as: UTF8.self))
            terminated.append(ended)
        }
        return (lines, terminated, end)
    }

    func testLinesAcrossChunkBoundariesAndAPartialLastLine() throws {
        // Lines of 100 kB cross the reader's 64 KiB chunks; the last line has no newline (a writer killed mid-line).
        let long = String(repeating: "a", count: 100_000), other = String(repeating: "b", count: 70_000)
        let text = "first\n\(long)\n\nlast line\n\(other)"
        let path = try temporaryFile(Array(text.utf8))
        let read = try lines(path, maxLineBytes: 100_000)
        XCTAssertEqual(read.lines, ["first", long, "", "last line", other])
        XCTAssertEqual(read.terminated, [true, true, true, true, false])
        XCTAssertEqual(read.end, FileReading.LineEnd(bytes: text.utf8.count, completeBytes: text.utf8.count - 70_000))
        // Ending in a newline: every line is complete.
        let whole = try lines(try temporaryFile(Array("x\ny\n".utf8)), maxLineBytes: 1)
        XCTAssertEqual(whole.lines, ["x", "y"])
        XCTAssertEqual(whole.end, FileReading.LineEnd(bytes: 4, completeBytes: 4))
    }

    func testTheBoundIsPerLineNotPerFile() throws {
        // 20,000 lines of 99 bytes (2 MB) with a 100-byte line bound: the file is read whole, a line at a time.
        let line = String(repeating: "p", count: 99) + "\n"
        let path = try temporaryFile(Array(String(repeating: line, count: 20_000).utf8))
        var count = 0
        let end = try FileReading.forEachLine(path: path, maxLineBytes: 100) { _, _ in count += 1 }
        XCTAssertEqual(count, 20_000)
        XCTAssertEqual(end.bytes, 2_000_000)
        // One line over the bound stops the read with a reason naming the line.
        let over = try temporaryFile(Array(("ok\n" + String(repeating: "z", count: 101) + "\n").utf8))
        XCTAssertEqual(decodingError { try self.lines(over, maxLineBytes: 100) },
                       .unreadable(path: over, reason: "line 2 is over the 100-byte limit"))
        // Without any newline (a binary file), the same: the bound holds before the end of the file.
        let binary = try temporaryFile([UInt8](repeating: 0, count: 300_000))
        XCTAssertEqual(decodingError { try self.lines(binary, maxLineBytes: 100_000) },
                       .unreadable(path: binary, reason: "line 1 is over the 100000-byte limit"))
    }

    func testFailuresNameThePathAsGiven() throws {
        let folder = FileManager.default.temporaryDirectory.path
        XCTAssertEqual(decodingError { try FileReading.forEachLine(path: folder, name: "tmp/", maxLineBytes: 10) { _, _ in } },
                       .unreadable(path: "tmp/", reason: "is a directory"))
        XCTAssertEqual(decodingError { try FileReading.forEachLine(path: "/nonexistent/list.txt", maxLineBytes: 10) { _, _ in } },
                       .fileNotFound(path: "/nonexistent/list.txt"))
        // A relative file URL is opened at its absolute path and named as typed.
        let relative = URL(fileURLWithPath: "no-such-photo.jpg", relativeTo: URL(fileURLWithPath: "/nonexistent/"))
        XCTAssertEqual(relative.path, "/nonexistent/no-such-photo.jpg")
        XCTAssertEqual(decodingError { try ImageDecoder.decode(contentsOf: relative) }, .fileNotFound(path: "no-such-photo.jpg"))
        XCTAssertEqual(decodingError { try ImageDecoder.readHeader(contentsOf: relative) }, .fileNotFound(path: "no-such-photo.jpg"))
        XCTAssertEqual(ImageDecodingError.fileNotFound(path: "no-such-photo.jpg").description, "no such file: no-such-photo.jpg")
    }

    func testStandardInputIsReadFromItsDescriptor() throws {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        let text = Array("a.jpg\nb.jpg".utf8)
        XCTAssertEqual(text.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }, text.count)
        close(ends[1])
        defer { close(ends[0]) }
        var lines: [String] = []
        _ = try FileReading.forEachLine(path: "-", descriptor: ends[0], maxLineBytes: 100) { line, _ in
            lines.append(String(decoding: line, as: UTF8.self))
        }
        XCTAssertEqual(lines, ["a.jpg", "b.jpg"])
    }
}
