import CLeptonica
import NutriLensImaging

/// Copies between NutriLens pixel buffers and Leptonica `PIX` (not timed: setup for comparisons).
///
/// Leptonica stores pixels in big-endian 32-bit words: an 8 bpp pixel `x` is byte `x ^ 3` of its row on a
/// little-endian machine, and a 32 bpp pixel is `r << 24 | g << 16 | b << 8`.
enum LeptonicaPix {
    static func gray(_ g: GrayImage) -> UnsafeMutablePointer<PIX> {
        let pix = pixCreate(Int32(g.width), Int32(g.height), 8)!
        let wpl = Int(pixGetWpl(pix))
        let data = UnsafeMutableRawPointer(pixGetData(pix)!)
        for y in 0..<g.height {
            let row = data + y * wpl * 4
            let bytes = row.assumingMemoryBound(to: UInt8.self)
            for x in 0..<g.width { bytes[x ^ 3] = g[x, y] }
        }
        return pix
    }

    static func color(_ c: RGBImage) -> UnsafeMutablePointer<PIX> {
        let pix = pixCreate(Int32(c.width), Int32(c.height), 32)!
        let wpl = Int(pixGetWpl(pix))
        let data = pixGetData(pix)!
        for y in 0..<c.height {
            for x in 0..<c.width {
                let p = c.rgba(x: x, y: y)
                data[y * wpl + x] = UInt32(p.r) << 24 | UInt32(p.g) << 16 | UInt32(p.b) << 8
            }
        }
        return pix
    }

    static func toGray(_ pix: UnsafeMutablePointer<PIX>) -> GrayImage {
        let w = Int(pixGetWidth(pix)), h = Int(pixGetHeight(pix)), wpl = Int(pixGetWpl(pix))
        let bytes = UnsafeRawPointer(pixGetData(pix)!).assumingMemoryBound(to: UInt8.self)
        var out = GrayImage(width: w, height: h, fill: 0)
        for y in 0..<h { for x in 0..<w { out[x, y] = bytes[y * wpl * 4 + (x ^ 3)] } }
        return out
    }

    static func destroy(_ pix: UnsafeMutablePointer<PIX>?) {
        var p = pix
        pixDestroy(&p)
    }
}
