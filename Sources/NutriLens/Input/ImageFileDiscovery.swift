import Foundation
import NutriLensImageIO

/// Expands command-line style paths into the list of files to scan.
public enum ImageFileDiscovery {
    /// File name extensions (lower case) that mark a file as a photo a user meant to scan, whatever its content:
    /// the formats NutriLens decodes (JPEG, PNG) plus ones people commonly drop in a folder (GIF, WebP, HEIC/HEIF, AVIF, TIFF,
    /// BMP), so a file the decoder cannot read is reported with its typed error instead of silently skipped.
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
    /// as the caller spelled it (`TestImages/a.jpg`), so output names what the user typed.
    public static func imageFiles(under folder: String) -> [URL] {
        let root = URL(fileURLWithPath: folder, isDirectory: true)
        let keys: [URLResourceKey] = [.isRegularFileKey, .isSymbolicLinkKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys,
                                                          options: [.skipsHiddenFiles]) else { return [] }
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var files: [String] = []
        for case let url as URL in walker where shouldScan(url) {
            // A dangling link cannot be resolved; keep its own path so the report names what is in the folder.
            let resolved = url.standardizedFileURL.resolvingSymlinksInPath().path
            let full = FileManager.default.fileExists(atPath: resolved) ? resolved : url.standardizedFileURL.path
            files.append(full.hasPrefix(base + "/") ? prefix + full.dropFirst(base.count + 1) : full)
        }
        return files.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// Whether a walked folder entry is a scan input: a regular file (or a link to one) that has an image extension or
    /// starts like a decodable image, or a dangling link with an image extension. Folders and devices are not.
    static func shouldScan(_ url: URL) -> Bool {
        let hasImageExtension = imageExtensions.contains(url.pathExtension.lowercased())
        var isDirectory: ObjCBool = false
        // fileExists follows symbolic links: false here with the entry listed means a dangling link.
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            let isLink = (try? url.resourceValues(forKeys: [.isSymbolicLinkKey]))?.isSymbolicLink == true
            return isLink && hasImageExtension
        }
        guard !isDirectory.boolValue else { return false }
        let isRegular = (try? url.resolvingSymlinksInPath().resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true
        return isRegular && (hasImageExtension || isImageFile(url))
    }

    /// True when the file's first bytes are those of a format `ImageDecoder` decodes (JPEG, PNG, HEIF/HEIC, WebP).
    public static func isImageFile(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = (try? handle.read(upToCount: ImageDecoder.sniffPrefixBytes)) ?? Data()
        return ImageDecoder.decodableFormat(of: head) != nil
    }
}
