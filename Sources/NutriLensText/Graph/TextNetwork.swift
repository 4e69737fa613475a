import Foundation
import NutriLensImaging

/// A loaded `.nlg` graph ready to run: validated layers with their weights, and a memory plan.
///
/// Tensors are NCHW with batch 1 (`run(batch:samples:shape:)` runs several inputs of one shape at once). `run` is safe to call from several threads at once (each call takes its own
/// workspace from a small pool) and deterministic: the same input gives bit-identical output on one machine.
/// One call uses one thread (see `BLAS`). Public for `nutrilens-bench textreader` (``TextDetector/network``); an app
/// reads text through `TextReader`.
public final class TextNetwork: Sendable {
    /// No activation may exceed this many floats (128 MiB); a larger input throws `inputTooLarge`. The detector at
    /// long side 1280 peaks at 4.9 M floats; this bound allows ~4000 px.
    public static let maxActivationFloats = 32 << 20
    /// All buffers of one forward pass together (activations alive at the same time plus scratch) stay below this
    /// (384 MiB), whatever a model file describes; the detector at 960 x 1280 needs 27 M floats (108 MB).
    public static let maxWorkspaceFloats = 96 << 20

    /// The file this network came from.
    public let path: String
    let file: GraphFile
    let layers: [Layer]
    let inputValues: [[Int]]
    let outputValues: [Int]
    let outputValue: Int
    let valueCount: Int
    /// The single-sample pass: every node, some pairs fused (`Step`).
    let steps: [Step]
    /// Values the fused steps never store (a pass stopping at one runs the nodes one by one).
    let fusedValues: Set<Int>
    /// Memory plan: the workspace slot of each value (-1 for the network input, which stays in the caller's
    /// buffer) and the values computed inside a concat's output (`MemoryPlan`).
    let memory: MemoryPlan
    let slotOfValue: [Int]
    let slotCount: Int
    let pool: WorkspacePool
    /// Which padding columns a pass may leave out (`PaddingColumns`); nil for graphs without that structure.
    let paddingColumns: PaddingColumns?
    /// The buffer plans of recent passes (`plan(_:cut:)`).
    let plans = PlanCache()

    /// Validates every op of `file` and the whole graph's shapes at `probeShape` (a representative input), and
    /// plans the memory. Throws `TextReaderError.modelFile(.malformed)`.
    init(file: GraphFile, probeShape: [Int]) throws {
        path = file.path
        self.file = file
        let bad = { (reason: String) -> Error in TextReaderError.modelFile(.malformed(path: file.path, reason: reason)) }
        layers = try file.nodes.enumerated().map { index, record in
            do { return try Layer.make(record, file.tensors, bad) } catch let TextReaderError.modelFile(.malformed(_, reason)) {
                throw bad("node \(index): \(reason)")
            }
        }
        inputValues = file.nodes.map(\.inputs)
        outputValues = file.nodes.map(\.output)
        outputValue = file.outputValue
        valueCount = file.valueNames.count
        let probe = try Self.inferShapes(layers: layers, inputs: inputValues, outputs: outputValues, valueCount: valueCount,
                                         input: probeShape, bad: bad)
        steps = Step.plan(layers: layers, inputs: inputValues, outputs: outputValues, outputValue: outputValue, probe: probe)
        fusedValues = Set(steps.filter { $0.last > $0.first }.map { file.nodes[$0.first].output })
        memory = MemoryPlan(layers: layers, inputs: inputValues, outputs: outputValues, outputValue: outputValue,
                            valueCount: valueCount, probe: probe)
        slotOfValue = memory.slotOfValue
        slotCount = memory.slotCount
        pool = WorkspacePool(slots: slotCount)
        paddingColumns = PaddingColumns(layers: layers, inputs: inputValues, outputs: outputValues, output: outputValue,
                                        valueCount: valueCount, probe: probeShape)
    }

    /// The padding columns a pass over a `[1, C, H, width]` input whose first `contentWidth` columns hold the line
    /// (the rest zeros) may leave out with the same result (`PaddingColumns`), or nil.
    func columnCut(width: Int, contentWidth: Int) -> ColumnCut? {
        paddingColumns?.cut(width: width, contentWidth: contentWidth)
    }

    /// For node `index` in a pass with `cut`: when the node re-widens its input (`ColumnCut.widen`), the blocks it
    /// re-widens from and to and the input's columns per output step; else nil.
    func widening(_ cut: ColumnCut?, node index: Int) -> (from: ColumnCut.Block, to: ColumnCut.Block, per: Int)? {
        guard let cut, cut.widens, let paddingColumns else { return nil }
        return paddingColumns.widening(cut, node: index)
    }

