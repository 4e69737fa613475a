// Area-average (box) downscaling. The integer path sums exact f x f blocks and divides once with rounding; the
// fractional path weights partially covered source pixels by their coverage (8.8 fixed point, see ResampleAxis).

extension GrayImage {
    /// Largest integer box factor this kernel accepts (column sums of `factor` rows must fit 16 bits).
    public static let maxIntegerDownscaleFactor = 255

    /// Area-average downscale by an integer factor: each output pixel is the rounded mean of an exact
    /// `factor x factor` block, `(sum + factor^2 / 2) / factor^2`.
    ///
    /// Output size is `(width / factor) x (height / factor)` (integer division); the last `width % factor` columns
    /// and `height % factor` rows are dropped. `factor == 1` returns a packed copy. Equals
    /// `ScalarReference.downscaled(_:by:)` exactly.
    /// - Throws: `ImagingError.invalidScaleFactor` unless `1 <= factor <= min(width, height, 255)`.
    public func downscaled(by factor: Int) throws -> GrayImage {
        try Self.checkIntegerFactor(factor, width, height)
        if factor == 1 { return packed() }
        let ow = width / factor, oh = height / factor, stride = self.stride
        let usedWidth = ow * factor
        var colSum = [UInt16](repeating: 0, count: usedWidth + 32)
        let out = pixels.withUnsafeBytes { srcBuf in
            colSum.withUnsafeMutableBytes { sumBuf in
                makeBytes(count: ow * oh) { dst in
                    let src = srcBuf.baseAddress!, sums = sumBuf.baseAddress!
                    for oy in 0..<oh {
                        Self.sumRows(src + oy &* factor &* stride, stride: stride, rows: factor, width: usedWidth,
                                     into: sums)
                        let d = dst + oy * ow
                        if factor == 2 {
                            Self.pairMeans(UnsafeRawPointer(sums), count: ow, dst: d)
                        } else {
                            Self.blockMeans(UnsafeRawPointer(sums).assumingMemoryBound(to: UInt16.self),
                                            factor: factor, count: ow, dst: d)
                        }
                    }
                }
            }
        }
        return GrayImage(width: ow, height: oh, stride: ow, pixels: out)
    }

    /// Area-average downscale by a real factor `>= 1` (for example 2.5 for 3000 -> 1200): integral factors take
    /// the exact `downscaled(by: Int)` path, other factors `downscaled(toWidth:height:)` with
    /// `floor(width / factor) x floor(height / factor)`.
    /// - Throws: `ImagingError.invalidScaleFactor` when `factor < 1`, not finite, or leaves no output pixel.
    public func downscaled(by factor: Double) throws -> GrayImage {
        guard factor.isFinite, factor >= 1 else {
            throw ImagingError.invalidScaleFactor(factor: factor, width: width, height: height)
        }
        if factor == factor.rounded(), factor <= Double(Self.maxIntegerDownscaleFactor) {
            return try downscaled(by: Int(factor))
        }
        let ow = Int((Double(width) / factor).rounded(.down)), oh = Int((Double(height) / factor).rounded(.down))
        guard ow >= 1, oh >= 1 else {
            throw ImagingError.invalidScaleFactor(factor: factor, width: width, height: height)
        }
        return try downscaled(toWidth: ow, height: oh)
    }

    /// Area-average ("area map") downscale to an exact size: output pixel `(i, j)` is the coverage-weighted mean
    /// of source rectangle `[i * sx, (i + 1) * sx) x [j * sy, (j + 1) * sy)`, `sx = width / newWidth`,
    /// `sy = height / newHeight`. Coverage weights are quantised to 1/256 per axis (within one grey level of the
    /// exact mean); result equals `ScalarReference.downscaled(_:toWidth:height:)` exactly. Same idea as
    /// Leptonica's `pixScaleAreaMap`.
    /// - Throws: `ImagingError.invalidTargetSize` unless `1 <= newWidth <= width` and `1 <= newHeight <= height`.
    public func downscaled(toWidth newWidth: Int, height newHeight: Int) throws -> GrayImage {
        guard newWidth >= 1, newHeight >= 1, newWidth <= width, newHeight <= height else {
            throw ImagingError.invalidTargetSize(width: newWidth, height: newHeight,
                                                 sourceWidth: width, sourceHeight: height)
        }
        return SeparableResampler.resample(self, horizontal: .area(source: width, output: newWidth),
                                           vertical: .area(source: height, output: newHeight))
    }

    static func checkIntegerFactor(_ factor: Int, _ width: Int, _ height: Int) throws {
        guard factor >= 1, factor <= min(width, height, maxIntegerDownscaleFactor) else {
            throw ImagingError.invalidScaleFactor(factor: Double(factor), width: width, height: height)
        }
    }

