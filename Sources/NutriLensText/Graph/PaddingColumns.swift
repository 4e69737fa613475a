/// Which columns of a zero-padded line a forward pass may leave out and still give the padded pass's numbers.
///
/// A recogniser line is zero-padded on the right (PaddleOCR pads every line narrower than 320 columns to 320). Every
/// layer but the squeeze-excitation means is local and the same at every column, so away from the content's right
/// end and from the tensor's right edge a value's columns are all equal ("the constant zone"). A block of such
/// columns can be deleted from the input, from every value at its own scale and from the output's time steps,
/// provided that (1) every convolution or pool along the width sees, across the cut, only constant-zone columns,
/// (2) every global average pool counts the deleted columns (`ColumnCut.gap`: the column after the cut, itself in the
/// constant zone, stands for them), and (3) the deleted output steps are restored as copies of the step after the
/// cut. Then each kept value is the padded pass's value with those columns removed, up to float rounding (the sums
/// run in another order; `PaddingColumnsTests`).
///
/// The zones are derived from the graph, not written down for one model: at load, shape inference at two input
/// widths gives every value's column axis and scale (input columns per column); per line, the constant zone of each
/// value is propagated through the layers as an interval (a width window keeps the columns whose whole window lies in
/// the zone and inside the tensor: the zero padding of a convolution at the tensor's edge is not the zone's
/// value), and the cut is placed as far left as every value's zone and its consumers' reach allow and made as long
/// as they allow. For PP-OCRv6 tiny (total stride 8, nine 3-wide depthwise layers at a quarter of the width, a
/// 5-wide one at an eighth) a line of `c` content columns padded to 320 keeps about `c + 120` columns: 7 output
/// steps after the content that its end reaches, one standing for the block, 7 that the tensor's right edge reaches
/// (a 40-column value keeps 160, a 100-column word 224; from 194 columns on the output keeps every step).
///
/// Graphs with an op that mixes columns other than through a window or a global average pool (attention's matmul
/// and softmax over time, a transposed convolution, an upsampling or slice along the width) have no structure:
/// `init` returns nil and every pass runs at full width.
struct PaddingColumns: Sendable {
    /// How each node acts on the columns.
    enum Transfer: Sendable {
        /// Column by column (pointwise and elementwise ops, reshapes and transposes that keep the column axis).
        case keep
        /// A window along the width: kernel, stride and the geometry that gives the padding at a width.
        case window(kernel: Int, stride: Int, geometry: ConvLayer)
        /// The output has no column axis (a global average pool).
        case global
    }

    /// Per value: the index of its column axis, nil for values without one (global means, gates).
    let axis: [Int?]
    /// Per value: input columns per column (1 for the input, 8 for the recogniser's time steps); 0 without an axis.
    let scale: [Int]
    /// Per node, how it acts on its first input's columns (the others, when they have columns, share them).
    let transfers: [Transfer]
    /// Input columns per output column (the output's scale); every value's scale divides it.
    let stride: Int
    let inputs: [[Int]], outputs: [Int], output: Int
    /// Whether the values finer than the output may keep a longer block of their own (`ColumnCut.innerCount`): every
    /// window into the output's scale is a pool (no scratch of its own), where the input is re-widened.
    let widening: Bool

