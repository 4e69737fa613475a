import Foundation
import NutriLensImageIO
import NutriLensImaging

/// Fuzzes format sniffing, the JPEG (libjpeg-turbo), PNG (libpng), HEIF (libheif + libde265) and WebP (libwebp)
/// decoders, EXIF orientation and alpha flattening.
///
/// The limits are far below the library defaults so one input cannot use more than ~50 MB: the fuzzer is hunting
/// for crashes, not for the (correct) `tooLarge` answer on every crafted header.
enum ImageDecoderFuzz {
    static let maxPixels = 4_000_000

    /// Decodes `data`; with `expecting`, a decoded photo must report that format (the `heif`/`webp` targets, whose
    /// seeds are all of one format), and HEIF photos orientation 1 (libheif applies the container's turn itself).
    static func run(_ data: Data, expecting: ImageFormat? = nil) throws {
        // The last byte picks the option set, so the corpus explores colour/grey, DCT downscale and orientation
        // without changing the bytes the decoder sees up front (where the magic and headers live).
        let selector = data.last ?? 0
        let options = DecodeOptions(maxPixels: maxPixels, maxFileBytes: 8 << 20,
                                    targetMaxSide: selector & 1 == 0 ? nil : 64,
                                    applyOrientation: selector & 2 == 0, wantColor: selector & 4 == 0,
                                    maxProgressiveScans: 100)
        var headerSize: (Int, Int)?
        do {
            let header = try ImageDecoder.readHeader(data: data)
            try require(header.width > 0 && header.height > 0, "header size \(header.width)x\(header.height)")
            try require((1...8).contains(header.orientation), "header orientation \(header.orientation)")
            headerSize = (header.width, header.height)
        } catch is ImageDecodingError {}

        let photo: DecodedPhoto
        do { photo = try ImageDecoder.decode(data: data, options: options) } catch is ImageDecodingError { return }

        try require(photo.fullWidth > 0 && photo.fullHeight > 0, "full size \(photo.fullWidth)x\(photo.fullHeight)")
        try require(photo.fullWidth * photo.fullHeight <= maxPixels,
                    "decoded \(photo.fullWidth)x\(photo.fullHeight) over the \(maxPixels)-pixel limit")
        // HEIF without orientation skips all container transforms, `clap` crops included, so its size is the coded one.
        if let (w, h) = headerSize, photo.format != .heif || options.applyOrientation {
            // readHeader reports the stored size; decode swaps axes for orientations 5...8 when it rotates.
            let stored = [w, h].sorted(), decoded = [photo.fullWidth, photo.fullHeight].sorted()
            try require(stored == decoded, "readHeader \(w)x\(h) vs decode \(photo.fullWidth)x\(photo.fullHeight)")
        }
        try require((1...8).contains(photo.orientation), "orientation \(photo.orientation)")
        if let expecting, photo.format != expecting {
            // Mutations that turn the magic into another format's are fine; they are the `image` target's business.
            return
        }
        try require(photo.format != .heif || photo.orientation == 1, "HEIF orientation \(photo.orientation), not 1")
        switch photo.image {
        case .gray(let gray):
            try require(gray.width > 0 && gray.height > 0 && gray.stride >= gray.width,
                        "gray geometry \(gray.width)x\(gray.height) stride \(gray.stride)")
            try require(gray.pixels.count >= gray.stride * (gray.height - 1) + gray.width,
                        "gray buffer \(gray.pixels.count) bytes for \(gray.width)x\(gray.height)")
        case .color(let rgb):
            let bpp = rgb.layout.bytesPerPixel
            try require(rgb.width > 0 && rgb.height > 0 && rgb.stride >= rgb.width * bpp,
                        "rgb geometry \(rgb.width)x\(rgb.height) stride \(rgb.stride)")
            try require(rgb.pixels.count >= rgb.stride * (rgb.height - 1) + rgb.width * bpp,
                        "rgb buffer \(rgb.pixels.count) bytes for \(rgb.width)x\(rgb.height)")
            try require(options.wantColor, "colour image although wantColor is false")
        }
        try require(photo.image.width <= photo.fullWidth || photo.image.width <= photo.fullHeight,
                    "decoded wider than the full-size image")
    }
}
