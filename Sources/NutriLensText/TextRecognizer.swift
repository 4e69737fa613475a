import Foundation
import NutriLensImaging

/// The text recogniser: a PP-OCR CTC model reading one line at a time.
///
/// Load once and share: `Sendable`, and concurrent calls are safe. One call uses one thread.
public final class TextRecognizer: Sendable {
    /// Line height, padding width and the CTC label list from the model file.
    public let configuration: RecognizerConfiguration
    /// The network, for reference tests and `nutrilens-bench textreader --stages-only` (per-node profile and
    /// stage times), which is why it and `TextNetwork` are public; the reader needs nothing else from it.
    public let network: TextNetwork
    let cropper: LineCropper
    /// The value holding the classifier's logits when the network ends in its softmax over the classes: lines are
    /// decoded straight from them (`CTCDecoder.decode(logits:steps:classes:)`, the same numbers); nil otherwise.
    let logitsValue: Int?
    /// Whether lines may skip the padding columns whose readings are copies (`PaddingColumns`: the network has that
    /// structure and the decoded value has its time steps on axis 1, as `[1, steps, classes]`).
    let leavesOutPadding: Bool

    /// Loads and validates a recognition model (`.nlg`, checked against its `.sha256` sidecar).
    /// - Throws: `TextReaderError`.
    /// `modelURL`: the recogniser's `.nlg` file (its character dictionary is inside), the sidecar beside it.
    public convenience init(modelURL: URL) throws {
        try self.init(file: try GraphFile.load(modelURL))
    }

    /// Loads a recognition model from bytes the caller has already verified: every check of `init(modelURL:)`
    /// except the `.sha256` sidecar. `name` stands in for a path in errors. Throws `TextReaderError`.
    /// `modelData`: the `.nlg` file's bytes.
    public convenience init(modelData: Data, name: String = "<memory>") throws {
        try self.init(file: try GraphFile.parse(modelData, name: name))
    }

    init(file: GraphFile) throws {
        configuration = try RecognizerConfiguration(file)
        let probe = [1, 3, configuration.inputHeight, configuration.minimumWidth]
        network = try TextNetwork(file: file, probeShape: probe)
        let out = try network.outputShape(forInput: probe)
        guard out.count == 3, out[0] == 1, out[2] == configuration.labels.count else {
            throw TextReaderError.modelFile(.malformed(path: file.path, reason: "recogniser output \(out) does not match "
                                                 + "\(configuration.labels.count) labels"))
        }
        cropper = LineCropper(height: configuration.inputHeight, minimumWidth: configuration.minimumWidth)
        if case .softmax = network.layers.last, network.outputValues.last == network.outputValue {
            logitsValue = network.inputValues[network.layers.count - 1][0]
        } else {
            logitsValue = nil
        }
        leavesOutPadding = network.paddingColumns?.axis[logitsValue ?? network.outputValue] == 1
    }

    /// Reads the text inside `quad` of `image`. Quads at least 1.5 times taller than wide are read as vertical
    /// lines turned 90 degrees counter-clockwise (PaddleOCR's rule); the result's quad then starts at the
    /// corner where that reading starts.
    /// - Throws: `TextReaderError.invalidInput` for corners that are not finite or beyond 1e7 px.
    public func recognize(_ image: DecodedImage, quad: TextQuad, detectionScore: Float = 1,
                          padding: LinePadding = .paddleOCR) throws -> RecognizedText {
        try recognize(ImageSource(image, bgr: configuration.channelOrderBGR), corners: quad.corners.map { SIMD2($0.x, $0.y) },
                      detectionScore: detectionScore, padding: padding)
    }

    /// Largest `batchSize` of `recognize(_:quads:detectionScores:padding:batchSize:)`.
    public static let maximumBatchSize = 16
    /// Floats one batch's network buffers may hold (32 MiB): wide lines run fewer at a time.
    static let batchFloats = 8 << 20