    /// The structure of a network whose input is `[1, C, H, W]` with the columns on axis 3, from shape inference at
    /// `probe` and at twice its width; nil when some op mixes columns other than by a window or a global mean (see
    /// the type's description), when a value's width is not the input's divided by a whole number, or when the
    /// output has no column axis.
    init?(layers: [Layer], inputs: [[Int]], outputs: [Int], output: Int, valueCount: Int, probe: [Int]) {
        guard probe.count == 4 else { return nil }
        let bad = { (reason: String) -> Error in TextReaderError.invalidInput(reason: reason) }
        let wide = [probe[0], probe[1], probe[2], 2 * probe[3]]
        guard let narrowShapes = try? TextNetwork.inferShapes(layers: layers, inputs: inputs, outputs: outputs,
                                                              valueCount: valueCount, input: probe, bad: bad),
              let wideShapes = try? TextNetwork.inferShapes(layers: layers, inputs: inputs, outputs: outputs,
                                                            valueCount: valueCount, input: wide, bad: bad)
        else { return nil }
        var axis = [Int?](repeating: nil, count: valueCount), scale = [Int](repeating: 0, count: valueCount)
        for v in 0..<valueCount where !narrowShapes[v].isEmpty {
            let (a, b) = (narrowShapes[v], wideShapes[v])
            guard a.count == b.count else { return nil }
            let changed = a.indices.filter { a[$0] != b[$0] }
            if changed.isEmpty { continue }
            guard changed.count == 1, b[changed[0]] == 2 * a[changed[0]], probe[3] % a[changed[0]] == 0 else { return nil }
            axis[v] = changed[0]
            scale[v] = probe[3] / a[changed[0]]
        }
        guard axis[0] == 3, axis[output] != nil else { return nil }
        let stride = scale[output]
        guard scale.allSatisfy({ $0 == 0 || stride % $0 == 0 }) else { return nil }
        var transfers: [Transfer] = []
        var crossingPools = 0, crossingOther = 0
        for (index, layer) in layers.enumerated() {
            let ins = inputs[index], out = outputs[index]
            guard let x = ins.first(where: { axis[$0] != nil }), let column = axis[x] else {
                // A node on values without columns (the squeeze-excitation's gate) makes none.
                guard axis[out] == nil else { return nil }
                transfers.append(.keep)
                continue
            }
            let shape = narrowShapes[x]
            let transfer: Transfer
            switch layer {
            case .conv(let c):
                guard x == ins[0], column == 3 else { return nil }
                transfer = c.kernelW == 1 && c.strideW == 1 && !c.sameUpper && c.padLeft == 0 && c.padRight == 0
                    ? .keep : .window(kernel: c.kernelW, stride: c.strideW, geometry: c)
            case .pool(let p):
                guard x == ins[0], column == 3 else { return nil }
                transfer = .window(kernel: p.geometry.kernelW, stride: p.geometry.strideW, geometry: p.geometry)
            case .globalAveragePool:
                guard column == 3 else { return nil }
                transfer = .global
            case .activation:
                transfer = .keep
            case .channelAffine:
                guard column != 1 else { return nil }
                transfer = .keep
            case .linear, .layerNorm, .softmax:  // over the last axis
                guard column != shape.count - 1 else { return nil }
                transfer = .keep
            case .binary(_, let constant, _):
                if let constant {  // a constant operand must not vary along the columns
                    let rank = narrowShapes[out].count, c = constant.shape
                    guard c.count <= rank else { return nil }
                    let padded = [Int](repeating: 1, count: rank - c.count) + c
                    guard padded[column] == 1 else { return nil }
                }
                transfer = .keep
            case .reshape:
                // The column axis must stay one axis with everything behind it unchanged (no merge, no split).
                guard let o = axis[out], narrowShapes[out][o] == shape[column],
                      narrowShapes[out][(o + 1)...].reduce(1, *) == shape[(column + 1)...].reduce(1, *) else { return nil }
                transfer = .keep
            case .transpose(let perm):
                guard axis[out] == perm.firstIndex(of: column) else { return nil }
                transfer = .keep
            case .slice(let a, _, _), .concat(let a):
                guard a != column else { return nil }
                transfer = .keep
            case .upsample(_, let fw):
                guard fw == 1 else { return nil }
                transfer = .keep
            case .matmul, .convTranspose:
                return nil
            }
            switch transfer {
            case .keep: guard axis[out] != nil, scale[out] == scale[x] else { return nil }
            case .window(_, let s, _): guard axis[out] == column, scale[out] == scale[x] * s else { return nil }
            case .global: guard axis[out] == nil else { return nil }
            }
            // Other inputs with columns (a residual, a binary's second operand) share the output's columns.
            guard ins.allSatisfy({ $0 == x || axis[$0] == nil || (axis[$0] == axis[out] && scale[$0] == scale[out]) })
            else { return nil }
            transfers.append(transfer)
            if case .window = transfer, scale[x] < stride, scale[out] == stride {
                if case .pool = layer { crossingPools += 1 } else { crossingOther += 1 }
            }
        }
        widening = crossingPools > 0 && crossingOther == 0
        self.axis = axis
        self.scale = scale
        self.transfers = transfers
        self.stride = stride
        self.inputs = inputs
        self.outputs = outputs
        self.output = output
    }

