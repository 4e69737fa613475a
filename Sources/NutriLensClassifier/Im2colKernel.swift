/// Unfolds a KxK strided convolution's input patches into rows of `[ky][kx][in]` (zeros in the padding), so the
/// stem convolution becomes one GEMM against weights stored `[ky][kx][in][out]`. Used for the 3-channel stem
/// only, where the matrix is small (112 x 112 x 27 floats).
enum Im2colKernel {
    static func run(input: UnsafePointer<Float>, size: Int, channels c: Int, kernel k: Int, stride: Int,
                    padBegin: Int, outputSize: Int, columns: UnsafeMutablePointer<Float>) {
        let rowLength = k * k * c
        for oy in 0..<outputSize {
            for ox in 0..<outputSize {
                let row = columns + (oy * outputSize + ox) * rowLength
                var o = 0
                for ky in 0..<k {
                    let iy = oy * stride - padBegin + ky
                    for kx in 0..<k {
                        let ix = ox * stride - padBegin + kx
                        if iy >= 0, iy < size, ix >= 0, ix < size {
                            let src = input + (iy * size + ix) * c
                            for ch in 0..<c { row[o + ch] = src[ch] }
                        } else {
                            for ch in 0..<c { row[o + ch] = 0 }
                        }
                        o += c
                    }
                }
            }
        }
    }
}
