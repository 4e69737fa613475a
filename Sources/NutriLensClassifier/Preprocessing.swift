import NutriLensImaging

/// Turns a rectangle of an `RGBImage` into the network's input tensor: resampled to `size` x `size` (area
/// averaging when shrinking, bilinear when enlarging, separable, in Float), then `(v / 255 - mean) / std` per
/// channel, HWC. Any layout (`rgb`, `rgba`, `bgra`) is read as R G B; alpha is ignored.
struct Preprocessor: Sendable {
    let size: Int
    let mean: [Float]
    let std: [Float]

    /// One output sample's source taps along an axis.
    struct Taps {
        var start: [Int] = []
        var count: [Int] = []
        var weights: [Float] = []  // `count[i]` weights for output i, flattened; each set sums to 1
        var offsets: [Int] = []
    }

    /// Resampling weights mapping source span `[origin, origin + length)` onto `outputLength` samples.
    /// Shrinking uses exact box (area) coverage; enlarging uses bilinear interpolation at pixel centres.
    static func taps(origin: Int, length: Int, outputLength: Int, limit: Int) -> Taps {
        var t = Taps()
        let scale = Double(length) / Double(outputLength)
        for i in 0..<outputLength {
            t.offsets.append(t.weights.count)
            if scale > 1 {
                let lo = Double(origin) + Double(i) * scale, hi = lo + scale
                let first = Int(lo.rounded(.down)), last = min(Int(hi.rounded(.up)) - 1, limit - 1)
                t.start.append(first)
                t.count.append(last - first + 1)
                for s in first...last {
                    let cover = min(hi, Double(s + 1)) - max(lo, Double(s))
                    t.weights.append(Float(max(cover, 0) / scale))
                }
            } else {
                let centre = Double(origin) + (Double(i) + 0.5) * scale - 0.5
                let clamped = min(max(centre, Double(origin)), Double(origin + length - 1))
                let s0 = Int(clamped.rounded(.down))
                let f = Float(clamped - Double(s0))
                // Exact pixel positions (always, at scale 1) take one tap: the resampler is then the identity.
                let s1 = f == 0 ? s0 : min(s0 + 1, origin + length - 1)
                t.start.append(s0)
                t.count.append(s1 == s0 ? 1 : 2)
                t.weights.append(s1 == s0 ? 1 : 1 - f)
                if s1 != s0 { t.weights.append(f) }
            }
        }
        return t
    }

    /// Writes `size * size * 3` floats to `out`. `crop` is clipped to the image; an empty crop uses the whole image.
    func tensor(from image: RGBImage, crop: PixelRect, into out: UnsafeMutablePointer<Float>) {
        let x0 = max(0, min(crop.x, image.width - 1)), y0 = max(0, min(crop.y, image.height - 1))
        let w = max(1, min(crop.maxX, image.width) - x0), h = max(1, min(crop.maxY, image.height) - y0)
        let tx = Self.taps(origin: x0, length: w, outputLength: size, limit: image.width)
        let ty = Self.taps(origin: y0, length: h, outputLength: size, limit: image.height)
        let bpp = image.layout.bytesPerPixel
        let (ri, gi, bi) = image.layout == .bgra ? (2, 1, 0) : (0, 1, 2)
        // Horizontal pass over just the source rows the vertical taps touch: row r -> size * 3 floats.
        let firstRow = ty.start.first!, lastRow = ty.start.last! + ty.count.last! - 1
        var rows = [Float](repeating: 0, count: (lastRow - firstRow + 1) * size * 3)
        image.pixels.withUnsafeBufferPointer { px in
            rows.withUnsafeMutableBufferPointer { rp in
                for sy in firstRow...lastRow {
                    let src = sy * image.stride
                    let dst = (sy - firstRow) * size * 3
                    for ox in 0..<size {
                        var r: Float = 0, g: Float = 0, b: Float = 0
                        let o = tx.offsets[ox]
                        for t in 0..<tx.count[ox] {
                            let p = src + (tx.start[ox] + t) * bpp
                            let wgt = tx.weights[o + t]
                            r += wgt * Float(px[p + ri]); g += wgt * Float(px[p + gi]); b += wgt * Float(px[p + bi])
                        }
                        rp[dst + ox * 3] = r; rp[dst + ox * 3 + 1] = g; rp[dst + ox * 3 + 2] = b
                    }
                }
            }
        }
        let scale = (0..<3).map { 1 / (255 * std[$0]) }
        let shift = (0..<3).map { -mean[$0] / std[$0] }
        rows.withUnsafeBufferPointer { rp in
            for oy in 0..<size {
                let o = ty.offsets[oy]
                let dst = out + oy * size * 3
                for i in 0..<(size * 3) { dst[i] = 0 }
                for t in 0..<ty.count[oy] {
                    let src = (ty.start[oy] + t - firstRow) * size * 3
                    let wgt = ty.weights[o + t]
                    for i in 0..<(size * 3) { dst[i] += wgt * rp[src + i] }
                }
                for i in 0..<(size * 3) { dst[i] = dst[i] * scale[i % 3] + shift[i % 3] }
            }
        }
    }
}