    /// The longest block of padding columns a pass over an input `width` columns wide, whose first `contentWidth`
    /// columns hold the line and the rest zeros, may leave out; nil when none may (no padding, or too little:
    /// for PP-OCRv6 tiny at 320, lines of 234 columns or more; from 194 columns the output keeps every step and
    /// only the layers before the pool leave columns out). `width` must be a multiple of `stride`.
    func cut(width: Int, contentWidth: Int) -> ColumnCut? {
        guard width % stride == 0, contentWidth >= 0, contentWidth < width else { return nil }
        // The constant zone of each value, [low, high] in its own columns (empty when low > high).
        var low = [Int](repeating: 0, count: axis.count), high = [Int](repeating: -1, count: axis.count)
        // What the value's consumers need around the cut: columns before it (a window's left padding) and after the
        // deleted block (at least one: the column standing for the block).
        var before = [Int](repeating: 0, count: axis.count), after = [Int](repeating: 1, count: axis.count)
        (low[0], high[0]) = (contentWidth, width - 1)
        for (index, transfer) in transfers.enumerated() {
            let ins = inputs[index], out = outputs[index]
            guard let x = ins.first(where: { axis[$0] != nil }) else { continue }
            var (lo, hi) = (low[x], high[x])
            switch transfer {
            case .keep:
                break
            case .global:
                continue  // the column standing for the deleted ones: `after` is at least 1 everywhere
            case .window(let k, let s, let geometry):
                let inWidth = width / scale[x]
                let pad = geometry.padding(height: geometry.kernelH, width: inWidth)
                guard (inWidth + pad.left + pad.right - k) / s + 1 == width / scale[out] else { return nil }
                before[x] = max(before[x], pad.left)
                after[x] = max(after[x], k - s - pad.left)
                // Output column j reads input columns s·j - left ..< s·j - left + k: all of them in the zone and in
                // the tensor (the convolution's own zero padding is not the zone's value).
                let first = max(lo, 0), last = min(hi, inWidth - 1)
                lo = Self.ceilDiv(first + pad.left, s)
                hi = Self.floorDiv(last - k + 1 + pad.left, s)
            }
            for other in ins where other != x && axis[other] != nil {  // a residual, a binary's second operand
                (lo, hi) = (max(lo, low[other]), min(hi, high[other]))
            }
            (low[out], high[out]) = (lo, hi)
        }
        // Output step a is the first one left out, d of them: at value v's scale the block is columns
        // a·F/f ..< (a + d)·F/f, which with its consumers' reach must lie in the value's zone. `limits` gives the
        // largest such [a, a + d) over the values `included` admits (nil when one of them has no zone).
        func limits(_ included: (Int) -> Bool) -> (start: Int, end: Int)? {
            var start = 1, end = width / stride
            for v in axis.indices where axis[v] != nil && included(v) {
                let f = scale[v]
                guard low[v] <= high[v] else { return nil }
                start = max(start, Self.ceilDiv((low[v] + before[v]) * f, stride))
                end = min(end, Self.floorDiv((high[v] + 1 - after[v]) * f, stride))
            }
            return (start, end)
        }
        let outer = limits { _ in true }.flatMap { $0.end - $0.start >= 1 ? $0 : nil }
        // The values finer than the output (all but the last few layers) keep only their own reach: the block there
        // is as long as their zones and their consumers' reach allow (it contains the output's block, whose limits
        // are a subset of these); the window into the output's scale re-widens its input to the output's block.
        guard widening, let inner = limits({ scale[$0] < stride }), inner.end - inner.start >= 1 else {
            return outer.map { ColumnCut(start: $0.start, count: $0.end - $0.start, stride: stride) }
        }
        guard let outer else {
            // The output keeps every step (the content's end reaches the edge there: PP-OCRv6 tiny's lines of 194
            // columns and more), but the finer values may still leave their own block out, re-widened to the whole
            // width at the window into the output's scale.
            return ColumnCut(start: inner.start, count: 0, stride: stride, inner: (inner.start, inner.end - inner.start))
        }
        let innerStart = min(inner.start, outer.start)
        return ColumnCut(start: outer.start, count: outer.end - outer.start, stride: stride,
                         inner: (innerStart, max(inner.end, outer.end) - innerStart))
    }

