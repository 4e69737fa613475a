/// Elementwise kernels for two nodes run as one (`Step`): each output element is computed with the same operations,
/// in the same order, as the two nodes' kernels one after the other, so results are bit-identical to them.
enum FusedElementwiseKernels {
    /// `out = a + upsample(small)`: nearest-neighbour upsampling by integer factors (as `PoolingKernels.upsample`)
    /// added to `a` (`channels x (height · factorH) x (width · factorW)`), without storing the upsampled tensor.
    /// Each source row is widened once into a row buffer and added to the `factorH` output rows it covers.
    static func addUpsampled(_ a: UnsafePointer<Float>, _ small: UnsafePointer<Float>, channels: Int, height: Int, width: Int,
                             factorH: Int, factorW: Int, output: UnsafeMutablePointer<Float>) {
        let outWidth = width * factorW
        withUnsafeTemporaryAllocation(of: Float.self, capacity: outWidth) { buffer in
            let wide = buffer.baseAddress!
            for row in 0..<(channels * height) {
                PoolingKernels.widenRow(small + row * width, width: width, factor: factorW, into: wide)
                for r in 0..<factorH {
                    let offset = (row * factorH + r) * outWidth
                    let x = a + offset, out = output + offset
                    for i in 0..<outWidth { out[i] = x[i] + wide[i] }
                }
            }
        }
    }

    /// `out = x + x · gate[c]` over `channels` planes of `pixels` (squeeze-excitation with its residual: the
    /// per-channel multiply and the add of `ElementwiseKernels.binary` in one pass). The gate is copied first, so
    /// `output` may take the gate's memory (the memory plan frees the gate after the multiply); `x` must not
    /// overlap `output` unless equal to it.
    static func addGated(_ x: UnsafePointer<Float>, gate: UnsafePointer<Float>, channels: Int, pixels: Int,
                         output: UnsafeMutablePointer<Float>) {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: channels) { copy in
            _ = copy.initialize(from: UnsafeBufferPointer(start: gate, count: channels))
            for ch in 0..<channels {
                let g = copy[ch], p = x + ch * pixels, out = output + ch * pixels
                for i in 0..<pixels { out[i] = p[i] + p[i] * g }
            }
        }
    }
}
