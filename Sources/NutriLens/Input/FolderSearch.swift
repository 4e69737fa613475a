#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a recursive walk of one folder found: the files to scan, the folders it could not open, and how much it looked
/// at, so a caller can tell "no images here" (and say what was searched) from "could not look".
public struct FolderSearch: Sendable, Equatable {
    /// A folder the walk could not list.
    public struct UnreadableFolder: Sendable, Equatable {
        /// The folder's path as walked (starting with the folder the caller gave, as spelled).
        public var path: String
        /// The system's reason, e.g. "Permission denied".
        public var reason: String
    }

    /// The folder searched, as the caller spelled it.
    public var folder: String
    /// Files to scan (see ``ImageFileDiscovery/imageFiles(under:)``), sorted by path, each file once.
    public var files: [URL]
    /// Folders (the searched one or one below it) that could not be listed, sorted by path.
    public var unreadableFolders: [UnreadableFolder]
    /// Folders listed, the searched one included.
    public var foldersSearched: Int
    /// Entries other than folders seen in them (files of any kind, links, devices), hidden ones excluded.
    public var entriesSeen: Int
}

extension ImageFileDiscovery {
    /// Walks `folder` recursively and returns what it holds to scan, in the order and with the paths of
    /// ``imageFiles(under:)``. Symbolic links to folders are followed, each folder is listed once however many links
    /// lead to it (a link loop ends, and a folder reached both directly and through a link is not scanned twice: the
    /// direct path wins); a file reached under two paths (a link to a file in the tree, a hard link) is listed once,
    /// under its first non-link path. Hidden entries (names starting with ".") are skipped. A folder that cannot be
    /// listed (permissions, I/O error) is reported in ``FolderSearch/unreadableFolders``, never skipped in silence.
    public static func search(folder: String) -> FolderSearch {
        var walk = FolderWalk(prefix: folder.hasSuffix("/") ? folder : folder + "/")
        walk.run(root: folder)
        var seenFiles = Set<FileIdentity>()
        var files: [String] = []
        // Real paths first, so a link to a file already in the tree is the one dropped.
        for found in walk.found.sorted(by: { ($0.viaLink ? 1 : 0, $0.path) < ($1.viaLink ? 1 : 0, $1.path) }) {
            if let id = found.identity {
                guard seenFiles.insert(id).inserted else { continue }
            }
            files.append(found.path)
        }
        return FolderSearch(folder: folder, files: files.sorted().map { URL(fileURLWithPath: $0) },
                            unreadableFolders: walk.unreadable.sorted { $0.path < $1.path },
                            foldersSearched: walk.foldersSearched, entriesSeen: walk.entriesSeen)
    }
}

/// Device and inode: what makes two paths the same file or folder.
struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// The state of one ``ImageFileDiscovery/search(folder:)``: folders are listed physically first and symbolic links to
/// folders queued, then the queued links are walked while their targets are new, so real paths win over linked ones.
private struct FolderWalk {
    struct Found {
        var path: String
        /// `nil` for a dangling link (kept so scanning it reports `file_not_found`).
        var identity: FileIdentity?
        var viaLink: Bool
    }

    /// The caller's folder with a trailing "/": walked paths are this plus the path below it.
    let prefix: String
    var found: [Found] = []
    var unreadable: [FolderSearch.UnreadableFolder] = []
    var foldersSearched = 0
    var entriesSeen = 0
    private var visited = Set<FileIdentity>()
    /// Links to folders met while listing, walked once the real folders are done.
    private var linkedFolders: [(path: String, identity: FileIdentity)] = []

    init(prefix: String) { self.prefix = prefix }

    mutating func run(root: String) {
        var info = stat()
        guard stat(root, &info) == 0 else {
            unreadable.append(.init(path: root, reason: String(cString: strerror(errno))))
            return
        }
        visited.insert(FileIdentity(info))
        // Walked paths start with the folder as the caller spelled it ("TestImages/a.jpg").
        list(String(prefix.dropLast()), viaLink: false)
        while !linkedFolders.isEmpty {
            let link = linkedFolders.removeFirst()
            guard visited.insert(link.identity).inserted else { continue }
            list(link.path, viaLink: true)
        }
    }

    private mutating func list(_ path: String, viaLink: Bool) {
        guard let dir = opendir(path.isEmpty ? "/" : path) else {
            unreadable.append(.init(path: path.isEmpty ? "/" : path, reason: String(cString: strerror(errno))))
            return
        }
        defer { closedir(dir) }
        foldersSearched += 1
        var names: [String] = []
        while let entry = readdir(dir) {
            var raw = entry.pointee.d_name
            let name = withUnsafeBytes(of: &raw) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if !name.hasPrefix(".") { names.append(name) }
        }
        for name in names.sorted() {
            let child = path + "/" + name
            var own = stat(), target = stat()
            guard lstat(child, &own) == 0 else { continue }
            let isLink = (own.st_mode & S_IFMT) == S_IFLNK
            guard stat(child, &target) == 0 else {
                // A dangling link: kept when named like an image so the scan reports it.
                entriesSeen += 1
                if isLink, ImageFileDiscovery.hasImageExtension(name) {
                    found.append(Found(path: child, identity: nil, viaLink: true))
                }
                continue
            }
            switch target.st_mode & S_IFMT {
            case S_IFDIR:
                if isLink {
                    linkedFolders.append((child, FileIdentity(target)))
                } else if visited.insert(FileIdentity(target)).inserted {
                    list(child, viaLink: viaLink)
                }
            case S_IFREG:
                entriesSeen += 1
                if ImageFileDiscovery.hasImageExtension(name) || ImageFileDiscovery.isImageFile(URL(fileURLWithPath: child)) {
                    found.append(Found(path: child, identity: FileIdentity(target), viaLink: viaLink || isLink))
                }
            default:
                entriesSeen += 1  // devices, sockets, FIFOs: never scanned
            }
        }
    }
}
