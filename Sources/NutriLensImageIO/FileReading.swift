#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file with POSIX calls, so each failure maps to a precise `ImageDecodingError` (missing file,
/// permission, directory, size over the limit) and the size is checked before a byte is read.
enum FileReading {
    static func read(path: String, maxBytes: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw ImageDecodingError.fileNotFound(path: path) }
            throw ImageDecodingError.unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw ImageDecodingError.unreadable(path: path, reason: String(cString: strerror(errno)))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw ImageDecodingError.unreadable(path: path, reason: "is a directory")
        }
        let size = Int(info.st_size)
        if size > maxBytes { throw ImageDecodingError.fileTooLarge(bytes: size, limit: maxBytes) }
        if size == 0 && (info.st_mode & S_IFMT) == S_IFREG { return [] }
        // Regular files report their size; pipes and devices report 0 and are read in chunks up to the limit.
        var bytes = [UInt8]()
        bytes.reserveCapacity(size > 0 ? size : 1 << 16)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ImageDecodingError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > maxBytes { throw ImageDecodingError.fileTooLarge(bytes: bytes.count, limit: maxBytes) }
        }
        return bytes
    }
}

#if canImport(Glibc)
private let posixRead = Glibc.read
#else
private let posixRead = Darwin.read
#endif
