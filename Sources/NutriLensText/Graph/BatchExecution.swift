/// Forward passes over several inputs of one shape at once, with per-sample results equal to single passes.
///
/// The batch is not a leading NCHW axis: until the graph leaves the channel-first layout, a value of per-sample
/// shape `[1, C, rest...]` is stored channel-major, `[C][batch][rest...]`, so a pointwise convolution is one GEMM over
/// `C x batch` planes for depthwise, pooling and squeeze-excitation kernels (whose means stay per sample), and each
/// GEMM runs per sample with the same shape as in a single pass. A transpose that moves the channel axis (the recogniser's
/// `[1, C, T] -> [1, T, C]`) turns it sample-major, `[batch][...]`, as ordinary batches are, so the softmax runs
/// over `batch x T` rows and the output holds each sample's result contiguously.
/// Every kernel computes an output element from the same inputs in the same order as in a single pass, so results
/// are bit-identical (`BatchedRecognitionTests`). GEMMs are not widened across samples: OpenBLAS rounds a matrix's
/// edge columns and rows differently, so that would tie a line's result to its neighbours (docs/text.md).
extension TextNetwork {
    /// Where the samples of a batch sit in a value's buffer.
    enum BatchLayout: Sendable { case channelMajor, sampleMajor }

    /// Per value its batch layout, per node the layer with axes, permutation or constant rewritten for the batched
    /// buffers, for the per-sample value `shapes`; `nil` when some node cannot run batched (a convTranspose, a
    /// reshape across the channel axis, ...) or the output is not sample-major.
    func batchPlan(_ shapes: [[Int]]) -> (layouts: [BatchLayout], layers: [Layer])? {
        var layouts = [BatchLayout](repeating: .channelMajor, count: valueCount)
        var batched: [Layer] = []
        for (index, layer) in layers.enumerated() {
            let ins = inputValues[index], out = outputValues[index], x = shapes[ins[0]], layout = layouts[ins[0]]
            guard x.count >= 2, shapes[out].count >= 2, shapes[out][0] == 1,
                  ins.allSatisfy({ layouts[$0] == layout && shapes[$0].count == x.count && shapes[$0][0] == 1 }),
                  let (rewritten, outLayout) = Self.batched(layer, input: x, output: shapes[out], layout: layout)
            else { return nil }
            // Concat slices (`MemoryPlan`) need the channel-major layout, where each input's channels stay together.
            if case .concat = layer, outLayout != .channelMajor, ins.contains(where: { memory.concatSlices[$0] != nil }) { return nil }
            batched.append(rewritten)
            layouts[out] = outLayout
        }
        guard layouts[outputValue] == .sampleMajor || shapes[outputValue][1] == 1 else { return nil }
        return (layouts, batched)
    }

    /// `layer` for batched buffers whose input is in `layout`, and its output's layout.
    static func batched(_ layer: Layer, input x: [Int], output: [Int], layout: BatchLayout) -> (Layer, BatchLayout)? {
        let channelMajor = layout == .channelMajor
        // Channel-major buffers are `[C, batch, rest]`: an axis a >= 2 keeps its index, axis 1 becomes 0.
        func axis(_ a: Int) -> Int { channelMajor && a == 1 ? 0 : a }
        switch layer {
        case .conv: return channelMajor ? (layer, layout) : nil
        case .convTranspose: return nil
        case .linear, .softmax, .layerNorm:  // over the last axis, which must not be the channel axis of [C, batch]
            return channelMajor && x.count < 3 ? nil : (layer, layout)
        case .matmul:
            return channelMajor && x.count < 4 ? nil : (layer, layout)
        case .activation, .channelAffine, .pool, .globalAveragePool, .upsample:
            return (layer, layout)
        case .binary(let kind, let constant, let constantFirst):
            guard let constant else { return (layer, layout) }
            guard constant.shape.count <= x.count else { return nil }
            let padded = [Int](repeating: 1, count: x.count - constant.shape.count) + constant.shape
            guard padded[0] == 1 else { return nil }
            let shape = channelMajor ? [padded[1], 1] + padded[2...] : padded
            return (.binary(kind, constant: WeightTensor(shape: shape, data: constant.data), constantFirst: constantFirst), layout)
        case .concat(let a):
            return a >= 1 ? (.concat(axis: axis(a)), layout) : nil
        case .slice(let a, let start, let end):
            return a >= 1 ? (.slice(axis: axis(a), start: start, end: end), layout) : nil
        case .reshape:
            return !channelMajor || output[1] == x[1] ? (layer, layout) : nil
        case .transpose(let perm):
            guard perm[0] == 0 else { return nil }
            if !channelMajor { return (layer, layout) }
            if perm[1] == 1 { return (layer, layout) }  // channels stay first: [C, batch, ...] permuted behind them
            // [C, batch, d2, ...] -> [batch, perm of the per-sample axes]: per-sample axis 1 is buffer axis 0.
            return (.transpose([1] + perm[1...].map { $0 == 1 ? 0 : $0 }), .sampleMajor)
        }
    }

    /// A batched buffer's shape for the per-sample `shape`.
    static func batchedShape(_ shape: [Int], _ layout: BatchLayout, samples: Int) -> [Int] {
        layout == .channelMajor ? [shape[1], samples] + shape[2...] : [samples] + shape[1...]
    }

    /// `run(input:shape:)` for `samples` inputs of one `shape` (`[1, C, H, W]`) stored one after another in `inputs`:
    /// the outputs one after another, and the per-sample output shape. Throws as `run(batch:samples:shape:_:)`.
    public func run(batch inputs: [Float], samples: Int, shape: [Int]) throws -> (values: [Float], shape: [Int]) {
        guard samples >= 1, inputs.count == samples * shape.reduce(1, *) else {
            throw invalidInput("\(inputs.count) floats for \(samples) samples of shape \(shape)")
        }
        return try inputs.withUnsafeBufferPointer { p in
            try run(batch: p.baseAddress!, samples: samples, shape: shape) { (Array($0), $1) }
        }
    }

