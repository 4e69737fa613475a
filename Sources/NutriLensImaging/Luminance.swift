// BT.601 luma in 8.8 fixed point. 77 + 150 + 29 = 256, so for 8-bit channels the weighted sum plus the rounding
// term is at most 65408: every intermediate fits a 16-bit lane (pmullw / mul.8h) without overflow, and the vector
// and scalar versions compute the very same integer. Lanes assume little-endian byte order (x86-64, arm64).

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
                    let row = y &* srcStride
                    let done: Int
                    switch layout {
                    case .rgb:
                        done = Self.lumaRowRGB(src, row: row, width: w, total: total, dst: dst + y &* w)
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
                        let o = row &+ x &* bpp
                        d[y &* w &+ x] = luma601(s[o &+ ri], s[o &+ 1], s[o &+ bi])
                    }
                }
            }
        }
        return GrayImage(width: w, height: h, stride: w, pixels: out)
    }

    /// Weights for the low and high byte of each 16-bit lane of two pixels `[c0 | c1 << 8, c2 | c3 << 8]`.
    private struct LaneWeights {
        let low: SIMD16<UInt16>, high: SIMD16<UInt16>
        /// Channel order r, g, b (rgb, rgba): low bytes r and b, high byte g (the 4th byte is ignored).
        static let redFirst = LaneWeights(low: pattern(77, 29), high: pattern(150, 0))
        /// Channel order b, g, r (bgra).
        static let blueFirst = LaneWeights(low: pattern(29, 77), high: pattern(150, 0))
        private static func pattern(_ even: UInt16, _ odd: UInt16) -> SIMD16<UInt16> {
            var v = SIMD16<UInt16>()
            for i in 0..<16 { v[i] = i % 2 == 0 ? even : odd }
            return v
        }
    }

    /// 8 pixels held as 4-byte groups in 16-bit lanes: multiply the low and high bytes by their weights (every
    /// product and the pair sum fit 16 bits), add lane pairs as the two halves of a 32-bit lane, round, shift.
    @inline(__always)
    private static func luma(_ v: SIMD16<UInt16>, _ wt: LaneWeights) -> SIMD8<UInt8> {
        let products = (v & 0xFF) &* wt.low &+ (v &>> 8) &* wt.high
        let pairs = unsafeBitCast(products, to: SIMD8<UInt32>.self)
        return narrowToBytes(((pairs & 0xFFFF) &+ (pairs &>> 16) &+ 128) &>> 8)
    }

    /// 4-byte pixels: 32 bytes = 8 pixels per step.
    @inline(__always)
    private static func lumaRow32(_ src: UnsafeRawPointer, width: Int, dst: UnsafeMutableRawPointer,
                                  redShift: UInt32, blueShift: UInt32) -> Int {
        let wt = redShift == 0 ? LaneWeights.redFirst : LaneWeights.blueFirst
        var x = 0
        while x &+ 16 <= width {
            let a = luma(src.vector(at: x &* 4, as: SIMD16<UInt16>.self), wt)
            let b = luma(src.vector(at: x &* 4 &+ 32, as: SIMD16<UInt16>.self), wt)
            dst.storeVector(SIMD16<UInt8>(lowHalf: a, highHalf: b), at: x)
            x &+= 16
        }
        return x
    }

    /// 3-byte pixels: one 8-byte read per pixel pair (bytes `r0 g0 b0 r1 g1 b1 . .`), split with 64-bit masks
    /// and shifts into two `[r g b 0]` 32-bit groups, the lane layout of 4-byte pixels.
    @inline(__always)
    private static func lumaRowRGB(_ base: UnsafeRawPointer, row: Int, width: Int, total: Int,
                                   dst: UnsafeMutableRawPointer) -> Int {
        // The last read of a step covers bytes 42..<50 of the step: stop where that would leave the buffer.
        let room = total - row - 50
        let limit = room >= 0 ? min(width, room / 3 + 16) : 0
        let p = base + row, wt = LaneWeights.redFirst
        let mask = SIMD4<UInt64>(repeating: 0xFF_FFFF)
        @inline(__always) func pairs(_ q: UnsafeRawPointer) -> SIMD16<UInt16> {
            @inline(__always) func at(_ i: Int) -> UInt64 { q.loadUnaligned(fromByteOffset: i &* 6, as: UInt64.self) }
            let v = SIMD4<UInt64>(at(0), at(1), at(2), at(3))
            return unsafeBitCast((v & mask) | ((v &>> 24) & mask) &<< 32, to: SIMD16<UInt16>.self)
        }
        var x = 0
        while x &+ 16 <= limit {
            let q = p + x &* 3
            dst.storeVector(SIMD16<UInt8>(lowHalf: luma(pairs(q), wt), highHalf: luma(pairs(q + 24), wt)), at: x)
            x &+= 16
        }
        return x
    }
}

/// BT.601 luma of one pixel, `(77 R + 150 G + 29 B + 128) >> 8`, range 0...255.
@inlinable @inline(__always)
func luma601(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
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
