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

    /// For node `index` in a pass with `cut`: the cut when the node re-widens its input (`ColumnCut.widen`), with the
    /// input's columns per output step; else nil.
    func widening(_ cut: ColumnCut?, node index: Int) -> (cut: ColumnCut, per: Int)? {
        guard let cut, cut.widens, let paddingColumns, paddingColumns.widens(node: index) else { return nil }
        return (cut, cut.stride / paddingColumns.scale[inputValues[index][0]])
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
    /// re-widening `cut` (`ColumnCut.widens`), the values at the output's scale are as wide as its outer block leaves
    /// them and the scratch holds the re-widened pool input. Kept per shape and cut (`PlanCache`).
    func plan(_ shape: [Int], cut: ColumnCut? = nil) throws -> PlanCache.Plan {
        try plans.plan(PlanCache.Key(shape: shape, cut: cut)) { try makePlan(shape, cut: cut) }
    }

    /// `plan(_:cut:)` computed (not cached).
    func makePlan(_ shape: [Int], cut: ColumnCut?) throws -> PlanCache.Plan {
        var shapes = try Self.inferShapes(layers: layers, inputs: inputValues, outputs: outputValues, valueCount: valueCount,
                                          input: shape, bad: invalidInput)
        var widenScratch = 0
        if let cut, cut.widens, let paddingColumns {
            // The values at the output's scale are as wide as the outer block leaves them (`ColumnCut`).
            var wider = shape
            wider[3] += (cut.innerCount - cut.count) * cut.stride
            let outer = try Self.inferShapes(layers: layers, inputs: inputValues, outputs: outputValues, valueCount: valueCount,
                                             input: wider, bad: invalidInput)
            for v in 0..<valueCount where paddingColumns.axis[v] != nil && paddingColumns.scale[v] == cut.stride {
                shapes[v] = outer[v]
            }
            for index in layers.indices where paddingColumns.widens(node: index) {
                let x = inputValues[index][0]
                widenScratch = max(widenScratch, outer[x].reduce(1, *))
            }
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
            scratchNeed = max(scratchNeed, Self.scratchFloats(layer, input: shapes[inputValues[index][0]],
                                                              output: shapes[outputValues[index]]))
        }
        for step in steps { scratchNeed = max(scratchNeed, scratchFloats(step, shapes: shapes)) }
        scratchNeed = max(scratchNeed, widenScratch)
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
        try checkCut(cut, shape: shape)
        let (shapes, slotNeed, scratchNeed, offsets) = try plan(shape, cut: cut)
        return try pool.withWorkspace { workspace in
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

    /// Throws `invalidInput` unless `cut` is nil or fits this network and an input of `shape` (its inner block
    /// leaving something out and containing the outer, which may be empty, its stand-in columns inside the kept
    /// width, a longer inner block only where the network re-widens: `PaddingColumns.widening`).
    func checkCut(_ cut: ColumnCut?, shape: [Int]) throws {
        guard let cut else { return }
        guard let paddingColumns, cut.stride == paddingColumns.stride, cut.start >= 1, cut.count >= 0,
              cut.innerCount >= 1, shape.count == 4,
              shape[3] % cut.stride == 0, !cut.widens || paddingColumns.widening, cut.innerStart >= 1, cut.innerStart <= cut.start,
              cut.innerStart + cut.innerCount >= cut.start + cut.count, cut.innerStart < shape[3] / cut.stride else {
            throw invalidInput("column cut \(cut) does not fit input \(shape)")
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
