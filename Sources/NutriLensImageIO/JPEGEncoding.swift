import CImageShims
import Foundation
import NutriLensImaging

/// Why an image could not be encoded.
public enum ImageEncodingError: Error, Equatable, CustomStringConvertible {
    /// Width or height is 0 or over JPEG's 65,500-pixel limit.
    case badSize(width: Int, height: Int)
    /// libjpeg could not allocate its working memory.
    case outOfMemory(detail: String)
    /// libjpeg refused the call (a bug on our side, not the image's fault).
    case failed(detail: String)

    /// One sentence for a person: the size refused (each side must be 1...65500) or libjpeg's own message.
    public var description: String {
        switch self {
        case .badSize(let w, let h): return "cannot encode a \(w)×\(h) image as JPEG (each side 1...65500)"
        case .outOfMemory(let d): return "out of memory while encoding JPEG: \(d)"
        case .failed(let d): return "JPEG encoding failed: \(d)"
        }
    }
}

/// Baseline JPEG encoding through libjpeg(-turbo): report thumbnails, debugging images.
public enum JPEGEncoder {
    /// Encodes a grey or colour image (an RGBA image's alpha is dropped).
    /// - Parameter quality: libjpeg quality, clamped to 1...100 (75–85 suits thumbnails).
    /// - Returns: a complete JPEG file (JFIF, 4:2:0 for colour).
    /// - Throws: ``ImageEncodingError``.
    public static func encode(_ image: DecodedImage, quality: Int = 80) throws -> Data {
        switch image {
        case .gray(let gray):
            return try encode(pixels: gray.pixels, width: gray.width, height: gray.height, stride: gray.stride,
                              components: 1, quality: quality)
        case .color(let color):
            let rgb = color.layout == .rgb ? color : color.droppingAlpha()
            return try encode(pixels: rgb.pixels, width: rgb.width, height: rgb.height, stride: rgb.stride,
                              components: 3, quality: quality)
        }
    }

    private static func encode(pixels: [UInt8], width: Int, height: Int, stride: Int, components: Int,
                               quality: Int) throws -> Data {
        guard (1...65_500).contains(width), (1...65_500).contains(height) else {
            throw ImageEncodingError.badSize(width: width, height: height)
        }
        var status = nl_status()
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let result = pixels.withUnsafeBufferPointer { buffer in
            nl_jpeg_encode(buffer.baseAddress, Int32(width), Int32(height), stride, Int32(components),
                           Int32(min(100, max(1, quality))), &out, &size, &status)
        }
        defer { nl_free(out) }
        guard result == Int32(NL_OK.rawValue), let out else {
            if UInt32(bitPattern: status.result) == NL_ERR_NOMEM.rawValue {
                throw ImageEncodingError.outOfMemory(detail: status.messageText)
            }
            throw ImageEncodingError.failed(detail: status.messageText)
        }
        return Data(bytes: out, count: size)
    }
}

extension RGBImage {
    /// The same pixels as packed 3-byte RGB (alpha dropped).
    func droppingAlpha() -> RGBImage {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        for y in 0..<height {
            for x in 0..<width {
                let p = rgba(x: x, y: y)
                let o = (y * width + x) * 3
                rgb[o] = p.r; rgb[o + 1] = p.g; rgb[o + 2] = p.b
            }
        }
        return RGBImage(width: width, height: height, layout: .rgb, pixels: rgb)
    }
}
