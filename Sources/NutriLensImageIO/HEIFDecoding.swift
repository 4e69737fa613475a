import CHEIF
import NutriLensImaging

/// HEIF/HEIC (HEVC-coded, as iPhones write them) through libheif, which parses the container, assembles grid
/// tiles and applies the container's transformative properties (`clap` crop, `irot` rotation, `imir` mirror).
///
/// Orientation: the HEIF standard (ISO/IEC 23008-12 §6.5.12, and MIAF) makes `irot`/`imir` the display
/// transform; an EXIF orientation tag inside a HEIC is informative only (iPhones write both, describing the same
/// turn). So libheif's transform is the only one applied, the EXIF block is not read, and the photo reports
/// orientation 1 with its displayed size (libvips' heifload does the same). `applyOrientation == false` asks libheif
/// to skip the transforms and returns the coded (`ispe`) pixels.
///
/// A grid's canvas size comes from its descriptor, read by `HEIFGridDescriptor` and checked with the others.
///
/// Known limitation: libde265 prints `SPS error: ...` lines on stderr itself for an invalid HEVC sequence parameter
/// set (crafted or damaged files); the decode still ends in `.corrupt`. Nothing in libheif's API silences it.
enum HEIFDecoding {
    /// libheif's reference-counted global set-up (decoder plugins), done once per process and never undone.
    private static let initialised: Bool = {
        _ = heif_init(nil)
        return true
    }()

    /// Parsed container and primary image of one HEIF file; frees both on deinit.
    final class Handle {
        let context: OpaquePointer
        var primary: OpaquePointer?

        /// Parses the boxes of `bytes` (not copied: they must outlive the handle) and finds the primary image.
        /// - Throws: `.truncated`, `.corrupt`, `.unsupported`, `.outOfMemory` from libheif's error codes.
        init(_ bytes: UnsafeRawBufferPointer) throws {
            _ = HEIFDecoding.initialised
            guard let context = heif_context_alloc() else {
                throw ImageDecodingError.outOfMemory(detail: "libheif context")
            }
            self.context = context
            // One thread, like the other decoders: batch scans parallelise over files.
            heif_context_set_max_decoding_threads(context, 1)
            do {
                try check(heif_context_read_from_memory_without_copy(context, bytes.baseAddress, bytes.count, nil),
                          stage: "container")
            } catch ImageDecodingError.corrupt(_, let detail) where HEIFDecoding.lastBoxIsCut(bytes) {
                // libheif names the box it could not find ("No 'meta' box"); the cause is the cut file.
                throw ImageDecodingError.truncated(format: .heif, detail: "top-level box ends past the data; \(detail)")
            }
            var handle: OpaquePointer?
            try check(heif_context_get_primary_image_handle(context, &handle), stage: "primary image")
            primary = handle
        }

        /// Displayed size (after `clap`/`irot`) when `transformed`, else the coded `ispe` size.
        func size(transformed: Bool) -> (width: Int, height: Int) {
            transformed
                ? (Int(heif_image_handle_get_width(primary)), Int(heif_image_handle_get_height(primary)))
                : (Int(heif_image_handle_get_ispe_width(primary)), Int(heif_image_handle_get_ispe_height(primary)))
        }

        deinit {
            if let primary { heif_image_handle_release(primary) }
            heif_context_free(context)
        }
    }

    /// Displayed size of the primary image, from the container alone (no HEVC decoding).
    static func header(_ bytes: UnsafeRawBufferPointer) throws -> (width: Int, height: Int) {
        let size = try Handle(bytes).size(transformed: true)
        guard size.width > 0, size.height > 0 else {
            throw ImageDecodingError.corrupt(format: .heif, detail: "primary image is \(size.width)x\(size.height)")
        }
        return size
    }

