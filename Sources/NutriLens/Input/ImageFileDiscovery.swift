import Foundation

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

    /// Every file below `folder`, recursively, that is a JPEG/PNG by content or has an image extension
    /// (`imageExtensions`, case-insensitive), sorted by path; hidden files are skipped. A named-as-image file that is
    /// empty, text, another format, unreadable or a dangling symbolic link is kept, so scanning it reports why it
    /// failed (`empty`, `unrecognized_format`, `unsupported`, `unreadable`, `file_not_found`). Paths keep the folder
    /// as the caller spelled it (`TestImages/a.jpg`), so output names what the user typed. Linked folders are followed
    /// once, loop-safe; folders that cannot be listed are left out: ``search(folder:)`` reports them.
    public static func imageFiles(under folder: String) -> [URL] {
        search(folder: folder).files
    }

    /// Whether `name` ends in one of ``imageExtensions`` (case-insensitive).
    static func hasImageExtension(_ name: String) -> Bool {
        imageExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    /// True when the file starts with a JPEG SOI marker or the PNG signature.
    public static func isImageFile(_ url: URL) -> Bool {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return false }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 8)) ?? Data())
        return looksLikeImage(head)
    }

    /// True for a JPEG (`FF D8 FF`) or PNG (`89 50 4E 47 0D 0A 1A 0A`) signature.
    static func looksLikeImage(_ head: [UInt8]) -> Bool {
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return true }
        return head.count >= 8 && head[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }
}
