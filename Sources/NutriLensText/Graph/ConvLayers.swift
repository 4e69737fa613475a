/// A 2-D convolution (NCHW, batch 1) with its bias, fused activation and optional residual input.
/// Weights `[Cout][Cin/group][kh][kw]` are, row by row, the A matrix of the im2col GEMM (K = Cin/group * kh * kw).
struct ConvLayer: Sendable {
    let inputChannels: Int, outputChannels: Int
    let kernelH: Int, kernelW: Int, strideH: Int, strideW: Int
    /// Explicit padding (top, left, bottom, right); ignored when `sameUpper`.
    let padTop: Int, padLeft: Int, padBottom: Int, padRight: Int
    /// ONNX `auto_pad = SAME_UPPER`: output = ceil(input / stride), extra padding at the end.
    let sameUpper: Bool
    let group: Int
    let activation: Activation
    let hasResidual: Bool
    let weights: [Float]
    let bias: [Float]

    var isDepthwise: Bool { group > 1 && group == inputChannels && group == outputChannels }
    var isPointwise: Bool {
        kernelH == 1 && kernelW == 1 && strideH == 1 && strideW == 1 && group == 1 && !sameUpper
            && padTop == 0 && padLeft == 0 && padBottom == 0 && padRight == 0
    }

    /// Padding actually applied to an `height` x `width` input: (top, left, bottom, right).
    func padding(height: Int, width: Int) -> (top: Int, left: Int, bottom: Int, right: Int) {
        guard sameUpper else { return (padTop, padLeft, padBottom, padRight) }
        func same(_ size: Int, _ k: Int, _ s: Int) -> (Int, Int) {
            let total = max(((size + s - 1) / s - 1) * s + k - size, 0)
            return (total / 2, total - total / 2)
        }
        let (t, b) = same(height, kernelH, strideH), (l, r) = same(width, kernelW, strideW)
        return (t, l, b, r)
    }

    /// Output (height, width), or `nil` when the padded input is smaller than the kernel.
    func outputSize(height: Int, width: Int) -> (height: Int, width: Int)? {
        let p = padding(height: height, width: width)
        let h = height + p.top + p.bottom, w = width + p.left + p.right
        guard h >= kernelH, w >= kernelW else { return nil }
        return ((h - kernelH) / strideH + 1, (w - kernelW) / strideW + 1)
    }

    static func make(_ r: NodeRecord, _ tensors: [WeightTensor], _ bad: (String) -> Error) throws -> ConvLayer {
        guard r.ints.count == 11, r.floats.count == 2, r.tensors.count == 2, (1...2).contains(r.inputs.count) else {
            throw bad("conv needs 11 ints, 2 floats, 2 tensors, 1-2 inputs")
        }
        let i = r.ints
        let (kh, kw, sh, sw, group) = (i[0], i[1], i[2], i[3], i[8])
        guard (1...15).contains(kh), (1...15).contains(kw), (1...8).contains(sh), (1...8).contains(sw),
              i[4...7].allSatisfy({ (0...15).contains($0) }), i[4] < kh, i[6] < kh, i[5] < kw, i[7] < kw,
              (0...1).contains(i[9]), (1...16_384).contains(group) else {
            throw bad("conv kernel \(kh)x\(kw), stride \(sh)x\(sw), pads \(Array(i[4...7])), group \(group) out of range")
        }
        guard let activation = Activation(code: i[10], parameters: r.floats) else { throw bad("conv activation \(i[10])") }
        let w = tensors[r.tensors[0]], b = tensors[r.tensors[1]]
        guard w.shape.count == 4, w.shape[2] == kh, w.shape[3] == kw, b.shape == [w.shape[0]],
              w.shape[0] % group == 0, w.shape[1] <= 16_384, w.shape[1] * group <= 16_384 else {
            throw bad("conv weights \(w.shape) / bias \(b.shape) do not match kernel \(kh)x\(kw), group \(group)")
        }
        return ConvLayer(inputChannels: w.shape[1] * group, outputChannels: w.shape[0], kernelH: kh, kernelW: kw,
                         strideH: sh, strideW: sw, padTop: i[4], padLeft: i[5], padBottom: i[6], padRight: i[7],
                         sameUpper: i[9] == 1, group: group, activation: activation, hasResidual: r.inputs.count == 2,
                         weights: w.data, bias: b.data)
    }

    func outputShape(_ inputs: [[Int]], _ bad: (String) -> Error) throws -> [Int] {
        let x = inputs[0]
        guard x.count == 4, x[0] == 1, x[1] == inputChannels else {
            throw bad("conv expects [1, \(inputChannels), H, W], got \(x)")
        }
        guard let (h, w) = outputSize(height: x[2], width: x[3]) else { throw bad("conv input \(x) smaller than its kernel") }
        let shape = [1, outputChannels, h, w]
        if hasResidual, inputs[1] != shape { throw bad("conv residual \(inputs[1]) differs from output \(shape)") }
        return shape
    }
}

