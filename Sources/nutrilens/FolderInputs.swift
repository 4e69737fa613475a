import Foundation
import NutriLens

/// The positional paths of `scan` expanded: folders searched (``ImageFileDiscovery/search(folder:)``), anything else
/// kept as a file (a missing one is then reported as `file_not_found`).
struct FolderInputs {
    /// Files to scan, folder contents in path order, in the order the paths were given.
    var urls: [URL] = []
    /// Folders given that hold no image and could be listed: reported with what was searched, exit status 1.
    var emptyFolders: [FolderSearch] = []
    /// Paths (folders given, or below one given) whose content could not be seen (``FolderSearch/unreadablePaths``):
    /// each reported like an unreadable file.
    var unreadablePaths: [FolderSearch.UnreadablePath] = []

    init(_ paths: [String]) {
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                urls.append(URL(fileURLWithPath: path))
                continue
            }
            let search = ImageFileDiscovery.search(folder: path)
            urls += search.files
            unreadablePaths += search.unreadablePaths
            if search.files.isEmpty, search.unreadablePaths.isEmpty { emptyFolders.append(search) }
        }
    }

    /// "no images in 'photos/': searched 2 folders recursively and 3 files, none of them an image (an image is a
    /// JPEG/PNG/HEIC/WebP by content or a file named .avif .bmp …; hidden files are skipped)".
    static func noImagesMessage(_ search: FolderSearch) -> String {
        let folders = "\(search.foldersSearched) folder\(search.foldersSearched == 1 ? "" : "s")"
        let entries = search.entriesSeen == 0 ? "found no file"
            : "\(search.entriesSeen) file\(search.entriesSeen == 1 ? "" : "s"), none of them an image"
        let names = ImageFileDiscovery.imageExtensions.sorted().map { "." + $0 }.joined(separator: " ")
        return "no images in '\(search.folder)': searched \(folders) recursively and \(entries) "
            + "(an image is a JPEG/PNG/HEIC/WebP by content or a file named \(names); hidden files are skipped)"
    }

    /// The batch result of a path whose content could not be seen (a folder that cannot be listed, a link that cannot
    /// be followed): `unreadable`, like a file that cannot be read.
    static func result(for unreadable: FolderSearch.UnreadablePath) -> ScanResult {
        ScanResult(path: unreadable.path,
                   error: ScanError.unreadable(path: unreadable.path, reason: unreadable.problem).failure)
    }
}
