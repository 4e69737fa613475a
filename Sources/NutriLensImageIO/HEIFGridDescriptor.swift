/// The canvas size a HEIF `grid` item declares in its descriptor, read in Swift before libheif decodes.
///
/// Why: libheif allocates a grid's canvas from this descriptor and checks only the container's `ispe` against its
/// limits; a crafted 812-byte HEIC with `ispe` 48 x 64 and a 12288 x 16384 grid made it allocate 604 MB (found by the
/// `heif` fuzz target). libheif 1.15's API does not expose the descriptor, so the boxes are walked here.
///
/// Syntax: ISO/IEC 14496-12 §8.11.3 (`iloc`), §8.11.6 (`iinf`/`infe` version 2-3), §8.11.11 (`idat`); ISO/IEC
/// 23008-12 §6.6.2.3 (`ImageGrid`: version, flags, rows - 1, columns - 1, output width and height, 16 or 32 bits).
/// Every read is bounds-checked; anything malformed gives `nil` (libheif then reports the file).
enum HEIFGridDescriptor {
    /// Output width and height of item `item` when it is a `grid` item whose descriptor can be read, else `nil`.
    static func outputSize(_ bytes: UnsafeRawBufferPointer, item: Int) -> (width: Int, height: Int)? {
        let reader = BoxReader(bytes: bytes)
        guard let meta = reader.child("meta", in: 0..<bytes.count) else { return nil }
        let children = (meta.lowerBound + 4)..<meta.upperBound  // FullBox header
        guard let iinf = reader.child("iinf", in: children), reader.itemType(item, iinf: iinf) == "grid",
              let iloc = reader.child("iloc", in: children),
              let (method, offset) = reader.firstExtent(item, iloc: iloc) else { return nil }
        var start = offset
        if method == 1 {
            guard let idat = reader.child("idat", in: children) else { return nil }
            start += idat.lowerBound
        } else if method != 0 {
            return nil
        }
        guard let flags = reader.u(start + 1, 1) else { return nil }
        let size = flags & 1 == 0 ? 2 : 4
        guard let width = reader.u(start + 4, size), let height = reader.u(start + 4 + size, size) else { return nil }
        return (width, height)
    }

    /// Bounds-checked big-endian reads and box walks over the file bytes.
    private struct BoxReader {
        let bytes: UnsafeRawBufferPointer

        /// Unsigned big-endian integer of `count` bytes (0...8) at `at`, or `nil` past the data.
        func u(_ at: Int, _ count: Int) -> Int? {
            guard at >= 0, count >= 0, count <= 8, at <= bytes.count - count else { return nil }
            var v = 0
            for i in 0..<count { v = v << 8 | Int(bytes[at + i]) }
            return v >= 0 ? v : nil
        }

        /// Payload range of the first box of `type` among the boxes filling `range` (at most 256 walked).
        func child(_ type: String, in range: Range<Int>) -> Range<Int>? {
            var pos = range.lowerBound
            for _ in 0..<256 {
                guard let size = u(pos, 4), pos + 8 <= range.upperBound, size >= 8, size <= range.upperBound - pos
                else { return nil }
                if EXIFReader.matches(bytes, at: pos + 4, type) { return (pos + 8)..<(pos + size) }
                pos += size
            }
            return nil
        }

        /// The `item_type` of `item` in `iinf` (entries `infe` version 2 or 3), or `nil`.
        func itemType(_ item: Int, iinf: Range<Int>) -> String? {
            guard let version = u(iinf.lowerBound, 1) else { return nil }
            var pos = iinf.lowerBound + 4 + (version == 0 ? 2 : 4)
            for _ in 0..<4096 {
                guard let size = u(pos, 4), size >= 8, size <= iinf.upperBound - pos,
                      EXIFReader.matches(bytes, at: pos + 4, "infe"), let v = u(pos + 8, 1), v >= 2 else { return nil }
                let idSize = v == 2 ? 2 : 4
                guard let id = u(pos + 12, idSize), pos + 12 + idSize + 6 <= pos + size else { return nil }
                if id == item {
                    let at = pos + 12 + idSize + 2
                    return String(decoding: bytes[at..<(at + 4)], as: UTF8.self)
                }
                pos += size
            }
            return nil
        }

        /// Construction method and offset of `item`'s first extent in `iloc` (base offset added), or `nil`.
        func firstExtent(_ item: Int, iloc: Range<Int>) -> (method: Int, offset: Int)? {
            guard let version = u(iloc.lowerBound, 1), version <= 2, let sizes = u(iloc.lowerBound + 4, 2) else {
                return nil
            }
            let offsetSize = sizes >> 12, lengthSize = sizes >> 8 & 15, baseSize = sizes >> 4 & 15
            let indexSize = version == 0 ? 0 : sizes & 15
            let idSize = version == 2 ? 4 : 2
            guard [0, 4, 8].contains(offsetSize), [0, 4, 8].contains(lengthSize), [0, 4, 8].contains(baseSize),
                  var pos = Optional(iloc.lowerBound + 6 + idSize), let count = u(pos - idSize, idSize) else { return nil }
            for _ in 0..<min(count, 65536) {
                guard let id = u(pos, idSize) else { return nil }
                pos += idSize
                var method = 0
                if version >= 1 {
                    guard let m = u(pos, 2) else { return nil }
                    method = m & 15
                    pos += 2
                }
                guard let base = u(pos + 2, baseSize), let extents = u(pos + 2 + baseSize, 2) else { return nil }
                pos += 4 + baseSize
                let extentSize = indexSize + offsetSize + lengthSize
                if id == item {
                    guard extents >= 1, let offset = u(pos + indexSize, offsetSize) else { return nil }
                    return (method, base + offset)
                }
                pos += extents * extentSize
                guard pos <= iloc.upperBound else { return nil }
            }
            return nil
        }
    }
}
