/// C[rows][n] = A[rows][k] * B[k][n] + bias[n], then optional ReLU6, then optional `+ residual[rows][n]`.
///
/// The pointwise (1x1) convolutions, the im2col'd stem and the classifier layer all run here. Activations are HWC,
/// so a pixel is a row of A and B is `[in][out]`: the inner loop broadcasts one input value and multiplies a SIMD
/// row of B, accumulating a 4-pixel x 16-channel tile in registers. `n` must be a multiple of 8 except for the
/// scalar tail used by the final fully connected layer.
enum GEMMKernel {
    typealias V = SIMD8<Float>

    static func run(a: UnsafePointer<Float>, rows: Int, k: Int, b: UnsafePointer<Float>, n: Int,
                    bias: UnsafePointer<Float>, c: UnsafeMutablePointer<Float>, relu6: Bool,
                    residual: UnsafePointer<Float>?) {
        let n8 = n - n % 8
        // Column tiles outermost keeps a k x 16 slice of B hot in L1/L2 while every row streams past it; for the
        // late layers (k up to 1152, n up to 1280) B is far bigger than L2, while A is small.
        let columnTile = 64
        var j0 = 0
        while j0 < n8 {
            let j1 = min(j0 + columnTile, n8)
            var r = 0
            while r + 4 <= rows {
                var j = j0
                while j + 16 <= j1 {
                    tile4x16(a + r * k, k, b + j, n, bias + j, c + r * n + j, relu6, residual.map { $0 + r * n + j })
                    j += 16
                }
                if j < j1 {
                    for rr in r..<(r + 4) {
                        tile1x8(a + rr * k, k, b + j, n, bias + j, c + rr * n + j, relu6, residual.map { $0 + rr * n + j })
                    }
                }
                r += 4
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

    @inline(__always)
    static func tile4x16(_ a: UnsafePointer<Float>, _ k: Int, _ b: UnsafePointer<Float>, _ n: Int,
                         _ bias: UnsafePointer<Float>, _ c: UnsafeMutablePointer<Float>, _ relu6: Bool,
                         _ residual: UnsafePointer<Float>?) {
        let bias0 = load(bias), bias1 = load(bias + 8)
        var c00 = bias0, c01 = bias1, c10 = bias0, c11 = bias1
        var c20 = bias0, c21 = bias1, c30 = bias0, c31 = bias1
        let a1 = a + k, a2 = a + 2 * k, a3 = a + 3 * k
        var bp = b
        for kk in 0..<k {
            let b0 = load(bp), b1 = load(bp + 8)
            let x0 = V(repeating: a[kk]), x1 = V(repeating: a1[kk])
            let x2 = V(repeating: a2[kk]), x3 = V(repeating: a3[kk])
            c00 += x0 * b0; c01 += x0 * b1
            c10 += x1 * b0; c11 += x1 * b1
            c20 += x2 * b0; c21 += x2 * b1
            c30 += x3 * b0; c31 += x3 * b1
            bp += n
        }
        let r1 = residual.map { $0 + n }, r2 = residual.map { $0 + 2 * n }, r3 = residual.map { $0 + 3 * n }
        store(finish(c00, relu6, residual), c); store(finish(c01, relu6, residual.map { $0 + 8 }), c + 8)
        store(finish(c10, relu6, r1), c + n); store(finish(c11, relu6, r1.map { $0 + 8 }), c + n + 8)
        store(finish(c20, relu6, r2), c + 2 * n); store(finish(c21, relu6, r2.map { $0 + 8 }), c + 2 * n + 8)
        store(finish(c30, relu6, r3), c + 3 * n); store(finish(c31, relu6, r3.map { $0 + 8 }), c + 3 * n + 8)
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