    /// Reads several quads of `image`: the same results, in the same order, as `recognize(_:quad:detectionScore:padding:)`
    /// on each quad alone, bit for bit, whatever `batchSize`.
    /// - Parameters:
    ///   - quads: corners in `image` pixels, clockwise from the top-left of the text (as the detector returns them).
    ///   - detectionScores: one per quad (0...1, stored in each result), or `nil` for 1.
    ///   - batchSize: lines per network pass (1...`maximumBatchSize`): lines whose input tensors are equally wide
    ///     (with `.paddleOCR` padding every line up to 320 columns: `3 x 48 x 320`) pass through together
    ///     (`TextNetwork.run(batch:samples:shape:)`). 1, the default, measured fastest on this project's x86 CPUs:
    ///     one line's activations fit the 512 KiB L2 cache, a batch's do not (docs/text.md, "Batched recognition").
    /// - Returns: one `RecognizedText` per quad, in the order of `quads`.
    /// - Throws: `TextReaderError.invalidInput` when a corner is not finite or beyond 1e7 px, or `detectionScores`
    ///   does not hold one score per quad (before anything is read).
    public func recognize(_ image: DecodedImage, quads: [TextQuad], detectionScores: [Float]? = nil,
                          padding: LinePadding = .paddleOCR, batchSize: Int = 1) throws -> [RecognizedText] {
        guard detectionScores == nil || detectionScores!.count == quads.count else {
            throw TextReaderError.invalidInput(reason: "\(detectionScores!.count) detection scores for \(quads.count) quads")
        }
        let lines = quads.enumerated().map { i, quad in
            (corners: quad.corners.map { SIMD2($0.x, $0.y) }, score: detectionScores?[i] ?? 1)
        }
        return try recognize(ImageSource(image, bgr: configuration.channelOrderBGR), lines: lines, padding: padding,
                             batchSize: batchSize)
    }

    /// Reads an upright line image as a whole (e.g. a crop the caller made).
    public func recognize(line: DecodedImage) throws -> RecognizedText {
        let w = Double(line.width), h = Double(line.height)  // corners on the pixel grid: the crop is the image
        return try recognize(ImageSource(line, bgr: configuration.channelOrderBGR),
                             corners: [SIMD2(0, 0), SIMD2(w, 0), SIMD2(w, h), SIMD2(0, h)], detectionScore: 1)
    }

    /// The softmax output (`steps x classes`, row-major) for `quad`, and the line's width in tensor columns.
    public func probabilities(_ image: DecodedImage, quad: TextQuad) throws -> (values: [Float], steps: Int, lineWidth: Int) {
        let line = try lineInput(image, quad: quad)
        let (values, shape) = try network.run(input: line.input, shape: line.shape)
        return (values, shape[1], line.plan.lineWidth)
    }

    /// The input of the last linear layer (the `steps x features` sequence the classifier reads), for reference tests.
    func features(_ image: DecodedImage, quad: TextQuad) throws -> [Float] {
        let line = try lineInput(image, quad: quad)
        guard let last = network.layers.lastIndex(where: { if case .linear = $0 { return true } else { return false } }) else { return [] }
        return try network.run(input: line.input, shape: line.shape, stopAfter: network.inputValues[last][0])
    }

    /// The network input (`1 x 3 x inputHeight x tensorWidth`) for one quad with the reference padding, and its plan.
    private func lineInput(_ image: DecodedImage, quad: TextQuad) throws
        -> (input: [Float], shape: [Int], plan: LineCropper.Plan) {
        let corners = quad.corners.map { SIMD2($0.x, $0.y) }
        try LineCropper.validate(corners)
        let plan = cropper.plan(corners)
        let source = ImageSource(image, bgr: configuration.channelOrderBGR)
        var input = [Float](repeating: 0, count: 3 * configuration.inputHeight * plan.tensorWidth)
        input.withUnsafeMutableBufferPointer {
            cropper.tensor(source, plan: plan, normalization: configuration.normalization, into: $0.baseAddress!)
        }
        return (input, [1, 3, configuration.inputHeight, plan.tensorWidth], plan)
    }

    func recognize(_ source: ImageSource, corners: [SIMD2<Double>], detectionScore: Float,
                   padding: LinePadding = .paddleOCR) throws -> RecognizedText {
        try recognize(source, lines: [(corners, detectionScore)], padding: padding)[0]
    }

    /// One network pass's input width and the padding columns its lines leave out.
    private struct Pass: Hashable, Comparable {
        let width: Int
        let cut: ColumnCut?
        static func < (a: Pass, b: Pass) -> Bool { (a.width, a.cut?.start ?? 0) < (b.width, b.cut?.start ?? 0) }
    }

