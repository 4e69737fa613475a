/// Layout and sequence operators: concat, transpose, slice, softmax, layer norm, linear layers and batched matmul.
enum TensorKernels {
    /// Splits `shape` at `axis` into (elements before it, the axis, elements after it).
    static func split(_ shape: [Int], _ axis: Int) -> (outer: Int, dim: Int, inner: Int) {
        (shape[..<axis].reduce(1, *), shape[axis], shape[(axis + 1)...].reduce(1, *))
    }

    /// Copies each input into its part of `output`; an input already computed there (a concat slice of the memory
    /// plan, `MemoryPlan`) is skipped.
    static func concat(inputs: [UnsafePointer<Float>], shapes: [[Int]], axis: Int, output: UnsafeMutablePointer<Float>) {
        let (outer, _, inner) = split(shapes[0], axis)
        let total = shapes.reduce(0) { $0 + $1[axis] }
        for o in 0..<outer {
            var offset = 0
            for (p, shape) in zip(inputs, shapes) {
                let run = shape[axis] * inner
                let destination = output + (o * total + offset) * inner
                if UnsafePointer(destination) != p + o * run { destination.update(from: p + o * run, count: run) }
                offset += shape[axis]
            }
        }
    }

    /// `out = x.transpose(perm)` (ranks <= 5), walking the output in order.
    static func transpose(input: UnsafePointer<Float>, shape: [Int], perm: [Int], output: UnsafeMutablePointer<Float>) {
        let rank = shape.count
        var inStrides = [Int](repeating: 1, count: rank)
        for d in stride(from: rank - 2, through: 0, by: -1) { inStrides[d] = inStrides[d + 1] * shape[d + 1] }
        let outShape = perm.map { shape[$0] }, strides = perm.map { inStrides[$0] }
        let last = outShape[rank - 1], lastStride = strides[rank - 1]
        var index = [Int](repeating: 0, count: rank)
        var o = 0
        let count = shape.reduce(1, *)
        while o < count {
            var base = 0
            for d in 0..<(rank - 1) { base += index[d] * strides[d] }
            for t in 0..<last { output[o &+ t] = input[base &+ t &* lastStride] }
            o += last
            var d = rank - 2
            while d >= 0 { index[d] += 1; if index[d] < outShape[d] { break }; index[d] = 0; d -= 1 }
        }
    }

    static func slice(input: UnsafePointer<Float>, shape: [Int], axis: Int, start: Int, length: Int,
                      output: UnsafeMutablePointer<Float>) {
        let (outer, dim, inner) = split(shape, axis)
        for o in 0..<outer {
            (output + o * length * inner).update(from: input + (o * dim + start) * inner, count: length * inner)
        }
    }

    /// Softmax over rows of `width` (the last axis), max-subtracted.
    static func softmax(input: UnsafePointer<Float>, rows: Int, width: Int, output: UnsafeMutablePointer<Float>) {
        for r in 0..<rows {
            let x = input + r * width, y = output + r * width
            var m = -Float.infinity
            for i in 0..<width { m = x[i] > m ? x[i] : m }
            for i in 0..<width { y[i] = VectorMath.exp(x[i] - m) }
            let inv = 1 / ElementwiseKernels.sum(y, count: width)
            for i in 0..<width { y[i] *= inv }
        }
    }

    /// `(x - mean) / sqrt(var + eps) * gamma + beta` over rows of `gamma.count`.
    static func layerNorm(input: UnsafePointer<Float>, rows: Int, gamma: [Float], beta: [Float], epsilon: Float,
                          output: UnsafeMutablePointer<Float>) {
        let width = gamma.count
        for r in 0..<rows {
            let x = input + r * width, y = output + r * width
            let mean = ElementwiseKernels.sum(x, count: width) / Float(width)
            var variance: Float = 0
            for i in 0..<width { let d = x[i] - mean; variance += d * d }
            let inv = 1 / (variance / Float(width) + epsilon).squareRoot()
            for i in 0..<width { y[i] = (x[i] - mean) * inv * gamma[i] + beta[i] }
        }
    }

    /// `out[rows x N] = act(x[rows x K] * W + B) + residual`.
    static func linear(_ l: LinearLayer, input: UnsafePointer<Float>, rows: Int, residual: UnsafePointer<Float>?,
                       output: UnsafeMutablePointer<Float>) {
        let (k, n) = (l.inputFeatures, l.outputFeatures)
        // C starts as the bias rows (beta = 1), as in the convolutions: the classifier's 6,906 logits per step then
        // need no second pass unless there is an activation or a residual.
        l.bias.withUnsafeBufferPointer { b in
            for r in 0..<rows { (output + r * n).update(from: b.baseAddress!, count: n) }
        }
        l.weights.withUnsafeBufferPointer { w in
            BLAS.sgemm(m: rows, n: n, k: k, a: input, lda: k, b: w.baseAddress!, ldb: n, c: output, ldc: n, beta: 1)
        }
        guard l.activation != .none || residual != nil else { return }
        for r in 0..<rows {
            Epilogue.apply(l.activation, input: output + r * n, output: output + r * n, count: n,
                           residual: residual.map { $0 + r * n })
        }
    }

    /// Batched `a[..., M, K] * b[..., K, N]`, leading axes broadcast.
    static func matmul(a: UnsafePointer<Float>, aShape: [Int], b: UnsafePointer<Float>, bShape: [Int],
                       output: UnsafeMutablePointer<Float>, outShape: [Int]) {
        let rank = outShape.count
        let (m, k, n) = (aShape[rank - 2], aShape[rank - 1], bShape[rank - 1])
        let batches = outShape[..<(rank - 2)].reduce(1, *)
        var index = [Int](repeating: 0, count: max(0, rank - 2))
        for batch in 0..<batches {
            var ao = 0, bo = 0, aStride = m * k, bStride = k * n
            for d in stride(from: rank - 3, through: 0, by: -1) {
                if aShape[d] > 1 { ao += index[d] * aStride }
                if bShape[d] > 1 { bo += index[d] * bStride }
                aStride *= aShape[d]
                bStride *= bShape[d]
            }
            BLAS.sgemm(m: m, n: n, k: k, a: a + ao, lda: k, b: b + bo, ldb: n, c: output + batch * m * n, ldc: n)
            var d = rank - 3
            while d >= 0 { index[d] += 1; if index[d] < outShape[d] { break }; index[d] = 0; d -= 1 }
        }
    }
}
