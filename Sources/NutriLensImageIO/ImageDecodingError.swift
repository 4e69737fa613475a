/// Why a photo could not be decoded. Each case carries what a user needs to act on it; `typeName` is a stable
/// snake_case identifier for machine-readable output (the CLI's JSON `error.type`).
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at `path`.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (permissions, a directory, an I/O error); `reason` is the system's word.
    case unreadable(path: String, reason: String)
    /// The input has zero bytes.
    case empty
    /// The file is bigger than `DecodeOptions.maxFileBytes` (`bytes` and `limit` in bytes); it was not read.
    case fileTooLarge(bytes: Int, limit: Int)
    /// The first bytes match no image format we know; `magic` is their hex dump (up to 8 bytes).
    case unrecognizedFormat(magic: String)
    /// The file is an archive or a compressed file, not an image: `format` is `ZIP`, `tar`, `gzip`, `bzip2`, `xz`,
    /// `Zstandard`, `7z` or `RAR` (``FormatSniffer`` names the signatures). Its content is not looked into: unpack it
    /// and scan the folder. Since session 21; before, `unrecognizedFormat` said to convert it to JPEG or PNG.
    case archive(format: String)
    /// A known format (or a feature of JPEG/PNG/HEIF/WebP) that this decoder does not handle, e.g. `format: "GIF"` or
    /// `format: "JPEG", detail: "Unsupported JPEG data precision 12"`.
    case unsupported(format: String, detail: String)
    /// The data ends before the image does (an interrupted download or copy).
    case truncated(format: ImageFormat, detail: String)
    /// The data is malformed (bad marker, checksum, compressed stream or header field).
    case corrupt(format: ImageFormat, detail: String)
    /// The header declares `width` x `height` pixels, more than `limit` (`DecodeOptions.maxPixels`); nothing was
    /// allocated for the pixels.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// A caller-supplied pixel buffer does not match its declared geometry.
    case invalidPixelBuffer(detail: String)
    /// The C library could not allocate working memory.
    case outOfMemory(detail: String)

    /// Stable snake_case name of the case, for JSON `error.type`: `file_not_found`, `unreadable`, `empty`,
    /// `file_too_large`, `unrecognized_format`, `archive`, `unsupported`, `truncated`, `corrupt`, `too_large`,
    /// `invalid_pixel_buffer`, `out_of_memory`.
    public var typeName: String {
        switch self {
        case .fileNotFound: return "file_not_found"
        case .unreadable: return "unreadable"
        case .empty: return "empty"
        case .fileTooLarge: return "file_too_large"
        case .unrecognizedFormat: return "unrecognized_format"
        case .archive: return "archive"
        case .unsupported: return "unsupported"
        case .truncated: return "truncated"
        case .corrupt: return "corrupt"
        case .tooLarge: return "too_large"
        case .invalidPixelBuffer: return "invalid_pixel_buffer"
        case .outOfMemory: return "out_of_memory"
        }
    }

    /// Why a file could not be read, without its path, for callers that name the file themselves (a sidecar, a
    /// `--files-from` list): `no such file` for ``fileNotFound(path:)``, the system's `reason` for
    /// ``unreadable(path:reason:)`` (`is a directory`, `Permission denied`), ``description`` for any other case.
    public var readFailureReason: String {
        switch self {
        case .fileNotFound: return "no such file"
        case .unreadable(_, let reason): return reason
        default: return description
        }
    }

    /// One sentence saying what went wrong and what to do about it.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            return "no such file: \(path)"
        case .unreadable(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .empty:
            return "the input is empty (0 bytes); re-export or re-download the image"
        case .fileTooLarge(let bytes, let limit):
            return "file is \(bytes) bytes, over the \(limit)-byte limit; raise DecodeOptions.maxFileBytes if it is genuine"
        case .unrecognizedFormat(let magic):
            return "not a JPEG, PNG, HEIC or WebP image (first bytes \(magic)); convert it to JPEG or PNG"
        case .archive(let format):
            return "an archive (\(format)), not an image: unpack it and scan the folder"
        case .unsupported(let format, let detail):
            return "\(format) is not supported\(detail.isEmpty ? "" : ": \(detail)"); convert it to 8-bit JPEG or PNG"
        case .truncated(let format, let detail):
            return "\(format.displayName) data ends early (\(detail)); the file is incomplete, copy or download it again"
        case .corrupt(let format, let detail):
            return "\(format.displayName) data is corrupt: \(detail)"
        case .tooLarge(let width, let height, let limit):
            return "image is \(width)x\(height) = \(width * height) pixels, over the \(limit)-pixel limit; "
                + "downscale it or raise DecodeOptions.maxPixels"
        case .invalidPixelBuffer(let detail):
            return "invalid pixel buffer: \(detail)"
        case .outOfMemory(let detail):
            return "out of memory while decoding: \(detail)"
        }
    }
}
