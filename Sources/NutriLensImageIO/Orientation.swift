/// EXIF/TIFF orientation (tag 0x0112): how the stored rows must be turned to show the scene upright.
///
/// Values (TIFF 6.0 / EXIF 2.32 §4.6.4): 1 as stored, 2 mirrored left-right, 3 turned 180°, 4 mirrored top-bottom,
/// 5 transposed (mirrored about the main diagonal), 6 needs 90° clockwise, 7 transversed (anti-diagonal),
/// 8 needs 90° counter-clockwise. Anything else is treated as 1.
struct Orientation: Sendable, Equatable {
    /// 1...8.
    let exif: Int

    init(exif: Int) { self.exif = (1...8).contains(exif) ? exif : 1 }

    /// True for 5...8, where the upright image has width and height swapped.
    var swapsAxes: Bool { exif >= 5 }

    /// Returns the upright copy of a `width` x `height` interleaved image with `bytesPerPixel` bytes per pixel
    /// (1, 2, 3 or 4) and rows `stride` bytes apart. The result is tightly packed; its size is swapped for 5...8.
    func apply(to pixels: [UInt8], width: Int, height: Int, stride: Int, bytesPerPixel bpp: Int)
        -> (pixels: [UInt8], width: Int, height: Int)
    {
        let (dw, dh) = swapsAxes ? (height, width) : (width, height)
        if exif == 1 && stride == width * bpp { return (pixels, width, height) }
        // Source byte offset of destination pixel (x, y) is rowBase(y) + x * step.
        let last = (x: (width - 1) * bpp, y: (height - 1) * stride)
        let step: Int
        let rowBase: (Int) -> Int
        switch exif {
        case 2: step = -bpp; rowBase = { $0 * stride + last.x }
        case 3: step = -bpp; rowBase = { last.y - $0 * stride + last.x }
        case 4: step = bpp; rowBase = { last.y - $0 * stride }
        case 5: step = stride; rowBase = { $0 * bpp }
        case 6: step = -stride; rowBase = { last.y + $0 * bpp }
        case 7: step = -stride; rowBase = { last.y + last.x - $0 * bpp }
        case 8: step = stride; rowBase = { last.x - $0 * bpp }
        default: step = bpp; rowBase = { $0 * stride }
        }
        let out = [UInt8](unsafeUninitializedCapacity: dw * dh * bpp) { buffer, count in
            pixels.withUnsafeBytes { src in
                let s = src.baseAddress!, d = UnsafeMutableRawPointer(buffer.baseAddress!)
                // Quarter turns read the source down its columns; 64x64 tiles keep those reads in cache.
                let tile = swapsAxes ? 64 : max(dw, 1)
                for ty in Swift.stride(from: 0, to: dh, by: tile) {
                    for tx in Swift.stride(from: 0, to: dw, by: tile) {
                        for y in ty..<min(ty + tile, dh) {
                            Self.copyRow(from: s + rowBase(y) + tx * step, step: step,
                                         to: d + (y * dw + tx) * bpp, count: min(tile, dw - tx), bpp: bpp)
                        }
                    }
                }
            }
            count = dw * dh * bpp
        }
        return (out, dw, dh)
    }

    @inline(__always)
    private static func copyRow(from src: UnsafeRawPointer, step: Int, to dst: UnsafeMutableRawPointer, count: Int,
                                bpp: Int) {
        var s = src, d = dst
        switch bpp {
        case 1:
            for _ in 0..<count { d.storeBytes(of: s.load(as: UInt8.self), as: UInt8.self); s += step; d += 1 }
        case 4:
            for _ in 0..<count {
                d.storeBytes(of: s.loadUnaligned(as: UInt32.self), as: UInt32.self); s += step; d += 4
            }
        default:
            for _ in 0..<count { d.copyMemory(from: s, byteCount: bpp); s += step; d += bpp }
        }
    }
}