    /// For node `index` in a pass with `cut`: a global average pool's stand-in column and deleted count, else nil.
    func deletedColumns(_ cut: ColumnCut?, node index: Int) -> (column: Int, deleted: Int)? {
        guard let cut, let paddingColumns, case .globalAveragePool = layers[index] else { return nil }
        return paddingColumns.gap(cut, value: inputValues[index][0])
    }

    static func isReshape(_ layer: Layer) -> Bool {
        if case .reshape = layer { return true }
        return false
    }

    /// Shapes of every value for an input of `input` (e.g. `[1, 3, 48, 320]`); throws when the graph does not fit
    /// together at that size or an activation would exceed `maxActivationFloats`.
    static func inferShapes(layers: [Layer], inputs: [[Int]], outputs: [Int], valueCount: Int, input: [Int],
                            bad: (String) -> Error) throws -> [[Int]] {
        var shapes = [[Int]](repeating: [], count: valueCount)
        guard input.count == 4, input[0] == 1 else { throw bad("input shape \(input): expected [1, C, H, W]") }
        shapes[0] = input
        let inputCount = try Layer.elementCount(input, bad)
        guard inputCount <= maxActivationFloats else {
            throw TextReaderError.inputTooLarge(width: input[3], height: input[2], limit: maxActivationFloats)
        }
        for (index, layer) in layers.enumerated() {
            do {
                let shape = try layer.outputShape(inputs[index].map { shapes[$0] }, bad)
                guard try Layer.elementCount(shape, bad) <= maxActivationFloats else {
                    throw TextReaderError.inputTooLarge(width: input[3], height: input[2], limit: maxActivationFloats)
                }
                shapes[outputs[index]] = shape
            } catch let TextReaderError.modelFile(.malformed(path, reason)) {
                throw TextReaderError.modelFile(.malformed(path: path, reason: "node \(index): \(reason)"))
            } catch let TextReaderError.invalidInput(reason) {
                throw TextReaderError.invalidInput(reason: "node \(index): \(reason)")
            }
        }
        return shapes
    }

    /// Output shape for an input of `shape` (`[1, C, H, W]`). Throws `TextReaderError.invalidInput` or
    /// `.inputTooLarge`.
    public func outputShape(forInput shape: [Int]) throws -> [Int] {
        try Self.inferShapes(layers: layers, inputs: inputValues, outputs: outputValues, valueCount: valueCount,
                             input: shape, bad: invalidInput)[outputValue]
    }

    func invalidInput(_ reason: String) -> Error { TextReaderError.invalidInput(reason: reason) }

    /// Floats one forward pass at input `shape` holds (activation buffers of the memory plan plus scratch).
    public func workspaceFloats(forInput shape: [Int]) throws -> Int {
        let p = try plan(shape)
        return p.slots.reduce(p.scratch, +)
    }

    /// Buffer sizes of a pass at input `shape`: per slot, the scratch, and each value's offset in its slot. With a
    /// `cut`, each value with columns is as wide as its segment's block leaves it (`ColumnCut`), and a node that
    /// re-widens its input takes the re-widened copy at the start of the scratch, its kernel's scratch after it
    /// (`widenedFloats`). Kept per shape and cut (`PlanCache`).
    func plan(_ shape: [Int], cut: ColumnCut? = nil) throws -> PlanCache.Plan {
        try plans.plan(PlanCache.Key(shape: shape, cut: cut)) { try makePlan(shape, cut: cut) }
    }

    /// `plan(_:cut:)` computed (not cached).
    func makePlan(_ shape: [Int], cut: ColumnCut?) throws -> PlanCache.Plan {
        var shapes: [[Int]]
        if let cut, let paddingColumns, shape.count == 4 {
            // Shapes of the full pass, each value's columns less its segment's block.
            var full = shape
            full[3] += cut.columns
            shapes = try Self.inferShapes(layers: layers, inputs: inputValues, outputs: outputValues, valueCount: valueCount,
                                          input: full, bad: invalidInput)
            for v in 0..<valueCount {
                guard let a = paddingColumns.axis[v] else { continue }
                shapes[v][a] -= paddingColumns.block(cut, value: v).count * (cut.stride / paddingColumns.scale[v])
            }
            guard shapes[0] == shape else { throw invalidInput("column cut \(cut) does not fit input \(shape)") }
        } else {
            shapes = try Self.inferShapes(layers: layers, inputs: inputValues, outputs: outputValues, valueCount: valueCount,
                                          input: shape, bad: invalidInput)
        }
        guard let offsets = memory.offsets(inputs: inputValues, outputs: outputValues, shapes: shapes) else {
            throw invalidInput("a concat of the graph has no batch of 1 at input \(shape)")
        }
        var slotNeed = [Int](repeating: 0, count: slotCount)
        for v in 0..<valueCount where slotOfValue[v] >= 0 {
            slotNeed[slotOfValue[v]] = max(slotNeed[slotOfValue[v]], offsets[v] + shapes[v].reduce(1, *))
        }
        var scratchNeed = 0
        for (index, layer) in layers.enumerated() {
            var input = shapes[inputValues[index][0]], widened = 0
            if let w = widening(cut, node: index) {
                input[3] += (w.from.count - w.to.count) * w.per
                widened = input.reduce(1, *)
            }
            if let cut {  // each layer's own arithmetic at its (re-widened) input must give the planned output
                let out = try layer.outputShape([input] + inputValues[index].dropFirst().map { shapes[$0] }, invalidInput)
                guard out == shapes[outputValues[index]] else { throw invalidInput("column cut \(cut) does not fit node \(index)") }
            }
            scratchNeed = max(scratchNeed, widened + Self.scratchFloats(layer, input: input, output: shapes[outputValues[index]]))
        }
        for step in steps { scratchNeed = max(scratchNeed, scratchFloats(step, shapes: shapes)) }
        guard slotNeed.reduce(scratchNeed, +) <= Self.maxWorkspaceFloats else {
            throw TextReaderError.inputTooLarge(width: shape[3], height: shape[2], limit: Self.maxWorkspaceFloats)
        }
        return (shapes, slotNeed, scratchNeed, offsets)
    }

