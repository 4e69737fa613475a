import NutriLensImageIO

/// Why an input produced no result, as it appears in `ScanResult.error`.
///
/// JSON: `{"type": "truncated", "message": "…"}`: `type` is ``kind``'s raw value, stable and machine-readable;
/// `message` is for people.
public struct ScanFailure: Codable, Sendable, Equatable {
    /// The class of failure; raw values are the JSON `type` strings.
    public enum Kind: String, Codable, Sendable, Equatable, CaseIterable {
        // Decoding (`ImageDecodingError`, NutriLensImageIO).
        /// `ImageDecodingError.fileNotFound`: no file at the path.
        case fileNotFound = "file_not_found"
        /// The file exists but cannot be read (permissions, a folder, an I/O error; also `ScanError.unreadable`).
        case unreadable
        /// `ImageDecodingError.empty`: the input has zero bytes.
        case empty
        /// `ImageDecodingError.fileTooLarge`: more bytes than `ScannerConfiguration.maxFileBytes`; not read.
        case fileTooLarge = "file_too_large"
        /// `ImageDecodingError.unrecognizedFormat`: the first bytes match no known image format.
        case unrecognizedFormat = "unrecognized_format"
        /// A ZIP, tar, 7z, RAR or compressed file (`ImageDecodingError.archive`, since session 21).
        case archive
        /// `ImageDecodingError.unsupported`: a format or format feature the decoders do not handle (GIF, 12-bit JPEG,
        /// …).
        case unsupported
        /// `ImageDecodingError.truncated`: the data ends before the image does.
        case truncated
        /// `ImageDecodingError.corrupt`: malformed data (bad marker, checksum, stream or header field).
        case corrupt
        /// `ImageDecodingError.tooLarge`: the header declares more pixels than `ScannerConfiguration.maxImagePixels`.
        case tooLarge = "too_large"
        /// `ImageDecodingError.invalidPixelBuffer`: a caller's pixel buffer does not match its declared geometry.
        case invalidPixelBuffer = "invalid_pixel_buffer"
        /// `ImageDecodingError.outOfMemory`: a decoder library could not allocate working memory.
        case outOfMemory = "out_of_memory"
        // The scan (`ScanError`).
        /// The scan was cancelled between stages.
        case cancelled
        /// A stage failed on this input (an image Tesseract cannot take, input over the parser's limits, …).
        case stageFailed = "stage_failed"
        /// A stage could not be set up.
        case setup
        /// An error no stage maps (a bug: please report it with the message).
        case `internal`

        /// The kind of a decoding error.
        init(_ error: ImageDecodingError) {
            switch error {
            case .fileNotFound: self = .fileNotFound
            case .unreadable: self = .unreadable
            case .empty: self = .empty
            case .fileTooLarge: self = .fileTooLarge
            case .unrecognizedFormat: self = .unrecognizedFormat
            case .archive: self = .archive
            case .unsupported: self = .unsupported
            case .truncated: self = .truncated
            case .corrupt: self = .corrupt
            case .tooLarge: self = .tooLarge
            case .invalidPixelBuffer: self = .invalidPixelBuffer
            case .outOfMemory: self = .outOfMemory
            }
        }
    }

    /// The class of failure, JSON `type` (its raw value).
    public var kind: Kind
    /// Human-readable explanation with what the user can do about it.
    public var message: String

    /// `kind`: the class of failure; `message`: one sentence for people, saying what to do about it where anything can
    /// be done.
    public init(_ kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case kind = "type", message
    }
}
