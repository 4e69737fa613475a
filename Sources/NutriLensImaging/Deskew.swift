// Small-angle skew estimate by projection profiles (Postl 1986; Baird 1987; the approach of Leptonica's
// pixFindSkew). Text lines sheared back to horizontal give a row-projection profile of sharp peaks (lines) and
// zeros (gaps), i.e. maximal variance. Instead of shearing pixels for every candidate angle, the ink count of every
// 8-pixel-wide column strip of every row is computed once (vector compares and byte sums); an angle then only adds
// each strip's column of counts into the profile at a vertical offset `x_strip * tan(angle)`, again a vector add.

/// Result of `GrayImage.estimateSkew`.
public struct SkewEstimate: Sendable, Equatable {
    /// Skew of the text lines in degrees: positive when lines rise to the right (content turned
    /// counter-clockwise). `rotated(byDegrees: -angle)` levels them.
    public var angle: Double
    /// `0...1`: how much the best angle's profile variance stands out from the worst
    /// (`1 - worst / best`); below ~0.1 there is no line structure to trust (photos, blank pages).
    public var confidence: Double
}

extension GrayImage {
    /// Estimates the skew of text lines within `-maxAngle...maxAngle` degrees.
    ///
    /// The image is first area-reduced so its longer side is at most `workingSize` pixels, then binarised with
    /// Otsu (ink = the minority class, so light-on-dark works too). A sweep in 0.5-degree steps is refined in
    /// 0.05-degree steps around the best and finished with a parabolic fit; accuracy is typically better than
    /// 0.1 degree on text.
    /// - Throws: `ImagingError.parameterOutOfRange` unless `0 < maxAngle <= 45` and `64 <= workingSize`.
    public func estimateSkew(maxAngle: Double = 10, workingSize: Int = 1200) throws -> SkewEstimate {
        let small = try SkewSearch.reduced(self, maxAngle: maxAngle, workingSize: workingSize) {
            try $0.downscaled(by: $1)
        }
        let counts = StripCounts(small)
        guard counts.totalInk > 0 else { return SkewEstimate(angle: 0, confidence: 0) }
        return SkewSearch.run(maxAngle: maxAngle) { counts.profileVariance(angleDegrees: $0) }
    }
}

/// The angle search shared by the vector and the scalar deskew.
enum SkewSearch {
    static let stripWidth = 8

    /// Validates the arguments and area-reduces the image so its longer side is at most `workingSize`.
    static func reduced(_ image: GrayImage, maxAngle: Double, workingSize: Int,
                        downscale: (GrayImage, Int) throws -> GrayImage) throws -> GrayImage {
        guard maxAngle.isFinite, maxAngle > 0, maxAngle <= 45 else {
            throw ImagingError.parameterOutOfRange(name: "maxAngle", value: maxAngle, allowed: 0.05...45)
        }
        guard workingSize >= 64 else {
            throw ImagingError.parameterOutOfRange(name: "workingSize", value: Double(workingSize),
                                                   allowed: 64...Double(Int32.max))
        }
        let factor = (max(image.width, image.height) + workingSize - 1) / workingSize
        return factor > 1 ? try downscale(image, min(factor, image.width, image.height)) : image
    }

    /// Whether ink is the dark class: ink is the minority (dark text on paper, or light text on a dark panel).
    static func inkIsDark(histogram: [Int], threshold t: UInt8) -> Bool {
        histogram[0...Int(t)].reduce(0, +) * 2 <= histogram.reduce(0, +)
    }

    /// Vertical offset of strip `s` for an angle with tangent `t`, relative to the profile origin.
    @inline(__always) static func shift(strip s: Int, tangent t: Double) -> Int {
        Int(((Double(s) + 0.5) * Double(stripWidth) * t).rounded())
    }

    /// Coarse 0.5-degree sweep, 0.05-degree refinement around the best, parabolic fit.
    static func run(maxAngle: Double, score rawScore: (Double) -> Double) -> SkewEstimate {
        var scores = [Double: Double]()
        func score(_ a: Double) -> Double {
            if let s = scores[a] { return s }
            let s = rawScore(a)
            scores[a] = s
            return s
        }
        let coarse = Swift.stride(from: -maxAngle, through: maxAngle + 1e-9, by: 0.5).map { $0 }
        let bestCoarse = coarse.max { score($0) < score($1) }!
        let fine = Swift.stride(from: max(-maxAngle, bestCoarse - 0.5),
                                through: min(maxAngle, bestCoarse + 0.5) + 1e-9, by: 0.05).map { $0 }
        let best = fine.max { score($0) < score($1) }!
        var angle = best
        let l = score(best - 0.05), c = score(best), r = score(best + 0.05)
        let denom = l - 2 * c + r
        if abs(best) + 0.05 <= maxAngle, denom < 0 { angle = best + 0.05 * 0.5 * (l - r) / denom }
        let worst = scores.values.min()!
        return SkewEstimate(angle: angle, confidence: c > 0 ? max(0, min(1, 1 - worst / c)) : 0)
    }

    /// `sum(P^2) - (sum P)^2 / bins` of a profile.
    static func variance(_ profile: [Int32]) -> Double {
        var sum = 0.0, squares = 0.0
        for v in profile { let d = Double(v); sum += d; squares += d * d }
        return squares - sum * sum / Double(profile.count)
    }

