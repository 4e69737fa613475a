import Foundation
import NutriLensImaging

/// Entry points for turning image files, bytes or caller pixel buffers into `DecodedPhoto`s.
///
/// The format is sniffed from magic bytes (JPEG `FF D8 FF`, PNG signature), never from a file extension. All
/// functions are thread-safe; each call owns its libjpeg/libpng state. Errors are always `ImageDecodingError`.
public enum ImageDecoder {
    /// Reads and decodes the file at `url` (a file URL).
    /// - Throws: `.fileNotFound`, `.unreadable`, `.fileTooLarge` (checked before reading), then everything
    ///   `decode(bytes:options:)` throws.
    public static func decode(contentsOf url: URL, options: DecodeOptions = DecodeOptions()) throws -> DecodedPhoto {
        let bytes = try FileReading.read(path: url.path, maxBytes: options.maxFileBytes)
        return try bytes.withUnsafeBytes { try decode(bytes: $0, options: options) }
    }

    /// Decodes an in-memory JPEG or PNG file.
    /// - Throws: see `decode(bytes:options:)`.
    public static func decode(data: Data, options: DecodeOptions = DecodeOptions()) throws -> DecodedPhoto {
        try data.withUnsafeBytes { try decode(bytes: $0, options: options) }
    }

    /// Decodes JPEG or PNG file bytes (not retained after return).
    /// - Throws: `.empty`, `.fileTooLarge`, `.unrecognizedFormat`, `.unsupported` (other image formats, 12-bit JPEG,
    ///   arithmetic/lossless variants libjpeg lacks), `.tooLarge` (header over `maxPixels`, before allocation),
    ///   `.truncated`, `.corrupt`, `.outOfMemory`.
    public static func decode(bytes: UnsafeRawBufferPointer, options: DecodeOptions = DecodeOptions()) throws
        -> DecodedPhoto
    {
        if bytes.count > options.maxFileBytes {
            throw ImageDecodingError.fileTooLarge(bytes: bytes.count, limit: options.maxFileBytes)
        }
        let format = try FormatSniffer.sniff(bytes)
        let raw: RawPixels
        let orientation: Int
        switch format {
        case .jpeg:
            orientation = EXIFReader.jpegOrientation(bytes)
            let turn = Orientation(exif: options.applyOrientation ? orientation : 1)
            raw = try JPEGDecoding.decode(bytes, orientation: turn, options: options)
        case .png:
            let chunks = try PNGChunks(bytes)
            orientation = chunks.orientation
            raw = try PNGDecoding.decode(bytes, chunks: chunks, options: options)
        case .pixelBuffer:
            preconditionFailure("the sniffer never reports a pixel buffer")
        }
        return finish(raw, format: format, orientation: orientation, options: options)
    }

    /// Format, stored size and EXIF orientation of an image file without decoding its pixels. Reads the first
    /// `headerPrefixBytes` of the file (metadata segments sit in front of the image data), and the whole file only
    /// when the header runs past that.
    /// - Throws: the file errors of `decode(contentsOf:)`, `.empty`, `.unrecognizedFormat`, `.unsupported`,
    ///   `.truncated`/`.corrupt` when the header itself is damaged. Never `.tooLarge`: the caller decides.
    public static func readHeader(contentsOf url: URL, options: DecodeOptions = DecodeOptions()) throws -> ImageHeader {
        let head = try FileReading.read(path: url.path, maxBytes: options.maxFileBytes, prefix: headerPrefixBytes)
        do {
            return try head.bytes.withUnsafeBytes { try readHeader(bytes: $0) }
        } catch ImageDecodingError.truncated where !head.complete {
            let bytes = try FileReading.read(path: url.path, maxBytes: options.maxFileBytes)
            return try bytes.withUnsafeBytes { try readHeader(bytes: $0) }
        }
    }

    /// How much of a file `readHeader(contentsOf:)` reads first: EXIF is at most 64 KiB, ICC profiles rarely pass
    /// a few hundred KiB.
    static let headerPrefixBytes = 1 << 20

    /// Format, stored size and EXIF orientation of in-memory image file bytes.
    public static func readHeader(data: Data) throws -> ImageHeader {
        try data.withUnsafeBytes { try readHeader(bytes: $0) }
    }

    /// Format, stored size and EXIF orientation of image file bytes.
    public static func readHeader(bytes: UnsafeRawBufferPointer) throws -> ImageHeader {
        let format = try FormatSniffer.sniff(bytes)
        switch format {
        case .jpeg:
            let size = try JPEGDecoding.header(bytes)
            return ImageHeader(format: .jpeg, width: size.width, height: size.height,
                               orientation: EXIFReader.jpegOrientation(bytes))
        case .png:
            let chunks = try PNGChunks(bytes)
            return ImageHeader(format: .png, width: chunks.width, height: chunks.height,
                               orientation: chunks.orientation)
        case .pixelBuffer:
            preconditionFailure("the sniffer never reports a pixel buffer")
        }
    }

    /// Flattens alpha, converts to grey when asked and applies orientation (unless the codec did), and records
    /// sizes.
    static func finish(_ raw: RawPixels, format: ImageFormat, orientation: Int, options: DecodeOptions)
        -> DecodedPhoto
    {
        var pixels = raw.pixels
        var bpp = raw.bytesPerPixel
        var (width, height, fullWidth, fullHeight) = (raw.width, raw.height, raw.fullWidth, raw.fullHeight)
        if bpp == 2 || bpp == 4 {
            let background = AlphaFlattening.background(pixels, channels: bpp)
            pixels = AlphaFlattening.flatten(pixels, channels: bpp, background: background)
            bpp -= 1
        }
        if bpp == 3 && !options.wantColor {
            pixels = RGBImage(width: width, height: height, layout: .rgb, pixels: pixels).luminance().pixels
            bpp = 1
        }
        if !raw.isUpright {
            let turn = Orientation(exif: options.applyOrientation ? orientation : 1)
            (pixels, width, height) = turn.apply(to: pixels, width: width, height: height, bytesPerPixel: bpp)
            (fullWidth, fullHeight) = turn.uprightSize(width: fullWidth, height: fullHeight)
        }
        let image: DecodedImage = bpp == 1
            ? .gray(GrayImage(width: width, height: height, stride: width, pixels: pixels))
            : .color(RGBImage(width: width, height: height, layout: .rgb, pixels: pixels))
        return DecodedPhoto(image: image, format: format, orientation: Orientation(exif: orientation).exif,
                            fullWidth: fullWidth, fullHeight: fullHeight,
                            scale: Double(width) / Double(fullWidth), warnings: raw.warnings)
    }
}
