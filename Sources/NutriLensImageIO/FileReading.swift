#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads files with POSIX calls, so each failure maps to a precise `ImageDecodingError` (missing file,
/// permission, directory, size over the limit) and a regular file's size is checked before a byte is read. Public so
/// that other inputs (the OCR text files of `NutritionTextReader`, the JSON files of the evaluation, the CLI's
/// `--files-from` and `--skip-done` lists) fail with the same typed kinds as images.
///
/// Errors name the file as it was given: `name` when a caller passes one, else `path`. ``read(contentsOf:maxBytes:)``
/// opens a file URL's absolute `path` and names its `relativePath` (what the user typed), so a message says
/// `no such file: photos/x.jpg`, not the working folder joined to it (session 21).
public enum FileReading {
    /// The whole file at `path`, at most `maxBytes` bytes.
    /// - Throws: `ImageDecodingError.fileNotFound` (no such file), `.unreadable` (permissions, a directory: reason
    ///   `is a directory`, an I/O error), `.fileTooLarge` (over `maxBytes`; nothing more is read).
    public static func read(path: String, maxBytes: Int) throws -> [UInt8] {
        try read(path: path, maxBytes: maxBytes, prefix: nil).bytes
    }

    /// The whole file at a file URL, at most `maxBytes` bytes; errors name `url.relativePath` (the path as given).
    /// - Throws: as ``read(path:maxBytes:)``.
    public static func read(contentsOf url: URL, maxBytes: Int) throws -> [UInt8] {
        try read(path: url.path, maxBytes: maxBytes, prefix: nil, name: url.relativePath).bytes
    }

    /// The whole file, or with `prefix` only its first `prefix` bytes (plus whether that is all of it). Errors name
    /// `name` (default `path`).
    /// - Throws: `.fileNotFound`, `.unreadable`, `.fileTooLarge` (only when reading the whole file).
    static func read(path: String, maxBytes: Int, prefix: Int?, name: String? = nil) throws
        -> (bytes: [UInt8], complete: Bool)
    {
        let name = name ?? path
        let (fd, size) = try open(path, name: name)
        defer { close(fd) }
        if prefix == nil && size > maxBytes { throw ImageDecodingError.fileTooLarge(bytes: size, limit: maxBytes) }
        // Pipes and devices report size 0, so the loop does not trust st_size: it reads up to one byte past what
        // is wanted, which tells "exactly that long" from "longer".
        let wanted = min(prefix ?? maxBytes, maxBytes)
        var bytes = [UInt8]()
        bytes.reserveCapacity(min(size > 0 ? size : 1 << 16, wanted + 1))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= wanted {
            let n = try readChunk(fd, into: &chunk, count: min(chunk.count, wanted + 1 - bytes.count), name: name)
            if n == 0 { return (bytes, true) }
            bytes.append(contentsOf: chunk[0..<n])
        }
        if prefix == nil { throw ImageDecodingError.fileTooLarge(bytes: max(size, bytes.count), limit: maxBytes) }
        bytes.removeLast()
        return (bytes, false)
    }

    /// How a file read line by line ended: its length and where its last complete line ends.
    public struct LineEnd: Sendable, Equatable {
        /// Bytes read, all of the file.
        public var bytes: Int
        /// Bytes up to and including the last `\n` (0 when there is none); `bytes - completeBytes` is the length of
        /// a last line without its newline (a writer killed mid-line).
        public var completeBytes: Int
    }

    /// Reads the file at `path` (or standard input, when `descriptor` is given) in 64 KiB chunks and calls `body` with
    /// each line, without its `\n`, and whether the line ended with one (only a last line may not). Holds one line at
    /// a time, so a file of any size can be read: a `--skip-done` results file of a million-photo batch is 1-2 GB.
    /// Errors name `name` (default `path`).
    /// - Parameter maxLineBytes: longest line accepted, in bytes (`> 0`); a longer one stops the read.
    /// - Throws: `ImageDecodingError.fileNotFound`, `.unreadable` (permissions, a directory: `is a directory`, an I/O
    ///   error; a line over the limit: `line N is over the L-byte limit`), or what `body` throws.
    public static func forEachLine(path: String, name: String? = nil, descriptor: Int32? = nil, maxLineBytes: Int,
                                   _ body: (_ line: ArraySlice<UInt8>, _ terminated: Bool) throws -> Void) throws
        -> LineEnd
    {
        let name = name ?? path
        let fd: Int32
        if let descriptor { fd = descriptor } else { fd = try open(path, name: name).fd }
        defer { if descriptor == nil { close(fd) } }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var line: [UInt8] = []
        var end = LineEnd(bytes: 0, completeBytes: 0)
        var lineNumber = 1
        func overLimit() -> ImageDecodingError {
            .unreadable(path: name, reason: "line \(lineNumber) is over the \(maxLineBytes)-byte limit")
        }
        while true {
            let n = try readChunk(fd, into: &chunk, count: chunk.count, name: name)
            if n == 0 { break }
            var start = 0
            while let newline = chunk[start..<n].firstIndex(of: UInt8(ascii: "\n")) {
                let piece = chunk[start..<newline]
                guard line.count + piece.count <= maxLineBytes else { throw overLimit() }
                if line.isEmpty { try body(piece, true) } else {
                    line.append(contentsOf: piece)
                    try body(line[...], true)
                    line.removeAll(keepingCapacity: true)
                }
                start = newline + 1
                lineNumber += 1
                end.completeBytes = end.bytes + start
            }
            guard line.count + (n - start) <= maxLineBytes else { throw overLimit() }
            line.append(contentsOf: chunk[start..<n])
            end.bytes += n
        }
        if !line.isEmpty { try body(line[...], false) }
        return end
    }

    /// Opens `path` for reading and checks it is not a folder; returns the descriptor and the size `fstat` reports.
    /// - Throws: `.fileNotFound` (`ENOENT`, `ENOTDIR`), `.unreadable` naming `name`.
    private static func open(_ path: String, name: String) throws -> (fd: Int32, size: Int) {
        let fd = posixOpen(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw ImageDecodingError.fileNotFound(path: name) }
            throw ImageDecodingError.unreadable(path: name, reason: String(cString: strerror(code)))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw ImageDecodingError.unreadable(path: name, reason: reason)
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw ImageDecodingError.unreadable(path: name, reason: "is a directory")
        }
        return (fd, Int(info.st_size))
    }

    /// One `read` of at most `count` bytes into `chunk` (retried on `EINTR`); 0 at the end of the file.
    private static func readChunk(_ fd: Int32, into chunk: inout [UInt8], count: Int, name: String) throws -> Int {
        while true {
            let n = chunk.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress, count) }
            if n >= 0 { return n }
            if errno != EINTR { throw ImageDecodingError.unreadable(path: name, reason: String(cString: strerror(errno))) }
        }
    }
}

#if canImport(Glibc)
private let posixRead = Glibc.read
/// `open(2)` without a mode (the name `open` is ``FileReading``'s own inside it).
private func posixOpen(_ path: String, _ flags: Int32) -> Int32 { Glibc.open(path, flags) }
#else
private let posixRead = Darwin.read
/// `open(2)` without a mode (the name `open` is ``FileReading``'s own inside it).
private func posixOpen(_ path: String, _ flags: Int32) -> Int32 { Darwin.open(path, flags) }
#endif
