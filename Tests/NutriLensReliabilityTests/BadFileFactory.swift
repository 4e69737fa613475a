import Foundation
import NutriLensTestSupport

/// Builds the bad inputs of the corrupt-folder tests from a good JPEG/PNG at test time (nothing binary is committed
/// for them), each paired with the `ScanResult.error.type` a user should see.
enum BadFileFactory {
    static func testImage(_ name: String) throws -> Data {
        try Data(contentsOf: PackagePaths.root.appendingPathComponent("TestImages").appendingPathComponent(name))
    }

    /// CRC-32 (ISO-HDLC, as PNG chunks use it).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func pngChunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + body
        return bigEndian(UInt32(body.count)) + typed + bigEndian(crc32(typed))
    }

    /// A well-formed PNG header declaring `width` x `height` 8-bit RGB, with a tiny (wrong-sized) IDAT and IEND:
    /// a decoder that allocates before checking the size would ask for `width * height * 3` bytes.
    static func hugePNG(width: UInt32, height: UInt32) -> Data {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let ihdr = bigEndian(width) + bigEndian(height) + [8, 2, 0, 0, 0]
        let idat: [UInt8] = [0x78, 0x9C, 0x63, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01]
        return Data(signature + pngChunk("IHDR", ihdr) + pngChunk("IDAT", idat) + pngChunk("IEND", []))
    }

    /// `jpeg` with the first baseline/progressive SOF's height and width replaced (header-only change).
    static func resizedJPEGHeader(_ jpeg: Data, width: UInt16, height: UInt16) -> Data? {
        var bytes = [UInt8](jpeg)
        var i = 2
        while i + 9 < bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
                bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
                return Data(bytes)
            }
            i += 2 + length
        }
        return nil
    }

    /// `png` with one byte of the IHDR body flipped, so its CRC no longer matches.
    static func badCRCPNG(_ png: Data) -> Data {
        var bytes = [UInt8](png)
        bytes[8 + 8 + 9] ^= 0x01   // signature, IHDR length+type, then the bit depth/colour bytes
        return Data(bytes)
    }
}
