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
/// value). Each segment of the graph (the values column-by-column nodes join, sharing one layout) gets the longest
/// block its own values' zones and the window making it allow, inside the block of that window's input: deeper
/// segments keep only their own reach, and a window whose output's block is shorter re-widens its input by copying
/// the column standing for the block (`ColumnCut.widen`). For PP-OCRv6 tiny (total stride 8, nine 3-wide depthwise
/// layers at a quarter of the width, a 5-wide one at an eighth) a line of `c` content columns padded to 320 keeps about `c + 120` columns: 7 output
/// steps after the content that its end reaches, one standing for the block, 7 that the tensor's right edge reaches
/// at the output (a 40-column value keeps 160, a 100-column word 224; from 194 columns on the output keeps every
/// step), and its input keeps c + 8 to c + 16 columns, each 3-wide depthwise layer about one step more.
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
    /// Per value its segment (-1 for values without a column axis): the values joined by column-by-column nodes
    /// (including a residual's or a binary's second operand) share one layout, so one block (`ColumnCut.blocks`).
    /// Segments are numbered in the order of their first value, so the network input's is 0.
    let segment: [Int]
    /// How many segments there are.
    let segmentCount: Int

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
        }
        // Segments: a union-find over the values with columns, joined through every column-by-column node and every
        // second operand; a window's output starts a segment of its own unless a residual joins it to another.
        var parent = Array(0..<valueCount)
        func root(_ v: Int) -> Int {
            var v = v
            while parent[v] != v { parent[v] = parent[parent[v]]; v = parent[v] }
            return v
        }
        func join(_ a: Int, _ b: Int) {
            let (ra, rb) = (root(a), root(b))
            if ra != rb { parent[max(ra, rb)] = min(ra, rb) }
        }
        for (index, transfer) in transfers.enumerated() {
            let ins = inputs[index], out = outputs[index]
            guard let x = ins.first(where: { axis[$0] != nil }), axis[out] != nil else { continue }
            if case .keep = transfer { join(x, out) }
            for other in ins where other != x && axis[other] != nil { join(other, out) }
        }
        var segment = [Int](repeating: -1, count: valueCount), number: [Int: Int] = [:]
        for v in 0..<valueCount where axis[v] != nil {
            let r = root(v)
            if number[r] == nil { number[r] = number.count }
            segment[v] = number[r]!
        }
        self.segment = segment
        segmentCount = number.count
        self.axis = axis
        self.scale = scale
        self.transfers = transfers
        self.stride = stride
        self.inputs = inputs
        self.outputs = outputs
        self.output = output
    }

    /// The padding columns a pass over an input `width` columns wide, whose first `contentWidth` columns hold the line
    /// and the rest zeros, may leave out: per segment the longest block its values' zones and its windows' reach allow
    /// (`ColumnCut`); nil when no segment may leave a column out (no padding, or too little: for PP-OCRv6 tiny at 320,
    /// lines of 304 columns or more; from 194 columns the output keeps every step, from 234 the layers after the
    /// first few 3-wide depthwise ones too). `width` must be a multiple of `stride`.
    func cut(width: Int, contentWidth: Int) -> ColumnCut? {
        guard width % stride == 0, contentWidth >= 0, contentWidth < width else { return nil }
        // The constant zone of each value, [low, high] in its own columns (empty when low > high).
        var low = [Int](repeating: 0, count: axis.count), high = [Int](repeating: -1, count: axis.count)
        (low[0], high[0]) = (contentWidth, width - 1)
        // Per segment the block [start, end) in output steps: the largest every constraint below allows.
        var start = [Int](repeating: 1, count: segmentCount), end = [Int](repeating: width / stride, count: segmentCount)
        func limit(_ s: Int, low: Int, high: Int, scale f: Int) {
            start[s] = max(start[s], Self.ceilDiv(low * f, stride))
            end[s] = min(end[s], Self.floorDiv((high + 1) * f, stride))
        }
        // Windows whose input and output segments differ: the output's block, at the input's scale, is what the window
        // reads across (its input re-widened to it, `ColumnCut.widen`), so the input's block must contain it.
        var crossings: [(from: Int, to: Int)] = []
        for (index, transfer) in transfers.enumerated() {
            let ins = inputs[index], out = outputs[index]
            guard let x = ins.first(where: { axis[$0] != nil }) else { continue }
            var (lo, hi) = (low[x], high[x])
            switch transfer {
            case .keep:
                break
            case .global:
                continue  // the column standing for the deleted ones: every block's end is a column in the zone
            case .window(let k, let s, let geometry):
                let inWidth = width / scale[x]
                let pad = geometry.padding(height: geometry.kernelH, width: inWidth)
                guard (inWidth + pad.left + pad.right - k) / s + 1 == width / scale[out] else { return nil }
                // Output column j reads input columns s·j - left ..< s·j - left + k: all of them in the zone and in
                // the tensor (the convolution's own zero padding is not the zone's value). Across the output's block
                // (at the input's scale) the window reads `left` columns before it and max(1, k - s - left) after
                // it: those must lie in the input's zone.
                let first = max(lo, 0), last = min(hi, inWidth - 1)
                lo = Self.ceilDiv(first + pad.left, s)
                hi = Self.floorDiv(last - k + 1 + pad.left, s)
                if low[x] <= high[x] {
                    limit(segment[out], low: low[x] + pad.left, high: high[x] - max(1, k - s - pad.left), scale: scale[x])
                } else {
                    end[segment[out]] = 0
                }
                if segment[x] != segment[out] { crossings.append((segment[x], segment[out])) }
            }
            for other in ins where other != x && axis[other] != nil {  // a residual, a binary's second operand
                (lo, hi) = (max(lo, low[other]), min(hi, high[other]))
            }
            (low[out], high[out]) = (lo, hi)
        }
        // Every value's block lies in its zone, the column after it (standing for it) too.
        for v in axis.indices where axis[v] != nil {
            if low[v] <= high[v] { limit(segment[v], low: low[v], high: high[v] - 1, scale: scale[v]) } else { end[segment[v]] = 0 }
        }
        // A window's output block inside its input's (a re-widening only adds columns); repeated until settled, as a
        // residual may join a later segment to an earlier one.
        var changed = true
        while changed {
            changed = false
            for (from, to) in crossings where start[from] < end[from] && (start[to] < start[from] || end[to] > end[from]) {
                (start[to], end[to]) = (max(start[to], start[from]), min(end[to], end[from]))
                changed = true
            }
            for (from, to) in crossings where start[from] >= end[from] && start[to] < end[to] {
                end[to] = start[to]
                changed = true
            }
        }
        // The network input keeps the block its first window reads across (no re-widening of the input itself).
        let fromInput = crossings.filter { $0.from == segment[0] }
        if Set(fromInput.map(\.to)).count == 1, let to = fromInput.first?.to {
            (start[segment[0]], end[segment[0]]) = (start[to], end[to])
        }
        let blocks = (0..<segmentCount).map { s in
            start[s] < end[s] ? ColumnCut.Block(start: start[s], count: end[s] - start[s]) : ColumnCut.Block(start: 1, count: 0)
        }
        guard blocks.contains(where: { $0.count > 0 }) else { return nil }
        return ColumnCut(blocks: blocks, output: segment[output], stride: stride)
    }

    /// For window node `index` under `cut`: when its output's block is shorter than its input's, the two blocks
    /// (the input is re-widened from the first to the second before the window runs, `ColumnCut.widen`) and the
    /// input's columns per output step; else nil.
    func widening(_ cut: ColumnCut, node index: Int) -> (from: ColumnCut.Block, to: ColumnCut.Block, per: Int)? {
        guard case .window = transfers[index], let x = inputs[index].first(where: { axis[$0] != nil }) else { return nil }
        let from = cut.block(segment[x]), to = cut.block(segment[outputs[index]])
        return from == to ? nil : (from, to, stride / scale[x])
    }

    /// The block of value `value` under `cut`, in output steps.
    func block(_ cut: ColumnCut, value: Int) -> ColumnCut.Block {
        cut.block(segment[value])
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

/// The constant padding columns left out of one forward pass (`PaddingColumns`), one block per segment of the graph
/// (values sharing one column layout), in output steps: segment s leaves out steps `blocks[s].start ..<
/// blocks[s].start + blocks[s].count` (input columns × stride), the network input the first segment's. Deeper
/// segments have shorter blocks (the content's and the edge's reach grow layer by layer): a window whose output's
/// block is shorter than its input's re-widens its input first (`widen`). The output lacks its own block's steps
/// (`start ..< start + count`), which equal the output step at `start` (the first kept step after the block).
struct ColumnCut: Hashable, Sendable {
    /// A block of output steps: `start ..< start + count` (`count` 0: nothing left out).
    struct Block: Hashable, Sendable {
        let start: Int, count: Int
    }

    /// Per segment (`PaddingColumns.segment`) its block; empty: `start`/`count` at every scale.
    let blocks: [Block]
    /// The output's block: first output step left out (>= 1) and how many (>= 0).
    let start: Int, count: Int
    /// Input columns per output step (8 for the PP-OCR recognisers).
    let stride: Int

    /// A cut with `blocks` per segment, the output's in segment `output`.
    init(blocks: [Block], output: Int, stride: Int) {
        self.blocks = blocks
        (start, count) = (blocks[output].start, blocks[output].count)
        self.stride = stride
    }

    /// One block at every scale.
    init(start: Int, count: Int, stride: Int) {
        blocks = []
        (self.start, self.count) = (start, count)
        self.stride = stride
    }

    /// Segment `segment`'s block.
    func block(_ segment: Int) -> Block {
        blocks.isEmpty ? Block(start: start, count: count) : blocks[segment]
    }

    /// Input columns left out (the first segment's block: the network input's).
    var columns: Int { block(0).count * stride }

    /// Whether some segment's block differs from another's (some window re-widens its input).
    var widens: Bool { blocks.contains { $0 != blocks[0] } }

    /// Copies `rows` rows of `width` columns at a scale of `per` columns per output step, laid out without block
    /// `from`, into `output` laid out without block `to` (inside `from`): the kept column standing for `from`
    /// (`from.start · per`) repeated `(from.count - to.count) · per` more times before itself. `output` holds
    /// `rows x (width + (from.count - to.count) · per)` floats.
    static func widen(_ input: UnsafePointer<Float>, rows: Int, width: Int, per: Int, from: Block, to: Block,
                      into output: UnsafeMutablePointer<Float>) {
        let a = from.start * per, n = (from.count - to.count) * per, outWidth = width + n
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
