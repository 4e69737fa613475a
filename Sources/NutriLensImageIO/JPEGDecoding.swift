import CImageShims
import NutriLensImaging

/// JPEG through libjpeg-turbo (via the setjmp-guarded shim): header, DCT scale choice, decode into a Swift buffer.
enum JPEGDecoding {
    /// Stored full-scale size of a JPEG, read from its frame header without decoding.
    static func header(_ bytes: UnsafeRawBufferPointer) throws -> (width: Int, height: Int) {
        let decoder = try Handle(bytes, maxScans: 1)
        return (Int(decoder.info.image_width), Int(decoder.info.image_height))
    }

    /// Decodes a JPEG to upright (when `orientation` != 1) grey (1 byte per pixel) or RGB (3) pixels, tightly
    /// packed. Rows are turned band by band as libjpeg produces them, so only the upright image is ever held.
    static func decode(_ bytes: UnsafeRawBufferPointer, orientation: Orientation, options: DecodeOptions) throws
        -> RawPixels
    {
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
        let rowBytes = width * bpp, byteCount = rowBytes * height
        var status = decoder.status
        if nl_jpeg_start(decoder.pointer, &status) != NL_OK.rawValue { throw status.error(format: .jpeg) }
        var failed = false
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            let dest = buffer.baseAddress!
            count = 0
            if orientation.exif == 1 {
                var read: UInt32 = 0
                failed = nl_jpeg_read_rows(decoder.pointer, dest, rowBytes, UInt32(height), &read, &status)
                    != NL_OK.rawValue || Int(read) != height
            } else {
                let bandRows = 64  // each upright row then receives 64 contiguous pixels per band
                var band = [UInt8](repeating: 0, count: bandRows * rowBytes)
                var y = 0
                while y < height && !failed {
                    var read: UInt32 = 0
                    band.withUnsafeMutableBufferPointer { b in
                        failed = nl_jpeg_read_rows(decoder.pointer, b.baseAddress!, rowBytes, UInt32(bandRows), &read,
                                                   &status) != NL_OK.rawValue || read == 0
                        if !failed {
                            orientation.scatter(band: UnsafeRawPointer(b.baseAddress!), firstRow: y, rows: Int(read),
                                                width: width, height: height, bytesPerPixel: bpp,
                                                into: UnsafeMutableRawPointer(dest))
                        }
                    }
                    y += Int(read)
                }
            }
            if !failed { count = byteCount }  // on failure the partly written bytes are discarded
        }
        if failed || nl_jpeg_finish(decoder.pointer, &status) != NL_OK.rawValue { throw status.error(format: .jpeg) }
        if status.truncated != 0 {
            throw ImageDecodingError.truncated(format: .jpeg, detail: "\(status.messageText) after \(bytes.count) bytes")
        }
        if status.damaged != 0 {
            throw ImageDecodingError.corrupt(format: .jpeg, detail: status.messageText)
        }
        let warnings = status.warnings > 0 ? [status.messageText] : []
        let upright = orientation.uprightSize(width: width, height: height)
        let full = orientation.uprightSize(width: fullWidth, height: fullHeight)
        return RawPixels(pixels: pixels, width: upright.width, height: upright.height, bytesPerPixel: bpp,
                         fullWidth: full.width, fullHeight: full.height, warnings: warnings, isUpright: true)
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

/// Interleaved 8-bit pixels straight from a codec, tightly packed; stored (un-oriented) unless `isUpright`.
struct RawPixels {
    var pixels: [UInt8]
    var width: Int
    var height: Int
    /// 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA.
    var bytesPerPixel: Int
    /// Size at full scale (before downscaling), in the same orientation as `width`/`height`.
    var fullWidth: Int
    var fullHeight: Int
    var warnings: [String]
    /// True when the codec already applied the orientation (and grey conversion) while decoding.
    var isUpright = false
}