    /// `sums[x] = sum of rows[0..<rows][x]` in UInt16 lanes (rows <= 257 keeps it exact).
    @inline(__always)
    private static func sumRows(_ src: UnsafeRawPointer, stride: Int, rows: Int, width: Int,
                                into sums: UnsafeMutableRawPointer) {
        var x = 0
        while x &+ 16 <= width {
            var acc = widen(src.vector(at: x, as: SIMD16<UInt8>.self))
            for r in 1..<rows {
                acc &+= widen(src.vector(at: r &* stride &+ x, as: SIMD16<UInt8>.self))
            }
            sums.storeVector(acc, at: x &* 2)
            x &+= 16
        }
        let s = sums.assumingMemoryBound(to: UInt16.self)
        let p = src.assumingMemoryBound(to: UInt8.self)
        while x < width {
            var acc: UInt16 = 0
            for r in 0..<rows { acc &+= UInt16(p[r &* stride &+ x]) }
            s[x] = acc
            x &+= 1
        }
    }

    /// Factor 2: adjacent UInt16 column sums are the two halves of one UInt32 lane, so the pair sum is a mask,
    /// a shift and an add; then `(sum + 2) >> 2`.
    @inline(__always)
    private static func pairMeans(_ sums: UnsafeRawPointer, count: Int, dst: UnsafeMutableRawPointer) {
        var o = 0
        while o &+ 16 <= count {
            let v: SIMD16<UInt32> = sums.vector(at: o &* 4)
            let total = (v & 0xFFFF) &+ (v &>> 16) &+ 2
            dst.storeVector(narrowToBytes(total &>> 2), at: o)
            o &+= 16
        }
        let s = sums.assumingMemoryBound(to: UInt16.self), d = dst.assumingMemoryBound(to: UInt8.self)
        while o < count {
            d[o] = UInt8(truncatingIfNeeded: (UInt32(s[2 &* o]) &+ UInt32(s[2 &* o &+ 1]) &+ 2) >> 2)
            o &+= 1
        }
    }

    /// General factor: gather the `factor` column sums of 8 outputs per step, then divide by `factor^2` in Float
    /// lanes. The quotient is exact: `x < 2^24`, and `floor(Float(x) / Float(n))` cannot cross an integer because
    /// the true quotient's distance to the next integer (>= 1/n) exceeds Float's error (<= 256 * 2^-24) for n < 2^16.
    @inline(__always)
    private static func blockMeans(_ sums: UnsafePointer<UInt16>, factor f: Int, count: Int,
                                   dst: UnsafeMutableRawPointer) {
        let n = UInt32(f * f)
        let half = SIMD8<UInt32>(repeating: n / 2), nf = SIMD8<Float>(repeating: Float(n))
        var o = 0
        while o &+ 8 <= count {
            var acc = half
            let b = sums + o &* f
            for k in 0..<f {
                acc &+= SIMD8<UInt32>(UInt32(b[k]), UInt32(b[f &+ k]), UInt32(b[2 &* f &+ k]), UInt32(b[3 &* f &+ k]),
                                      UInt32(b[4 &* f &+ k]), UInt32(b[5 &* f &+ k]), UInt32(b[6 &* f &+ k]),
                                      UInt32(b[7 &* f &+ k]))
            }
            dst.storeVector(narrowToBytes(floorToUInt32(toFloat(acc) / nf)), at: o)
            o &+= 8
        }
        let d = dst.assumingMemoryBound(to: UInt8.self)
        while o < count {
            var acc = n / 2
            for k in 0..<f { acc &+= UInt32(sums[o &* f &+ k]) }
            d[o] = UInt8(truncatingIfNeeded: acc / n)
            o &+= 1
        }
    }
}

extension ScalarReference {
    /// Integer box downscale one output pixel at a time: `(sum of the f x f block + f^2 / 2) / f^2`.
    /// Same contract and output as `GrayImage.downscaled(by: Int)`.
    public static func downscaled(_ image: GrayImage, by factor: Int) throws -> GrayImage {
        try GrayImage.checkIntegerFactor(factor, image.width, image.height)
        let ow = image.width / factor, oh = image.height / factor, n = UInt32(factor * factor)
        var out = GrayImage(width: ow, height: oh, fill: 0)
        for oy in 0..<oh {
            for ox in 0..<ow {
                var sum: UInt32 = 0
                for dy in 0..<factor {
                    for dx in 0..<factor { sum += UInt32(image[ox * factor + dx, oy * factor + dy]) }
                }
                out[ox, oy] = UInt8((sum + n / 2) / n)
            }
        }
        return out
    }

    /// Area-map downscale as a direct 2-D coverage-weighted sum per output pixel. Same contract and output as
    /// `GrayImage.downscaled(toWidth:height:)`.
    public static func downscaled(_ image: GrayImage, toWidth newWidth: Int, height newHeight: Int) throws -> GrayImage {
        guard newWidth >= 1, newHeight >= 1, newWidth <= image.width, newHeight <= image.height else {
            throw ImagingError.invalidTargetSize(width: newWidth, height: newHeight,
                                                 sourceWidth: image.width, sourceHeight: image.height)
        }
        return SeparableResampler.referenceResample(image, horizontal: .area(source: image.width, output: newWidth),
                                                    vertical: .area(source: image.height, output: newHeight))
    }
}
