import NutriLensImaging

/// Memory layout of a caller's 8-bit pixel buffer (e.g. a camera frame).
public enum PixelBufferFormat: Sendable, Equatable {
    /// One luminance byte per pixel (camera Y plane, ZBar Y800).
    case gray8
    /// Red, green, blue.
    case rgb8
    /// Red, green, blue, alpha (alpha ignored: camera frames are opaque).
    case rgba8
    /// Blue, green, red, alpha (CoreVideo `kCVPixelFormatType_32BGRA`); alpha ignored.
    case bgra8

    /// Bytes per pixel: 1, 3 or 4.
    public var bytesPerPixel: Int {
        switch self {
        case .gray8: return 1
        case .rgb8: return 3
        case .rgba8, .bgra8: return 4
        }
    }
}

extension ImageDecoder {
    /// Copies a caller's pixel buffer into a `DecodedPhoto` (`.gray`, or `.color` with `.rgb` layout; tightly
    /// packed, so the caller may reuse its buffer at once), applying `orientation` (EXIF 1...8, e.g. from the camera's sensor rotation) when
    /// `options.applyOrientation` is set and converting to grey when `options.wantColor` is false.
    ///
    /// - Parameters:
    ///   - pixels: at least `bytesPerRow * (height - 1) + width * format.bytesPerPixel` bytes, top row first.
    ///   - width, height: size in pixels, both > 0.
    ///   - bytesPerRow: distance between row starts, `>= width * format.bytesPerPixel`.
    /// - Throws: `.invalidPixelBuffer` when the geometry does not fit the buffer, `.tooLarge` over `options.maxPixels`.
    public static func image(pixels: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int,
                             format: PixelBufferFormat, orientation: Int = 1,
                             options: DecodeOptions = DecodeOptions()) throws -> DecodedPhoto
    {
        let bpp = format.bytesPerPixel
        guard width > 0, height > 0 else {
            throw ImageDecodingError.invalidPixelBuffer(detail: "size \(width)x\(height) must be positive")
        }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= options.maxPixels else {
            throw ImageDecodingError.tooLarge(width: width, height: height, limit: options.maxPixels)
        }
        guard bytesPerRow >= width * bpp else {
            throw ImageDecodingError.invalidPixelBuffer(
                detail: "bytesPerRow \(bytesPerRow) is less than width \(width) x \(bpp) bytes per pixel")
        }
        let needed = bytesPerRow * (height - 1) + width * bpp
        guard pixels.count >= needed, pixels.baseAddress != nil else {
            throw ImageDecodingError.invalidPixelBuffer(
                detail: "buffer has \(pixels.count) bytes, \(width)x\(height) at \(bytesPerRow) bytes per row needs \(needed)")
        }
        let rowBytes = width * bpp
        var packed = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { out, count in
            for y in 0..<height {
                UnsafeMutableRawPointer(out.baseAddress! + y * rowBytes)
                    .copyMemory(from: pixels.baseAddress! + y * bytesPerRow, byteCount: rowBytes)
            }
            count = rowBytes * height
        }
        var channels = bpp
        if bpp == 4 {
            // Every colour result is `.rgb`, whatever the source order; camera alpha is padding, not transparency.
            packed = Self.dropAlpha(packed, blueFirst: format == .bgra8)
            channels = 3
        }
        let raw = RawPixels(pixels: packed, width: width, height: height, bytesPerPixel: channels,
                            fullWidth: width, fullHeight: height, warnings: [])
        return finish(raw, format: .pixelBuffer, orientation: orientation, options: options)
    }

    /// RGBA/BGRA -> RGB, ignoring alpha (camera frames are opaque; their alpha byte is padding).
    static func dropAlpha(_ pixels: [UInt8], blueFirst: Bool) -> [UInt8] {
        let count = pixels.count / 4
        let (r, b) = blueFirst ? (2, 0) : (0, 2)
        return [UInt8](unsafeUninitializedCapacity: count * 3) { out, n in
            pixels.withUnsafeBufferPointer { src in
                for i in 0..<count {
                    out[3 * i] = src[4 * i + r]
                    out[3 * i + 1] = src[4 * i + 1]
                    out[3 * i + 2] = src[4 * i + b]
                }
            }
            n = count * 3
        }
    }
}
