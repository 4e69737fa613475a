import CImageShims
import NutriLensImaging

/// JPEG through libjpeg-turbo (via the setjmp-guarded shim): header, DCT scale choice, decode into a Swift buffer.
enum JPEGDecoding {
    /// Stored full-scale size of a JPEG, read from its frame header without decoding.
    static func header(_ bytes: UnsafeRawBufferPointer) throws -> (width: Int, height: Int) {
        let decoder = try Handle(bytes, maxScans: 1)
        return (Int(decoder.info.image_width), Int(decoder.info.image_height))
    }

    /// Decodes a JPEG to stored (un-oriented) pixels: grey (1 byte per pixel) or RGB (3), tightly packed.
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws -> RawPixels {
        let decoder = try Handle(bytes, maxScans: Int32(clamping: options.maxProgressiveScans))
        let fullWidth = Int(decoder.info.image_width), fullHeight = Int(decoder.info.image_height)
        guard fullWidth.multipliedReportingOverflow(by: fullHeight).partialValue <= options.maxPixels else {
            throw ImageDecodingError.tooLarge(width: fullWidth, height: fullHeight, limit: options.maxPixels)
        }
        try decoder.configure(scaleNumerator: 8, wantGray: !options.wantColor)
        if let target = options.targetMaxSide, target > 0 {
            // Smallest n/8 whose long side still reaches the target; libjpeg rounds sizes up, so ask it.
            for n in 1...8 {
                try decoder.configure(scaleNumerator: n, wantGray: !options.wantColor)
                if max(decoder.info.output_width, decoder.info.output_height) >= target { break }
            }
        }
        let info = decoder.info
        let width = Int(info.output_width), height = Int(info.output_height), bpp = Int(info.output_components)
        let byteCount = width * height * bpp
        var status = decoder.status
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            let result = nl_jpeg_decode(decoder.pointer, buffer.baseAddress, width * bpp, byteCount, &status)
            count = result == NL_OK.rawValue ? byteCount : 0
        }
        if status.result != NL_OK.rawValue { throw status.error(format: .jpeg) }
        if status.truncated != 0 {
            throw ImageDecodingError.truncated(format: .jpeg, detail: "\(status.messageText) after \(bytes.count) bytes")
        }
        if status.damaged != 0 {
            throw ImageDecodingError.corrupt(format: .jpeg, detail: status.messageText)
        }
        let warnings = status.warnings > 0 ? [status.messageText] : []
        return RawPixels(pixels: pixels, width: width, height: height, bytesPerPixel: bpp,
                         fullWidth: fullWidth, fullHeight: fullHeight, warnings: warnings)
    }

    /// Owns one libjpeg decompressor for the life of a decode.
    final class Handle {
        let pointer: OpaquePointer
        var info = nl_jpeg_info()
        var status = nl_status()

        /// Reads the header of `bytes`, which must outlive the handle.
        convenience init(_ bytes: UnsafeRawBufferPointer, maxScans: Int32) throws {
            guard let p = nl_jpeg_create() else { throw ImageDecodingError.outOfMemory(detail: "libjpeg decompressor") }
            self.init(pointer: p)
            let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
            if nl_jpeg_read_header(p, base, bytes.count, maxScans, &info, &status) != NL_OK.rawValue {
                throw status.error(format: .jpeg)
            }
        }

        private init(pointer: OpaquePointer) { self.pointer = pointer }

        func configure(scaleNumerator: Int, wantGray: Bool) throws {
            if nl_jpeg_configure(pointer, Int32(scaleNumerator), wantGray ? 1 : 0, &info, &status) != NL_OK.rawValue {
                throw status.error(format: .jpeg)
            }
        }

        deinit { nl_jpeg_destroy(pointer) }
    }
}

/// Stored (un-oriented) interleaved 8-bit pixels straight from a codec, tightly packed.
struct RawPixels {
    var pixels: [UInt8]
    var width: Int
    var height: Int
    /// 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA.
    var bytesPerPixel: Int
    /// Stored size at full scale (before DCT downscaling).
    var fullWidth: Int
    var fullHeight: Int
    var warnings: [String]
}