    /// Decodes the primary image to RGB or RGBA (3 or 4 bytes per pixel), upright when `applyOrientation`. The
    /// pixel limit is checked on the container's size before libheif allocates the image. With `targetMaxSide`,
    /// rows are box-averaged from libheif's plane by the largest integer factor that keeps the long side at or over
    /// the target (libheif has no reduced-size decoding, so the full image is held once, inside libheif).
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws -> RawPixels {
        let handle = try Handle(bytes)
        // Both sizes are checked: a crafted `clap`/`irot` could make the displayed size smaller than what is decoded.
        for transformed in [true, false] {
            let (w, h) = handle.size(transformed: transformed)
            try options.checkPixelLimit(width: w, height: h)
            guard w > 0, h > 0 else { throw ImageDecodingError.corrupt(format: .heif, detail: "image is \(w)x\(h)") }
        }
        // libheif sizes a grid's canvas from the grid descriptor, which it does not check against ispe or its limits.
        var primaryID: heif_item_id = 0
        if heif_context_get_primary_image_ID(handle.context, &primaryID).code == heif_error_Ok,
           let grid = HEIFGridDescriptor.outputSize(bytes, item: Int(primaryID)) {
            try options.checkPixelLimit(width: grid.width, height: grid.height)
        }
        let alpha = heif_image_handle_has_alpha_channel(handle.primary) != 0
        guard let decodingOptions = heif_decoding_options_alloc() else {
            throw ImageDecodingError.outOfMemory(detail: "libheif decoding options")
        }
        defer { heif_decoding_options_free(decodingOptions) }
        decodingOptions.pointee.ignore_transformations = options.applyOrientation ? 0 : 1
        decodingOptions.pointee.convert_hdr_to_8bit = 1
        var image: OpaquePointer?
        try check(heif_decode_image(handle.primary, &image, heif_colorspace_RGB,
                                    alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB,
                                    decodingOptions), stage: "image data")
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        var stride: Int32 = 0
        // The coded stream can disagree with the container's ispe (crafted files); what the header promised is what
        // the limits were checked against, so anything else is refused.
        let promised = handle.size(transformed: options.applyOrientation)
        guard width == promised.width, height == promised.height else {
            throw ImageDecodingError.corrupt(
                format: .heif,
                detail: "decoded \(width)x\(height), the container declares \(promised.width)x\(promised.height)")
        }
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
            throw ImageDecodingError.corrupt(format: .heif, detail: "decoder returned no \(width)x\(height) RGB plane")
        }
        let bpp = alpha ? 4 : 3, rowBytes = width * bpp
        guard Int(stride) >= rowBytes else {
            throw ImageDecodingError.corrupt(format: .heif, detail: "plane stride \(stride) under \(rowBytes) bytes")
        }
        let rows = RowSource(base: plane, stride: Int(stride), rowBytes: rowBytes)
        let factor = options.targetMaxSide.map { BoxReducer.factor(width: width, height: height, target: $0) } ?? 1
        if factor > 1 {
            var reducer = BoxReducer(width: width, height: height, channels: bpp, factor: factor)
            var band = [UInt8](repeating: 0, count: rowBytes * factor)
            var y = 0
            while reducer.nextBandRows > 0 {
                let count = reducer.nextBandRows
                band.withUnsafeMutableBytes { rows.copy(from: y, count: count, into: $0.baseAddress!) }
                band.withUnsafeBytes { reducer.add(band: UnsafeRawBufferPointer(rebasing: $0[0..<(count * rowBytes)])) }
                y += count
            }
            let (pixels, outBpp) = reducer.finish()
            return RawPixels(pixels: pixels, width: reducer.outWidth, height: reducer.outHeight, bytesPerPixel: outBpp,
                             fullWidth: width, fullHeight: height, warnings: [], isUpright: true)
        }
        let pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            rows.copy(from: 0, count: height, into: UnsafeMutableRawPointer(buffer.baseAddress!))
            count = rowBytes * height
        }
        return RawPixels(pixels: pixels, width: width, height: height, bytesPerPixel: bpp,
                         fullWidth: width, fullHeight: height, warnings: [], isUpright: true)
    }

    /// Rows of libheif's interleaved plane (padded to `stride`), copied out tightly packed.
    private struct RowSource {
        let base: UnsafePointer<UInt8>
        let stride: Int
        let rowBytes: Int

        func copy(from firstRow: Int, count: Int, into dest: UnsafeMutableRawPointer) {
            for r in 0..<count {
                (dest + r * rowBytes).copyMemory(from: base + (firstRow + r) * stride, byteCount: rowBytes)
            }
        }
    }

    /// True when a top-level ISO-BMFF box declares more bytes than the data has (at most 64 boxes are walked).
    static func lastBoxIsCut(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var pos = 0
        for _ in 0..<64 {
            guard pos + 8 <= bytes.count else { return pos < bytes.count }
            var size = (0..<4).reduce(0) { $0 << 8 | Int(bytes[pos + $1]) }
            if size == 1 {  // 64-bit largesize follows the type
                guard pos + 16 <= bytes.count else { return true }
                let large = (8..<16).reduce(UInt64(0)) { $0 << 8 | UInt64(bytes[pos + $1]) }
                size = large > UInt64(Int.max) ? Int.max : Int(large)
            } else if size == 0 {
                return false  // extends to the end of the data
            }
            guard size >= 8 else { return false }  // malformed, not cut
            if size > bytes.count - pos { return true }
            pos += size
        }
        return false
    }

    /// Throws the typed error for a failed libheif call; `stage` names what was being read.
    static func check(_ error: heif_error, stage: String) throws {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? ""
        let detail = "\(stage): \(message)"
        switch (error.code, error.subcode) {
        case (_, heif_suberror_End_of_data):
            throw ImageDecodingError.truncated(format: .heif, detail: detail)
        case (heif_error_Memory_allocation_error, _):
            throw ImageDecodingError.outOfMemory(detail: "libheif, \(detail)")
        case (heif_error_Unsupported_filetype, _), (heif_error_Unsupported_feature, _):
            throw ImageDecodingError.unsupported(format: "HEIF", detail: detail)
        case (_, heif_suberror_Security_limit_exceeded):
            // libheif's own guards (image over 32768 x 32768, too many tiles or boxes): our limits are lower, so only
            // a crafted file trips these.
            throw ImageDecodingError.corrupt(format: .heif, detail: "over libheif's security limit, \(detail)")
        default:
            throw ImageDecodingError.corrupt(format: .heif, detail: detail)
        }
    }
}
