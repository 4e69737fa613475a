/// Container format of an image, as recognised from its leading bytes (never from a file extension).
public enum ImageFormat: String, Sendable, Equatable, Codable {
    /// JPEG (JFIF/EXIF), any of baseline, progressive, grey, CMYK, YCCK.
    case jpeg
    /// PNG, any bit depth and colour type, interlaced or not.
    case png
    /// Pixels handed over by the caller (camera frame), not a file format.
    case pixelBuffer = "pixel_buffer"

    /// Human name for messages: "JPEG", "PNG", "pixel buffer".
    public var displayName: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .pixelBuffer: return "pixel buffer"
        }
    }
}

/// Magic-byte sniffing.
enum FormatSniffer {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The decodable format of `bytes`, or the error to report: `.empty`, `.truncated` for a cut signature,
    /// `.unsupported` for image formats we
    /// recognise but do not decode (GIF, WebP, TIFF, BMP, HEIF/AVIF, JPEG 2000, JPEG XL, PDF), else
    /// `.unrecognizedFormat`.
    static func sniff(_ bytes: UnsafeRawBufferPointer) throws -> ImageFormat {
        if bytes.isEmpty { throw ImageDecodingError.empty }
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            guard bytes.count >= offset + prefix.count else { return false }
            for (i, b) in prefix.enumerated() where bytes[offset + i] != b { return false }
            return true
        }
        func ascii(_ s: String, at offset: Int = 0) -> Bool { starts(Array(s.utf8), at: offset) }

        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(pngSignature) { return .png }
        // A file cut inside its own signature is a truncated JPEG/PNG, not an unknown format.
        if bytes.count >= 2 && bytes.count < 3 && starts([0xFF, 0xD8]) {
            throw ImageDecodingError.truncated(format: .jpeg, detail: "\(bytes.count) bytes, shorter than the signature")
        }
        if bytes.count >= 2 && bytes.count < pngSignature.count && starts(Array(pngSignature.prefix(bytes.count))) {
            throw ImageDecodingError.truncated(format: .png, detail: "\(bytes.count) bytes, shorter than the signature")
        }
        let other: String?
        if ascii("GIF87a") || ascii("GIF89a") { other = "GIF" }
        else if ascii("RIFF") && ascii("WEBP", at: 8) { other = "WebP" }
        else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { other = "TIFF" }
        else if ascii("BM") && bytes.count >= 14 { other = "BMP" }
        else if ascii("ftyp", at: 4) && (ascii("avif", at: 8) || ascii("avis", at: 8)) { other = "AVIF" }
        else if ascii("ftyp", at: 4) && ["heic", "heix", "hevc", "mif1", "msf1"].contains(where: { ascii($0, at: 8) }) {
            other = "HEIF"
        }
        else if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) { other = "JPEG 2000" }
        else if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { other = "JPEG XL" }
        else if ascii("%PDF") { other = "PDF" }
        else { other = nil }
        if let other { throw ImageDecodingError.unsupported(format: other, detail: "") }
        let magic = bytes.prefix(8).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: " ")
        throw ImageDecodingError.unrecognizedFormat(magic: magic)
    }
}
