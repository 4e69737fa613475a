/// Operation of one `.nlm` layer record (the `kind` field).
enum LayerKind: UInt32, Sendable {
    /// Full KxK convolution over all input channels (the stem), run as im2col + GEMM.
    case convolution = 1
    /// Depthwise KxK convolution: one filter per channel.
    case depthwise = 2
    /// 1x1 convolution: a GEMM over pixels x channels.
    case pointwise = 3
    /// Mean over all pixels, per channel.
    case globalAveragePool = 4
    /// Dense layer on the pooled vector (the ImageNet logits).
    case fullyConnected = 5
}

/// Per-layer flags (`flags` field of a `.nlm` layer record).
struct LayerFlags: OptionSet, Sendable {
    let rawValue: UInt32
    /// Clamp the output to 0...6 after the bias.
    static let relu6 = LayerFlags(rawValue: 1)
    /// Keep this layer's input as the inverted-residual block's skip tensor.
    static let saveSkip = LayerFlags(rawValue: 2)
    /// Add the kept skip tensor to this layer's output (after any activation).
    static let addSkip = LayerFlags(rawValue: 4)
}

/// One layer with fp32 weights in the engine's layout. Activations are HWC (channels contiguous).
///
/// Weight layouts: convolution `[ky][kx][in][out]` (im2col row order), depthwise `[ky][kx][channel]`,
/// pointwise and fully connected `[in][out]`. `bias` has `outputChannels` entries (none for pooling).
struct NetworkLayer: Sendable {
    let kind: LayerKind
    let kernel: Int
    let stride: Int
    /// Zero padding before the first row/column and after the last (TF "SAME" is asymmetric for stride 2).
    let padBegin: Int
    let padEnd: Int
    let inputChannels: Int
    let outputChannels: Int
    let flags: LayerFlags
    let weights: [Float]
    let bias: [Float]

    /// Output side length for a square input of side `size`.
    func outputSize(forInput size: Int) -> Int {
        switch kind {
        case .convolution, .depthwise: return (size + padBegin + padEnd - kernel) / stride + 1
        case .pointwise: return size
        case .globalAveragePool, .fullyConnected: return 1
        }
    }
}
