/// One step of a single-sample forward pass: a node alone, or two adjacent nodes run as one kernel because the
/// first's output is read by the second only, so it never goes to memory (docs/text.md, "Runtime and kernels").
///
/// A fused kernel computes every output element with the same operations in the same order as the two nodes one
/// after the other, so results are bit-identical to the unfused pass (`FusedStepTests`); where a condition does not
/// hold at a call's shapes (a GEMM column block that would differ, a broadcast), the step runs its two nodes.
struct Step: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case node
        /// Pointwise conv `first` (any activation and residual), then pointwise conv `first + 1` on its output:
        /// both per column block, the intermediate block in scratch.
        case pointwisePair
        /// `add(a, upsample(b))` (either operand order, equal shapes): the upsampled tensor is never stored.
        case upsampleAdd
        /// `add(x, multiply(x, gate))` with a per-channel gate (`[1, C, 1, 1]`, squeeze-excitation): one pass.
        case gateResidual
    }

    let kind: Kind
    /// Index of the first node.
    let first: Int
    /// Index of the last node (the one whose output the step leaves).
    var last: Int { kind == .node ? first : first + 1 }

    /// The steps for `layers`: pairs fused where the patterns above match at the probe's shapes, greedily in order.
    static func plan(layers: [Layer], inputs: [[Int]], outputs: [Int], outputValue: Int, probe: [[Int]]) -> [Step] {
        var uses = [Int: Int]()
        for ins in inputs { for v in ins { uses[v, default: 0] += 1 } }
        var steps: [Step] = []
        var index = 0
        while index < layers.count {
            let b = index + 1
            let inner = outputs[index]
            // The pair's intermediate: read once, by the next node, and not the network's output.
            if b < layers.count, uses[inner] == 1, inputs[b].contains(inner), inner != outputValue,
               let kind = pairKind(layers[index], layers[b], inputs[index], inputs[b], inner, probe) {
                steps.append(Step(kind: kind, first: index))
                index += 2
            } else {
                steps.append(Step(kind: .node, first: index))
                index += 1
            }
        }
        return steps
    }

    static func pairKind(_ a: Layer, _ b: Layer, _ aIn: [Int], _ bIn: [Int], _ inner: Int, _ probe: [[Int]]) -> Kind? {
        switch (a, b) {
        case (.conv(let c1), .conv(let c2)) where c1.isPointwise && c2.isPointwise && bIn[0] == inner && bIn.dropFirst().allSatisfy({ $0 != inner }):
            return c1.outputChannels == c2.inputChannels ? .pointwisePair : nil
        case (.upsample, .binary(.add, nil, _)) where bIn.count == 2 && bIn[0] != bIn[1]:
            return probe[bIn[0]] == probe[bIn[1]] ? .upsampleAdd : nil
        case (.binary(.multiply, nil, _), .binary(.add, nil, _)) where aIn.count == 2 && bIn.count == 2:
            // multiply(x, g) or multiply(g, x); add(x, m) or add(m, x).
            let x = bIn[0] == inner ? bIn[1] : bIn[0]
            guard aIn.contains(x), let g = aIn.first(where: { $0 != x }) else { return nil }
            return isGate(probe[g], of: probe[x]) ? .gateResidual : nil
        default:
            return nil
        }
    }

    /// `[1, C, 1, 1]` against a `[1, C, H, W]` tensor.
    static func isGate(_ gate: [Int], of x: [Int]) -> Bool {
        x.count == 4 && x[0] == 1 && gate == [1, x[1], 1, 1]
    }
}

extension TextNetwork {
    /// Runs `step` of a single-sample pass; `pointer` gives each value's buffer (valid at `shapes`). With `cut`, global
    /// average pools count its deleted columns (no fused step holds a pool, so only `plain` nodes need it).
    func execute(_ step: Step, shapes: [[Int]], pointer: (Int) -> UnsafeMutablePointer<Float>,
                 scratch: UnsafeMutablePointer<Float>, cut: ColumnCut? = nil) {
        func plain(_ index: Int) {
            let ins = inputValues[index]
            execute(layers[index], inputs: ins.map { UnsafePointer(pointer($0)) }, shapes: ins.map { shapes[$0] },
                    output: pointer(outputValues[index]), outShape: shapes[outputValues[index]], scratch: scratch,
                    deleted: deletedColumns(cut, node: index), widening: widening(cut, node: index))
        }
        let a = step.first, b = step.last
        let aIn = inputValues[a], bIn = inputValues[b], inner = outputValues[a], out = outputValues[b]
        // The memory plan is made node by node: the step's output may take the memory of a first-node input whose
        // last use is the first node. Some kernels allow that exactly in place; anything else runs the two nodes.
        func overlap(_ v: Int) -> (any: Bool, exact: Bool) {
            let p = pointer(v), q = pointer(out)
            let any = p < q + shapes[out].reduce(1, *) && q < p + shapes[v].reduce(1, *)
            return (any, any && p == q)
        }
        switch (step.kind, layers[a], layers[b]) {
        case (.pointwisePair, .conv(let c1), .conv(let c2)):
            let x = shapes[aIn[0]]
            let pixels = x[2] * x[3]
            // In place is fine: a block's output columns overwrite only input columns that block has already read.
            guard PointwisePair.fuses(c1, c2, pixels: pixels),
                  aIn.allSatisfy({ bIn.contains($0) || !overlap($0).any || overlap($0).exact }) else { break }
            PointwisePair.run(c1, c2, input: pointer(aIn[0]), pixels: pixels,
                              firstResidual: aIn.count > 1 ? UnsafePointer(pointer(aIn[1])) : nil,
                              residual: bIn.count > 1 ? UnsafePointer(pointer(bIn[1])) : nil,
                              output: pointer(out), scratch: scratch)
            return
        case (.upsampleAdd, .upsample(let fh, let fw), _):
            let other = bIn[0] == inner ? bIn[1] : bIn[0], small = shapes[aIn[0]]
            guard shapes[other] == shapes[inner], !overlap(aIn[0]).any else { break }
            FusedElementwiseKernels.addUpsampled(pointer(other), pointer(aIn[0]), channels: small[0] * small[1],
                                                 height: small[2], width: small[3], factorH: fh, factorW: fw,
                                                 output: pointer(out))
            return
        case (.gateResidual, _, _):
            let x = bIn[0] == inner ? bIn[1] : bIn[0], gate = aIn[0] == x ? aIn[1] : aIn[0]
            guard Step.isGate(shapes[gate], of: shapes[x]) else { break }
            FusedElementwiseKernels.addGated(pointer(x), gate: pointer(gate), channels: shapes[x][1],
                                             pixels: shapes[x][2] * shapes[x][3], output: pointer(out))
            return
        default:
            break
        }
        for index in a...b { plain(index) }
    }

    /// Scratch floats `step` needs beyond its nodes' own (the pointwise pair's intermediate block).
    func scratchFloats(_ step: Step, shapes: [[Int]]) -> Int {
        guard step.kind == .pointwisePair, case .conv(let c1) = layers[step.first] else { return 0 }
        let x = shapes[inputValues[step.first][0]]
        return PointwisePair.scratchFloats(c1, pixels: x[2] * x[3])
    }
}