    /// Runs the network on `input` (`shape` = `[1, C, H, W]`, NCHW floats) and returns the output tensor and shape.
    /// Throws `TextReaderError.inputTooLarge` or `.invalidInput` when the graph cannot run at that size.
    public func run(input: [Float], shape: [Int]) throws -> (values: [Float], shape: [Int]) {
        guard input.count == shape.reduce(1, *) else { throw invalidInput("input holds \(input.count) floats for shape \(shape)") }
        return try input.withUnsafeBufferPointer { buffer in
            try run(input: buffer.baseAddress!, shape: shape) { (Array($0), $1) }
        }
    }

    /// Runs the network once and returns each step's kind (a node, or two fused nodes joined by " + ") and thread
    /// CPU milliseconds, in execution order (for profiling; `nutrilens-bench textreader --layers`).
    public func profile(input: [Float], shape: [Int]) throws -> [(node: String, milliseconds: Double)] {
        var times = [Double](repeating: 0, count: steps.count)
        try input.withUnsafeBufferPointer { buffer in
            try times.withUnsafeMutableBufferPointer { t in
                _ = try run(input: buffer.baseAddress!, shape: shape, stepTimes: t.baseAddress) { _, _ in 0 }
            }
        }
        return zip(steps, times).map { step, time in
            ((step.first...step.last).map { Self.describe(layers[$0]) }.joined(separator: " + "), time * 1000)
        }
    }

    static func describe(_ layer: Layer) -> String {
        switch layer {
        case .conv(let c):
            let kind = c.isDepthwise ? "depthwise" : c.isPointwise ? "pointwise" : c.group > 1 ? "grouped" : "conv"
            return "\(kind) \(c.kernelH)x\(c.kernelW)/\(c.strideH) \(c.inputChannels)->\(c.outputChannels) \(c.activation)"
        case .convTranspose(let c): return "convTranspose \(c.inputChannels)->\(c.outputChannels)"
        case .linear(let l): return "linear \(l.inputFeatures)->\(l.outputFeatures)"
        case .binary(let k, let c, _): return "binary \(k) \(c.map { "const \($0.shape)" } ?? "")"
        default: return String(describing: layer).prefix(while: { $0 != "(" }).description
        }
    }

    /// Runs the network until `value` is computed and returns it (for reference tests of intermediate tensors).
    func run(input: [Float], shape: [Int], stopAfter value: Int) throws -> [Float] {
        try input.withUnsafeBufferPointer { buffer in
            try run(input: buffer.baseAddress!, shape: shape, stopAfter: value) { values, _ in Array(values) }
        }
    }

    /// Runs the network and hands `body` the output in place (valid only during `body`). `stepTimes` (one per
    /// step) receives each step's thread CPU seconds. `fused: false`, or a pass stopping at a value the fused steps
    /// never store, runs the nodes one by one (same results: `FusedStepTests`). With `cut` (from
    /// `columnCut(width:contentWidth:)`), `input` is the line without the cut's columns and the output lacks its steps.
    func run<R>(input: UnsafePointer<Float>, shape: [Int], stopAfter: Int? = nil, stepTimes: UnsafeMutablePointer<Double>? = nil,
                fused: Bool = true, cut: ColumnCut? = nil,
                _ body: (UnsafeBufferPointer<Float>, [Int]) throws -> R) throws -> R {
        try pass(shape: shape, input: { _ in input }, stopAfter: stopAfter, stepTimes: stepTimes, fused: fused, cut: cut, body)
    }

