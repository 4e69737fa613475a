import NutriLensImaging

/// The detector's input tensor: a region of the image resampled to the network size (sides multiples of 32),
/// normalised, planar (NCHW). Shrinking averages the source pixels each output pixel covers (box filter, exact
/// coverage); enlarging interpolates bilinearly at pixel centres; an output the same size as the region copies it.
/// PaddleOCR resizes with OpenCV's bilinear filter, which skips pixels when shrinking more than 2x; the area filter
/// keeps thin strokes of small table text (docs/text.md compares the two).
enum DetectorInput {
    /// Network (height, width) for a `height` x `width` region: the long side scaled to `longSide`, each side
    /// rounded to a multiple of `multiple` (at least one multiple) — PaddleOCR's DetResizeForTest "resize_long".
    static func networkSize(height: Int, width: Int, longSide: Int, multiple: Int) -> (height: Int, width: Int) {
        let ratio = Double(longSide) / Double(max(height, width))
        func side(_ v: Int) -> Int {
            let scaled = Double(Int(Double(v) * ratio))
            return max(multiple, Int((scaled / Double(multiple)).rounded(.toNearestOrEven)) * multiple)
        }
        return (side(height), side(width))
    }

    /// One output sample's source taps along an axis: `count` weights starting at source index `start`.
    struct Taps {
        var start: [Int] = []
        var count: [Int] = []
        var offsets: [Int] = []
        var weights: [Float] = []

        init(origin: Int, length: Int, output: Int) {
            let scale = Double(length) / Double(output)
            for i in 0..<output {
                offsets.append(weights.count)
                if scale > 1 {
                    let lo = Double(i) * scale, hi = lo + scale
                    let first = Int(lo.rounded(.down)), last = min(Int(hi.rounded(.up)) - 1, length - 1)
                    start.append(origin + first)
                    count.append(last - first + 1)
                    for s in first...last {
                        weights.append(Float((min(hi, Double(s + 1)) - max(lo, Double(s))) / scale))
                    }
                } else {
                    let centre = min(max((Double(i) + 0.5) * scale - 0.5, 0), Double(length - 1))
                    let s0 = Int(centre.rounded(.down))
                    let f = Float(centre - Double(s0))
                    start.append(origin + s0)
                    if f == 0 || s0 + 1 >= length {
                        count.append(1)
                        weights.append(1)
                    } else {
                        count.append(2)
                        weights += [1 - f, f]
                    }
                }
            }
        }
    }

    /// Writes `3 * height * width` floats (planes in network channel order) for `region` of `source` into `out`.
    static func tensor(_ source: ImageSource, region: PixelRect, height: Int, width: Int, normalization: Normalization,
                       into out: UnsafeMutablePointer<Float>) {
        let tx = Taps(origin: region.x, length: region.width, output: width)
        let ty = Taps(origin: region.y, length: region.height, output: height)
        let plane = height * width
        // Horizontal pass of one source row into `row` (3 planes of `width`), then each output row accumulates its
        // vertical taps of those rows in `out` and is normalised in place.
        let row = UnsafeMutablePointer<Float>.allocate(capacity: 3 * width)
        defer { row.deallocate() }
        var cachedRow = -1
        let (c0, c1, c2) = source.channelOffsets
        let bpp = source.bytesPerPixel
        source.pixels.withUnsafeBufferPointer { pixelBuffer in
            let p = pixelBuffer.baseAddress!
            for oy in 0..<height {
                let o0 = out + oy * width, o1 = o0 + plane, o2 = o1 + plane
                for ox in 0..<width { o0[ox] = 0; o1[ox] = 0; o2[ox] = 0 }
                for t in 0..<ty.count[oy] {
                    let sy = ty.start[oy] + t
                    let wy = ty.weights[ty.offsets[oy] + t]
                    if sy != cachedRow {
                        let src = p + sy * source.stride
                        for ox in 0..<width {
                            var a0: Float = 0, a1: Float = 0, a2: Float = 0
                            let o = tx.offsets[ox]
                            var byte = tx.start[ox] &* bpp
                            for s in 0..<tx.count[ox] {
                                let w = tx.weights[o &+ s]
                                a0 += Float(src[byte &+ c0]) * w
                                a1 += Float(src[byte &+ c1]) * w
                                a2 += Float(src[byte &+ c2]) * w
                                byte &+= bpp
                            }
                            row[ox] = a0
                            row[width &+ ox] = a1
                            row[2 &* width &+ ox] = a2
                        }
                        cachedRow = sy
                    }
                    for ox in 0..<width {
                        o0[ox] += row[ox] * wy
                        o1[ox] += row[width &+ ox] * wy
                        o2[ox] += row[2 &* width &+ ox] * wy
                    }
                }
                for (c, o) in [o0, o1, o2].enumerated() {
                    let m = normalization.multiplier(c), a = normalization.offset(c)
                    for ox in 0..<width { o[ox] = o[ox] * m + a }
                }
            }
        }
    }
}
