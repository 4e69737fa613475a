import CImageShims
import NutriLensImaging

/// PNG through libpng (via the setjmp-guarded shim), expanded to 8-bit grey, grey+alpha, RGB or RGBA.
enum PNGDecoding {
    /// Decodes a PNG to stored pixels with 1, 2, 3 or 4 bytes per pixel (alpha not yet flattened).
    /// The pixel limit is checked from IHDR before libpng is called.
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws -> RawPixels {
        let chunks = try PNGChunks(bytes)
        guard chunks.width.multipliedReportingOverflow(by: chunks.height).partialValue <= options.maxPixels,
              !chunks.width.multipliedReportingOverflow(by: chunks.height).overflow else {
            throw ImageDecodingError.tooLarge(width: chunks.width, height: chunks.height, limit: options.maxPixels)
        }
        guard let pointer = nl_png_create() else { throw ImageDecodingError.outOfMemory(detail: "libpng reader") }
        defer { nl_png_destroy(pointer) }
        var info = nl_png_info()
        var status = nl_status()
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        // Per-side limit as libpng's own second line of defence; the product was checked above.
        let maxSide = UInt32(clamping: min(options.maxPixels, Int(Int32.max)))
        if nl_png_read_header(pointer, base, bytes.count, maxSide, &info, &status) != NL_OK.rawValue {
            throw status.error(format: .png)
        }
        let width = Int(info.width), height = Int(info.height), bpp = Int(info.channels)
        let byteCount = width * height * bpp
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            let result = nl_png_decode(pointer, buffer.baseAddress, width * bpp, byteCount, &status)
            count = result == NL_OK.rawValue ? byteCount : 0
        }
        if status.result != NL_OK.rawValue { throw status.error(format: .png) }
        let warnings = status.warnings > 0 ? [status.messageText] : []
        return RawPixels(pixels: pixels, width: width, height: height, bytesPerPixel: bpp,
                         fullWidth: width, fullHeight: height, warnings: warnings)
    }
}
