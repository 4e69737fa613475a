/// Convolutions as GEMMs (NCHW, or channel-major batches `[C][batch][H][W]`): `out[Cout x N] = W[Cout x K] * X[K x N]`
/// with N = output pixels (per sample).
/// A 1x1 stride-1 convolution multiplies the input planes directly (K = Cin); a k x k one with few output channels
/// goes to `ShiftedGEMMConvolution` (GEMMs on the input, then shifted adds); any other group-1 or grouped
/// convolution first unrolls one column block of input patches (im2col, K = Cin/group * kh * kw) into `scratch`.
/// Output is produced in column blocks so the bias/activation/residual epilogue finds the block still in cache.
enum ConvolutionKernel {
    /// Output columns per GEMM call: the B panel and the C block (K + M rows) stay within ~256 KB of cache.
    static func columnBlock(k: Int, m: Int, columns: Int) -> Int {
        let budget = 64 * 1024 / max(1, k + m)
        return min(columns, max(256, budget & ~15))
    }

    /// Floats of scratch `run` needs for this layer and output size (0 for pointwise and depthwise layers).
    static func scratchFloats(_ c: ConvLayer, height: Int, width: Int, outputPixels: Int) -> Int {
        if c.isDepthwise { return DepthwiseKernel.scratchFloats(c, height: height, width: width) }
        if c.isPointwise { return 0 }
        if ShiftedGEMMConvolution.applies(c) { return ShiftedGEMMConvolution.scratchFloats(c, height: height, width: width) }
        let k = c.inputChannels / c.group * c.kernelH * c.kernelW
        return k * columnBlock(k: k, m: c.outputChannels / c.group, columns: outputPixels)
    }

    static func run(_ c: ConvLayer, input: UnsafePointer<Float>, height: Int, width: Int,
                    output: UnsafeMutablePointer<Float>, outHeight: Int, outWidth: Int,
                    residual: UnsafePointer<Float>?, scratch: UnsafeMutablePointer<Float>, batch: Int = 1) {
        if c.isDepthwise {
            DepthwiseKernel.run(c, input: input, height: height, width: width, output: output,
                                outHeight: outHeight, outWidth: outWidth, residual: residual, scratch: scratch, batch: batch)
            return
        }
        // One sample's columns per GEMM call, as in a single pass: OpenBLAS computes a matrix's last columns and
        // rows with other micro-kernels, whose rounding differs, so one wide GEMM over the batch would make a
        // line's result depend on its neighbours (up to 4e-5 in the recogniser's probabilities).
        let plane = outHeight * outWidth, ldc = batch * plane, inputPlane = height * width
        for s in 0..<batch {
            if ShiftedGEMMConvolution.applies(c) {
                ShiftedGEMMConvolution.run(c, input: input + s * inputPlane, channelStride: batch * inputPlane, height: height,
                                           width: width, output: output + s * plane, outHeight: outHeight, outWidth: outWidth,
                                           ldc: ldc, residual: residual.map { $0 + s * plane }, scratch: scratch)
                continue
            }
            gemm(c, input: input + s * inputPlane, channelStride: batch * inputPlane, height: height, width: width,
                 output: output + s * plane, outWidth: outWidth, pixels: plane, ldc: ldc,
                 residual: residual.map { $0 + s * plane }, scratch: scratch)
        }
    }

    /// Output columns `0 ..< pixels` of every output channel; output rows (and residual rows) are `ldc` apart,
    /// input channel planes `channelStride` apart (pointwise layers read them as the GEMM's B with that stride).
    private static func gemm(_ c: ConvLayer, input: UnsafePointer<Float>, channelStride: Int? = nil, height: Int, width: Int,
                             output: UnsafeMutablePointer<Float>, outWidth: Int, pixels n: Int, ldc: Int,
                             residual: UnsafePointer<Float>?, scratch: UnsafeMutablePointer<Float>) {
        let cpg = c.inputChannels / c.group, opg = c.outputChannels / c.group
        let k = cpg * c.kernelH * c.kernelW
        let blockColumns = columnBlock(k: k, m: opg, columns: n)
        let planeStride = channelStride ?? height * width
        let pads = c.padding(height: height, width: width)
        c.weights.withUnsafeBufferPointer { w in
            c.bias.withUnsafeBufferPointer { bias in
                for g in 0..<c.group {
                    let a = w.baseAddress! + g * opg * k
                    var j0 = 0
                    while j0 < n {
                        let cols = min(blockColumns, n - j0)
                        let out = output + g * opg * ldc + j0
                        let b: UnsafePointer<Float>, ldb: Int
                        if c.isPointwise {
                            (b, ldb) = (input + j0, planeStride)
                        } else {
                            im2col(c, input: input + g * cpg * planeStride, channels: cpg, channelStride: planeStride,
                                   height: height, width: width, pads: (pads.top, pads.left), outWidth: outWidth,
                                   first: j0, count: cols, into: scratch)
                            (b, ldb) = (UnsafePointer(scratch), cols)
                        }
                        block(c, a: a, firstChannel: g * opg, channels: opg, k: k, bias: bias.baseAddress!, b: b, ldb: ldb,
                              columns: cols, output: out, ldc: ldc,
                              residual: residual.map { $0 + g * opg * ldc + j0 }, residualStride: ldc)
                        j0 += cols
                    }
                }
            }
        }
    }

