import Foundation
import NutriLensImaging

/// One thing to scan: a file, encoded bytes, or pixels an app already has (camera frames).
public enum ScanInput: Sendable {
    /// A JPEG, PNG, HEIC or WebP file; the format is sniffed from its bytes, not its extension.
    case file(URL)
    /// JPEG, PNG, HEIC or WebP bytes; `name` becomes `ScanResult.path` (may be `nil`).
    case data(Data, name: String?)
    /// Decoded, upright pixels; `name` becomes `ScanResult.path` (may be `nil`).
    case image(DecodedImage, name: String?)

    /// What `ScanResult.path` reports for this input.
    public var path: String? {
        switch self {
        case .file(let url): return url.isFileURL ? url.relativePath : url.absoluteString
        case .data(_, let name), .image(_, let name): return name
        }
    }
}
