/// EXIF/TIFF orientation (tag 0x0112): how the stored rows must be turned to show the scene upright.
///
/// Values (TIFF 6.0 / EXIF 2.32 §4.6.4): 1 as stored, 2 mirrored left-right, 3 turned 180°, 4 mirrored top-bottom,
/// 5 transposed (mirrored about the main diagonal), 6 needs 90° clockwise, 7 transversed (anti-diagonal),
/// 8 needs 90° counter-clockwise. Anything else is treated as 1.
///
/// The transform scatters bands of stored rows straight into the upright image, so a decoder can turn rows as they
/// come out of the codec and never hold the stored and the upright image at once.
struct Orientation: Sendable, Equatable {
    /// 1...8.
    let exif: Int

    init(exif: Int) { self.exif = (1...8).contains(exif) ? exif : 1 }

    /// True for 5...8, where the upright image has width and height swapped.
    var swapsAxes: Bool { exif >= 5 }

    /// Upright size of a stored `width` x `height` image.
    func uprightSize(width: Int, height: Int) -> (width: Int, height: Int) {
        swapsAxes ? (height, width) : (width, height)
    }

    /// Returns the upright copy of a tightly packed `width` x `height` image with `bytesPerPixel` bytes per pixel.
    func apply(to pixels: [UInt8], width: Int, height: Int, bytesPerPixel bpp: Int)
        -> (pixels: [UInt8], width: Int, height: Int)
    {
        let (uw, uh) = uprightSize(width: width, height: height)
        if exif == 1 { return (pixels, width, height) }
        let out = [UInt8](unsafeUninitializedCapacity: uw * uh * bpp) { buffer, count in
            pixels.withUnsafeBytes { src in
                scatter(band: src.baseAddress!, firstRow: 0, rows: height, width: width, height: height,
                        bytesPerPixel: bpp, into: UnsafeMutableRawPointer(buffer.baseAddress!))
            }
            count = uw * uh * bpp
        }
        return (out, uw, uh)
    }

    /// Writes stored rows `firstRow ..< firstRow + rows` of a `width` x `height` image (tightly packed in `band`)
    /// to their upright positions in `dest`, a tightly packed buffer of the upright size.
    func scatter(band: UnsafeRawPointer, firstRow: Int, rows: Int, width: Int, height: Int, bytesPerPixel bpp: Int,
                 into dest: UnsafeMutableRawPointer) {
        let (uw, _) = uprightSize(width: width, height: height)
        let destRow = uw * bpp
        let lastX = (width - 1), lastY = (height - 1)
        // Upright byte offset of stored pixel (0, y) and the offset change per stored column.
        let start: (Int) -> Int
        let step: Int
        switch exif {
        case 2: step = -bpp; start = { $0 * destRow + lastX * bpp }
        case 3: step = -bpp; start = { (lastY - $0) * destRow + lastX * bpp }
        case 4: step = bpp; start = { (lastY - $0) * destRow }
        case 5: step = destRow; start = { $0 * bpp }
        case 6: step = destRow; start = { (lastY - $0) * bpp }
        case 7: step = -destRow; start = { lastX * destRow + (lastY - $0) * bpp }
        case 8: step = -destRow; start = { lastX * destRow + $0 * bpp }
        default: step = bpp; start = { $0 * destRow }
        }
        let rowBytes = width * bpp
        // Quarter turns write down upright columns; 16-pixel runs across all rows of the band keep those writes
        // within a few cache lines per upright row.
        let run = swapsAxes ? 16 : width
        for x0 in Swift.stride(from: 0, to: width, by: run) {
            let count = min(run, width - x0)
            for r in 0..<rows {
                let y = firstRow + r
                Self.copyRun(from: band + r * rowBytes + x0 * bpp, to: dest + start(y) + x0 * step, step: step,
                             count: count, bpp: bpp)
            }
        }
    }

    /// Copies `count` consecutive pixels from `src` to `dst`, advancing `dst` by `step` bytes per pixel.
    @inline(__always)
    private static func copyRun(from src: UnsafeRawPointer, to dst: UnsafeMutableRawPointer, step: Int, count: Int,
                                bpp: Int) {
        var s = src, d = dst
        switch bpp {
        case 1:
            for _ in 0..<count { d.storeBytes(of: s.load(as: UInt8.self), as: UInt8.self); s += 1; d += step }
        case 3:
            for _ in 0..<count {
                d.storeBytes(of: s.loadUnaligned(as: UInt16.self), as: UInt16.self)
                d.storeBytes(of: s.load(fromByteOffset: 2, as: UInt8.self), toByteOffset: 2, as: UInt8.self)
                s += 3
                d += step
            }
        case 4:
            for _ in 0..<count { d.storeBytes(of: s.loadUnaligned(as: UInt32.self), as: UInt32.self); s += 4; d += step }
        default:
            for _ in 0..<count { d.copyMemory(from: s, byteCount: bpp); s += bpp; d += step }
        }
    }
}
