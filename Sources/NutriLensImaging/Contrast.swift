// Percentile contrast stretch: grey levels at or below the low percentile map to 0, at or above the high
// percentile to 255, linear in between. Using percentiles instead of min/max keeps a few specular highlights or
// dead pixels from deciding the stretch (the usual "auto levels" of photo tools).

/// The grey range a contrast stretch maps to 0...255.
public struct ContrastRange: Sendable, Equatable {
    /// Grey level mapped to 0 (and everything darker).
    public var low: UInt8
    /// Grey level mapped to 255 (and everything lighter); `high > low` unless the image is flat.
    public var high: UInt8
    public init(low: UInt8, high: UInt8) { self.low = low; self.high = high }
}

extension GrayImage {
    /// The grey levels at the `lowPercentile` and `highPercentile` of the pixel distribution (0...100 each):
    /// `low` is the smallest level with at least `lowPercentile`% of pixels at or below it, `high` the smallest
    /// level with at least `highPercentile`% at or below it.
    /// - Throws: `ImagingError.parameterOutOfRange` unless `0 <= lowPercentile < highPercentile <= 100`.
    public func contrastRange(lowPercentile: Double = 1, highPercentile: Double = 99) throws -> ContrastRange {
        try ContrastStretch.check(lowPercentile, highPercentile)
        return ContrastStretch.range(histogram: histogram(), lowPercentile: lowPercentile,
                                     highPercentile: highPercentile)
    }

    /// Percentile contrast normalisation: `out = clamp(round((p - low) * 255 / (high - low)), 0, 255)` with
    /// `(low, high) = contrastRange(lowPercentile:highPercentile:)`; a flat image (`high == low`) is returned
    /// packed and unchanged. The multiply is 16.16 fixed point, so results can differ from exact rational
    /// rounding by at most one grey level; they equal `ScalarReference.contrastStretched` exactly.
    /// - Throws: `ImagingError.parameterOutOfRange` for invalid percentiles.
    public func contrastStretched(lowPercentile: Double = 1, highPercentile: Double = 99) throws -> GrayImage {
        let r = try contrastRange(lowPercentile: lowPercentile, highPercentile: highPercentile)
        return stretched(to: r)
    }

    /// Linear stretch of `range.low...range.high` to `0...255` (see `contrastStretched`), 16 pixels per step.
    public func stretched(to range: ContrastRange) -> GrayImage {
        guard range.high > range.low else { return packed() }
        let lo = SIMD16<UInt32>(repeating: UInt32(range.low))
        let gain = SIMD16<UInt32>(repeating: ContrastStretch.gain(range))
        let top = SIMD16<UInt32>(repeating: 255), half = SIMD16<UInt32>(repeating: 1 << 15)
        let w = width, h = height, stride = self.stride
        let out = pixels.withUnsafeBytes { buf in
            makeBytes(count: w * h) { dst in
                let src = buf.baseAddress!
                for y in 0..<h {
                    let row = src + y * stride, d = dst + y * w
                    var x = 0
                    while x + 16 <= w {
                        let p: SIMD16<UInt8> = row.vector(at: x)
                        let wide = SIMD16<UInt32>(UInt32(p[0]), UInt32(p[1]), UInt32(p[2]), UInt32(p[3]),
                                                  UInt32(p[4]), UInt32(p[5]), UInt32(p[6]), UInt32(p[7]),
                                                  UInt32(p[8]), UInt32(p[9]), UInt32(p[10]), UInt32(p[11]),
                                                  UInt32(p[12]), UInt32(p[13]), UInt32(p[14]), UInt32(p[15]))
                        let delta = wide.replacing(with: lo, where: wide .< lo) &- lo
                        let v = (delta &* gain &+ half) &>> 16
                        d.storeVector(narrowToBytes(v.replacing(with: top, where: v .> top)), at: x)
                        x += 16
                    }
                    let r = row.assumingMemoryBound(to: UInt8.self), o = d.assumingMemoryBound(to: UInt8.self)
                    while x < w { o[x] = ContrastStretch.map(r[x], range); x += 1 }
                }
            }
        }
        return GrayImage(width: w, height: h, stride: w, pixels: out)
    }
}

enum ContrastStretch {
    static func check(_ low: Double, _ high: Double) throws {
        guard low.isFinite, low >= 0, low < 100 else {
            throw ImagingError.parameterOutOfRange(name: "lowPercentile", value: low, allowed: 0...100)
        }
        guard high.isFinite, high > low, high <= 100 else {
            throw ImagingError.parameterOutOfRange(name: "highPercentile", value: high, allowed: low...100)
        }
    }

    static func range(histogram: [Int], lowPercentile: Double, highPercentile: Double) -> ContrastRange {
        let total = Double(histogram.reduce(0, +))
        func level(_ percentile: Double) -> UInt8 {
            let needed = total * percentile / 100
            var cumulative = 0
            for v in 0..<256 {
                cumulative += histogram[v]
                if Double(cumulative) >= needed && cumulative > 0 { return UInt8(v) }
            }
            return 255
        }
        return ContrastRange(low: level(lowPercentile), high: level(highPercentile))
    }

    /// `round(255 * 2^16 / (high - low))`; `255 * gain + 2^15 < 2^32`.
    @inline(__always) static func gain(_ r: ContrastRange) -> UInt32 {
        (255 << 16 + UInt32(r.high - r.low) / 2) / UInt32(r.high - r.low)
    }

    /// One pixel of the stretch (the scalar formula the vector loop reproduces).
    @inline(__always) static func map(_ p: UInt8, _ r: ContrastRange) -> UInt8 {
        let delta = UInt32(max(p, r.low) - r.low)
        return UInt8(min(255, (delta &* gain(r) &+ (1 << 15)) >> 16))
    }
}

extension ScalarReference {
    /// Percentile contrast stretch one pixel at a time (scalar histogram, same range rule and fixed-point map).
    /// Same contract and output as `GrayImage.contrastStretched(lowPercentile:highPercentile:)`.
    public static func contrastStretched(_ image: GrayImage, lowPercentile: Double = 1,
                                         highPercentile: Double = 99) throws -> GrayImage {
        try ContrastStretch.check(lowPercentile, highPercentile)
        let r = ContrastStretch.range(histogram: histogram(image), lowPercentile: lowPercentile,
                                      highPercentile: highPercentile)
        if r.high <= r.low { return image.packed() }
        var out = GrayImage(width: image.width, height: image.height, fill: 0)
        for y in 0..<image.height { for x in 0..<image.width { out[x, y] = ContrastStretch.map(image[x, y], r) } }
        return out
    }
}
