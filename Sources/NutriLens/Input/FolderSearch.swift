#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What a recursive walk of one folder found: the files to scan, the folders it could not open, and how much it looked
/// at, so a caller can tell "no images here" (and say what was searched) from "could not look".
public struct FolderSearch: Sendable, Equatable {
    /// A path below (or at) the searched folder that the walk could not look into, so what it holds is unknown: a
    /// folder it could not list, an entry it could not examine, or a symbolic link it could not follow that is not
    /// named like an image (a link named like one is kept in ``FolderSearch/files``, and scanning it reports
    /// `file_not_found`).
    public struct UnreadablePath: Sendable, Equatable {
        /// What the walk could not do at the path.
        public enum Kind: String, Sendable, Equatable {
            /// A folder that cannot be listed (`opendir` failed: permissions, an I/O error).
            case folder
            /// An entry of a listed folder whose type cannot be read (`lstat` failed: a folder that may be listed but
            /// not searched, without its `x` permission; an I/O error).
            case entry
            /// A symbolic link whose target cannot be reached (`stat` failed: a link to a moved or unmounted folder
            /// or file, a link loop, a target behind a folder without permission); it may have led to a folder.
            case link
        }

        /// The path as walked (starting with the folder the caller gave, as spelled).
        public var path: String
        /// What could not be done.
        public var kind: Kind
        /// The system's reason, e.g. "Permission denied", "No such file or directory".
        public var reason: String

        /// Creates a record of one path the walk could not look into.
        /// - Parameters:
        ///   - path: the path as walked, spelled from the folder the caller gave.
        ///   - kind: what could not be done there (list, examine, follow).
        ///   - reason: the system's wording of the failure (`strerror` of the call's `errno`).
        public init(path: String, kind: Kind, reason: String) {
            self.path = path
            self.kind = kind
            self.reason = reason
        }

        /// The problem in words, without the path: "the folder cannot be listed (Permission denied)", "cannot be
        /// examined (Permission denied)", "a symbolic link that cannot be followed (No such file or directory)".
        public var problem: String {
            switch kind {
            case .folder: return "the folder cannot be listed (\(reason))"
            case .entry: return "cannot be examined (\(reason))"
            case .link: return "a symbolic link that cannot be followed (\(reason))"
            }
        }
    }

    /// The folder searched, as the caller spelled it.
    public var folder: String
    /// Files to scan (see ``ImageFileDiscovery/imageFiles(under:)``), sorted by path, each file once.
    public var files: [URL]
    /// Paths (the searched folder or ones below it) whose content the walk could not see, sorted by path: folders
    /// it could not list, entries it could not examine, links it could not follow. Never dropped in silence: a
    /// caller reports each as it would an unreadable file.
    public var unreadablePaths: [UnreadablePath]
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
    /// listed (permissions, I/O error), an entry whose type cannot be read and a link not named like an image that
    /// cannot be followed (dangling, a loop, no permission on the way) are reported in
    /// ``FolderSearch/unreadablePaths``, never skipped in silence.
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
                            unreadablePaths: walk.unreadable.sorted { $0.path < $1.path },
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
    var unreadable: [FolderSearch.UnreadablePath] = []
    var foldersSearched = 0
    var entriesSeen = 0
    private var visited = Set<FileIdentity>()
    /// Links to folders met while listing, walked once the real folders are done.
    private var linkedFolders: [(path: String, identity: FileIdentity)] = []

    init(prefix: String) { self.prefix = prefix }

    mutating func run(root: String) {
        var info = stat()
        guard stat(root, &info) == 0 else {
            unreadable.append(.init(path: root, kind: .folder, reason: String(cString: strerror(errno))))
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
            unreadable.append(.init(path: path.isEmpty ? "/" : path, kind: .folder, reason: String(cString: strerror(errno))))
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
            guard lstat(child, &own) == 0 else {
                // Listed but not examinable (a folder with r but not x permission, an I/O error): it may be a folder.
                entriesSeen += 1
                unreadable.append(.init(path: child, kind: .entry, reason: String(cString: strerror(errno))))
                continue
            }
            let isLink = (own.st_mode & S_IFMT) == S_IFLNK
            guard stat(child, &target) == 0 else {
                // A link that cannot be followed: kept when named like an image so the scan reports it as that
                // file; otherwise it may have led to a folder of photos, so it is reported, not dropped.
                let reason = String(cString: strerror(errno))
                entriesSeen += 1
                if isLink, ImageFileDiscovery.hasImageExtension(name) {
                    found.append(Found(path: child, identity: nil, viaLink: true))
                } else {
                    unreadable.append(.init(path: child, kind: isLink ? .link : .entry, reason: reason))
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
