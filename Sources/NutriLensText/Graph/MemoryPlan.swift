/// Where each value of a forward pass lives: a static plan made once from the probe's shapes and reused, with the
/// sizes of the current call, by every pass (docs/text.md, "Runtime and kernels").
///
/// A value takes a free slot (best fit by probe size) when it is computed, reshapes share their input's slot, and a
/// slot is free again after the last use of its values. The plan is made for nodes one by one: a fused step's output
/// may share memory with its first node's inputs, which `Step` checks before it runs fused. A value read only by a
/// concat along the channel axis of a batch-1 tensor
/// is computed straight into its slice of the concat's output ("concat slices"), so the concat copies nothing: the
/// concat's slot is taken when its first input is computed.
struct MemoryPlan: Sendable {
    /// The slot of each value; -1 for the network input, which stays in the caller's buffer.
    let slotOfValue: [Int]
    let slotCount: Int
    /// Values stored inside a concat's output: value -> (concat node, input position).
    let concatSlices: [Int: ConcatSlice]

    struct ConcatSlice: Sendable, Equatable {
        let node: Int, position: Int
    }

    init(layers: [Layer], inputs: [[Int]], outputs: [Int], outputValue: Int, valueCount: Int, probe: [[Int]]) {
        var lastUse = [Int](repeating: -1, count: valueCount)
        var uses = [Int](repeating: 0, count: valueCount)
        for (index, ins) in inputs.enumerated() {
            for v in ins { lastUse[v] = index; uses[v] += 1 }
        }
        lastUse[outputValue] = layers.count
        let concatSlices = Self.concatSlices(layers: layers, inputs: inputs, outputs: outputs, outputValue: outputValue,
                                             probe: probe, uses: uses)
        var slotOf = [Int](repeating: -1, count: valueCount)
        var slotSize: [Int] = [], slotLive: [Int] = [], free: [Int] = []
        func allocate(_ value: Int) {
            let need = probe[value].reduce(1, *)
            let fit = free.filter { slotSize[$0] >= need }.min { slotSize[$0] < slotSize[$1] }
                ?? free.max { slotSize[$0] < slotSize[$1] }
            if let slot = fit {
                free.removeAll { $0 == slot }
                slotSize[slot] = max(slotSize[slot], need)
                slotOf[value] = slot
            } else {
                slotOf[value] = slotSize.count
                slotSize.append(need)
                slotLive.append(0)
            }
            slotLive[slotOf[value]] += 1
        }
        for (index, layer) in layers.enumerated() {
            let out = outputs[index]
            if TextNetwork.isReshape(layer) {
                slotOf[out] = slotOf[inputs[index][0]]
                if slotOf[out] >= 0 { slotLive[slotOf[out]] += 1 }
            } else if let slice = concatSlices[out] {
                let whole = outputs[slice.node]
                if slotOf[whole] < 0 { allocate(whole) }
                slotOf[out] = slotOf[whole]
                slotLive[slotOf[out]] += 1
            } else if slotOf[out] < 0 {
                allocate(out)
            }
            // Sorted, so the plan (and the memory figures) are the same in every process (Set order is seeded).
            for v in Set(inputs[index]).sorted() + (lastUse[out] == -1 ? [out] : []) where lastUse[v] <= index {
                let slot = slotOf[v]
                guard slot >= 0 else { continue }
                slotLive[slot] -= 1
                if slotLive[slot] == 0 { free.append(slot) }
            }
        }
        slotOfValue = slotOf
        slotCount = slotSize.count
        self.concatSlices = concatSlices
    }

    /// Inputs of channel-axis concats (batch 1 at the probe) that can be computed in place: made by a node that is
    /// neither a reshape (it shares its input's buffer) nor a concat (no nesting), read by nothing else, listed once,
    /// and not the network's output.
    static func concatSlices(layers: [Layer], inputs: [[Int]], outputs: [Int], outputValue: Int, probe: [[Int]],
                             uses: [Int]) -> [Int: ConcatSlice] {
        var producer = [Int: Int]()
        for (index, out) in outputs.enumerated() { producer[out] = index }
        var slices: [Int: ConcatSlice] = [:]
        for (index, layer) in layers.enumerated() {
            guard case .concat(let axis) = layer, axis == 1, probe[outputs[index]].first == 1 else { continue }
            for (position, v) in inputs[index].enumerated() {
                guard let p = producer[v], uses[v] == 1, v != outputValue else { continue }
                switch layers[p] {
                case .reshape, .concat: continue
                default: slices[v] = ConcatSlice(node: index, position: position)
                }
            }
        }
        return slices
    }

    /// Float offset of each value inside its slot for a pass with per-value `shapes` (0 but for concat slices), or
    /// `nil` when a concat with slices does not have batch 1 at these shapes (its inputs are then not contiguous).
    func offsets(inputs: [[Int]], outputs: [Int], shapes: [[Int]]) -> [Int]? {
        var offsets = [Int](repeating: 0, count: slotOfValue.count)
        for (v, slice) in concatSlices {
            guard shapes[outputs[slice.node]].first == 1 else { return nil }
            offsets[v] = inputs[slice.node][..<slice.position].reduce(0) { $0 + shapes[$1].reduce(1, *) }
        }
        return offsets
    }
}
