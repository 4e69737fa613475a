/// Container format of an image, as recognised from its leading bytes (never from a file extension).
public enum ImageFormat: String, Sendable, Equatable, Codable {
    /// JPEG (JFIF/EXIF), any of baseline, progressive, grey, CMYK, YCCK.
    case jpeg
    /// PNG, any bit depth and colour type, interlaced or not.
    case png
    /// HEIF with HEVC-coded images (HEIC, the iPhone camera's default), still images only.
    case heif
    /// WebP, lossy or lossless, still images only.
    case webp
    /// Pixels handed over by the caller (camera frame), not a file format.
    case pixelBuffer = "pixel_buffer"

    /// Human name for messages: "JPEG", "PNG", "pixel buffer".
    public var displayName: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .heif: return "HEIF"
        case .webp: return "WebP"
        case .pixelBuffer: return "pixel buffer"
        }
    }
}

/// Magic-byte sniffing.
enum FormatSniffer {
    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The decodable format of `bytes`, or the error to report: `.empty`, `.truncated` for a cut signature,
    /// `.corrupt` for JPEG's `FF D8` not followed by a marker, `.unsupported` for image formats we
    /// recognise but do not decode (GIF, TIFF, BMP, AVIF, JPEG 2000, JPEG XL, PDF), `.archive` for archives and
    /// compressed files (``archiveFormat(_:)``), else `.unrecognizedFormat`.
    /// HEIF is an ISO-BMFF `ftyp` box whose major or compatible brands name HEVC still images (`heic`, `heix`,
    /// `heim`, `heis`; `mif1`/`msf1` without `avif`); WebP is `RIFF` size `WEBP`.
    static func sniff(_ bytes: UnsafeRawBufferPointer) throws -> ImageFormat {
        if bytes.isEmpty { throw ImageDecodingError.empty }
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool { matches(bytes, prefix, at: offset) }
        func ascii(_ s: String, at offset: Int = 0) -> Bool { starts(Array(s.utf8), at: offset) }

        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(pngSignature) { return .png }
        if ascii("RIFF") && ascii("WEBP", at: 8) { return .webp }
        if ascii("ftyp", at: 4) {
            let brands = ftypBrands(bytes)
            if brands.contains(where: { ["avif", "avis"].contains($0) }) {
                throw ImageDecodingError.unsupported(format: "AVIF", detail: "")
            }
            if brands.contains(where: { heifBrands.contains($0) }) { return .heif }
        }
        // A file cut inside its own signature is a truncated JPEG/PNG, not an unknown format.
        if bytes.count >= 2 && bytes.count < 3 && starts([0xFF, 0xD8]) {
            throw ImageDecodingError.truncated(format: .jpeg, detail: "\(bytes.count) bytes, shorter than the signature")
        }
        if bytes.count >= 2 && bytes.count < pngSignature.count && starts(Array(pngSignature.prefix(bytes.count))) {
            throw ImageDecodingError.truncated(format: .png, detail: "\(bytes.count) bytes, shorter than the signature")
        }
        // JPEG's start-of-image marker must be followed by a marker (FF); anything else is a damaged JPEG body
        // (a file overwritten or cut and spliced after its first two bytes), not an unknown format.
        if bytes.count >= 3 && starts([0xFF, 0xD8]) {
            let next = String(bytes[2], radix: 16, uppercase: true)
            throw ImageDecodingError.corrupt(format: .jpeg, detail: "the start-of-image marker FF D8 is followed by "
                                             + "\(next.count == 1 ? "0" + next : next), not a marker (FF)")
        }
        let other: String?
        if ascii("GIF87a") || ascii("GIF89a") { other = "GIF" }
        else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { other = "TIFF" }
        else if ascii("BM") && bytes.count >= 14 { other = "BMP" }
        else if ascii("ftyp", at: 4) && ascii("hevc", at: 8) { other = "HEIF image sequence" }
        else if starts([0x00, 0x00, 0x00, 0x0C, 0x6A, 0x50, 0x20, 0x20]) { other = "JPEG 2000" }
        else if starts([0xFF, 0x0A]) || starts([0x00, 0x00, 0x00, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { other = "JPEG XL" }
        else if ascii("%PDF") { other = "PDF" }
        else { other = nil }
        if let other { throw ImageDecodingError.unsupported(format: other, detail: "") }
        if let archive = archiveFormat(bytes) { throw ImageDecodingError.archive(format: archive) }
        let magic = bytes.prefix(8).map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }.joined(separator: " ")
        throw ImageDecodingError.unrecognizedFormat(magic: magic)
    }

    /// Whether `bytes` hold `prefix` at `offset` (false when they are too short).
    static func matches(_ bytes: UnsafeRawBufferPointer, _ prefix: [UInt8], at offset: Int) -> Bool {
        guard bytes.count >= offset + prefix.count else { return false }
        for (i, b) in prefix.enumerated() where bytes[offset + i] != b { return false }
        return true
    }

    /// The archive or compressed-file format whose signature `bytes` start with, or nil. Signatures from each
    /// format's specification: ZIP `PK 03 04` (a local file header), `PK 05 06` (an empty archive's end record),
    /// `PK 07 08` (a split archive); tar `ustar` at offset 257 (POSIX ustar and GNU tar headers; pre-POSIX v7 tar
    /// has no magic and stays unrecognised); gzip `1F 8B`; bzip2 `BZh` and a block-size digit 1-9; xz
    /// `FD 37 7A 58 5A 00`; Zstandard frame `28 B5 2F FD`; 7z `37 7A BC AF 27 1C`; RAR 1.5-4 `Rar! 1A 07 00`, RAR 5
    /// `Rar! 1A 07 01 00`. Looked at only after every image signature, so no image is taken for an archive.
    static func archiveFormat(_ bytes: UnsafeRawBufferPointer) -> String? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool { matches(bytes, prefix, at: offset) }
        let zip: [[UInt8]] = [[0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06], [0x50, 0x4B, 0x07, 0x08]]
        if zip.contains(where: { starts($0) }) { return "ZIP" }
        if starts(Array("ustar".utf8), at: 257) { return "tar" }
        if starts([0x1F, 0x8B]) { return "gzip" }
        if starts(Array("BZh".utf8)), bytes.count > 3, (0x31...0x39).contains(bytes[3]) { return "bzip2" }
        if starts([0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return "xz" }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) { return "Zstandard" }
        if starts([0x37, 0x7A, 0xBC, 0xAF, 0x27, 0x1C]) { return "7z" }
        if starts([0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x00]) || starts([0x52, 0x61, 0x72, 0x21, 0x1A, 0x07, 0x01, 0x00]) {
            return "RAR"
        }
        return nil
    }

    /// Brands of HEIF files with HEVC-coded still images (ISO/IEC 23008-12 Annex B) and the generic MIAF ones.
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "mif1", "msf1"]

    /// Major brand and compatible brands of the leading `ftyp` box (at most 64, within the bytes present).
    static func ftypBrands(_ bytes: UnsafeRawBufferPointer) -> [String] {
        guard bytes.count >= 12 else { return [] }
        let size = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
        let end = min(bytes.count, size, 16 + 64 * 4)
        var brands = [String(decoding: bytes[8..<12], as: UTF8.self)]
        var pos = 16
        while pos + 4 <= end {
            brands.append(String(decoding: bytes[pos..<(pos + 4)], as: UTF8.self))
            pos += 4
        }
        return brands
    }
}
