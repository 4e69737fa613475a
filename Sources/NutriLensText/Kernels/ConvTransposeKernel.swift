/// Transposed convolution with kernel == stride (each input pixel becomes a `kh x kw` output block, no overlap):
/// one GEMM `[(Cout, dy, dx) x Cin] * X[Cin x pixels]` per column block, scattered into the output, then bias and
/// activation per output channel.
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
                // row segment at a time.
                for row in 0..<m {
                    let co = row / (kh * kw), dy = row / kw % kh, dx = row % kw
                    let src = scratch + row * cols
                    let plane = output + co * outPlane
                    var t = 0
                    while t < cols {
                        let pixel = j0 &+ t
                        let y = pixel / width, x0 = pixel &- y &* width
                        let run = min(width &- x0, cols &- t)
                        let dst = plane + ((y &* kh &+ dy) &* outWidth &+ x0 &* kw &+ dx)
                        let s = src + t
                        for i in 0..<run { dst[i &* kw] = s[i] }
                        t &+= run
                    }
                }
                j0 += cols
            }
        }
        for co in 0..<c.outputChannels {
            let plane = output + co * outPlane
            Epilogue.apply(c.activation, input: plane, output: plane, count: outPlane, bias: c.bias[co])
        }
    }
}