    /// Profile length and origin offset covering every shift for tangent `t` with `strips` strips.
    static func bins(rows: Int, strips: Int, tangent t: Double) -> (count: Int, origin: Int) {
        let maxShift = Int((Double(strips * stripWidth) * abs(t)).rounded(.up)) + 1
        return (rows + 2 * maxShift, maxShift)
    }
}

/// Ink pixels per (8-pixel strip, row) of a binarised image, strip-major.
struct StripCounts {
    let strips: Int, rows: Int
    /// `counts[s * rows + y]`, each `0...8`.
    let counts: [Int32]
    let totalInk: Int

    init(_ image: GrayImage) {
        let t = image.otsuThreshold()
        let inkIsDark = SkewSearch.inkIsDark(histogram: image.histogram(), threshold: t)
        let strips = image.width / SkewSearch.stripWidth, rows = image.height
        self.strips = strips
        self.rows = rows
        var c = [Int32](repeating: 0, count: strips * rows)
        var total = 0
        let tv = SIMD16<UInt8>(repeating: t), one = SIMD16<UInt8>(repeating: 1), zero = SIMD16<UInt8>()
        image.pixels.withUnsafeBytes { buf in c.withUnsafeMutableBufferPointer { counts in
            for y in 0..<rows {
                let row = buf.baseAddress! + y &* image.stride
                var s = 0
                while s &+ 2 <= strips {
                    let p: SIMD16<UInt8> = row.vector(at: s &* 8)
                    let ink = inkIsDark ? zero.replacing(with: one, where: p .<= tv)
                                        : zero.replacing(with: one, where: p .> tv)
                    // Sum each 8-byte half: fold the bytes of each 64-bit lane onto its low byte.
                    var v = unsafeBitCast(ink, to: SIMD2<UInt64>.self)
                    v &+= v &>> 8
                    v &+= v &>> 16
                    v &+= v &>> 32
                    let a = Int32(truncatingIfNeeded: v[0] & 0xFF), b = Int32(truncatingIfNeeded: v[1] & 0xFF)
                    counts[s &* rows &+ y] = a
                    counts[(s &+ 1) &* rows &+ y] = b
                    total &+= Int(a &+ b)
                    s &+= 2
                }
                if s < strips {
                    let r = row.assumingMemoryBound(to: UInt8.self)
                    var n: Int32 = 0
                    for x in (s &* 8)..<(s &* 8 &+ 8) where (r[x] <= t) == inkIsDark { n &+= 1 }
                    counts[s &* rows &+ y] = n
                    total &+= Int(n)
                }
            }
        } }
        counts = c
        totalInk = total
    }

    /// Variance (up to the constant mean term) of the row profile after shifting strip `s` by
    /// `round(centre_s * tan(angle))` rows: `sum(P^2) - (sum P)^2 / bins`.
    func profileVariance(angleDegrees: Double) -> Double {
        let t = tangent(angleDegrees * .pi / 180)
        let (bins, origin) = SkewSearch.bins(rows: rows, strips: strips, tangent: t)
        var profile = [Int32](repeating: 0, count: bins)
        counts.withUnsafeBytes { cb in
            profile.withUnsafeMutableBytes { pb in
                let src = cb.baseAddress!, dst = pb.baseAddress!
                for s in 0..<strips {
                    let column = src + s &* rows &* 4
                    let target = dst + (origin &+ SkewSearch.shift(strip: s, tangent: t)) &* 4
                    var y = 0
                    while y &+ 8 <= rows {
                        let sum = target.vector(at: y &* 4, as: SIMD8<Int32>.self)
                            &+ column.vector(at: y &* 4, as: SIMD8<Int32>.self)
                        target.storeVector(sum, at: y &* 4)
                        y &+= 8
                    }
                    let ct = column.assumingMemoryBound(to: Int32.self), tt = target.assumingMemoryBound(to: Int32.self)
                    while y < rows { tt[y] &+= ct[y]; y &+= 1 }
                }
            }
        }
        return SkewSearch.variance(profile)
    }
}

extension ScalarReference {
    /// Skew estimate that shears every ink pixel into the profile itself for every candidate angle (each pixel
    /// shifted by its strip's offset, as the vector version), after the scalar downscale and Otsu references.
    /// Same contract and output as `GrayImage.estimateSkew(maxAngle:workingSize:)`.
    public static func estimateSkew(_ image: GrayImage, maxAngle: Double = 10,
                                    workingSize: Int = 1200) throws -> SkewEstimate {
        let small = try SkewSearch.reduced(image, maxAngle: maxAngle, workingSize: workingSize) {
            try ScalarReference.downscaled($0, by: $1)
        }
        let t = otsuBinarized(small).threshold
        let inkIsDark = SkewSearch.inkIsDark(histogram: histogram(small), threshold: t)
        let strips = small.width / SkewSearch.stripWidth
        var ink = [(x: Int, y: Int)]()
        for y in 0..<small.height {
            for x in 0..<(strips * SkewSearch.stripWidth) where (small[x, y] <= t) == inkIsDark { ink.append((x, y)) }
        }
        guard !ink.isEmpty else { return SkewEstimate(angle: 0, confidence: 0) }
        return SkewSearch.run(maxAngle: maxAngle) { angle in
            let tan = tangent(angle * .pi / 180)
            let (bins, origin) = SkewSearch.bins(rows: small.height, strips: strips, tangent: tan)
            var profile = [Int32](repeating: 0, count: bins)
            for p in ink {
                profile[origin + p.y + SkewSearch.shift(strip: p.x / SkewSearch.stripWidth, tangent: tan)] += 1
            }
            return SkewSearch.variance(profile)
        }
    }
}
