// BT.601 luma in 16-bit fixed point. 77 + 150 + 29 = 256, so for 8-bit channels the weighted sum plus the rounding
// term is at most 65408: every intermediate fits a UInt16/UInt32 lane without overflow, and the vector and scalar
// versions compute the very same integer.

extension RGBImage {
    /// BT.601 luma, `Y = (77 R + 150 G + 29 B + 128) >> 8` (ITU-R BT.601 weights 0.299/0.587/0.114 in 8.8 fixed
    /// point), 16 pixels per vector step.
    ///
    /// Alpha is ignored. Works for every `ColorLayout` and any row stride. Returns a tightly packed
    /// (`stride == width`) image of the same size whose pixels equal `ScalarReference.luminance(self)` exactly.
    public func luminance() -> GrayImage {
        let w = width, h = height, srcStride = stride, layout = self.layout, total = pixels.count
        let out = pixels.withUnsafeBytes { srcBuf -> [UInt8] in
            let src = srcBuf.baseAddress!
            return makeBytes(count: w * h) { dst in
                for y in 0..<h {
                    let row = y * srcStride
                    let done: Int
                    switch layout {
                    case .rgb:
                        done = Self.lumaRowRGB(src, row: row, width: w, total: total, dst: dst + y * w)
                    case .rgba:
                        done = Self.lumaRow32(src + row, width: w, dst: dst + y * w, redShift: 0, blueShift: 16)
                    case .bgra:
                        done = Self.lumaRow32(src + row, width: w, dst: dst + y * w, redShift: 16, blueShift: 0)
                    }
                    // Row tail (< 16 pixels, or the last pixels of the buffer where a 4-byte read would overrun).
                    let bpp = layout.bytesPerPixel
                    let (ri, bi) = layout == .bgra ? (2, 0) : (0, 2)
                    let s = src.assumingMemoryBound(to: UInt8.self)
                    let d = dst.assumingMemoryBound(to: UInt8.self)
                    for x in done..<w {
                        let o = row + x * bpp
                        d[y * w + x] = luma601(s[o + ri], s[o + 1], s[o + bi])
                    }
                }
            }
        }
        return GrayImage(width: w, height: h, stride: w, pixels: out)
    }

    @inline(__always)
    private static func luma(_ v: SIMD16<UInt32>, redShift: UInt32, blueShift: UInt32) -> SIMD16<UInt8> {
        let r = (v &>> redShift) & 0xFF
        let g = (v &>> 8) & 0xFF
        let b = (v &>> blueShift) & 0xFF
        return narrowToBytes((r &* 77 &+ g &* 150 &+ b &* 29 &+ 128) &>> 8)
    }

    /// 4-byte pixels: one 64-byte load holds 16 pixels, channels are masks and shifts of each 32-bit lane.
    @inline(__always)
    private static func lumaRow32(_ src: UnsafeRawPointer, width: Int, dst: UnsafeMutableRawPointer,
                                  redShift: UInt32, blueShift: UInt32) -> Int {
        var x = 0
        while x + 16 <= width {
            let v: SIMD16<UInt32> = src.vector(at: x * 4)
            dst.storeVector(luma(v, redShift: redShift, blueShift: blueShift), at: x)
            x += 16
        }
        return x
    }

    /// 3-byte pixels: each lane is a 4-byte little-endian read starting at the pixel (its fourth byte, the next
    /// pixel's red, is masked off), which turns the packed RGB row into the 32-bit lane layout of `lumaRow32`.
    @inline(__always)
    private static func lumaRowRGB(_ base: UnsafeRawPointer, row: Int, width: Int, total: Int,
                                   dst: UnsafeMutableRawPointer) -> Int {
        // The last lane reads 4 bytes at pixel x+15: stop where that would leave the buffer.
        let limit = min(width, (total - row - 4) / 3 + 1)
        let p = base + row
        var x = 0
        while x + 16 <= limit {
            let q = p + x * 3
            @inline(__always) func at(_ i: Int) -> UInt32 { q.loadUnaligned(fromByteOffset: i * 3, as: UInt32.self) }
            let v = SIMD16<UInt32>(at(0), at(1), at(2), at(3), at(4), at(5), at(6), at(7),
                                   at(8), at(9), at(10), at(11), at(12), at(13), at(14), at(15))
            dst.storeVector(luma(v, redShift: 0, blueShift: 16), at: x)
            x += 16
        }
        return x
    }
}

/// BT.601 luma of one pixel, `(77 R + 150 G + 29 B + 128) >> 8`, range 0...255.
@inlinable @inline(__always)
public func luma601(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
    UInt8(truncatingIfNeeded: (77 &* UInt32(r) &+ 150 &* UInt32(g) &+ 29 &* UInt32(b) &+ 128) &>> 8)
}

extension ScalarReference {
    /// One pixel at a time: `luma601` of every pixel, alpha ignored. Same output as `RGBImage.luminance()`.
    public static func luminance(_ image: RGBImage) -> GrayImage {
        var out = GrayImage(width: image.width, height: image.height, fill: 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.rgba(x: x, y: y)
                out[x, y] = luma601(p.r, p.g, p.b)
            }
        }
        return out
    }
}
