/// `y = act(x * W + B) + residual` over the last axis of `x`; `W` is `[K][N]` row-major (the GEMM's B matrix).
struct LinearLayer: Sendable {
    let inputFeatures: Int, outputFeatures: Int
    let activation: Activation
    let hasResidual: Bool
    let weights: [Float]
    let bias: [Float]
}

/// One validated node of a `TextNetwork`: what to compute (the payload) from which values into which value.
enum Layer: Sendable {
    case conv(ConvLayer)
    case convTranspose(ConvTransposeLayer)
    case linear(LinearLayer)
    case matmul
    case activation(Activation)
    /// `constant` is the second operand (or the first when `constantFirst`) when the node has one input.
    case binary(BinaryKind, constant: WeightTensor?, constantFirst: Bool)
    case pool(PoolLayer)
    case globalAveragePool
    case upsample(factorH: Int, factorW: Int)
    case concat(axis: Int)
    /// Target template: fixed dims, 0 = copy the input dim at that position, -1 = inferred.
    case reshape([Int])
    case transpose([Int])
    case slice(axis: Int, start: Int, end: Int)
    /// Over `axis`, which must be the last one.
    case softmax(axis: Int)
    case layerNorm(gamma: [Float], beta: [Float], epsilon: Float)
    case channelAffine(scale: [Float], shift: [Float])

    /// Checks a record's fields against its op (the fields are listed on `GraphOp`); throws `bad(reason)`.
    static func make(_ r: NodeRecord, _ tensors: [WeightTensor], _ bad: (String) -> Error) throws -> Layer {
        guard let op = GraphOp(rawValue: r.opCode) else { throw bad("unknown op code \(r.opCode)") }
        func fields(inputs: ClosedRange<Int>, tensors t: Int, ints: ClosedRange<Int>, floats: Int = 0) throws {
            guard inputs.contains(r.inputs.count), r.tensors.count == t, ints.contains(r.ints.count), r.floats.count == floats
            else { throw bad("\(op) has \(r.inputs.count) inputs, \(r.tensors.count) tensors, \(r.ints.count) ints, \(r.floats.count) floats") }
        }
        switch op {
        case .conv: return .conv(try ConvLayer.make(r, tensors, bad))
        case .convTranspose: return .convTranspose(try ConvTransposeLayer.make(r, tensors, bad))
        case .linear:
            try fields(inputs: 1...2, tensors: 2, ints: 1...1, floats: 2)
            let w = tensors[r.tensors[0]], b = tensors[r.tensors[1]]
            guard w.shape.count == 2, b.shape == [w.shape[1]], w.shape[0] <= 65_536, w.shape[1] <= 65_536 else {
                throw bad("linear weights \(w.shape) / bias \(b.shape)")
            }
            guard let act = Activation(code: r.ints[0], parameters: r.floats) else { throw bad("linear activation") }
            return .linear(LinearLayer(inputFeatures: w.shape[0], outputFeatures: w.shape[1], activation: act,
                                       hasResidual: r.inputs.count == 2, weights: w.data, bias: b.data))
        case .matmul:
            try fields(inputs: 2...2, tensors: 0, ints: 0...0)
            return .matmul
        case .activation:
            try fields(inputs: 1...1, tensors: 0, ints: 1...1, floats: 2)
            guard let act = Activation(code: r.ints[0], parameters: r.floats) else { throw bad("activation \(r.ints[0])") }
            return .activation(act)
        case .binary:
            try fields(inputs: 1...2, tensors: r.inputs.count == 1 ? 1 : 0, ints: 2...2)
            guard let kind = BinaryKind(rawValue: r.ints[0]), (0...1).contains(r.ints[1]) else { throw bad("binary \(r.ints)") }
            return .binary(kind, constant: r.tensors.first.map { tensors[$0] }, constantFirst: r.ints[1] == 1)
        case .maxPool, .averagePool:
            return .pool(try PoolLayer.make(r, isMax: op == .maxPool, bad))
        case .globalAveragePool:
            try fields(inputs: 1...1, tensors: 0, ints: 0...0)
            return .globalAveragePool
        case .upsampleNearest:
            try fields(inputs: 1...1, tensors: 0, ints: 2...2)
            guard (1...16).contains(r.ints[0]), (1...16).contains(r.ints[1]) else { throw bad("upsample factors \(r.ints)") }
            return .upsample(factorH: r.ints[0], factorW: r.ints[1])
        case .concat:
            try fields(inputs: 1...8, tensors: 0, ints: 1...1)
            guard (0...4).contains(r.ints[0]) else { throw bad("concat axis \(r.ints[0])") }
            return .concat(axis: r.ints[0])
        case .reshape:
            try fields(inputs: 1...1, tensors: 0, ints: 1...5)
            guard r.ints.allSatisfy({ $0 >= -1 && $0 <= GraphFile.maxTensorDim }), r.ints.filter({ $0 == -1 }).count <= 1 else {
                throw bad("reshape template \(r.ints)")
            }
            return .reshape(r.ints)
        case .transpose:
            try fields(inputs: 1...1, tensors: 0, ints: 1...5)
            guard r.ints.sorted() == Array(0..<r.ints.count) else { throw bad("transpose permutation \(r.ints)") }
            return .transpose(r.ints)
        case .slice:
            try fields(inputs: 1...1, tensors: 0, ints: 3...3)
            guard (0...4).contains(r.ints[0]), r.ints[1] >= 0, r.ints[2] > r.ints[1] else { throw bad("slice \(r.ints)") }
            return .slice(axis: r.ints[0], start: r.ints[1], end: r.ints[2])
        case .softmax:
            try fields(inputs: 1...1, tensors: 0, ints: 1...1)
            return .softmax(axis: r.ints[0])
        case .layerNorm:
            try fields(inputs: 1...1, tensors: 2, ints: 0...0, floats: 1)
            let g = tensors[r.tensors[0]], b = tensors[r.tensors[1]]
            guard g.shape.count == 1, b.shape == g.shape, r.floats[0] > 0, r.floats[0] < 1 else { throw bad("layerNorm parameters") }
            return .layerNorm(gamma: g.data, beta: b.data, epsilon: r.floats[0])
        case .channelAffine:
            try fields(inputs: 1...1, tensors: 2, ints: 0...0)
            let s = tensors[r.tensors[0]], t = tensors[r.tensors[1]]
            guard s.shape.count == 1, t.shape == s.shape else { throw bad("channelAffine parameters") }
            return .channelAffine(scale: s.data, shift: t.data)
        }
    }
}
