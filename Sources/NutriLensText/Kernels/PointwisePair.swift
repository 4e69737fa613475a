/// Two pointwise convolutions in a row (`y = conv2(conv1(x))`, the inverted bottleneck's expand and project) run
/// per column block: block j of conv1's output goes to scratch and is consumed by conv2's block j while it is in
/// cache, so the wide intermediate (e.g. 64 channels x 76,800 pixels of the detector's first stage) is never written
/// to memory. Each block is computed by `ConvolutionKernel.block` with the column range conv1 and conv2 would each
/// use alone, so results are bit-identical to the two layers run one after the other (OpenBLAS rounds a matrix's
/// edge columns with other micro-kernels, so the ranges must match: `fuses`).
enum PointwisePair {
    /// Whether both layers use the same column blocks for `pixels` columns (their K + M is the same, or one block
    /// holds every column).
    static func fuses(_ c1: ConvLayer, _ c2: ConvLayer, pixels: Int) -> Bool {
        blockColumns(c1, pixels) == blockColumns(c2, pixels)
    }

    static func blockColumns(_ c: ConvLayer, _ pixels: Int) -> Int {
        ConvolutionKernel.columnBlock(k: c.inputChannels, m: c.outputChannels, columns: pixels)
    }

    /// Floats of scratch: one block of conv1's output.
    static func scratchFloats(_ c1: ConvLayer, pixels: Int) -> Int {
        c1.outputChannels * blockColumns(c1, pixels)
    }

    /// `output = conv2(conv1(input) [+ firstResidual]) [+ residual]` for one sample of `pixels` (channel planes
    /// `pixels` apart in the input, the residuals and the output). Requires `fuses(c1, c2, pixels:)`.
    static func run(_ c1: ConvLayer, _ c2: ConvLayer, input: UnsafePointer<Float>, pixels: Int,
                    firstResidual: UnsafePointer<Float>?, residual: UnsafePointer<Float>?,
                    output: UnsafeMutablePointer<Float>, scratch: UnsafeMutablePointer<Float>) {
        let block = blockColumns(c1, pixels)
        c1.weights.withUnsafeBufferPointer { w1 in
            c1.bias.withUnsafeBufferPointer { b1 in
                c2.weights.withUnsafeBufferPointer { w2 in
                    c2.bias.withUnsafeBufferPointer { b2 in
                        var j0 = 0
                        while j0 < pixels {
                            let cols = min(block, pixels - j0)
                            ConvolutionKernel.block(c1, a: w1.baseAddress!, firstChannel: 0, channels: c1.outputChannels,
                                                    k: c1.inputChannels, bias: b1.baseAddress!, b: input + j0, ldb: pixels,
                                                    columns: cols, output: scratch, ldc: cols,
                                                    residual: firstResidual.map { $0 + j0 }, residualStride: pixels)
                            ConvolutionKernel.block(c2, a: w2.baseAddress!, firstChannel: 0, channels: c2.outputChannels,
                                                    k: c2.inputChannels, bias: b2.baseAddress!, b: scratch, ldb: cols,
                                                    columns: cols, output: output + j0, ldc: pixels,
                                                    residual: residual.map { $0 + j0 }, residualStride: pixels)
                            j0 += cols
                        }
                    }
                }
            }
        }
    }
}
