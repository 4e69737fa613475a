/// Bounds-checked little-endian cursor over an untrusted model file; running past the end throws `truncated`,
/// so no read can leave the buffer and no count from the file is trusted before it is compared with what is left.
struct ByteReader {
    let bytes: UnsafeRawBufferPointer
    let path: String
    private(set) var offset = 0

    init(bytes: UnsafeRawBufferPointer, path: String) {
        self.bytes = bytes
        self.path = path
    }

    var remaining: Int { bytes.count - offset }

    /// Throws `truncated` unless `count` more bytes exist.
    func require(_ count: Int) throws {
        guard count >= 0, count <= remaining else {
            throw TextReaderError.modelFile(.truncated(path: path, needed: offset &+ max(count, 0), actual: bytes.count))
        }
    }

    mutating func skip(_ count: Int) throws {
        try require(count)
        offset += count
    }

    mutating func u32() throws -> UInt32 {
        try require(4)
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    /// A `u32` that must lie in `range` (a count or index); `what` names it in the error.
    mutating func count(_ range: ClosedRange<Int>, _ what: String) throws -> Int {
        let value = Int(try u32())
        guard range.contains(value) else {
            throw TextReaderError.modelFile(.malformed(path: path, reason: "\(what) \(value) outside \(range)"))
        }
        return value
    }

    /// A count of elements of at least `elementBytes` each: above `limit` is malformed, more than the bytes left
    /// can hold is `truncated`.
    mutating func elementCount(limit: Int, elementBytes: Int, _ what: String) throws -> Int {
        let value = try count(0...limit, what)
        try require(value * elementBytes)
        return value
    }

    mutating func i32() throws -> Int32 { Int32(bitPattern: try u32()) }

    mutating func f32() throws -> Float { Float(bitPattern: try u32()) }

    /// `count` little-endian floats (the caller has bounded `count` against `remaining`).
    mutating func floats(_ count: Int) throws -> [Float] {
        try require(count &* 4)
        let start = offset
        offset += count * 4
        return [Float](unsafeUninitializedCapacity: count) { out, initialised in
            for i in 0..<count {
                out[i] = Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: start &+ 4 &* i, as: UInt32.self)))
            }
            initialised = count
        }
    }

    /// A length-prefixed UTF-8 string padded to 4 bytes; at most `limit` bytes.
    mutating func string(limit: Int = 1 << 20) throws -> String {
        let length = try count(0...limit, "string length")
        try require(length + (4 - length % 4) % 4)
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
        offset += length + (4 - length % 4) % 4
        return text
    }
}
