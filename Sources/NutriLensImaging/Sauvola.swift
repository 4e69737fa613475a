// Sauvola & Pietikainen, "Adaptive document image binarization", Pattern Recognition 33(2), 2000: pixel p is ink
// when p < T = m * (1 + k * (s / R - 1)), m and s the mean and standard deviation of the (2r+1)^2 window around p.
// Evaluated as m * ((1 - k) + (k / R) * s) with m = S * (1 / area): the same rule, no per-pixel division.
// Leptonica's pixSauvolaBinarize uses the same rule with whsize = r, factor = k and R = 128.
//
// Window sums come from integral-image rows kept in a ring of 2r + 2 rows, so memory is O(r * width) rather than
// two full-size tables, and the interior of every row is evaluated 8 pixels at a time in Float lanes. Windows are
// clipped at the image border (area shrinks accordingly) instead of mirroring a border in.

extension GrayImage {
    /// Largest accepted window half-size: `(2r + 1)^2 * 255^2` must stay below 2^32 for the squared sums.
    public static let maxSauvolaRadius = 128

    /// Adaptive Sauvola binarisation: `0` (ink) where `p < m * (1 + k * (s / dynamicRange - 1))`, else `255`.
    ///
    /// - Parameters:
    ///   - radius: window half-size `r` in pixels (window `2r + 1` square), `1...128`; roughly the stroke-to-stroke
    ///     distance of the text, e.g. 15 for 20-40 px glyphs. Leptonica's `whsize`.
    ///   - k: sensitivity `0...1`: higher marks fewer pixels as ink in low-contrast areas. Sauvola suggests 0.5,
    ///     Leptonica 0.35; default 0.34 as in Tesseract.
    ///   - dynamicRange: `R`, the standard deviation of a high-contrast window, `1...255`; default 128.
    /// - Returns: packed 0/255 image of the same size; equals `ScalarReference.sauvolaBinarized` exactly.
    /// - Throws: `ImagingError.invalidWindowRadius`, or `.parameterOutOfRange` for `k` / `dynamicRange`.
    public func sauvolaBinarized(radius: Int = 15, k: Float = 0.34, dynamicRange: Float = 128) throws -> GrayImage {
        try SauvolaRule.check(radius: radius, k: k, dynamicRange: dynamicRange)
        let w = width, h = height, stride = self.stride, r = radius, rowLen = w + 1, ringRows = 2 * r + 2
        var ringSums = [UInt32](repeating: 0, count: ringRows * rowLen)
        var ringSquares = ringSums
        let constants = SauvolaRule.Constants(k: k, dynamicRange: dynamicRange)
        let out = pixels.withUnsafeBytes { srcBuf in
            ringSums.withUnsafeMutableBufferPointer { rs in
                ringSquares.withUnsafeMutableBufferPointer { rq in
                    makeBytes(count: w * h) { dst in
                        let src = srcBuf.baseAddress!
                        // Integral row i lives in ring slot i % ringRows; row 0 is the zero row.
                        func sumsRow(_ i: Int) -> UnsafeMutablePointer<UInt32> { rs.baseAddress! + (i % ringRows) &* rowLen }
                        func squaresRow(_ i: Int) -> UnsafeMutablePointer<UInt32> { rq.baseAddress! + (i % ringRows) &* rowLen }
                        var built = 0
                        for y in 0..<h {
                            let y0 = max(0, y - r), y1 = min(h, y + r + 1)
                            while built < y1 {
                                IntegralRows.accumulate(src + built * stride, width: w,
                                                        previousSums: sumsRow(built), previousSquares: squaresRow(built),
                                                        sums: sumsRow(built + 1), squares: squaresRow(built + 1))
                                built += 1
                            }
                            SauvolaRule.row(src + y * stride, width: w, radius: r, windowRows: y1 - y0,
                                            topSums: sumsRow(y0), topSquares: squaresRow(y0),
                                            bottomSums: sumsRow(y1), bottomSquares: squaresRow(y1),
                                            constants: constants, dst: dst + y * w)
                        }
                    }
                }
            }
        }
        return GrayImage(width: w, height: h, stride: w, pixels: out)
    }
}

enum SauvolaRule {
    static func check(radius: Int, k: Float, dynamicRange: Float) throws {
        guard radius >= 1, radius <= GrayImage.maxSauvolaRadius else {
            throw ImagingError.invalidWindowRadius(radius: radius, maxRadius: GrayImage.maxSauvolaRadius)
        }
        guard k.isFinite, k >= 0, k <= 1 else {
            throw ImagingError.parameterOutOfRange(name: "k", value: Double(k), allowed: 0...1)
        }
        guard dynamicRange.isFinite, dynamicRange >= 1, dynamicRange <= 255 else {
            throw ImagingError.parameterOutOfRange(name: "dynamicRange", value: Double(dynamicRange), allowed: 1...255)
        }
    }

    /// Constants of the rule in the form the lanes evaluate: `T = m * ((1 - k) + (k / R) * s)`, which is
    /// Sauvola's `m * (1 + k * (s / R - 1))` with the divisions hoisted out of the per-pixel work.
    struct Constants {
        let oneMinusK: Float, kOverR: Float
        init(k: Float, dynamicRange: Float) { oneMinusK = 1 - k; kOverR = k / dynamicRange }
    }

