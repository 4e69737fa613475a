/// Depthwise convolution (one filter per channel), NCHW, or channel-major batches `[C][batch][H][W]` (plane
/// `c * batch + s` takes channel c's filter). Each output row starts as the bias and accumulates one
/// kernel row at a time over its interior columns (`out[x] += w0 * in[x] + w1 * in[x + 1] + ...`, loops the
/// optimiser vectorises).
/// Stride 2 along x first splits the input plane into even and odd columns, so every tap is again a contiguous
/// run. Columns whose window leaves the image take a scalar path with the same summation order.
enum DepthwiseKernel {
    /// Floats of scratch for the even/odd split of one input plane (stride 2 along x only).
    static func scratchFloats(_ c: ConvLayer, height: Int, width: Int) -> Int {
        c.strideW == 2 ? height * (width + 1) : 0
    }

    static func run(_ c: ConvLayer, input: UnsafePointer<Float>, height: Int, width: Int,
                    output: UnsafeMutablePointer<Float>, outHeight: Int, outWidth: Int, residual: UnsafePointer<Float>?,
                    scratch: UnsafeMutablePointer<Float>, batch: Int = 1) {
        let (kh, kw, sh, sw) = (c.kernelH, c.kernelW, c.strideH, c.strideW)
        let pads = c.padding(height: height, width: width)
        // Interior columns: every tap inside the row, i.e. ox * sw - left >= 0 and ox * sw - left + kw - 1 < width.
        let interiorStart = min(outWidth, (pads.left + sw - 1) / sw)
        let lastFull = width - kw + pads.left
        // Strides beyond 2 along x have no vector path (the row loops read consecutive columns): every column
        // takes the scalar path.
        let interiorEnd = sw > 2 ? interiorStart : max(interiorStart, min(outWidth, lastFull >= 0 ? lastFull / sw + 1 : 0))
        let split = sw == 2
        let evenWidth = (width + 1) / 2, oddWidth = width / 2
        c.weights.withUnsafeBufferPointer { weights in
            for planeIndex in 0..<(c.outputChannels * batch) {
                let ch = planeIndex / batch
                let plane = input + planeIndex * height * width
                if split { deinterleave(plane, height: height, width: width, into: scratch) }
                let taps = weights.baseAddress! + ch * kh * kw
                let bias = c.bias[ch]
                let outPlane = output + planeIndex * outHeight * outWidth
                for oy in 0..<outHeight {
                    let out = outPlane + oy * outWidth
                    let iy0 = oy &* sh &- pads.top
                    let kyStart = max(0, -iy0), kyEnd = min(kh, height - iy0)
                    for ox in 0..<interiorStart { out[ox] = edge(plane, taps, iy0, kyStart, kyEnd, ox, c, width, pads.left, bias) }
                    for ox in interiorEnd..<outWidth { out[ox] = edge(plane, taps, iy0, kyStart, kyEnd, ox, c, width, pads.left, bias) }
                    let vectorEnd = interiorEnd
                    if sw == 1 && kyEnd - kyStart == kh && kh == kw && (kw == 3 || kw == 5) {
                        // The whole window in one pass: the same sums in the same order as row by row below, without
                        // storing and reloading the output between kernel rows.
                        let src = plane + (iy0 &* width &- pads.left)
                        if kw == 3 {
                            accumulateWindow3(out, src, width, taps, bias, from: interiorStart, to: vectorEnd)
                        } else {
                            accumulateWindow5(out, src, width, taps, bias, from: interiorStart, to: vectorEnd)
                        }
                    } else {
                        (out + interiorStart).update(repeating: bias, count: vectorEnd - interiorStart)
                        for ky in kyStart..<kyEnd {
                            let iy = iy0 &+ ky
                            let t = taps + ky &* kw
                            if split {
                                for kx in 0..<kw {
                                    let j = kx &- pads.left  // column 2 ox + j: even (j even) or odd plane, shifted
                                    let even = j & 1 == 0
                                    let base = scratch + (even ? iy &* evenWidth : height &* evenWidth &+ iy &* oddWidth)
                                    let src = UnsafePointer(base + (even ? j >> 1 : (j &- 1) >> 1))
                                    accumulate(out, src, t[kx], from: interiorStart, to: vectorEnd)
                                }
                            } else {
                                // Input of output column ox for tap kx: column ox - left + kx of row iy; whole kernel
                                // rows of 3 or 5 taps in one pass.
                                let src = plane + (iy &* width &- pads.left)
                                switch kw {
                                case 3: accumulateRow3(out, src, t, from: interiorStart, to: vectorEnd)
                                case 5: accumulateRow5(out, src, t, from: interiorStart, to: vectorEnd)
                                default:
                                    for kx in 0..<kw { accumulate(out, src + kx, t[kx], from: interiorStart, to: vectorEnd) }
                                }
                            }
                        }
                    }
                    if c.activation != .none || residual != nil {
                        Epilogue.apply(c.activation, input: out, output: out, count: outWidth,
                                       residual: residual.map { $0 + planeIndex * outHeight * outWidth + oy * outWidth })
                    }
                }
            }
        }
    }

    /// `out[x] += w * src[x]` for x in `from ..< to`.
    @inline(__always)
    static func accumulate(_ out: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>, _ w: Float, from: Int, to: Int) {
        for x in from..<to { out[x] += w * src[x] }
    }

    /// `out[x] += sum of w[k] * src[x + k]` for k < 3, x in `from ..< to` (one pass instead of three).
    @inline(__always)
    static func accumulateRow3(_ out: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>, _ w: UnsafePointer<Float>,
                               from: Int, to: Int) {
        let (w0, w1, w2) = (w[0], w[1], w[2])
        for x in from..<to { out[x] += w0 * src[x] + w1 * src[x &+ 1] + w2 * src[x &+ 2] }
    }

