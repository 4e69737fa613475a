// Separable resampling shared by area-average downscaling and bilinear resizing.
//
// Every output pixel along one axis is a weighted sum of `taps` source pixels. Weights are integers that sum to
// exactly 256 per output pixel, so the vertical pass (weights x 8-bit pixels) fits a UInt16 lane and the
// horizontal pass (weights x vertical sums) fits a UInt32 lane. Because nothing is rounded between the passes, the
// separable SIMD result equals the direct 2-D scalar sum `(sum_j sum_k wy_j wx_k p + 2^15) >> 16` bit for bit.

/// The source taps and 8.8 fixed-point weights of every output position along one axis.
struct ResampleAxis {
    /// Taps per output position (unused taps have weight 0 and a valid index).
    let taps: Int
    /// Number of output positions.
    let count: Int
    /// Source index of tap `k` of output `o` at `[k * count + o]` (tap-major so 8 outputs' taps are contiguous).
    let index: [Int32]
    /// Weight of tap `k` of output `o` at `[k * count + o]`, each `0...256`, summing to 256 over `k`.
    let weight: [UInt16]

    /// Area-average (box) coverage: output `o` covers source `[o * s, (o + 1) * s)` with `s = source / output`.
    /// - Precondition: `1 <= output <= source`.
    static func area(source: Int, output: Int) -> ResampleAxis {
        let scale = Double(source) / Double(output)
        let taps = Int(scale.rounded(.up)) + 1
        var index = [Int32](repeating: 0, count: taps * output)
        var weight = [UInt16](repeating: 0, count: taps * output)
        for o in 0..<output {
            let lo = Double(o) * scale, hi = min(Double(o + 1) * scale, Double(source))
            let first = Int(lo.rounded(.down))
            var cover = [Double]()
            var i = first
            while Double(i) < hi && i < source {
                cover.append(min(hi, Double(i + 1)) - max(lo, Double(i)))
                i += 1
            }
            let ws = quantize(cover.map { $0 / scale })
            for k in 0..<taps {
                index[k * output + o] = Int32(min(first + k, source - 1))
                weight[k * output + o] = k < ws.count ? ws[k] : 0
            }
        }
        return ResampleAxis(taps: taps, count: output, index: index, weight: weight)
    }

    /// Bilinear (triangle) interpolation with pixel-centre alignment: output `o` samples source coordinate
    /// `(o + 0.5) * source / output - 0.5`, clamped to the edge pixels.
    /// - Precondition: `source >= 1`, `output >= 1`.
    static func bilinear(source: Int, output: Int) -> ResampleAxis {
        let scale = Double(source) / Double(output)
        var index = [Int32](repeating: 0, count: 2 * output)
        var weight = [UInt16](repeating: 0, count: 2 * output)
        for o in 0..<output {
            let s = min(max((Double(o) + 0.5) * scale - 0.5, 0), Double(source - 1))
            let i0 = Int(s.rounded(.down))
            let f = UInt16(((s - Double(i0)) * 256).rounded())
            index[o] = Int32(i0)
            index[output + o] = Int32(min(i0 + 1, source - 1))
            weight[o] = 256 - f
            weight[output + o] = f
        }
        return ResampleAxis(taps: 2, count: output, index: index, weight: weight)
    }

    /// Rounds fractions summing to 1 into integers summing to exactly 256 (largest-remainder method, so no weight
    /// goes negative however many taps there are).
    private static func quantize(_ fractions: [Double]) -> [UInt16] {
        let scaled = fractions.map { $0 * 256 }
        var q = scaled.map { Int($0.rounded(.down)) }
        let byRemainder = scaled.indices.sorted { scaled[$0] - Double(q[$0]) > scaled[$1] - Double(q[$1]) }
        var missing = 256 - q.reduce(0, +)
        var i = 0
        while missing > 0 {
            q[byRemainder[i % byRemainder.count]] += 1
            missing -= 1
            i += 1
        }
        return q.map { UInt16($0) }
    }
}