    /// The window nodes whose input is finer than the output and whose output is at the output's scale: with a cut
    /// whose inner block is longer, their input is re-widened to the output's block (`ColumnCut.widen`).
    func widens(node index: Int) -> Bool {
        guard widening, case .window = transfers[index], let x = inputs[index].first(where: { axis[$0] != nil }) else { return false }
        return scale[x] < stride && scale[outputs[index]] == stride
    }

    /// The block of value `value` under `cut`, in output steps: the inner block for values finer than the output,
    /// the output's block at its scale.
    func block(_ cut: ColumnCut, value: Int) -> (start: Int, count: Int) {
        scale[value] < stride ? (cut.innerStart, cut.innerCount) : (cut.start, cut.count)
    }

    /// A global average pool's input `value` in a pass with `cut`: the column standing for the deleted ones (at the
    /// value's scale, in the kept columns) and how many were deleted.
    func gap(_ cut: ColumnCut, value: Int) -> (column: Int, deleted: Int) {
        let per = stride / scale[value], b = block(cut, value: value)
        return (b.start * per, b.count * per)
    }

    static func ceilDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? (a + b - 1) / b : -((-a) / b) }
    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
}

/// A block of constant padding columns left out of one forward pass (`PaddingColumns`): output steps
/// `start ..< start + count`, and for the values finer than the output (the input and every layer before the
/// last stride) the longer inner block `innerStart ..< innerStart + innerCount` (containing the first; input columns
/// `stride · innerStart ..< stride · (innerStart + innerCount)`). The pass's input is `stride · innerCount` columns
/// narrower; the window into the output's scale gets its input re-widened to the outer block (`widen`); the output
/// lacks the outer block's steps, which equal the output step at `start` (the first kept step after the block).
struct ColumnCut: Hashable, Sendable {
    /// First output step left out (>= 1).
    let start: Int
    /// Output steps left out (>= 0; 0 when only the values finer than the output leave columns out: then
    /// `innerCount >= 1`).
    let count: Int
    /// Input columns per output step (8 for the PP-OCR recognisers).
    let stride: Int
    /// The block of the values finer than the output, in output steps: `innerStart <= start` and
    /// `innerStart + innerCount >= start + count`.
    let innerStart: Int, innerCount: Int

    /// A cut; `inner` nil: the same block at every scale.
    init(start: Int, count: Int, stride: Int, inner: (start: Int, count: Int)? = nil) {
        self.start = start
        self.count = count
        self.stride = stride
        (innerStart, innerCount) = inner ?? (start, count)
    }

    /// Input columns left out.
    var columns: Int { innerCount * stride }

    /// Whether the inner block is longer than the output's (the window into the output's scale re-widens).
    var widens: Bool { innerCount != count }

    /// Copies `rows` rows of `width` columns at a scale of `per` columns per output step, laid out without the inner
    /// block, into `output` laid out without the outer block: the kept column standing for the inner block
    /// (`innerStart · per`) repeated `(innerCount - count) · per` more times before itself. `output` holds
    /// `rows x (width + (innerCount - count) · per)` floats.
    func widen(_ input: UnsafePointer<Float>, rows: Int, width: Int, per: Int, into output: UnsafeMutablePointer<Float>) {
        let a = innerStart * per, n = (innerCount - count) * per, outWidth = width + n
        for r in 0..<rows {
            let src = input + r * width, dst = output + r * outWidth
            dst.update(from: src, count: a)
            (dst + a).update(repeating: src[a], count: n)
            (dst + a + n).update(from: src + a, count: width - a)
        }
    }

    /// The kept step that stands for full step `t` (`0 ..< kept + count`).
    func keptStep(_ t: Int) -> Int { t < start ? t : (t < start + count ? start : t - count) }
}
