/// Depthwise KxK convolution on HWC activations: out[y][x][c] = bias[c] + sum over taps of in * w[ky][kx][c],
/// then optional ReLU6. Vectorised across channels (16 at a time, channel count a multiple of 8); border taps
/// that fall in the zero padding are skipped instead of materialising a padded copy.
enum DepthwiseKernel {
    typealias V = SIMD8<Float>

    static func run(input: UnsafePointer<Float>, size: Int, channels c: Int, weights: UnsafePointer<Float>,
                    bias: UnsafePointer<Float>, kernel k: Int, stride: Int, padBegin: Int,
                    output: UnsafeMutablePointer<Float>, outputSize: Int, relu6: Bool) {
        for oy in 0..<outputSize {
            let iy0 = oy * stride - padBegin
            let ky0 = max(0, -iy0), ky1 = min(k, size - iy0)
            for ox in 0..<outputSize {
                let ix0 = ox * stride - padBegin
                let kx0 = max(0, -ix0), kx1 = min(k, size - ix0)
                let out = output + (oy * outputSize + ox) * c
                let base = input + (iy0 * size + ix0) * c
                var cb = 0
                while cb + 16 <= c {
                    var acc0 = GEMMKernel.load(bias + cb), acc1 = GEMMKernel.load(bias + cb + 8)
                    for ky in ky0..<ky1 {
                        let rowIn = base + ky * size * c + cb
                        let rowW = weights + ky * k * c + cb
                        for kx in kx0..<kx1 {
                            acc0 += GEMMKernel.load(rowIn + kx * c) * GEMMKernel.load(rowW + kx * c)
                            acc1 += GEMMKernel.load(rowIn + kx * c + 8) * GEMMKernel.load(rowW + kx * c + 8)
                        }
                    }
                    if relu6 {
                        acc0 = GEMMKernel.clampReLU6(acc0)
                        acc1 = GEMMKernel.clampReLU6(acc1)
                    }
                    GEMMKernel.store(acc0, out + cb)
                    GEMMKernel.store(acc1, out + cb + 8)
                    cb += 16
                }
                if cb < c {
                    var acc = GEMMKernel.load(bias + cb)
                    for ky in ky0..<ky1 {
                        for kx in kx0..<kx1 {
                            acc += GEMMKernel.load(base + (ky * size + kx) * c + cb) * GEMMKernel.load(weights + (ky * k + kx) * c + cb)
                        }
                    }
                    if relu6 { acc = GEMMKernel.clampReLU6(acc) }
                    GEMMKernel.store(acc, out + cb)
                }
            }
        }
    }
}
