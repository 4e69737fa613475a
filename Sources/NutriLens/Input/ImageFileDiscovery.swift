import Foundation

/// Expands command-line style paths into the list of files to scan.
public enum ImageFileDiscovery {
    /// Files named explicitly are kept as given (so a bad one is reported, not silently dropped); folders are walked
    /// recursively and contribute only files whose first bytes are a JPEG (`FF D8 FF`) or PNG signature, sorted by path
    /// so runs are reproducible. Missing paths are kept too: scanning them reports `unreadable`.
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

    /// Every JPEG/PNG (by content) below `folder`, recursively, sorted by path; hidden files are skipped. Paths keep the
    /// folder as the caller spelled it (`TestImages/a.jpg`), so output names what the user typed.
    public static func imageFiles(under folder: String) -> [URL] {
        let root = URL(fileURLWithPath: folder, isDirectory: true)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey],
                                                          options: [.skipsHiddenFiles]) else { return [] }
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var files: [String] = []
        for case let url as URL in walker {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true, isImageFile(url) else { continue }
            let full = url.standardizedFileURL.resolvingSymlinksInPath().path
            files.append(full.hasPrefix(base + "/") ? prefix + full.dropFirst(base.count + 1) : full)
        }
        return files.sorted().map { URL(fileURLWithPath: $0) }
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
