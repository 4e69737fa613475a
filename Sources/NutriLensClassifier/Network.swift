/// A loaded feed-forward CNN (stem conv, inverted-residual blocks, pooling, dense head) that maps one normalised
/// `inputSize` x `inputSize` x 3 HWC tensor to `classCount` logits. Immutable and shareable across threads; each
/// forward pass uses a caller-owned `Workspace` (reuse it across crops to avoid re-faulting 15 MB of buffers).
final class Network: Sendable {
    let header: ModelHeader
    let layers: [NetworkLayer]
    /// Largest activation tensor (floats) over all layers, the size of each ping-pong buffer.
    let maxActivation: Int
    /// Floats in the im2col matrix of the largest full convolution.
    let columnsSize: Int

    init(header: ModelHeader, layers: [NetworkLayer]) {
        self.header = header
        self.layers = layers
        var size = header.inputSize, largest = size * size * 3, columns = 0
        for layer in layers {
            let out = layer.outputSize(forInput: size)
            largest = max(largest, out * out * layer.outputChannels)
            if layer.kind == .convolution { columns = max(columns, out * out * layer.kernel * layer.kernel * layer.inputChannels) }
            size = out
        }
        maxActivation = largest
        columnsSize = columns
    }

    /// Scratch memory for one forward pass at a time: three activation buffers (current, skip, next) and the
    /// im2col matrix.
    final class Workspace {
        let buffers: [UnsafeMutablePointer<Float>]
        let columns: UnsafeMutablePointer<Float>

        init(activationFloats: Int, columnFloats: Int) {
            buffers = (0..<3).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: activationFloats) }
            columns = UnsafeMutablePointer<Float>.allocate(capacity: max(columnFloats, 1))
        }

        deinit {
            buffers.forEach { $0.deallocate() }
            columns.deallocate()
        }
    }

    func makeWorkspace() -> Workspace { Workspace(activationFloats: maxActivation, columnFloats: columnsSize) }

    /// Logits for `input` (`inputSize * inputSize * 3` normalised floats, HWC, R G B).
    func logits(input: UnsafePointer<Float>, workspace: Workspace) -> [Float] {
        var current = input
        var currentIndex = -1, skipIndex = -1
        var skip: UnsafePointer<Float>? = nil
        var size = header.inputSize
        for layer in layers {
            if layer.flags.contains(.saveSkip) { skip = current; skipIndex = currentIndex }
            let outIndex = (0..<3).first { $0 != currentIndex && $0 != skipIndex }!
            let out = workspace.buffers[outIndex]
            let outSize = layer.outputSize(forInput: size)
            let relu6 = layer.flags.contains(.relu6)
            let residual = layer.flags.contains(.addSkip) ? skip : nil
            layer.weights.withUnsafeBufferPointer { w in
                layer.bias.withUnsafeBufferPointer { b in
                    let w = w.baseAddress!, b = b.baseAddress ?? w
                    switch layer.kind {
                    case .convolution:
                        Im2colKernel.run(input: current, size: size, channels: layer.inputChannels, kernel: layer.kernel,
                                         stride: layer.stride, padBegin: layer.padBegin, outputSize: outSize,
                                         columns: workspace.columns)
                        GEMMKernel.run(a: workspace.columns, rows: outSize * outSize,
                                       k: layer.kernel * layer.kernel * layer.inputChannels, b: w,
                                       n: layer.outputChannels, bias: b, c: out, relu6: relu6, residual: residual)
                    case .depthwise:
                        DepthwiseKernel.run(input: current, size: size, channels: layer.inputChannels, weights: w, bias: b,
                                            kernel: layer.kernel, stride: layer.stride, padBegin: layer.padBegin,
                                            output: out, outputSize: outSize, relu6: relu6)
                    case .pointwise, .fullyConnected:
                        GEMMKernel.run(a: current, rows: size * size, k: layer.inputChannels, b: w,
                                       n: layer.outputChannels, bias: b, c: out, relu6: relu6, residual: residual)
                    case .globalAveragePool:
                        Self.averagePool(current, pixels: size * size, channels: layer.inputChannels, out: out)
                    }
                }
            }
            if layer.kind == .depthwise, let residual {
                // Residual adds are only emitted on pointwise layers by the converter; kept general here.
                for i in 0..<(outSize * outSize * layer.outputChannels) { out[i] += residual[i] }
            }
            if layer.flags.contains(.addSkip) { skip = nil; skipIndex = -1 }
            current = UnsafePointer(out)
            currentIndex = outIndex
            size = outSize
        }
        return Array(UnsafeBufferPointer(start: current, count: header.classCount))
    }

    static func averagePool(_ input: UnsafePointer<Float>, pixels: Int, channels: Int, out: UnsafeMutablePointer<Float>) {
        for c in 0..<channels { out[c] = 0 }
        for p in 0..<pixels {
            let row = input + p * channels
            var c = 0
            while c + 8 <= channels {
                GEMMKernel.store(GEMMKernel.load(out + c) + GEMMKernel.load(row + c), out + c)
                c += 8
            }
            while c < channels { out[c] += row[c]; c += 1 }
        }
        let scale = 1 / Float(pixels)
        for c in 0..<channels { out[c] *= scale }
    }
}