    /// Reads each line (corners clockwise from the top-left, detection score); results in the same order. Lines
    /// whose tensors are equally wide (after leaving out the same padding columns) run through the network
    /// together, up to `batchSize` (clamped to 1...`maximumBatchSize`) at a time and within `batchFloats`. With
    /// `leavingOutPadding` a padded line's pass skips the padding columns whose readings are copies
    /// (`PaddingColumns`; the same numbers within float rounding); false runs every column, as the reference does.
    /// Throws `invalidInput` for any bad corners before reading anything.
    func recognize(_ source: ImageSource, lines: [(corners: [SIMD2<Double>], score: Float)],
                   padding: LinePadding, batchSize: Int = 1, leavingOutPadding: Bool = true) throws -> [RecognizedText] {
        for line in lines { try LineCropper.validate(line.corners) }
        let plans = lines.map { cropper.plan($0.corners, padding: padding) }
        let height = configuration.inputHeight, classes = configuration.labels.count
        var results = [RecognizedText?](repeating: nil, count: lines.count)
        let passes = plans.map { plan -> Pass in
            let cut = leavingOutPadding && leavesOutPadding
                ? network.columnCut(width: plan.tensorWidth, contentWidth: plan.lineWidth) : nil
            return Pass(width: plan.tensorWidth - (cut?.columns ?? 0), cut: cut)
        }
        let byPass = Dictionary(grouping: plans.indices, by: { passes[$0] })
        for pass in byPass.keys.sorted() {
            let members = byPass[pass]!, width = pass.width
            let sampleCount = 3 * height * width, shape = [1, 3, height, width]
            let wanted = min(max(batchSize, 1), Self.maximumBatchSize, members.count)
            let perSample = wanted > 1 ? try network.workspaceFloats(forInput: shape) : 1
            let batch = max(1, min(wanted, Self.batchFloats / max(1, perSample)))
            let input = UnsafeMutablePointer<Float>.allocate(capacity: batch * sampleCount)
            defer { input.deallocate() }
            for first in stride(from: 0, to: members.count, by: batch) {
                let chunk = members[first..<min(first + batch, members.count)]
                for (s, i) in chunk.enumerated() {
                    var plan = plans[i]
                    plan.tensorWidth = width  // the line and its zeros up to the kept width
                    cropper.tensor(source, plan: plan, normalization: configuration.normalization, into: input + s * sampleCount)
                }
                try network.run(batch: input, samples: chunk.count, shape: shape, stopAfter: logitsValue,
                                cut: pass.cut) { out, outShape in
                    let kept = outShape[1], outCount = kept * classes, steps = kept + (pass.cut?.count ?? 0)
                    for (s, i) in chunk.enumerated() {
                        let values = UnsafeBufferPointer(rebasing: out[(s * outCount)..<((s + 1) * outCount)])
                        let decoded = logitsValue == nil ? CTCDecoder.decode(values, steps: kept, classes: classes, cut: pass.cut)
                            : CTCDecoder.decode(logits: values, steps: kept, classes: classes, cut: pass.cut)
                        results[i] = Self.result(decoded, steps: steps, plan: plans[i], labels: configuration.labels,
                                                 quad: Self.readingQuad(lines[i].corners, rotated: plans[i].rotated),
                                                 detectionScore: lines[i].score)
                    }
                }
            }
        }
        return results.map { $0! }
    }

    /// The line's quad as read: for lines turned to be read (`rotated`), starting at the corner where reading starts.
    static func readingQuad(_ corners: [SIMD2<Double>], rotated: Bool) -> TextQuad {
        let points = corners.map { PixelPoint(x: $0.x, y: $0.y) }
        return rotated
            ? TextQuad(topLeft: points[1], topRight: points[2], bottomRight: points[3], bottomLeft: points[0])
            : TextQuad(topLeft: points[0], topRight: points[1], bottomRight: points[2], bottomLeft: points[3])
    }

    /// Builds the result: text, confidences, and each character's span along the line (CTC steps -> tensor
    /// columns -> fractions of the line's width; boundaries in the middle of the gaps between characters).
    static func result(_ characters: [CTCDecoder.Character], steps: Int, plan: LineCropper.Plan, labels: [String],
                       quad: TextQuad, detectionScore: Float) -> RecognizedText {
        let columnsPerStep = Double(plan.tensorWidth) / Double(max(steps, 1))
        func fraction(_ step: Double) -> Double { min(max(step * columnsPerStep / Double(plan.lineWidth), 0), 1) }
        var out: [RecognizedCharacter] = []
        for (i, c) in characters.enumerated() {
            let start = i == 0 ? Double(c.steps.lowerBound)
                : (Double(characters[i - 1].steps.upperBound + 1) + Double(c.steps.lowerBound)) / 2
            let end = i == characters.count - 1 ? Double(c.steps.upperBound + 1)
                : (Double(c.steps.upperBound + 1) + Double(characters[i + 1].steps.lowerBound)) / 2
            let span = fraction(start)...max(fraction(start), fraction(end))
            out.append(RecognizedCharacter(text: labels[c.label], confidence: c.confidence, steps: c.steps, span: span,
                                           quad: quad.slice(from: span.lowerBound, to: span.upperBound),
                                           alternative: c.runnerUp.map { .init(text: labels[$0.label], confidence: $0.confidence) }))
        }
        let confidences = out.map(\.confidence)
        return RecognizedText(quad: quad, text: out.map(\.text).joined(),
                              confidence: confidences.isEmpty ? 0 : confidences.reduce(0, +) / Float(confidences.count),
                              minimumCharacterConfidence: confidences.min() ?? 1, detectionScore: detectionScore,
                              characters: out)
    }
}
