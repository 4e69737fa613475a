#if canImport(Glibc)
import Glibc

// malloc.h is not part of the Glibc module; both take and return scalars only, so these declarations match the C ABI.
@_silgen_name("malloc_info") private func glibcMallocInfo(_ options: Int32, _ stream: UnsafeMutablePointer<FILE>) -> Int32
@_silgen_name("malloc_trim") private func glibcMallocTrim(_ pad: Int) -> Int32
#endif

/// The C heap as glibc sees it, to tell a leak from allocator high-water marks: RSS only ever shows what the arenas
/// hold from the kernel (freed memory stays in them), while `inUseBytes` is what is allocated and not yet freed —
/// a leak raises it scan after scan, a larger image only raises the arenas' size once.
struct HeapStatistics {
    /// Bytes held from the kernel by all arenas (`<system type="current">`) plus mmapped chunks.
    var systemBytes: Int
    /// Bytes allocated and not freed: arena bytes minus free chunks (fast bins, bins and the top chunk), plus
    /// mmapped chunks (always in use).
    var inUseBytes: Int

    /// Parsed from `malloc_info(3)`'s summary lines; nil off glibc or when the call fails.
    static func current() -> HeapStatistics? {
        #if canImport(Glibc)
        var buffer: UnsafeMutablePointer<CChar>?
        var size = 0
        guard let stream = open_memstream(&buffer, &size) else { return nil }
        let status = glibcMallocInfo(0, stream)
        fclose(stream)
        guard let buffer else { return nil }
        defer { free(buffer) }
        guard status == 0 else { return nil }
        return parse(String(cString: buffer))
        #else
        return nil
        #endif
    }

    /// The totals after the last `</heap>`: `<total type="fast|rest|mmap" count=".." size=".."/>` and
    /// `<system type="current" size=".."/>`.
    static func parse(_ xml: String) -> HeapStatistics? {
        guard let tail = xml.range(of: "</heap>", options: .backwards).map({ xml[$0.upperBound...] }) else { return nil }
        func size(_ tag: String) -> Int? {
            guard let r = tail.range(of: tag) else { return nil }
            let rest = tail[r.upperBound...]
            guard let s = rest.range(of: "size=\"") else { return nil }
            return Int(rest[s.upperBound...].prefix { $0.isNumber })
        }
        guard let fast = size("<total type=\"fast\""), let rest = size("<total type=\"rest\""),
              let mmap = size("<total type=\"mmap\""), let system = size("<system type=\"current\"") else { return nil }
        return HeapStatistics(systemBytes: system + mmap, inUseBytes: system - fast - rest + mmap)
    }

    /// Returns free memory at the top of every arena (and free pages inside them) to the kernel, so an RSS sample
    /// taken right after shows what is in use rather than what the arenas once needed.
    static func trim() {
        #if canImport(Glibc)
        _ = glibcMallocTrim(0)
        #endif
    }
}
