#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads files with POSIX calls, so each failure maps to a precise `ImageDecodingError` (missing file,
/// permission, directory, size over the limit) and a regular file's size is checked before a byte is read. Public so
/// that other inputs (the OCR text files of `NutritionTextReader`) fail with the same typed kinds as images.
public enum FileReading {
    /// The whole file at `path`, at most `maxBytes` bytes.
    /// - Throws: `ImageDecodingError.fileNotFound` (no such file), `.unreadable` (permissions, a directory: reason
    ///   `is a directory`, an I/O error), `.fileTooLarge` (over `maxBytes`; nothing more is read).
    public static func read(path: String, maxBytes: Int) throws -> [UInt8] {
        try read(path: path, maxBytes: maxBytes, prefix: nil).bytes
    }

    /// The whole file, or with `prefix` only its first `prefix` bytes (plus whether that is all of it).
    /// - Throws: `.fileNotFound`, `.unreadable`, `.fileTooLarge` (only when reading the whole file).
    static func read(path: String, maxBytes: Int, prefix: Int?) throws -> (bytes: [UInt8], complete: Bool) {
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
        if prefix == nil && size > maxBytes { throw ImageDecodingError.fileTooLarge(bytes: size, limit: maxBytes) }
        // Pipes and devices report size 0, so the loop does not trust st_size: it reads up to one byte past what
        // is wanted, which tells "exactly that long" from "longer".
        let wanted = min(prefix ?? maxBytes, maxBytes)
        var bytes = [UInt8]()
        bytes.reserveCapacity(min(size > 0 ? size : 1 << 16, wanted + 1))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= wanted {
            let ask = min(chunk.count, wanted + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, ask) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ImageDecodingError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { return (bytes, true) }
            bytes.append(contentsOf: chunk[0..<n])
        }
        if prefix == nil { throw ImageDecodingError.fileTooLarge(bytes: max(size, bytes.count), limit: maxBytes) }
        bytes.removeLast()
        return (bytes, false)
    }
}

#if canImport(Glibc)
private let posixRead = Glibc.read
#else
private let posixRead = Darwin.read
#endif