    /// Runs the network on the input `fill` writes (`shape.reduce(1, *)` floats, NCHW) into a buffer the workspace
    /// keeps for the next pass, and hands `body` the output in place: a large input (the detector's, 3.7 M floats at
    /// 1280 x 960) is not allocated and faulted in anew on every call. Throws as `run(input:shape:_:)`.
    func run<R>(shape: [Int], filling fill: (UnsafeMutablePointer<Float>) throws -> Void,
                _ body: (UnsafeBufferPointer<Float>, [Int]) throws -> R) throws -> R {
        let count = try Layer.elementCount(shape, invalidInput)
        return try pass(shape: shape, input: { workspace in
            let buffer = workspace.buffer(slotCount + 1, count: count)  // the batched input's slot: unused by one sample
            try fill(buffer)
            return UnsafePointer(buffer)
        }, stopAfter: nil, stepTimes: nil, fused: true, cut: nil, body)
    }

    /// `run(input:...)` with the input taken from `input` once the pass has its workspace.
    private func pass<R>(shape: [Int], input: (Workspace) throws -> UnsafePointer<Float>, stopAfter: Int?,
                         stepTimes: UnsafeMutablePointer<Double>?, fused: Bool, cut: ColumnCut?,
                         _ body: (UnsafeBufferPointer<Float>, [Int]) throws -> R) throws -> R {
        try checkCut(cut, shape: shape)
        let (shapes, slotNeed, scratchNeed, offsets) = try plan(shape, cut: cut)
        return try pool.withWorkspace { workspace in
            let input = try input(workspace)
            let slots = (0..<slotCount).map { workspace.buffer($0, count: slotNeed[$0]) }
            let scratch = workspace.buffer(slotCount, count: scratchNeed)
            func pointer(_ v: Int) -> UnsafeMutablePointer<Float> {
                slotOfValue[v] < 0 ? UnsafeMutablePointer(mutating: input) : slots[slotOfValue[v]] + offsets[v]
            }
            let result = stopAfter ?? outputValue
            let lastNode = outputValues.firstIndex(of: result) ?? -1  // -1: the input itself, nothing to run
            let steps = !fused || fusedValues.contains(result) ? layers.indices.map { Step(kind: .node, first: $0) } : self.steps
            for (index, step) in steps.enumerated() where step.last <= lastNode {
                let start = stepTimes == nil ? 0 : ThreadCPUClock.now()
                execute(step, shapes: shapes, pointer: pointer, scratch: scratch, cut: cut)
                stepTimes?[index] += stepTimes == nil ? 0 : ThreadCPUClock.now() - start
            }
            let out = shapes[result]
            return try body(UnsafeBufferPointer(start: pointer(result), count: out.reduce(1, *)), out)
        }
    }

    /// Throws `invalidInput` unless `cut` is nil or fits this network and an input of `shape`: one block per segment
    /// (or one for all), each starting at step 1 or later and inside the width, at least one leaving something out,
    /// the output's block its segment's, and every re-widening window's output block inside its input's.
    func checkCut(_ cut: ColumnCut?, shape: [Int]) throws {
        guard let cut else { return }
        let bad = invalidInput("column cut \(cut) does not fit input \(shape)")
        guard let paddingColumns, cut.stride == paddingColumns.stride, shape.count == 4, shape[3] % cut.stride == 0,
              cut.blocks.isEmpty || cut.blocks.count == paddingColumns.segmentCount else { throw bad }
        let steps = shape[3] / cut.stride + cut.columns / cut.stride
        let blocks = cut.blocks.isEmpty ? [ColumnCut.Block(start: cut.start, count: cut.count)] : cut.blocks
        guard blocks.allSatisfy({ $0.start >= 1 && $0.count >= 0 && $0.start + $0.count < steps }),
              blocks.contains(where: { $0.count > 0 }),
              cut.block(paddingColumns.segment[outputValue]) == ColumnCut.Block(start: cut.start, count: cut.count)
        else { throw bad }
        for index in layers.indices {
            guard let w = paddingColumns.widening(cut, node: index) else { continue }
            guard w.to.count == 0 || (w.to.start >= w.from.start && w.to.start + w.to.count <= w.from.start + w.from.count)
            else { throw bad }
        }
    }

    static func scratchFloats(_ layer: Layer, input: [Int], output: [Int]) -> Int {
        switch layer {
        case .conv(let c): return ConvolutionKernel.scratchFloats(c, height: input[2], width: input[3], outputPixels: output[2] * output[3])
        case .convTranspose(let c): return ConvTransposeKernel.scratchFloats(c, inputPixels: input[2] * input[3])
        default: return 0
        }
    }
}