    /// `out[x] += sum of w[k] * src[x + k]` for k < 5.
    @inline(__always)
    static func accumulateRow5(_ out: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>, _ w: UnsafePointer<Float>,
                               from: Int, to: Int) {
        let (w0, w1, w2, w3, w4) = (w[0], w[1], w[2], w[3], w[4])
        for x in from..<to {
            out[x] += w0 * src[x] + w1 * src[x &+ 1] + w2 * src[x &+ 2] + w3 * src[x &+ 3] + w4 * src[x &+ 4]
        }
    }

    /// `out[x] = bias + Σ_ky (Σ_kx w[ky][kx] · src[ky · stride + x + kx])` for a 3x3 window, each kernel row's sum
    /// added in order (the arithmetic of `accumulateRow3` applied row after row to an output starting at `bias`).
    @inline(__always)
    static func accumulateWindow3(_ out: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>, _ stride: Int,
                                  _ w: UnsafePointer<Float>, _ bias: Float, from: Int, to: Int) {
        let (s0, s1, s2) = (src, src + stride, src + 2 &* stride)
        let (a0, a1, a2, b0, b1, b2, c0, c1, c2) = (w[0], w[1], w[2], w[3], w[4], w[5], w[6], w[7], w[8])
        for x in from..<to {
            var acc = bias
            acc += a0 * s0[x] + a1 * s0[x &+ 1] + a2 * s0[x &+ 2]
            acc += b0 * s1[x] + b1 * s1[x &+ 1] + b2 * s1[x &+ 2]
            acc += c0 * s2[x] + c1 * s2[x &+ 1] + c2 * s2[x &+ 2]
            out[x] = acc
        }
    }

    /// As `accumulateWindow3` for a 5x5 window (the arithmetic of `accumulateRow5`, row after row).
    @inline(__always)
    static func accumulateWindow5(_ out: UnsafeMutablePointer<Float>, _ src: UnsafePointer<Float>, _ stride: Int,
                                  _ w: UnsafePointer<Float>, _ bias: Float, from: Int, to: Int) {
        let (s0, s1, s2, s3, s4) = (src, src + stride, src + 2 &* stride, src + 3 &* stride, src + 4 &* stride)
        let (a0, a1, a2, a3, a4) = (w[0], w[1], w[2], w[3], w[4])
        let (b0, b1, b2, b3, b4) = (w[5], w[6], w[7], w[8], w[9])
        let (c0, c1, c2, c3, c4) = (w[10], w[11], w[12], w[13], w[14])
        let (d0, d1, d2, d3, d4) = (w[15], w[16], w[17], w[18], w[19])
        let (e0, e1, e2, e3, e4) = (w[20], w[21], w[22], w[23], w[24])
        for x in from..<to {
            var acc = bias
            acc += a0 * s0[x] + a1 * s0[x &+ 1] + a2 * s0[x &+ 2] + a3 * s0[x &+ 3] + a4 * s0[x &+ 4]
            acc += b0 * s1[x] + b1 * s1[x &+ 1] + b2 * s1[x &+ 2] + b3 * s1[x &+ 3] + b4 * s1[x &+ 4]
            acc += c0 * s2[x] + c1 * s2[x &+ 1] + c2 * s2[x &+ 2] + c3 * s2[x &+ 3] + c4 * s2[x &+ 4]
            acc += d0 * s3[x] + d1 * s3[x &+ 1] + d2 * s3[x &+ 2] + d3 * s3[x &+ 3] + d4 * s3[x &+ 4]
            acc += e0 * s4[x] + e1 * s4[x &+ 1] + e2 * s4[x &+ 2] + e3 * s4[x &+ 3] + e4 * s4[x &+ 4]
            out[x] = acc
        }
    }

    /// Splits each row into its even columns (plane 0, `(width + 1) / 2` wide) and odd columns (plane 1).
    static func deinterleave(_ plane: UnsafePointer<Float>, height: Int, width: Int, into scratch: UnsafeMutablePointer<Float>) {
        let evenWidth = (width + 1) / 2, oddWidth = width / 2
        let odd = scratch + height * evenWidth
        for y in 0..<height {
            let row = plane + y * width, e = scratch + y * evenWidth, o = odd + y * oddWidth
            for i in 0..<oddWidth { e[i] = row[2 &* i]; o[i] = row[2 &* i &+ 1] }
            if evenWidth > oddWidth { e[evenWidth - 1] = row[width - 1] }
        }
    }

    /// One output whose window leaves the row: the bias, then each tap inside the image, ky then kx, added one at a
    /// time (the taps' column range is found once, not tested tap by tap).
    @inline(__always)
    static func edge(_ plane: UnsafePointer<Float>, _ taps: UnsafePointer<Float>, _ iy0: Int, _ kyStart: Int, _ kyEnd: Int,
                     _ ox: Int, _ c: ConvLayer, _ width: Int, _ left: Int, _ bias: Float) -> Float {
        let kw = c.kernelW, x0 = ox &* c.strideW &- left
        let kxStart = max(0, -x0), kxEnd = max(kxStart, min(kw, width &- x0))  // empty when the window misses the row
        var acc = bias
        for ky in kyStart..<kyEnd {
            let row = plane + ((iy0 &+ ky) &* width &+ x0), t = taps + ky &* kw
            for kx in kxStart..<kxEnd { acc += row[kx] * t[kx] }
        }
        return acc
    }
}
