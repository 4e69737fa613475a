/// C[rows][n] = A[rows][k] * B[k][n] + bias[n], then optional ReLU6, then optional `+ residual[rows][n]`.
///
/// The pointwise (1x1) convolutions, the im2col'd stem and the classifier layer all run here. Activations are HWC,
/// so a pixel is a row of A and B is `[in][out]`: the inner loop broadcasts one input value and multiplies a SIMD
/// row of B, accumulating a 6-pixel x 8-channel tile in registers (measured 20 % faster than 4 x 16, which spills
/// on baseline x86-64's 16 SSE registers). `n` must be a multiple of 8 except for the
/// scalar tail used by the final fully connected layer.
enum GEMMKernel {
    typealias V = SIMD8<Float>

    static func run(a: UnsafePointer<Float>, rows: Int, k: Int, b: UnsafePointer<Float>, n: Int,
                    bias: UnsafePointer<Float>, c: UnsafeMutablePointer<Float>, relu6: Bool,
                    residual: UnsafePointer<Float>?) {
        let n8 = n - n % 8
        // Column tiles outermost keep a k x 64 slice of B hot in L1/L2 while every row streams past it; for the
        // late layers (k up to 1152, n up to 1280) B is far bigger than L2, while A is small.
        let columnTile = 64
        var j0 = 0
        while j0 < n8 {
            let j1 = min(j0 + columnTile, n8)
            var r = 0
            while r + 6 <= rows {
                var j = j0
                while j < j1 {
                    tile6x8(a + r * k, k, b + j, n, bias + j, c + r * n + j, relu6, residual.map { $0 + r * n + j })
                    j += 8
                }
                r += 6
            }
            while r < rows {
                var j = j0
                while j < j1 {
                    tile1x8(a + r * k, k, b + j, n, bias + j, c + r * n + j, relu6, residual.map { $0 + r * n + j })
                    j += 8
                }
                r += 1
            }
            j0 = j1
        }
        if n8 < n {
            for r in 0..<rows {
                for j in n8..<n {
                    var s = bias[j]
                    for kk in 0..<k { s += a[r * k + kk] * b[kk * n + j] }
                    if relu6 { s = min(max(s, 0), 6) }
                    if let residual { s += residual[r * n + j] }
                    c[r * n + j] = s
                }
            }
        }
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<Float>) -> V { UnsafeRawPointer(p).loadUnaligned(as: V.self) }

    @inline(__always)
    static func store(_ v: V, _ p: UnsafeMutablePointer<Float>) { UnsafeMutableRawPointer(p).storeBytes(of: v, as: V.self) }

    /// min(max(v, 0), 6) with plain lane compares: the generic `clamped`/`pointwiseMin` do not inline and cost
    /// a fifth of the network time.
    @inline(__always)
    static func clampReLU6(_ v: V) -> V {
        let zero = V(repeating: 0), six = V(repeating: 6)
        return v.replacing(with: zero, where: v .< zero).replacing(with: six, where: v .> six)
    }

    @inline(__always)
    static func finish(_ v: V, _ relu6: Bool, _ residual: UnsafePointer<Float>?) -> V {
        var v = v
        if relu6 { v = clampReLU6(v) }
        if let residual { v += load(residual) }
        return v
    }

    /// 6 pixels x 8 channels: 12 accumulator registers + 2 for B + 1 broadcast fit the 16 SSE registers of
    /// baseline x86-64 (a SIMD8 is two xmm), so nothing spills in the k loop.
    @inline(__always)
    static func tile6x8(_ a: UnsafePointer<Float>, _ k: Int, _ b: UnsafePointer<Float>, _ n: Int,
                        _ bias: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>, _ relu6: Bool,
                        _ residual: UnsafePointer<Float>?) {
        let b0 = load(bias)
        var c0 = b0, c1 = b0, c2 = b0, c3 = b0, c4 = b0, c5 = b0
        let a1 = a + k, a2 = a + 2 * k, a3 = a + 3 * k, a4 = a + 4 * k, a5 = a + 5 * k
        var bp = b
        for kk in 0..<k {
            let w = load(bp)
            c0 += V(repeating: a[kk]) * w
            c1 += V(repeating: a1[kk]) * w
            c2 += V(repeating: a2[kk]) * w
            c3 += V(repeating: a3[kk]) * w
            c4 += V(repeating: a4[kk]) * w
            c5 += V(repeating: a5[kk]) * w
            bp += n
        }
        store(finish(c0, relu6, residual), c)
        store(finish(c1, relu6, residual.map { $0 + n }), c + n)
        store(finish(c2, relu6, residual.map { $0 + 2 * n }), c + 2 * n)
        store(finish(c3, relu6, residual.map { $0 + 3 * n }), c + 3 * n)
        store(finish(c4, relu6, residual.map { $0 + 4 * n }), c + 4 * n)
        store(finish(c5, relu6, residual.map { $0 + 5 * n }), c + 5 * n)
    }

    @inline(__always)
    static func tile1x8(_ a: UnsafePointer<Float>, _ k: Int, _ b: UnsafePointer<Float>, _ n: Int,
                        _ bias: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>, _ relu6: Bool,
                        _ residual: UnsafePointer<Float>?) {
        var acc0 = load(bias), acc1 = V(repeating: 0)
        var bp = b
        var kk = 0
        // Two accumulators hide the add latency of the single dependency chain.
        while kk + 2 <= k {
            acc0 += V(repeating: a[kk]) * load(bp)
            acc1 += V(repeating: a[kk + 1]) * load(bp + n)
            bp += 2 * n
            kk += 2
        }
        if kk < k { acc0 += V(repeating: a[kk]) * load(bp) }
        store(finish(acc0 + acc1, relu6, residual), c)
    }
}
