import Foundation
import NutriLensImaging

/// Entry points for turning image files, bytes or caller pixel buffers into `DecodedPhoto`s.
///
/// The format is sniffed from magic bytes (JPEG `FF D8 FF`, PNG signature, HEIF `ftyp` brands, `RIFF....WEBP`),
/// never from a file extension. All functions are thread-safe; each call owns its libjpeg/libpng/libheif/libwebp
/// state. Errors are always `ImageDecodingError`.
public enum ImageDecoder {
    /// Reads and decodes the file at `url` (a file URL).
    /// - Throws: `.fileNotFound`, `.unreadable` (naming `url.relativePath`, the path as given), `.fileTooLarge`
    ///   (checked before reading), then everything `decode(bytes:options:)` throws.
    public static func decode(contentsOf url: URL, options: DecodeOptions = DecodeOptions()) throws -> DecodedPhoto {
        let bytes = try FileReading.read(contentsOf: url, maxBytes: options.maxFileBytes)
        return try bytes.withUnsafeBytes { try decode(bytes: $0, options: options) }
    }

    /// Decodes an in-memory JPEG, PNG, HEIF/HEIC or WebP file.
    /// - Throws: see `decode(bytes:options:)`.
    public static func decode(data: Data, options: DecodeOptions = DecodeOptions()) throws -> DecodedPhoto {
        try data.withUnsafeBytes { try decode(bytes: $0, options: options) }
    }

    /// Decodes JPEG, PNG, HEIF/HEIC or WebP file bytes (not retained after return). Orientation: JPEG APP1 and PNG
    /// eXIf EXIF tags, the WebP EXIF chunk, and for HEIF the container's `irot`/`imir` (its EXIF tag is not applied
    /// on top; see `HEIFDecoding`).
    /// - Throws: `.empty`, `.fileTooLarge`, `.unrecognizedFormat`, `.unsupported` (other image formats, 12-bit JPEG,
    ///   arithmetic/lossless variants libjpeg lacks, animated WebP), `.tooLarge` (header over `maxPixels`, before
    ///   allocation),
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
        case .heif:
            orientation = 1  // libheif applied irot/imir (when asked); the pixels come out as displayed
            raw = try HEIFDecoding.decode(bytes, options: options)
        case .webp:
            orientation = WebPChunks.orientation(bytes) ?? 1
            raw = try WebPDecoding.decode(bytes, options: options)
        case .pixelBuffer:
            preconditionFailure("the sniffer never reports a pixel buffer")
        }
        return finish(raw, format: format, orientation: orientation, options: options)
    }

    /// How many leading bytes `decodableFormat(of:)` needs: the HEIF `ftyp` box with its compatible brands.
    public static let sniffPrefixBytes = 64

    /// The format of file bytes as sniffed from their start (`sniffPrefixBytes` suffice), or `nil` when it is not one
    /// this decoder reads. Only the magic is looked at: the rest may still be damaged.
    public static func decodableFormat(of head: Data) -> ImageFormat? {
        head.withUnsafeBytes { try? FormatSniffer.sniff($0) }
    }

    /// Format, stored size and EXIF orientation of an image file without decoding its pixels. Reads the first
    /// `headerPrefixBytes` of the file (metadata segments sit in front of the image data), and the whole file only
    /// when the header runs past that.
    /// - Throws: the file errors of `decode(contentsOf:)`, `.empty`, `.unrecognizedFormat`, `.unsupported`,
    ///   `.truncated`/`.corrupt` when the header itself is damaged. Never `.tooLarge`: the caller decides.
    public static func readHeader(contentsOf url: URL, options: DecodeOptions = DecodeOptions()) throws -> ImageHeader {
        let head = try FileReading.read(path: url.path, maxBytes: options.maxFileBytes, prefix: headerPrefixBytes,
                                        name: url.relativePath)
        do {
            return try head.bytes.withUnsafeBytes { try readHeader(bytes: $0) }
        } catch ImageDecodingError.truncated where !head.complete {
            let bytes = try FileReading.read(contentsOf: url, maxBytes: options.maxFileBytes)
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
        case .heif:
            let size = try HEIFDecoding.header(bytes)
            return ImageHeader(format: .heif, width: size.width, height: size.height, orientation: 1)
        case .webp:
            let features = try WebPDecoding.features(bytes)
            // The EXIF chunk follows the image data; a header prefix that stops before it reads as truncated, so
            // `readHeader(contentsOf:)` reads the whole file.
            guard let orientation = WebPChunks.orientation(bytes) else {
                throw ImageDecodingError.truncated(format: .webp, detail: "data ends before the EXIF chunk")
            }
            return ImageHeader(format: .webp, width: Int(features.width), height: Int(features.height),
                               orientation: orientation)
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
