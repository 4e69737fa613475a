/// Operator codes of the `.nlg` format and the fields each op reads (written by `scripts/convert_ppocr.py`).
///
/// Tensors are NCHW (batch 1) for the convolutional part and `[..., features]` for the sequence part; `ints` and
/// `floats` per op:
/// - `conv`: inputs `[x, residual?]`, tensors `[W (Cout, Cin/group, kh, kw), B (Cout)]`,
///   ints `[kh, kw, strideH, strideW, padTop, padLeft, padBottom, padRight, group, sameUpper, activation]`,
///   floats `[alpha, beta]`; `y = act(conv(x) + B) + residual`.
/// - `convTranspose`: inputs `[x]`, tensors `[W (Cin, Cout/group, kh, kw), B]`, ints `[kh, kw, sh, sw, 4 pads,
///   group, activation]`, floats `[alpha, beta]` (this runtime runs kernel == stride, no padding, group 1).
/// - `linear`: inputs `[x, residual?]`, tensors `[W (K, N), B (N)]`, ints `[activation]`, floats `[alpha, beta]`,
///   over the last axis.
/// - `matmul`: inputs `[a (..., M, K), b (..., K, N)]`, leading axes broadcast.
/// - `activation`: ints `[activation]`, floats `[alpha, beta]`.
/// - `binary`: inputs `[a, b]`, or `[a]` and tensors `[c]`; ints `[kind (1 add, 2 sub, 3 mul, 4 div),
///   constantFirst]`; numpy broadcasting.
/// - `maxPool` / `averagePool`: ints `[kh, kw, sh, sw, 4 pads, sameUpper(, countIncludePad)]`.
/// - `globalAveragePool`: mean over H and W, keeping them as 1.
/// - `upsampleNearest`: ints `[factorH, factorW]`.
/// - `concat`, `softmax`: ints `[axis]` (softmax: the last axis).
/// - `reshape`: ints = target template (0 copies the input dim at that position, one -1 is inferred).
/// - `transpose`: ints = permutation. `slice`: ints `[axis, start, end]` (step 1, end clamped).
/// - `layerNorm`: tensors `[gamma, beta]`, floats `[epsilon]`, over the last axis.
/// - `channelAffine`: tensors `[scale (C), shift (C)]`, `y = x * scale[c] + shift[c]` on axis 1 (batch norm).
enum GraphOp: UInt32, Sendable {
    case conv = 1, convTranspose, linear, matmul, activation, binary, maxPool, averagePool, globalAveragePool,
         upsampleNearest, concat, reshape, transpose, slice, softmax, layerNorm, channelAffine
}

/// An elementwise function applied in a layer's epilogue or alone. Slopes come from the graph (PP-OCR uses
/// hard-sigmoid 1/6 in the backbone and 0.2 in the detector's pyramid; shared/docs/text-reader.md).
enum Activation: Sendable, Equatable {
    case none
    case relu
    case sigmoid
    /// `clamp(alpha * x + beta, 0, 1)`.
    case hardSigmoid(alpha: Float, beta: Float)
    /// `x * clamp(alpha * x + beta, 0, 1)`.
    case hardSwish(alpha: Float, beta: Float)
    /// `x * Φ(x)` with the exact (erf) Φ, as the ONNX graphs compute it.
    case gelu
    /// `x * sigmoid(x)`.
    case swish
    case clip(min: Float, max: Float)

    /// Decodes the `.nlg` activation code with its two float parameters; `nil` for an unknown code or bad values.
    init?(code: Int, parameters: [Float]) {
        let a = parameters.count > 0 ? parameters[0] : 0, b = parameters.count > 1 ? parameters[1] : 0
        guard a.isFinite || code == 7, b.isFinite || code == 7 else { return nil }
        switch code {
        case 0: self = .none
        case 1: self = .relu
        case 2: self = .sigmoid
        case 3: self = .hardSigmoid(alpha: a, beta: b)
        case 4: self = .hardSwish(alpha: a, beta: b)
        case 5: self = .gelu
        case 6: self = .swish
        case 7:
            guard !a.isNaN, !b.isNaN, a <= b else { return nil }
            self = .clip(min: a, max: b)
        default: return nil
        }
    }
}

/// Elementwise binary operator of a `binary` node.
enum BinaryKind: Int, Sendable {
    case add = 1, subtract, multiply, divide
}
