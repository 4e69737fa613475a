/// Output shapes from input shapes, checked: a graph that does not fit together throws instead of letting a kernel
/// read past a buffer. Every dimension stays within `GraphFile.maxTensorDim` and every product is computed with
/// overflow checks, so no crafted model or input size can trap here.
extension Layer {
    func outputShape(_ inputs: [[Int]], _ bad: (String) -> Error) throws -> [Int] {
        switch self {
        case .conv(let c): return try c.outputShape(inputs, bad)
        case .convTranspose(let c): return try c.outputShape(inputs, bad)
        case .linear(let l):
            guard let k = inputs[0].last, k == l.inputFeatures else { throw bad("linear expects [..., \(l.inputFeatures)], got \(inputs[0])") }
            let shape = inputs[0].dropLast() + [l.outputFeatures]
            if l.hasResidual, inputs[1] != Array(shape) { throw bad("linear residual \(inputs[1]) differs from \(shape)") }
            return Array(shape)
        case .matmul:
            let (a, b) = (inputs[0], inputs[1])
            guard a.count >= 2, a.count == b.count, a[a.count - 1] == b[b.count - 2] else { throw bad("matmul \(a) x \(b)") }
            let lead = try Self.broadcast(Array(a.dropLast(2)), Array(b.dropLast(2)), bad)
            return lead + [a[a.count - 2], b[b.count - 1]]
        case .activation, .channelAffine, .layerNorm, .softmax:
            let x = inputs[0]
            switch self {
            case .channelAffine(let scale, _):
                guard x.count >= 2, x[1] == scale.count else { throw bad("channelAffine on \(x) with \(scale.count) channels") }
            case .layerNorm(let gamma, _, _):
                guard x.last == gamma.count else { throw bad("layerNorm on \(x) with \(gamma.count) features") }
            case .softmax(let axis):
                guard axis == x.count - 1 else { throw bad("softmax over axis \(axis) of \(x): only the last axis") }
            default: break
            }
            return x
        case .binary(_, let constant, _):
            return try Self.broadcast(inputs[0], constant?.shape ?? inputs[1], bad)
        case .pool(let p): return try p.outputShape(inputs[0], bad)
        case .globalAveragePool:
            guard inputs[0].count == 4 else { throw bad("global average pool on \(inputs[0])") }
            return [inputs[0][0], inputs[0][1], 1, 1]
        case .upsample(let fh, let fw):
            let x = inputs[0]
            guard x.count == 4 else { throw bad("upsample on \(x)") }
            return [x[0], x[1], x[2] * fh, x[3] * fw]
        case .concat(let axis):
            let first = inputs[0]
            guard axis < first.count else { throw bad("concat axis \(axis) of \(first)") }
            var total = 0
            for x in inputs {
                guard x.count == first.count, x.indices.allSatisfy({ $0 == axis || x[$0] == first[$0] }) else {
                    throw bad("concat of \(inputs) along \(axis)")
                }
                total += x[axis]
            }
            var shape = first
            shape[axis] = total
            return shape
        case .reshape(let template):
            let x = inputs[0]
            let count = try Self.elementCount(x, bad)
            var shape = try template.enumerated().map { i, t -> Int in
                guard t == 0 else { return t }
                guard i < x.count else { throw bad("reshape template \(template) copies a missing dim of \(x)") }
                return x[i]
            }
            let known = try Self.elementCount(shape.filter { $0 != -1 }, bad)
            if let hole = shape.firstIndex(of: -1) {
                guard known > 0, count % known == 0 else { throw bad("reshape \(x) to \(template)") }
                shape[hole] = count / known
            }
            guard try Self.elementCount(shape, bad) == count else { throw bad("reshape \(x) to \(template)") }
            return shape
        case .transpose(let perm):
            guard perm.count == inputs[0].count else { throw bad("transpose \(perm) of \(inputs[0])") }
            return perm.map { inputs[0][$0] }
        case .slice(let axis, let start, let end):
            var shape = inputs[0]
            guard axis < shape.count, start < shape[axis] else { throw bad("slice \(start)..<\(end) of axis \(axis) of \(shape)") }
            shape[axis] = min(end, shape[axis]) - start
            return shape
        }
    }

    /// Numpy broadcasting of two shapes (right-aligned, 1 stretches).
    static func broadcast(_ a: [Int], _ b: [Int], _ bad: (String) -> Error) throws -> [Int] {
        let rank = max(a.count, b.count)
        guard rank <= 5 else { throw bad("rank \(rank) beyond 5") }
        let pa = [Int](repeating: 1, count: rank - a.count) + a, pb = [Int](repeating: 1, count: rank - b.count) + b
        return try zip(pa, pb).map { x, y in
            guard x == y || x == 1 || y == 1 else { throw bad("shapes \(a) and \(b) do not broadcast") }
            return max(x, y)
        }
    }

    /// Product of `shape`, throwing when a dim is not positive or the product exceeds `GraphFile.maxTensorDim^2`.
    static func elementCount(_ shape: [Int], _ bad: (String) -> Error) throws -> Int {
        var count = 1
        for d in shape {
            guard d >= 1, d <= GraphFile.maxTensorDim else { throw bad("dimension \(d) in \(shape)") }
            let (p, overflow) = count.multipliedReportingOverflow(by: d)
            guard !overflow, p <= GraphFile.maxTensorDim * GraphFile.maxTensorDim else { throw bad("\(shape) too large") }
            count = p
        }
        return count
    }
}