    /// The per-pixel rule in Float, exactly as the vector lanes evaluate it (`inverseArea = 1 / Float(area)`).
    /// `p < m (1 - k) + (m k / R) s` is tested as `a < 0 || a^2 < b^2 v` with `a = p - m (1 - k)`,
    /// `b = m k / R >= 0`, `v = s^2`: no square root (which Swift's SIMD types would evaluate lane by lane).
    @inline(__always)
    static func decide(_ p: UInt8, sum: UInt32, squares: UInt32, inverseArea: Float, _ c: Constants) -> UInt8 {
        let mean = Float(sum) * inverseArea
        let variance = max(Float(squares) * inverseArea - mean * mean, 0)
        let a = Float(p) - mean * c.oneMinusK
        let b = mean * c.kOverR
        return a < 0 || a * a < b * b * variance ? 0 : 255
    }

    /// One output row. Columns whose window is clipped by the left/right border take the scalar rule; the interior
    /// runs 8 columns per step with contiguous loads at `x - r` and `x + r + 1` of the two integral rows.
    @inline(__always)
    static func row(_ src: UnsafeRawPointer, width w: Int, radius r: Int, windowRows: Int,
                    topSums: UnsafePointer<UInt32>, topSquares: UnsafePointer<UInt32>,
                    bottomSums: UnsafePointer<UInt32>, bottomSquares: UnsafePointer<UInt32>,
                    constants c: Constants, dst: UnsafeMutableRawPointer) {
        let p = src.assumingMemoryBound(to: UInt8.self), d = dst.assumingMemoryBound(to: UInt8.self)
        func scalar(_ x: Int) {
            let x0 = max(0, x &- r), x1 = min(w, x &+ r &+ 1)
            let s = bottomSums[x1] &- topSums[x1] &- bottomSums[x0] &+ topSums[x0]
            let q = bottomSquares[x1] &- topSquares[x1] &- bottomSquares[x0] &+ topSquares[x0]
            d[x] = decide(p[x], sum: s, squares: q, inverseArea: 1 / Float((x1 &- x0) &* windowRows), c)
        }
        let interiorEnd = w - r   // columns r..<w-r have unclipped windows
        var x = 0
        while x < min(r, w) { scalar(x); x &+= 1 }
        let inverseArea = SIMD8<Float>(repeating: 1 / Float((2 * r + 1) * windowRows))
        let oneMinusK = SIMD8<Float>(repeating: c.oneMinusK), kOverR = SIMD8<Float>(repeating: c.kOverR)
        let zero = SIMD8<Float>()
        let ink = SIMD8<UInt32>(repeating: 0), paper = SIMD8<UInt32>(repeating: 255)
        let ts = UnsafeRawPointer(topSums), tq = UnsafeRawPointer(topSquares)
        let bs = UnsafeRawPointer(bottomSums), bq = UnsafeRawPointer(bottomSquares)
        while x &+ 8 <= interiorEnd {
            let lo = (x &- r) &* 4, hi = (x &+ r &+ 1) &* 4
            let s = bs.vector(at: hi, as: SIMD8<UInt32>.self) &- ts.vector(at: hi, as: SIMD8<UInt32>.self)
                &- bs.vector(at: lo, as: SIMD8<UInt32>.self) &+ ts.vector(at: lo, as: SIMD8<UInt32>.self)
            let q = bq.vector(at: hi, as: SIMD8<UInt32>.self) &- tq.vector(at: hi, as: SIMD8<UInt32>.self)
                &- bq.vector(at: lo, as: SIMD8<UInt32>.self) &+ tq.vector(at: lo, as: SIMD8<UInt32>.self)
            let mean = toFloat(s) * inverseArea
            let raw = toFloatUnsigned(q) * inverseArea - mean * mean
            let variance = raw.replacing(with: zero, where: raw .< zero)
            let pix: SIMD8<UInt8> = src.vector(at: x)
            let pf = toFloat(SIMD8<UInt32>(UInt32(pix[0]), UInt32(pix[1]), UInt32(pix[2]), UInt32(pix[3]),
                                           UInt32(pix[4]), UInt32(pix[5]), UInt32(pix[6]), UInt32(pix[7])))
            let a = pf - mean * oneMinusK
            let b = mean * kOverR
            let isInk = (a .< zero) .| (a * a .< b * b * variance)
            dst.storeVector(narrowToBytes(paper.replacing(with: ink, where: isInk)), at: x)
            x &+= 8
        }
        while x < w { scalar(x); x &+= 1 }
    }
}

extension ScalarReference {
    /// Sauvola binarisation from full `ScalarReference.integralTables`, the clipped window and the Float rule
    /// evaluated one pixel at a time. Same contract and output as `GrayImage.sauvolaBinarized`.
    public static func sauvolaBinarized(_ image: GrayImage, radius: Int = 15, k: Float = 0.34,
                                        dynamicRange: Float = 128) throws -> GrayImage {
        try SauvolaRule.check(radius: radius, k: k, dynamicRange: dynamicRange)
        let (s, q) = integralTables(image)
        let rowLen = image.width + 1, constants = SauvolaRule.Constants(k: k, dynamicRange: dynamicRange)
        var out = GrayImage(width: image.width, height: image.height, fill: 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let x0 = max(0, x - radius), x1 = min(image.width, x + radius + 1)
                let y0 = max(0, y - radius), y1 = min(image.height, y + radius + 1)
                let sum = s[y1 * rowLen + x1] &- s[y0 * rowLen + x1] &- s[y1 * rowLen + x0] &+ s[y0 * rowLen + x0]
                let sq = q[y1 * rowLen + x1] &- q[y0 * rowLen + x1] &- q[y1 * rowLen + x0] &+ q[y0 * rowLen + x0]
                out[x, y] = SauvolaRule.decide(image[x, y], sum: sum, squares: sq,
                                               inverseArea: 1 / Float((x1 - x0) * (y1 - y0)), constants)
            }
        }
        return out
    }
}
