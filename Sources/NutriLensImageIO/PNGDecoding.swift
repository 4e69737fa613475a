import CImageShims
import NutriLensImaging

/// PNG through libpng (via the setjmp-guarded shim), expanded to 8-bit grey, grey+alpha, RGB or RGBA.
enum PNGDecoding {
    /// libpng's default per-side limit (PNG_USER_WIDTH_MAX / PNG_USER_HEIGHT_MAX).
    static let maxSidePixels = 1_000_000

    /// Decodes a PNG to stored pixels with 1, 2, 3 or 4 bytes per pixel (alpha not yet flattened). With
    /// `targetMaxSide`, rows are box-averaged by the largest integer factor keeping the long side `>=` the target
    /// while they are decoded (alpha already flattened then). The pixel limit is checked from IHDR before libpng.
    static func decode(_ bytes: UnsafeRawBufferPointer, chunks: PNGChunks, options: DecodeOptions) throws -> RawPixels {
        guard chunks.width.multipliedReportingOverflow(by: chunks.height).partialValue <= options.maxPixels,
              !chunks.width.multipliedReportingOverflow(by: chunks.height).overflow else {
            throw ImageDecodingError.tooLarge(width: chunks.width, height: chunks.height, limit: options.maxPixels)
        }
        guard let pointer = nl_png_create() else { throw ImageDecodingError.outOfMemory(detail: "libpng reader") }
        defer { nl_png_destroy(pointer) }
        var info = nl_png_info()
        var status = nl_status()
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        // Per-side limit as libpng's own second line of defence (the product was checked above), never above
        // libpng's default of 1,000,000 pixels a side: longer sides are pathological, not photos.
        guard max(chunks.width, chunks.height) <= maxSidePixels else {
            throw ImageDecodingError.unsupported(
                format: "PNG", detail: "\(chunks.width)x\(chunks.height) has a side over \(maxSidePixels) pixels")
        }
        let maxSide = UInt32(min(options.maxPixels, maxSidePixels))
        if nl_png_read_header(pointer, base, bytes.count, maxSide, &info, &status) != NL_OK.rawValue {
            throw status.error(format: .png)
        }
        let width = Int(info.width), height = Int(info.height), bpp = Int(info.channels)
        let factor = options.targetMaxSide.map { BoxReducer.factor(width: width, height: height, target: $0) } ?? 1
        if factor > 1 {
            return try reduced(pointer, info: info, factor: factor, status: &status)
        }
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

    /// Streams rows through a `BoxReducer`: one band of `factor` rows at a time for plain PNGs; Adam7 images must be
    /// de-interlaced whole first, so they are decoded in full and then reduced.
    private static func reduced(_ pointer: OpaquePointer, info: nl_png_info, factor: Int, status: inout nl_status)
        throws -> RawPixels
    {
        let width = Int(info.width), height = Int(info.height), bpp = Int(info.channels)
        var reducer = BoxReducer(width: width, height: height, channels: bpp, factor: factor)
        let rowBytes = width * bpp
        if info.interlaced != 0 {
            var full = [UInt8](repeating: 0, count: rowBytes * height)
            let result = full.withUnsafeMutableBytes {
                nl_png_decode(pointer, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), rowBytes, $0.count, &status)
            }
            if result != NL_OK.rawValue { throw status.error(format: .png) }
            full.withUnsafeBytes { all in
                var row = 0
                while reducer.nextBandRows > 0 {
                    let rows = reducer.nextBandRows
                    reducer.add(band: UnsafeRawBufferPointer(rebasing: all[(row * rowBytes)..<((row + rows) * rowBytes)]))
                    row += rows
                }
            }
        } else {
            var band = [UInt8](repeating: 0, count: rowBytes * factor)
            while reducer.nextBandRows > 0 {
                let rows = reducer.nextBandRows
                let result = band.withUnsafeMutableBytes {
                    nl_png_read_rows(pointer, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), rowBytes,
                                     UInt32(rows), &status)
                }
                if result != NL_OK.rawValue { throw status.error(format: .png) }
                band.withUnsafeBytes { reducer.add(band: UnsafeRawBufferPointer(rebasing: $0[0..<(rows * rowBytes)])) }
            }
            if nl_png_finish(pointer, &status) != NL_OK.rawValue { throw status.error(format: .png) }
        }
        let (pixels, outBpp) = reducer.finish()
        let warnings = status.warnings > 0 ? [status.messageText] : []
        return RawPixels(pixels: pixels, width: reducer.outWidth, height: reducer.outHeight, bytesPerPixel: outBpp,
                         fullWidth: width, fullHeight: height, warnings: warnings)
    }
}