/// A transposed convolution with kernel == stride, no padding, group 1 (the DB head's 2x2/2 upsampling):
/// every input pixel expands to a `kh x kw` block. Weights are re-laid out at load as the GEMM's A matrix
/// `[(Cout, dy, dx)][Cin]`.
struct ConvTransposeLayer: Sendable {
    let inputChannels: Int, outputChannels: Int, kernelH: Int, kernelW: Int
    let activation: Activation
    let packedWeights: [Float]
    let bias: [Float]

    static func make(_ r: NodeRecord, _ tensors: [WeightTensor], _ bad: (String) -> Error) throws -> ConvTransposeLayer {
        guard r.ints.count == 10, r.floats.count == 2, r.tensors.count == 2, r.inputs.count == 1 else {
            throw bad("convTranspose needs 10 ints, 2 floats, 2 tensors, 1 input")
        }
        let i = r.ints
        guard (1...8).contains(i[0]), (1...8).contains(i[1]), i[2] == i[0], i[3] == i[1], i[4...7].allSatisfy({ $0 == 0 }),
              i[8] == 1 else { throw bad("convTranspose: only kernel == stride <= 8, no padding, group 1 (got \(i))") }
        guard let activation = Activation(code: i[9], parameters: r.floats) else { throw bad("convTranspose activation") }
        let w = tensors[r.tensors[0]], b = tensors[r.tensors[1]]
        guard w.shape.count == 4, w.shape[2] == i[0], w.shape[3] == i[1], w.shape[0] <= 16_384, w.shape[1] <= 16_384,
              b.shape == [w.shape[1]] else { throw bad("convTranspose weights \(w.shape) / bias \(b.shape)") }
        let (cin, cout, kh, kw) = (w.shape[0], w.shape[1], i[0], i[1])
        var packed = [Float](repeating: 0, count: w.data.count)
        for ci in 0..<cin {
            for row in 0..<(cout * kh * kw) { packed[row * cin + ci] = w.data[ci * cout * kh * kw + row] }
        }
        return ConvTransposeLayer(inputChannels: cin, outputChannels: cout, kernelH: kh, kernelW: kw,
                                  activation: activation, packedWeights: packed, bias: b.data)
    }

    func outputShape(_ inputs: [[Int]], _ bad: (String) -> Error) throws -> [Int] {
        let x = inputs[0]
        guard x.count == 4, x[0] == 1, x[1] == inputChannels else {
            throw bad("convTranspose expects [1, \(inputChannels), H, W], got \(x)")
        }
        return [1, outputChannels, x[2] * kernelH, x[3] * kernelW]
    }
}

/// Max or average pooling over NCHW windows (average: ONNX `count_include_pad` chooses the divisor at borders).
struct PoolLayer: Sendable {
    let isMax: Bool
    let geometry: ConvLayer  // kernel, stride and padding only (channels 0, no weights)
    let countIncludePad: Bool

    static func make(_ r: NodeRecord, isMax: Bool, _ bad: (String) -> Error) throws -> PoolLayer {
        guard r.ints.count == (isMax ? 9 : 10), r.inputs.count == 1, r.tensors.isEmpty else { throw bad("pool fields") }
        let i = r.ints
        guard (1...15).contains(i[0]), (1...15).contains(i[1]), (1...15).contains(i[2]), (1...15).contains(i[3]),
              i[4...7].allSatisfy({ (0...14).contains($0) }), i[4] < i[0], i[6] < i[0], i[5] < i[1], i[7] < i[1],
              (0...1).contains(i[8]), isMax || (0...1).contains(i[9]) else { throw bad("pool geometry \(i)") }
        let g = ConvLayer(inputChannels: 0, outputChannels: 0, kernelH: i[0], kernelW: i[1], strideH: i[2], strideW: i[3],
                          padTop: i[4], padLeft: i[5], padBottom: i[6], padRight: i[7], sameUpper: i[8] == 1, group: 1,
                          activation: .none, hasResidual: false, weights: [], bias: [])
        return PoolLayer(isMax: isMax, geometry: g, countIncludePad: !isMax && i[9] == 1)
    }

    func outputShape(_ x: [Int], _ bad: (String) -> Error) throws -> [Int] {
        guard x.count == 4, let (h, w) = geometry.outputSize(height: x[2], width: x[3]) else {
            throw bad("pool input \(x)")
        }
        return [x[0], x[1], h, w]
    }
}
