/// Elementwise arithmetic with numpy broadcasting. The shapes PP-OCR graphs produce get vector loops: equal shapes,
/// a scalar, a per-channel operand (`[1, C, 1, 1]` against `[1, C, H, W]`, squeeze-excitation gates) and a
/// trailing-axis operand (`[N]` against `[..., N]`); anything else takes an indexed loop.
enum ElementwiseKernels {
    /// Sum of `count` floats, in 8 interleaved partial sums (vectorisable, and the same order in every build).
    static func sum(_ p: UnsafePointer<Float>, count: Int) -> Float {
        var partial: (Float, Float, Float, Float, Float, Float, Float, Float) = (0, 0, 0, 0, 0, 0, 0, 0)
        var i = 0
        while i &+ 8 <= count {
            partial.0 += p[i]; partial.1 += p[i &+ 1]; partial.2 += p[i &+ 2]; partial.3 += p[i &+ 3]
            partial.4 += p[i &+ 4]; partial.5 += p[i &+ 5]; partial.6 += p[i &+ 6]; partial.7 += p[i &+ 7]
            i &+= 8
        }
        var total = ((partial.0 + partial.4) + (partial.1 + partial.5)) + ((partial.2 + partial.6) + (partial.3 + partial.7))
        while i < count { total += p[i]; i &+= 1 }
        return total
    }

    /// The largest of `count` floats, NaN skipped (`-infinity` when all are NaN or `count` is 0): the value a scan
    /// keeping `x > best ? x : best` ends with, exactly (a maximum does not round). Eight interleaved partial maxima
    /// (no branch per element, so the loop vectorises), as ``sum(_:count:)`` keeps eight partial sums.
    static func maximum(_ p: UnsafePointer<Float>, count: Int) -> Float {
        var m: (Float, Float, Float, Float, Float, Float, Float, Float) =
            (-.infinity, -.infinity, -.infinity, -.infinity, -.infinity, -.infinity, -.infinity, -.infinity)
        var i = 0
        while i &+ 8 <= count {
            m.0 = p[i] > m.0 ? p[i] : m.0; m.1 = p[i &+ 1] > m.1 ? p[i &+ 1] : m.1
            m.2 = p[i &+ 2] > m.2 ? p[i &+ 2] : m.2; m.3 = p[i &+ 3] > m.3 ? p[i &+ 3] : m.3
            m.4 = p[i &+ 4] > m.4 ? p[i &+ 4] : m.4; m.5 = p[i &+ 5] > m.5 ? p[i &+ 5] : m.5
            m.6 = p[i &+ 6] > m.6 ? p[i &+ 6] : m.6; m.7 = p[i &+ 7] > m.7 ? p[i &+ 7] : m.7
            i &+= 8
        }
        var best = max(max(max(m.0, m.4), max(m.1, m.5)), max(max(m.2, m.6), max(m.3, m.7)))
        while i < count { best = p[i] > best ? p[i] : best; i &+= 1 }
        return best
    }

    @inline(__always)
    static func apply(_ kind: BinaryKind, _ a: Float, _ b: Float) -> Float {
        switch kind {
        case .add: return a + b
        case .subtract: return a - b
        case .multiply: return a * b
        case .divide: return a / b
        }
    }

    /// `out = a (op) b` with `b` repeated: `b[(i / inner) % bCount]` when `bPerOuter`, else `b[i % bCount]`;
    /// `swap` computes `b (op) a` instead.
    static func run(_ kind: BinaryKind, a: UnsafePointer<Float>, b: UnsafePointer<Float>, bCount: Int, inner: Int,
                    bPerOuter: Bool, swap: Bool, output: UnsafeMutablePointer<Float>, count: Int) {
        var start = 0
        while start < count {
            let run = bPerOuter ? inner : bCount
            let x = a + start, out = output + start
            if bPerOuter {
                let y = b[(start / inner) % bCount]
                switch (kind, swap) {
                case (.add, _): for i in 0..<run { out[i] = x[i] + y }
                case (.multiply, _): for i in 0..<run { out[i] = x[i] * y }
                default: for i in 0..<run { out[i] = swap ? apply(kind, y, x[i]) : apply(kind, x[i], y) }
                }
            } else {
                switch (kind, swap) {
                case (.add, _): for i in 0..<run { out[i] = x[i] + b[i] }
                case (.multiply, _): for i in 0..<run { out[i] = x[i] * b[i] }
                default: for i in 0..<run { out[i] = swap ? apply(kind, b[i], x[i]) : apply(kind, x[i], b[i]) }
                }
            }
            start &+= run
        }
    }

