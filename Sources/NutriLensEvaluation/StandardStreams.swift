#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// POSIX writes to the standard descriptors, shared by the `nutrilens` CLI and `nutrilens-bench` (the library never
/// writes to them): a failed write is an `errno` the tool reports, never `FileHandle.write`'s crash, and a descriptor
/// the shell closed (`>&-`) stays unusable instead of being handed to the next file the tool opens.
public enum StandardStreams {
    /// Takes each of descriptors 0, 1 and 2 that is closed with `/dev/null` opened the other way round (0 write-only,
    /// 1 and 2 read-only), so a read or write on it still fails with `EBADF` as on the closed descriptor, while no file
    /// the tool opens later can land on it. Without this, `nutrilens scan --trace t.txt x.jpg >&-` wrote its results
    /// into t.txt (the trace file got descriptor 1) and exited 0, and without `--trace` its first write to stdout failed
    /// with whatever else had been opened there (`Invalid argument`). Call first thing in `main`.
    public static func reserveClosedDescriptors() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            // `open` returns the lowest free descriptor, which is this one: those below it are open or taken.
            let taken = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
            if taken >= 0 && taken != descriptor { close(taken) }
        }
    }

    /// Writes all of `text`'s UTF-8 bytes to `descriptor`, retrying partial writes and `EINTR`: 0, or the `errno` of
    /// the write that failed (`ENOSPC` on a full disk, `EBADF` on a closed stdout, `EPIPE` on a closed pipe while
    /// SIGPIPE is ignored).
    public static func write(_ descriptor: Int32, _ text: String) -> Int32 {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { posixWrite(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            bytes = bytes.dropFirst(written)
        }
        return 0
    }
}

#if canImport(Glibc)
private let posixWrite = Glibc.write
#else
private let posixWrite = Darwin.write
#endif
