import CWebP
import NutriLensImaging

/// WebP (lossy VP8, lossless VP8L, extended VP8X with alpha) through libwebp's advanced decoding API, straight into
/// a Swift buffer. Animated WebP is refused as unsupported (a photo has one frame).
enum WebPDecoding {
    /// Canvas size, alpha and animation flags from the bitstream header, without decoding.
    /// - Throws: `.truncated` when the data ends inside the header, `.corrupt` for a malformed one.
    static func features(_ bytes: UnsafeRawBufferPointer) throws -> WebPBitstreamFeatures {
        var features = WebPBitstreamFeatures()
        let base = bytes.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let status = WebPGetFeatures(base, bytes.count, &features)
        if status != VP8_STATUS_OK { throw error(status, stage: "header") }
        guard features.width > 0, features.height > 0 else {
            throw ImageDecodingError.corrupt(format: .webp, detail: "header declares \(features.width)x\(features.height)")
        }
        return features
    }

    /// Decodes to stored (un-oriented) RGB or RGBA pixels, 3 or 4 bytes each, tightly packed. The pixel limit is
    /// checked from the header before anything is allocated. With `targetMaxSide`, libwebp scales while decoding
    /// (long side exactly the target, aspect kept), so full-size pixels are never held.
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws -> RawPixels {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw ImageDecodingError.unsupported(format: "WebP", detail: "libwebp decoder ABI mismatch")
        }
        config.input = try features(bytes)
        let fullWidth = Int(config.input.width), fullHeight = Int(config.input.height)
        try options.checkPixelLimit(width: fullWidth, height: fullHeight)
        if config.input.has_animation != 0 {
            throw ImageDecodingError.unsupported(format: "WebP", detail: "animated WebP (export one frame as a still)")
        }
        var (width, height) = (fullWidth, fullHeight)
        if let target = options.targetMaxSide, target > 0, max(width, height) > target {
            let long = max(width, height)
            // Rounded, at least 1; the long side lands exactly on the target.
            width = max(1, (fullWidth * target + long / 2) / long)
            height = max(1, (fullHeight * target + long / 2) / long)
            config.options.use_scaling = 1
            config.options.scaled_width = Int32(width)
            config.options.scaled_height = Int32(height)
        }
        let bpp = config.input.has_alpha != 0 ? 4 : 3
        let rowBytes = width * bpp, byteCount = rowBytes * height
        var status = VP8_STATUS_OK
        let pixels = [UInt8](unsafeUninitializedCapacity: byteCount) { buffer, count in
            config.output.colorspace = bpp == 4 ? MODE_RGBA : MODE_RGB
            config.output.is_external_memory = 1
            config.output.u.RGBA.rgba = buffer.baseAddress
            config.output.u.RGBA.stride = Int32(rowBytes)
            config.output.u.RGBA.size = byteCount
            status = WebPDecode(bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), bytes.count, &config)
            count = status == VP8_STATUS_OK ? byteCount : 0
        }
        WebPFreeDecBuffer(&config.output)  // external memory: releases nothing of ours, only libwebp's bookkeeping
        if status != VP8_STATUS_OK { throw error(status, stage: "image data") }
        return RawPixels(pixels: pixels, width: width, height: height, bytesPerPixel: bpp,
                         fullWidth: fullWidth, fullHeight: fullHeight, warnings: [])
    }

    /// The typed error for a libwebp status.
    static func error(_ status: VP8StatusCode, stage: String) -> ImageDecodingError {
        switch status {
        case VP8_STATUS_NOT_ENOUGH_DATA:
            return .truncated(format: .webp, detail: "libwebp needs more data for the \(stage)")
        case VP8_STATUS_OUT_OF_MEMORY:
            return .outOfMemory(detail: "libwebp decoding the \(stage)")
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            return .unsupported(format: "WebP", detail: "a bitstream feature libwebp does not decode (\(stage))")
        default:
            return .corrupt(format: .webp, detail: "libwebp status \(status.rawValue) in the \(stage)")
        }
    }
}

/// The RIFF chunks of a WebP file read in Swift: the EXIF chunk's orientation (VP8X files only carry metadata).
enum WebPChunks {
    /// Orientation (1...8) from the `EXIF` chunk, else 1. The chunk holds a TIFF block; some writers put the JPEG
    /// APP1 `Exif\0\0` prefix in front of it, which is skipped. Bounded walk; malformed chunks mean 1. `nil` when the
    /// `VP8X` header flags EXIF (bit 3) but the data ends before the chunk (a header prefix, or a cut file).
    static func orientation(_ bytes: UnsafeRawBufferPointer) -> Int? {
        guard bytes.count >= 21, EXIFReader.matches(bytes, at: 0, "RIFF"), EXIFReader.matches(bytes, at: 8, "WEBP"),
              EXIFReader.matches(bytes, at: 12, "VP8X")
        else { return 1 }
        func u32le(_ o: Int) -> Int {
            Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24
        }
        // The EXIF chunk may lie beyond the data only when the flag is set and the RIFF size says the file goes on.
        let cut = bytes[20] & 0x08 != 0 && u32le(4) > bytes.count - 8
        var pos = 12
        for _ in 0..<64 {  // VP8X, ICCP, ANIM, image, EXIF, XMP: real files have a handful of chunks
            guard pos + 8 <= bytes.count else { return cut ? nil : 1 }
            let size = u32le(pos + 4), start = pos + 8
            guard size <= bytes.count - start else { return cut ? nil : 1 }
            if EXIFReader.matches(bytes, at: pos, "EXIF") {
                let skip = EXIFReader.matches(bytes, at: start, "Exif\0\0") ? 6 : 0
                return EXIFReader.tiffOrientation(UnsafeRawBufferPointer(rebasing: bytes[(start + skip)..<(start + size)]))
            }
            pos = start + size + (size & 1)  // chunks are padded to an even size
        }
        return 1
    }
}
