/// The parts of a PNG read in Swift before libpng sees it: IHDR (so the pixel limit is checked before any library
/// call) and an eXIf chunk's orientation.
struct PNGChunks {
    var width: Int
    var height: Int
    var bitDepth: Int
    var colorType: Int
    var orientation: Int

    /// Parses IHDR and walks chunks up to the first IDAT looking for eXIf. Throws `.truncated` when the data ends
    /// inside the signature or IHDR, `.corrupt` when the first chunk is not a well-formed IHDR.
    init(_ bytes: UnsafeRawBufferPointer) throws {
        func u32(_ o: Int) -> Int {
            Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3])
        }
        guard bytes.count >= 33 else {
            throw ImageDecodingError.truncated(format: .png, detail: "\(bytes.count) bytes, the header needs 33")
        }
        guard u32(8) == 13, EXIFReader.matches(bytes, at: 12, "IHDR") else {
            throw ImageDecodingError.corrupt(format: .png, detail: "first chunk is not a 13-byte IHDR")
        }
        width = u32(16)
        height = u32(20)
        bitDepth = Int(bytes[24])
        colorType = Int(bytes[25])
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw ImageDecodingError.corrupt(format: .png, detail: "IHDR declares \(width)x\(height) pixels")
        }
        orientation = 1
        var pos = 33
        for _ in 0..<1000 {
            guard pos + 8 <= bytes.count else { break }
            let length = u32(pos)
            if EXIFReader.matches(bytes, at: pos + 4, "IDAT") || EXIFReader.matches(bytes, at: pos + 4, "IEND") { break }
            let start = pos + 8, end = start + length
            guard end + 4 <= bytes.count else { break }
            if EXIFReader.matches(bytes, at: pos + 4, "eXIf") {
                orientation = EXIFReader.tiffOrientation(UnsafeRawBufferPointer(rebasing: bytes[start..<end]))
                break
            }
            pos = end + 4
        }
    }
}
