import Foundation
import NutriLensImageIO

/// Expands command-line style paths into the list of files to scan.
public enum ImageFileDiscovery {
    /// File name extensions (lower case) that mark a file as a photo a user meant to scan, whatever its content:
    /// the formats NutriLens decodes (JPEG, PNG, HEIC/HEIF, WebP) plus ones people commonly drop in a folder (GIF, AVIF,
    /// TIFF, BMP), so a file the decoder cannot read is reported with its typed error instead of silently skipped.
    public static let imageExtensions: Set<String> = ["jpg", "jpeg", "jpe", "png", "gif", "webp", "heic", "heif", "avif", "tif", "tiff", "bmp"]

    /// Files named explicitly are kept as given (so a bad one is reported, not silently dropped); folders are walked
    /// recursively (see `imageFiles(under:)`). Missing paths are kept too: scanning them reports `file_not_found`.
    public static func expand(_ paths: [String]) -> [URL] {
        var out: [URL] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                out += imageFiles(under: path)
            } else {
                out.append(URL(fileURLWithPath: path))
            }
        }
        return out
    }

    /// Every file below `folder`, recursively, that is a JPEG/PNG/HEIC/WebP by content or has an image extension
    /// (`imageExtensions`, case-insensitive), sorted by path; hidden files are skipped. A named-as-image file that is
    /// empty, text, another format, unreadable or a dangling symbolic link is kept, so scanning it reports why it
    /// failed (`empty`, `unrecognized_format`, `unsupported`, `unreadable`, `file_not_found`). Paths keep the folder
    /// as the caller spelled it (`TestImages/a.jpg`), so output names what the user typed. Linked folders are followed
    /// once, loop-safe; folders that cannot be listed, entries that cannot be examined and links not named like an
    /// image that cannot be followed are left out: ``search(folder:)`` reports them.
    public static func imageFiles(under folder: String) -> [URL] {
        search(folder: folder).files
    }

    /// Whether `name` ends in one of ``imageExtensions`` (case-insensitive).
    static func hasImageExtension(_ name: String) -> Bool {
        imageExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// True when the file's first bytes are those of a format `ImageDecoder` decodes (JPEG, PNG, HEIF/HEIC, WebP).
    public static func isImageFile(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: ImageDecoder.sniffPrefixBytes)) ?? Data()
        return ImageDecoder.decodableFormat(of: head) != nil
    }
}