    /// `out[outShape] = lhs[lhsShape] (op) rhs[rhsShape]` with numpy broadcasting (ranks <= 5).
    static func binary(_ kind: BinaryKind, lhs: UnsafePointer<Float>, lhsShape: [Int], rhs: UnsafePointer<Float>,
                       rhsShape: [Int], output: UnsafeMutablePointer<Float>, outShape: [Int]) {
        let count = outShape.reduce(1, *)
        let rank = outShape.count
        let l = [Int](repeating: 1, count: rank - lhsShape.count) + lhsShape
        let r = [Int](repeating: 1, count: rank - rhsShape.count) + rhsShape
        for (full, part, pShape, swap) in [(lhs, rhs, r, false), (rhs, lhs, l, true)] where (swap ? r : l) == outShape {
            let partCount = pShape.reduce(1, *)
            if partCount == count {
                equalShapes(kind, full, part, swap, output, count)
                return
            }
            if partCount == 1 {
                run(kind, a: full, b: part, bCount: 1, inner: count, bPerOuter: true, swap: swap, output: output, count: count)
                return
            }
            // part = outShape[..<s] then ones: one value per contiguous inner run.
            if let s = (0...rank).first(where: { s in (0..<rank).allSatisfy { $0 < s ? pShape[$0] == outShape[$0] : pShape[$0] == 1 } }) {
                run(kind, a: full, b: part, bCount: partCount, inner: outShape[s...].reduce(1, *), bPerOuter: true,
                    swap: swap, output: output, count: count)
                return
            }
            // part = ones then outShape[s...]: repeats along the leading axes.
            if (0...rank).contains(where: { s in (0..<rank).allSatisfy { $0 < s ? pShape[$0] == 1 : pShape[$0] == outShape[$0] } }) {
                run(kind, a: full, b: part, bCount: partCount, inner: 1, bPerOuter: false, swap: swap, output: output, count: count)
                return
            }
        }
        general(kind, lhs, l, rhs, r, output, outShape)
    }

    private static func equalShapes(_ kind: BinaryKind, _ a: UnsafePointer<Float>, _ b: UnsafePointer<Float>, _ swap: Bool,
                                    _ output: UnsafeMutablePointer<Float>, _ count: Int) {
        switch kind {
        case .add: for i in 0..<count { output[i] = a[i] + b[i] }
        case .multiply: for i in 0..<count { output[i] = a[i] * b[i] }
        default: for i in 0..<count { output[i] = swap ? apply(kind, b[i], a[i]) : apply(kind, a[i], b[i]) }
        }
    }

    private static func general(_ kind: BinaryKind, _ lhs: UnsafePointer<Float>, _ l: [Int], _ rhs: UnsafePointer<Float>,
                                _ r: [Int], _ output: UnsafeMutablePointer<Float>, _ outShape: [Int]) {
        let rank = outShape.count
        func strides(_ s: [Int]) -> [Int] {
            var st = [Int](repeating: 0, count: rank), acc = 1
            for d in stride(from: rank - 1, through: 0, by: -1) { st[d] = s[d] == 1 ? 0 : acc; acc *= s[d] }
            return st
        }
        let ls = strides(l), rs = strides(r)
        var index = [Int](repeating: 0, count: rank)
        for i in 0..<outShape.reduce(1, *) {
            var lo = 0, ro = 0
            for d in 0..<rank { lo += index[d] * ls[d]; ro += index[d] * rs[d] }
            output[i] = apply(kind, lhs[lo], rhs[ro])
            var d = rank - 1
            while d >= 0 { index[d] += 1; if index[d] < outShape[d] { break }; index[d] = 0; d -= 1 }
        }
    }

    /// `out[c, ...] = x[c, ...] * scale[c] + shift[c]` along axis 1 (`inner` = elements per channel and batch).
    static func channelAffine(input: UnsafePointer<Float>, scale: [Float], shift: [Float], inner: Int, count: Int,
                              output: UnsafeMutablePointer<Float>) {
        let channels = scale.count
        var start = 0, c = 0
        while start < count {
            let s = scale[c], t = shift[c]
            for i in 0..<inner { output[start &+ i] = input[start &+ i] * s + t }
            start += inner
            c = (c + 1) % channels
        }
    }
}