    /// One column block of output channels `firstChannel ..< firstChannel + channels`: C (rows `ldc` apart) starts
    /// as the bias (beta = 1: no separate zeroing pass in the BLAS, no bias pass after), gets `A[channels x k] ·
    /// B[k x columns]`, then the activation and residual (rows `residualStride` apart) while the block is in cache.
    @inline(__always)
    static func block(_ c: ConvLayer, a: UnsafePointer<Float>, firstChannel: Int, channels m: Int, k: Int,
                      bias: UnsafePointer<Float>, b: UnsafePointer<Float>, ldb: Int, columns: Int,
                      output out: UnsafeMutablePointer<Float>, ldc: Int, residual: UnsafePointer<Float>?, residualStride: Int) {
        for o in 0..<m { (out + o * ldc).update(repeating: bias[firstChannel + o], count: columns) }
        BLAS.sgemm(m: m, n: columns, k: k, a: a, lda: k, b: b, ldb: ldb, c: out, ldc: ldc, beta: 1)
        if c.activation != .none || residual != nil {
            for o in 0..<m {
                let row = out + o * ldc
                Epilogue.apply(c.activation, input: row, output: row, count: columns,
                               residual: residual.map { $0 + o * residualStride })
            }
        }
    }

    /// Patches for output pixels `first ..< first + count` (row-major over the output) as a `K x count` matrix,
    /// row `(channel * kh + ky) * kw + kx`, zeros where the window leaves the image.
    static func im2col(_ c: ConvLayer, input: UnsafePointer<Float>, channels: Int, channelStride: Int, height: Int, width: Int,
                       pads: (top: Int, left: Int), outWidth: Int, first: Int, count: Int,
                       into scratch: UnsafeMutablePointer<Float>) {
        let (kh, kw, sh, sw) = (c.kernelH, c.kernelW, c.strideH, c.strideW)
        var row = 0
        for ch in 0..<channels {
            let plane = input + ch * channelStride
            for ky in 0..<kh {
                for kx in 0..<kw {
                    let dst = scratch + row * count
                    var j = 0
                    while j < count {
                        let pixel = first &+ j
                        let oy = pixel / outWidth, ox0 = pixel - oy * outWidth
                        let run = min(outWidth - ox0, count - j)
                        let iy = oy &* sh &- pads.top &+ ky
                        let d = dst + j
                        if iy < 0 || iy >= height {
                            d.update(repeating: 0, count: run)
                        } else {
                            // Columns ox with 0 <= ox * sw - left + kx < width: [lo, hi) of this run.
                            let src = plane + iy * width
                            let shift = kx &- pads.left
                            let lo = min(max(ox0, shift < 0 ? (-shift + sw - 1) / sw : 0), ox0 &+ run)
                            let hi = max(lo, min(ox0 &+ run, (width - shift + sw - 1) / sw))
                            d.update(repeating: 0, count: lo &- ox0)
                            (d + (hi &- ox0)).update(repeating: 0, count: ox0 &+ run &- hi)
                            if sw == 1 {
                                (d + (lo &- ox0)).update(from: src + (lo &+ shift), count: hi &- lo)
                            } else if sw == 2 {
                                // The stride as a constant: the loop vectorises (even lanes of two loads) instead of
                                // one scalar load per float (the stems 3x3/2 of both networks, 1.6 % of the tail).
                                let from = src + (lo &* 2 &+ shift), to = d + (lo &- ox0)
                                for i in 0..<(hi &- lo) { to[i] = from[2 &* i] }
                            } else {
                                let from = src + (lo &* sw &+ shift), to = d + (lo &- ox0)
                                for i in 0..<(hi &- lo) { to[i] = from[i &* sw] }
                            }
                        }
                        j &+= run
                    }
                    row += 1
                }
            }
        }
    }
}