    /// Runs `samples` inputs of one `shape` (`[1, C, H, W]` each, stored one after another) and hands `body` the
    /// outputs, one after another (`samples x` the per-sample output count), with the per-sample output shape.
    /// Each sample's output equals `run(input:shape:)` on it alone. `stopAfter` (a value index) ends the pass at
    /// that value and hands it over instead of the output, as `run(input:shape:stopAfter:)`. Graphs that cannot run
    /// batched (see `batchPlan`), or whose `stopAfter` value is not stored sample by sample, run sample by sample.
    /// Throws as `run(input:shape:)`, and `inputTooLarge` when the whole batch's buffers exceed `maxWorkspaceFloats`.
    func run<R>(batch input: UnsafePointer<Float>, samples: Int, shape: [Int], stopAfter: Int? = nil, cut: ColumnCut? = nil,
                _ body: (UnsafeBufferPointer<Float>, [Int]) throws -> R) throws -> R {
        guard samples >= 1 else { throw invalidInput("a batch needs at least one sample") }
        if samples == 1 { return try run(input: input, shape: shape, stopAfter: stopAfter, cut: cut, body) }
        try checkCut(cut, shape: shape)
        let (shapes, slotNeed, scratchNeed, offsets) = try plan(shape, cut: cut)
        let result = stopAfter ?? outputValue, lastNode = outputValues.firstIndex(of: result) ?? -1
        let inputCount = shape.reduce(1, *), outShape = shapes[result], outCount = outShape.reduce(1, *)
        // A re-widening cut (`ColumnCut.widen`, scratch for one sample) runs sample by sample.
        guard cut?.widens != true, let (layouts, batchLayers) = batchPlan(shapes),
              layouts[result] == .sampleMajor || outShape[1] == 1 else {
            var outputs = [Float](repeating: 0, count: samples * outCount)
            for s in 0..<samples {
                try run(input: input + s * inputCount, shape: shape, stopAfter: stopAfter, cut: cut) { out, _ in
                    outputs.withUnsafeMutableBufferPointer { ($0.baseAddress! + s * outCount).update(from: out.baseAddress!, count: outCount) }
                }
            }
            return try outputs.withUnsafeBufferPointer { try body($0, outShape) }
        }
        guard slotNeed.reduce(0, +) * samples + scratchNeed + inputCount * samples <= Self.maxWorkspaceFloats else {
            throw TextReaderError.inputTooLarge(width: shape[3], height: shape[2], limit: Self.maxWorkspaceFloats)
        }
        return try pool.withWorkspace { workspace in
            let slots = (0..<slotCount).map { workspace.buffer($0, count: slotNeed[$0] * samples) }
            let scratch = workspace.buffer(slotCount, count: scratchNeed)
            // The network input, channel-major: [C][sample][H x W].
            let batchedInput = workspace.buffer(slotCount + 1, count: inputCount * samples)
            let planeCount = inputCount / shape[1]
            for s in 0..<samples {
                for ch in 0..<shape[1] {
                    (batchedInput + (ch * samples + s) * planeCount).update(from: input + s * inputCount + ch * planeCount,
                                                                           count: planeCount)
                }
            }
            // A concat slice's offset counts whole samples: channel-major concats keep each input's channels together.
            func pointer(_ v: Int) -> UnsafeMutablePointer<Float> {
                slotOfValue[v] < 0 ? batchedInput : slots[slotOfValue[v]] + offsets[v] * samples
            }
            func batched(_ v: Int) -> [Int] { Self.batchedShape(shapes[v], layouts[v], samples: samples) }
            for (index, layer) in batchLayers.enumerated() where index <= lastNode {
                let ins = inputValues[index], out = outputValues[index]
                switch layer {
                case .conv(let c):
                    ConvolutionKernel.run(c, input: pointer(ins[0]), height: shapes[ins[0]][2], width: shapes[ins[0]][3],
                                          output: pointer(out), outHeight: shapes[out][2], outWidth: shapes[out][3],
                                          residual: ins.count > 1 ? UnsafePointer(pointer(ins[1])) : nil, scratch: scratch,
                                          batch: samples)
                case .linear(let l) where layouts[ins[0]] == .sampleMajor:
                    // Per sample, as alone (bit-identical GEMM shapes; the sample's rows stay in cache for the epilogue).
                    let rows = shapes[out].reduce(1, *) / l.outputFeatures, inCount = rows * l.inputFeatures
                    let outCount = rows * l.outputFeatures
                    for s in 0..<samples {
                        TensorKernels.linear(l, input: pointer(ins[0]) + s * inCount, rows: rows,
                                             residual: ins.count > 1 ? UnsafePointer(pointer(ins[1]) + s * outCount) : nil,
                                             output: pointer(out) + s * outCount)
                    }
                case .channelAffine(let scale, let shift) where layouts[ins[0]] == .channelMajor:
                    let count = samples * shapes[out].reduce(1, *)
                    ElementwiseKernels.channelAffine(input: pointer(ins[0]), scale: scale, shift: shift,
                                                     inner: count / scale.count, count: count, output: pointer(out))
                default:
                    execute(layer, inputs: ins.map { UnsafePointer(pointer($0)) }, shapes: ins.map(batched),
                            output: pointer(out), outShape: batched(out), scratch: scratch,
                            deleted: deletedColumns(cut, node: index))
                }
            }
            return try body(UnsafeBufferPointer(start: pointer(result), count: samples * outCount), outShape)
        }
    }
}
