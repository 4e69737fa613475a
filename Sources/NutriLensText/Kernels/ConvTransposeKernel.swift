/// Transposed convolution with kernel == stride (each input pixel becomes a `kh x kw` output block, no overlap):
/// one GEMM `[(Cout, dy, dx) x Cin] * X[Cin x pixels]` per column block, scattered into the output one output-row
/// segment at a time (the `kw` GEMM rows of one (channel, dy) interleaved in one pass), each segment getting its bias
/// and activation while it is in cache.
enum ConvTransposeKernel {
    static func scratchFloats(_ c: ConvTransposeLayer, inputPixels: Int) -> Int {
        let m = c.outputChannels * c.kernelH * c.kernelW
        return m * ConvolutionKernel.columnBlock(k: c.inputChannels, m: m, columns: inputPixels)
    }

    static func run(_ c: ConvTransposeLayer, input: UnsafePointer<Float>, height: Int, width: Int,
                    output: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>) {
        let (kh, kw) = (c.kernelH, c.kernelW)
        let n = height * width, m = c.outputChannels * kh * kw
        let outWidth = width * kw, outPlane = height * kh * outWidth
        let block = ConvolutionKernel.columnBlock(k: c.inputChannels, m: m, columns: n)
        c.packedWeights.withUnsafeBufferPointer { w in
            var j0 = 0
            while j0 < n {
                let cols = min(block, n - j0)
                BLAS.sgemm(m: m, n: cols, k: c.inputChannels, a: w.baseAddress!, lda: c.inputChannels,
                           b: input + j0, ldb: n, c: scratch, ldc: cols)
                // Scatter: GEMM row (co, dy, dx), column (y, x) -> output (co, y * kh + dy, x * kw + dx), one input
                // row segment at a time, all dx of it together.
                for co in 0..<c.outputChannels {
                    let plane = output + co * outPlane, bias = c.bias[co]
                    for dy in 0..<kh {
                        let rows = scratch + (co * kh + dy) * kw * cols
                        var t = 0
                        while t < cols {
                            let pixel = j0 &+ t
                            let y = pixel / width, x0 = pixel &- y &* width
                            let run = min(width &- x0, cols &- t)
                            let dst = plane + ((y &* kh &+ dy) &* outWidth &+ x0 &* kw)
                            if kw == 2 {
                                let r0 = rows + t, r1 = rows + cols + t
                                for i in 0..<run { dst[2 &* i] = r0[i]; dst[2 &* i &+ 1] = r1[i] }
                            } else {
                                for dx in 0..<kw {
                                    let s = rows + dx * cols + t
                                    for i in 0..<run { dst[i &* kw &+ dx] = s[i] }
                                }
                            }
                            Epilogue.apply(c.activation, input: dst, output: dst, count: run * kw, bias: bias)
                            t &+= run
                        }
                    }
                }
                j0 += cols
            }
        }
    }
}