/// Applies a vertical and a horizontal `ResampleAxis` to an 8-bit image.
enum SeparableResampler {
    /// SIMD path: vertical pass over whole rows in UInt16 lanes, horizontal pass gathering 8 outputs per step.
    static func resample(_ image: GrayImage, horizontal hx: ResampleAxis, vertical vy: ResampleAxis) -> GrayImage {
        let w = image.width, ow = hx.count, oh = vy.count, stride = image.stride
        var rowSum = [UInt16](repeating: 0, count: w + 16)
        let out = image.pixels.withUnsafeBytes { srcBuf in
            rowSum.withUnsafeMutableBufferPointer { sumBuf in
                hx.index.withUnsafeBufferPointer { hIndex in
                    hx.weight.withUnsafeBufferPointer { hWeight in
                        makeBytes(count: ow * oh) { dst in
                            let src = srcBuf.baseAddress!
                            let sums = UnsafeMutableRawPointer(sumBuf.baseAddress!)
                            for oy in 0..<oh {
                                verticalPass(src: src, stride: stride, width: w, axis: vy, output: oy, into: sums)
                                horizontalPass(sums.assumingMemoryBound(to: UInt16.self), axis: hx,
                                               index: hIndex.baseAddress!, weight: hWeight.baseAddress!,
                                               dst: dst + oy &* ow)
                            }
                        }
                    }
                }
            }
        }
        return GrayImage(width: ow, height: oh, stride: ow, pixels: out)
    }

    /// `sums[x] = sum_k w_k * src[row_k][x]` for all `x` (values <= 255 * 256).
    @inline(__always)
    private static func verticalPass(src: UnsafeRawPointer, stride: Int, width w: Int, axis: ResampleAxis,
                                     output oy: Int, into sums: UnsafeMutableRawPointer) {
        let s = sums.assumingMemoryBound(to: UInt16.self)
        var first = true
        for k in 0..<axis.taps {
            let wk = axis.weight[k &* axis.count &+ oy]
            if wk == 0 { continue }
            let row = src + Int(axis.index[k &* axis.count &+ oy]) &* stride
            let wv = SIMD16<UInt16>(repeating: wk)
            var x = 0
            while x &+ 16 <= w {
                let p = widen(row.vector(at: x, as: SIMD16<UInt8>.self))
                let acc: SIMD16<UInt16> = first ? .zero : sums.vector(at: x &* 2)
                sums.storeVector(acc &+ p &* wv, at: x &* 2)
                x &+= 16
            }
            let r = row.assumingMemoryBound(to: UInt8.self)
            while x < w {
                s[x] = (first ? 0 : s[x]) &+ UInt16(r[x]) &* wk
                x &+= 1
            }
            first = false
        }
    }

    /// `dst[o] = (sum_k w_k * sums[i_k] + 2^15) >> 16`, 8 outputs per step.
    @inline(__always)
    private static func horizontalPass(_ sums: UnsafePointer<UInt16>, axis: ResampleAxis,
                                       index: UnsafePointer<Int32>, weight: UnsafePointer<UInt16>,
                                       dst: UnsafeMutableRawPointer) {
        let n = axis.count
        var o = 0
        while o &+ 8 <= n {
            var acc = SIMD8<UInt32>(repeating: 1 << 15)
            for k in 0..<axis.taps {
                let ip = index + (k &* n &+ o)
                let v = SIMD8<UInt32>(UInt32(sums[Int(ip[0])]), UInt32(sums[Int(ip[1])]),
                                      UInt32(sums[Int(ip[2])]), UInt32(sums[Int(ip[3])]),
                                      UInt32(sums[Int(ip[4])]), UInt32(sums[Int(ip[5])]),
                                      UInt32(sums[Int(ip[6])]), UInt32(sums[Int(ip[7])]))
                let wk = widen(UnsafeRawPointer(weight + (k &* n &+ o)).vector(at: 0, as: SIMD8<UInt16>.self))
                acc &+= v &* wk
            }
            dst.storeVector(narrowToBytes(acc &>> 16), at: o)
            o &+= 8
        }
        let d = dst.assumingMemoryBound(to: UInt8.self)
        while o < n {
            var acc: UInt32 = 1 << 15
            for k in 0..<axis.taps {
                acc &+= UInt32(sums[Int(index[k &* n &+ o])]) &* UInt32(weight[k &* n &+ o])
            }
            d[o] = UInt8(truncatingIfNeeded: acc >> 16)
            o &+= 1
        }
    }

    /// Scalar reference: the direct 2-D weighted sum for every output pixel.
    static func referenceResample(_ image: GrayImage, horizontal hx: ResampleAxis,
                                  vertical vy: ResampleAxis) -> GrayImage {
        var out = GrayImage(width: hx.count, height: vy.count, fill: 0)
        for oy in 0..<vy.count {
            for ox in 0..<hx.count {
                var acc: UInt32 = 1 << 15
                for j in 0..<vy.taps {
                    let wy = UInt32(vy.weight[j * vy.count + oy]), sy = Int(vy.index[j * vy.count + oy])
                    for k in 0..<hx.taps {
                        let wx = UInt32(hx.weight[k * hx.count + ox]), sx = Int(hx.index[k * hx.count + ox])
                        acc += wy * wx * UInt32(image[sx, sy])
                    }
                }
                out[ox, oy] = UInt8(acc >> 16)
            }
        }
        return out
    }
}
