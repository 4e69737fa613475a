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
    ///
    /// Per output pixel the sums are those of the plain definition, term by term in tap order from zero:
    /// horizontally `Σ_s Float(byte) · wx[s]`, then vertically `Σ_t row_t · wy[t]`, then `· multiplier + offset`.
    /// The horizontal pass converts each source row's bytes to floats once and runs tap by tap over the whole row,
    /// every pixel padded to the row's largest tap count with zero weights (a pixel value times 0 is +0, and adding
    /// +0 to a sum of non-negative terms leaves it unchanged), so the loops have no per-pixel tap count; the last two
    /// source rows it made are kept, so enlarging (two rows per output row, shared with the next) makes each once.
    static func tensor(_ source: ImageSource, region: PixelRect, height: Int, width: Int, normalization: Normalization,
                       into out: UnsafeMutablePointer<Float>) {
        let tx = Taps(origin: region.x, length: region.width, output: width)
        let ty = Taps(origin: region.y, length: region.height, output: height)
        let plane = height * width, sourceWidth = region.width
        let tapCount = tx.count.max() ?? 1
        // Tap s of output column ox: source column index[s * width + ox] of the region, weight[s * width + ox].
        let index = UnsafeMutablePointer<Int>.allocate(capacity: tapCount * width)
        let weight = UnsafeMutablePointer<Float>.allocate(capacity: tapCount * width)
        // The region's row as floats (3 planes of `sourceWidth`), and two horizontal results (3 planes of `width`).
        let sourceRow = UnsafeMutablePointer<Float>.allocate(capacity: 3 * sourceWidth)
        let rows = UnsafeMutablePointer<Float>.allocate(capacity: 2 * 3 * width)
        defer { index.deallocate(); weight.deallocate(); sourceRow.deallocate(); rows.deallocate() }
        for ox in 0..<width {
            let first = tx.start[ox] - region.x, count = tx.count[ox], offset = tx.offsets[ox]
            for s in 0..<tapCount {
                index[s * width + ox] = first + min(s, count - 1)
                weight[s * width + ox] = s < count ? tx.weights[offset + s] : 0
            }
        }
        var cached = (-1, -1)  // source rows held by rows[0] and rows[1]
        var newest = 1
        let (c0, c1, c2) = source.channelOffsets
        let bpp = source.bytesPerPixel
        // For 3 or 4 bytes a pixel whose channels are bytes 0, 1, 2 in some order: the channel (plane) of each byte.
        let offsets = [c0, c1, c2]
        let planeOfByte: (Int, Int, Int)? = (bpp == 3 || bpp == 4) && offsets.sorted() == [0, 1, 2]
            ? (offsets.firstIndex(of: 0)!, offsets.firstIndex(of: 1)!, offsets.firstIndex(of: 2)!) : nil
        source.pixels.withUnsafeBufferPointer { pixelBuffer in
            let p = pixelBuffer.baseAddress!
            func horizontal(_ sy: Int, into row: UnsafeMutablePointer<Float>) {
                let src = p + sy * source.stride + region.x * bpp
                var (r0, r1, r2) = (sourceRow, sourceRow + sourceWidth, sourceRow + 2 * sourceWidth)
                if bpp == 1 {
                    // Grey: one plane, read as all three channels.
                    for x in 0..<sourceWidth { r0[x] = Float(src[x]) }
                    (r1, r2) = (r0, r0)
                } else if let (p0, p1, p2) = planeOfByte {
                    // Bytes 0, 1, 2 of each pixel at constant offsets (a loop that vectorises), each into the plane
                    // of the channel it is.
                    let (b0, b1, b2) = (sourceRow + p0 * sourceWidth, sourceRow + p1 * sourceWidth, sourceRow + p2 * sourceWidth)
                    if bpp == 3 {
                        for x in 0..<sourceWidth {
                            b0[x] = Float(src[3 &* x]); b1[x] = Float(src[3 &* x &+ 1]); b2[x] = Float(src[3 &* x &+ 2])
                        }
                    } else {
                        for x in 0..<sourceWidth {
                            b0[x] = Float(src[4 &* x]); b1[x] = Float(src[4 &* x &+ 1]); b2[x] = Float(src[4 &* x &+ 2])
                        }
                    }
                } else {
                    for x in 0..<sourceWidth {
                        r0[x] = Float(src[x &* bpp &+ c0])
                        r1[x] = Float(src[x &* bpp &+ c1])
                        r2[x] = Float(src[x &* bpp &+ c2])
                    }
                }
                let (h0, h1, h2) = (row, row + width, row + 2 * width)
                for ox in 0..<width {
                    let i = index[ox], w = weight[ox]
                    h0[ox] = r0[i] * w
                    h1[ox] = r1[i] * w
                    h2[ox] = r2[i] * w
                }
                for s in 1..<max(1, tapCount) {
                    let si = index + s * width, sw = weight + s * width
                    for ox in 0..<width {
                        let i = si[ox], w = sw[ox]
                        h0[ox] += r0[i] * w
                        h1[ox] += r1[i] * w
                        h2[ox] += r2[i] * w
                    }
                }
            }
            for oy in 0..<height {
                let o0 = out + oy * width, o1 = o0 + plane, o2 = o1 + plane
                for ox in 0..<width { o0[ox] = 0; o1[ox] = 0; o2[ox] = 0 }
                for t in 0..<ty.count[oy] {
                    let sy = ty.start[oy] + t
                    let wy = ty.weights[ty.offsets[oy] + t]
                    let slot: Int
                    if cached.0 == sy {
                        slot = 0
                    } else if cached.1 == sy {
                        slot = 1
                    } else {
                        slot = 1 - newest  // the older of the two
                        horizontal(sy, into: rows + slot * 3 * width)
                        if slot == 0 { cached.0 = sy } else { cached.1 = sy }
                    }
                    newest = slot
                    let row = rows + slot * 3 * width
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
