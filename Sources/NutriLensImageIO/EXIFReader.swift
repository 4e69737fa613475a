/// Finds the EXIF orientation tag (0x0112) in JPEG APP1 "Exif" segments and PNG eXIf chunks.
///
/// Bounded and defensive: every offset is checked against the buffer, marker and IFD walks have fixed step limits,
/// and anything malformed means "no orientation" (1) rather than an error, because a broken EXIF block should not
/// cost the user the picture.
enum EXIFReader {
    /// The orientation (1...8) in the first APP1 Exif segment before the first scan of a JPEG, else 1.
    static func jpegOrientation(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return 1 }
        var pos = 2
        for _ in 0..<512 {  // real files have a dozen segments before SOS
            guard pos + 4 <= bytes.count, bytes[pos] == 0xFF else { return 1 }
            var markerPos = pos + 1
            while markerPos < bytes.count && bytes[markerPos] == 0xFF { markerPos += 1 }  // fill bytes
            guard markerPos + 2 < bytes.count else { return 1 }
            let marker = bytes[markerPos]
            if marker == 0xDA || marker == 0xD9 { return 1 }  // start of scan / end of image: no EXIF before data
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { pos = markerPos + 1; continue }  // no length field
            let length = Int(bytes[markerPos + 1]) << 8 | Int(bytes[markerPos + 2])
            let start = markerPos + 3, end = markerPos + 1 + length
            guard length >= 2, end <= bytes.count else { return 1 }
            if marker == 0xE1, end - start >= 6, matches(bytes, at: start, "Exif\0\0") {
                return tiffOrientation(UnsafeRawBufferPointer(rebasing: bytes[(start + 6)..<end]))
            }
            pos = end
        }
        return 1
    }

    /// The orientation (1...8) in a TIFF-structured EXIF block (from the byte-order mark "II"/"MM"), else 1.
    static func tiffOrientation(_ tiff: UnsafeRawBufferPointer) -> Int {
        guard tiff.count >= 8 else { return 1 }
        let littleEndian: Bool
        if tiff[0] == 0x49 && tiff[1] == 0x49 { littleEndian = true }
        else if tiff[0] == 0x4D && tiff[1] == 0x4D { littleEndian = false }
        else { return 1 }
        func u16(_ o: Int) -> Int? {
            guard o >= 0, o + 2 <= tiff.count else { return nil }
            return littleEndian ? Int(tiff[o]) | Int(tiff[o + 1]) << 8 : Int(tiff[o]) << 8 | Int(tiff[o + 1])
        }
        func u32(_ o: Int) -> Int? {
            guard let a = u16(o), let b = u16(o + 2) else { return nil }
            return littleEndian ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return 1 }
        for i in 0..<min(count, 512) {
            let entry = ifd + 2 + 12 * i
            guard let tag = u16(entry), let type = u16(entry + 2) else { return 1 }
            guard tag == 0x0112 else { continue }
            // SHORT (3) per the standard; a few writers use LONG (4). The value sits in the entry itself.
            let value = type == 4 ? u32(entry + 8) : type == 3 ? u16(entry + 8) : nil
            if let value, (1...8).contains(value) { return value }
            return 1
        }
        return 1
    }

    static func matches(_ bytes: UnsafeRawBufferPointer, at offset: Int, _ text: String) -> Bool {
        let ascii = Array(text.utf8)
        guard offset >= 0, offset + ascii.count <= bytes.count else { return false }
        for (i, b) in ascii.enumerated() where bytes[offset + i] != b { return false }
        return true
    }
}
