/// One elementwise function; concrete types let the generic loops below specialise, inline and vectorise it.
protocol VectorFunction {
    func callAsFunction(_ x: Float) -> Float
}

struct IdentityFunction: VectorFunction {
    @inline(__always) func callAsFunction(_ x: Float) -> Float { x }
}

struct ReluFunction: VectorFunction {
    @inline(__always) func callAsFunction(_ x: Float) -> Float { x < 0 ? 0 : x }
}

struct SigmoidFunction: VectorFunction {
    @inline(__always) func callAsFunction(_ x: Float) -> Float { VectorMath.sigmoid(x) }
}

struct HardSigmoidFunction: VectorFunction {
    let alpha: Float, beta: Float
    @inline(__always) func callAsFunction(_ x: Float) -> Float { VectorMath.clamp(x * alpha + beta, 0, 1) }
}

struct HardSwishFunction: VectorFunction {
    let alpha: Float, beta: Float
    @inline(__always) func callAsFunction(_ x: Float) -> Float { x * VectorMath.clamp(x * alpha + beta, 0, 1) }
}

struct GeluFunction: VectorFunction {
    @inline(__always) func callAsFunction(_ x: Float) -> Float { VectorMath.gelu(x) }
}

struct SwishFunction: VectorFunction {
    @inline(__always) func callAsFunction(_ x: Float) -> Float { x * VectorMath.sigmoid(x) }
}

struct ClipFunction: VectorFunction {
    let low: Float, high: Float
    @inline(__always) func callAsFunction(_ x: Float) -> Float { VectorMath.clamp(x, low, high) }
}

/// The fused tail of a convolution or linear layer, applied to one contiguous run of outputs:
/// `out[i] = act(in[i] + bias) + residual[i]`, where the bias is one value (`bias`, a conv output channel) or one
/// per element (`biases`, the columns of a linear layer). `input` may equal `output` (in place).
enum Epilogue {
    static func apply(_ activation: Activation, input: UnsafePointer<Float>, output: UnsafeMutablePointer<Float>,
                      count: Int, bias: Float = 0, biases: UnsafePointer<Float>? = nil,
                      residual: UnsafePointer<Float>? = nil) {
        switch activation {
        case .none: run(IdentityFunction(), input, output, count, bias, biases, residual)
        case .relu: run(ReluFunction(), input, output, count, bias, biases, residual)
        case .sigmoid: run(SigmoidFunction(), input, output, count, bias, biases, residual)
        case .hardSigmoid(let a, let b): run(HardSigmoidFunction(alpha: a, beta: b), input, output, count, bias, biases, residual)
        case .hardSwish(let a, let b): run(HardSwishFunction(alpha: a, beta: b), input, output, count, bias, biases, residual)
        case .gelu: run(GeluFunction(), input, output, count, bias, biases, residual)
        case .swish: run(SwishFunction(), input, output, count, bias, biases, residual)
        case .clip(let lo, let hi): run(ClipFunction(low: lo, high: hi), input, output, count, bias, biases, residual)
        }
    }

    /// One loop per combination of operands, each simple enough for the loop vectoriser. In place gets loops over
    /// one pointer: with two pointers that may overlap, the vectoriser guards its vector loop with a runtime
    /// overlap check, and `input == output` fails that check and runs the scalar loop (measured: the whole network
    /// ~1.2x slower once this function was no longer inlined where the compiler could see the two were equal).
    @inline(__always)
    static func run<F: VectorFunction>(_ f: F, _ input: UnsafePointer<Float>, _ output: UnsafeMutablePointer<Float>,
                                       _ count: Int, _ bias: Float, _ biases: UnsafePointer<Float>?,
                                       _ residual: UnsafePointer<Float>?) {
        if input == UnsafePointer(output) {
            let x = output
            switch (biases, residual) {
            case (nil, nil): for i in 0..<count { x[i] = f(x[i] + bias) }
            case (nil, let r?): for i in 0..<count { x[i] = f(x[i] + bias) + r[i] }
            case (let b?, nil): for i in 0..<count { x[i] = f(x[i] + b[i]) }
            case (let b?, let r?): for i in 0..<count { x[i] = f(x[i] + b[i]) + r[i] }
            }
            return
        }
        switch (biases, residual) {
        case (nil, nil): for i in 0..<count { output[i] = f(input[i] + bias) }
        case (nil, let r?): for i in 0..<count { output[i] = f(input[i] + bias) + r[i] }
        case (let b?, nil): for i in 0..<count { output[i] = f(input[i] + b[i]) }
        case (let b?, let r?): for i in 0..<count { output[i] = f(input[i] + b[i]) + r[i] }
        }
    }
}
