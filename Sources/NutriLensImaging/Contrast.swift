// Percentile contrast stretch: grey levels at or below the low percentile map to 0, at or above the high
// percentile to 255, linear in between. Using percentiles instead of min/max keeps a few specular highlights or
// dead pixels from deciding the stretch (the usual "auto levels" of photo tools).

/// The grey range a contrast stretch maps to 0...255.
public struct ContrastRange: Sendable, Equatable {
    /// Grey level mapped to 0 (and everything darker).
    public var low: UInt8
    /// Grey level mapped to 255 (and everything lighter); `high > low` unless the image is flat.
    public var high: UInt8
    /// `low`, `high`: the grey levels (0...255) mapped to 0 and 255; `high <= low` stretches nothing (the image is
    /// returned packed and unchanged).
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
    /// packed and unchanged. The multiply is 8.8 fixed point, so results can differ from exact rational
    /// rounding by at most one grey level; they equal `ScalarReference.contrastStretched` exactly.
    /// - Throws: `ImagingError.parameterOutOfRange` for invalid percentiles.
    public func contrastStretched(lowPercentile: Double = 1, highPercentile: Double = 99) throws -> GrayImage {
        let r = try contrastRange(lowPercentile: lowPercentile, highPercentile: highPercentile)
        return stretched(to: r)
    }

    /// Linear stretch of `range.low...range.high` to `0...255` (see `contrastStretched`), 16 pixels per step.
    public func stretched(to range: ContrastRange) -> GrayImage {
        guard range.high > range.low else { return packed() }
        let (gi, gf) = ContrastStretch.gain(range)
        let lo = SIMD16<UInt8>(repeating: range.low), hi = SIMD16<UInt8>(repeating: range.high)
        let whole = SIMD16<UInt16>(repeating: gi), fraction = SIMD16<UInt16>(repeating: gf)
        let half = SIMD16<UInt16>(repeating: 128)
        return mapPixels({ p in
            // Clamp in bytes (pmaxub/pminub; 16-bit unsigned min/max need SSE4.1), then widen.
            let delta = widen(p.replacing(with: lo, where: p .< lo).replacing(with: hi, where: p .> hi) &- lo)
            // <= 255 by construction of the gain (see `ContrastStretch.gain`), so no final clamp.
            return narrowToBytes(delta &* whole &+ ((delta &* fraction &+ half) &>> 8))
        }, { ContrastStretch.map($0, range) })
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

    /// The gain `G = round(255 * 256 / (high - low))` split into its integer and 1/256 parts, so that
    /// `delta * G / 256 = delta * whole + delta * fraction / 256` never leaves 16 bits (`delta, whole, fraction
    /// <= 255`). 8.8 fixed point keeps the result within half a grey level of the exact rational map, and
    /// `(span * G + 128) >> 8 <= 255` for every span `1...255`, so a clamped delta never maps above 255.
    @inline(__always) static func gain(_ r: ContrastRange) -> (whole: UInt16, fraction: UInt16) {
        let span = UInt32(r.high - r.low)
        let g = (255 * 256 + span / 2) / span
        return (UInt16(g >> 8), UInt16(g & 0xFF))
    }

    /// One pixel of the stretch (the scalar formula the vector loop reproduces): `p` clamped to
    /// `low...high`, offset by `low`, scaled by the gain.
    @inline(__always) static func map(_ p: UInt8, _ r: ContrastRange) -> UInt8 {
        let (gi, gf) = gain(r)
        let delta = UInt16(min(max(p, r.low), r.high) - r.low)
        return UInt8(min(255, delta * gi + ((delta * gf + 128) >> 8)))
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
        return stretched(image, to: r)
    }

    /// Linear stretch one pixel at a time. Same output as `GrayImage.stretched(to:)`.
    public static func stretched(_ image: GrayImage, to r: ContrastRange) -> GrayImage {
        if r.high <= r.low { return image.packed() }
        var out = GrayImage(width: image.width, height: image.height, fill: 0)
        for y in 0..<image.height { for x in 0..<image.width { out[x, y] = ContrastStretch.map(image[x, y], r) } }
        return out
    }
}
