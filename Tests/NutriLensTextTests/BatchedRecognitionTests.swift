import NutriLensImaging
import XCTest
@testable import NutriLensText

/// Batched recognition (`TextNetwork.run(batch:samples:shape:)`, `TextRecognizer.recognize(_:quads:...)`) against
/// one line at a time: the network's per-sample means never mix samples, so results must be bit-identical.
final class BatchedRecognitionTests: XCTestCase {
    /// The committed fixture lines as network inputs (`3 x 48 x width`, `.paddleOCR` padding), grouped by width.
    func fixtureTensors() throws -> [Int: [[Float]]] {
        let recognizer = FixtureSupport.recognizer
        var byWidth: [Int: [[Float]]] = [:]
        #if DEBUG
        let lines = try FixtureSupport.lines().prefix(40)  // unoptimised builds: a sample; release: all 300
        #else
        let lines = try FixtureSupport.lines()
        #endif
        for line in lines {
            let image = try FixtureSupport.image(FixtureSupport.url("lines/" + line.file))
            let w = Double(image.width), h = Double(image.height)
            let plan = recognizer.cropper.plan([SIMD2(0, 0), SIMD2(w, 0), SIMD2(w, h), SIMD2(0, h)])
            var tensor = [Float](repeating: .nan, count: 3 * 48 * plan.tensorWidth)
            tensor.withUnsafeMutableBufferPointer {
                recognizer.cropper.tensor(ImageSource(image, bgr: recognizer.configuration.channelOrderBGR), plan: plan,
                                          normalization: recognizer.configuration.normalization, into: $0.baseAddress!)
            }
            byWidth[plan.tensorWidth, default: []].append(tensor)
        }
        return byWidth
    }

    /// Every fixture line's softmax output from batches of 2, 5, 8 and 13 equals its single pass bit for bit.
    func testBatchedNetworkOutputIsBitIdenticalToSinglePasses() throws {
        let network = FixtureSupport.recognizer.network
        let byWidth = try fixtureTensors()
        XCTAssertGreaterThanOrEqual(byWidth[320]?.count ?? 0, 13, "lines padded to 320")
        var compared = 0, batchedGroups = 0, differing = 0
        var worst: Float = 0
        for (width, tensors) in byWidth.sorted(by: { $0.key < $1.key }) {
            let shape = [1, 3, 48, width]
            let singles = try tensors.map { try network.run(input: $0, shape: shape).values }
            for batch in [2, 5, 8, 13] where tensors.count >= batch {
                for first in stride(from: 0, to: tensors.count - batch + 1, by: batch) {
                    let input = Array(tensors[first..<(first + batch)].joined())
                    let outputs = try input.withUnsafeBufferPointer { p in
                        try network.run(batch: p.baseAddress!, samples: batch, shape: shape) { out, outShape in
                            (Array(out), outShape)
                        }
                    }
                    XCTAssertEqual(outputs.1, [1, singles[0].count / 6906, 6906])
                    let count = singles[0].count
                    XCTAssertEqual(outputs.0.count, batch * count)
                    for s in 0..<batch {
                        let mine = Array(outputs.0[(s * count)..<((s + 1) * count)])
                        let diff = zip(mine, singles[first + s]).map { abs($0 - $1) }.max()!
                        if diff > 0 { differing += 1; worst = max(worst, diff) }
                        compared += 1
                    }
                    batchedGroups += 1
                }
            }
        }
        print("batched vs single: \(differing) of \(compared) samples differ, largest probability difference \(worst)")
        XCTAssertEqual(worst, 0)
        XCTAssertGreaterThan(batchedGroups, 4)
        XCTAssertGreaterThan(compared, 30)
    }

    /// The recogniser graph runs batched (its plan exists); the detector's convTranspose does not, so its batches
    /// run one sample at a time and still return each sample's own output.
    func testGraphsThatCannotBatchFallBackToSinglePasses() throws {
        let recognizerNetwork = FixtureSupport.recognizer.network
        let recShape = [1, 3, 48, 320]
        let recShapes = try TextNetwork.inferShapes(layers: recognizerNetwork.layers, inputs: recognizerNetwork.inputValues,
                                                    outputs: recognizerNetwork.outputValues,
                                                    valueCount: recognizerNetwork.valueCount, input: recShape,
                                                    bad: recognizerNetwork.invalidInput)
        XCTAssertNotNil(recognizerNetwork.batchPlan(recShapes))
        let detector = FixtureSupport.detector.network
        let shape = [1, 3, 64, 96], count = 3 * 64 * 96
        let shapes = try TextNetwork.inferShapes(layers: detector.layers, inputs: detector.inputValues,
                                                 outputs: detector.outputValues, valueCount: detector.valueCount,
                                                 input: shape, bad: detector.invalidInput)
        XCTAssertNil(detector.batchPlan(shapes))
        let inputs = (0..<2).map { s in (0..<count).map { Float(sin(Double($0 * (s + 3)) * 0.01)) } }
        let singles = try inputs.map { try detector.run(input: $0, shape: shape).values }
        let batched = try Array(inputs.joined()).withUnsafeBufferPointer { p in
            try detector.run(batch: p.baseAddress!, samples: 2, shape: shape) { out, _ in Array(out) }
        }
        XCTAssertEqual(batched, singles[0] + singles[1])
        XCTAssertNotEqual(singles[0], singles[1])
    }

    /// A photo's detected boxes read together equal each box read alone (texts, confidences, characters, quads),
    /// with both paddings; mismatched scores and bad corners are errors before anything is read.
    func testRecognizingQuadsTogetherEqualsOneAtATime() throws {
        let image = try FixtureSupport.image(FixtureSupport.url("det_label.png"))
        let boxes = try FixtureSupport.reader.detect(image, options: TextReadOptions(detectorLongSide: 320))
        XCTAssertGreaterThanOrEqual(boxes.count, 9)
        let recognizer = FixtureSupport.recognizer
        for padding in [LinePadding.paddleOCR, .tight] {
            let alone = try boxes.map { try recognizer.recognize(image, quad: $0.quad, detectionScore: $0.score, padding: padding) }
            XCTAssertTrue(alone.contains { !$0.text.isEmpty })
            for batchSize in [1, 4, 16] {
                let together = try recognizer.recognize(image, quads: boxes.map(\.quad), detectionScores: boxes.map(\.score),
                                                        padding: padding, batchSize: batchSize)
                XCTAssertEqual(together, alone, "\(padding), batch size \(batchSize)")
            }
        }
        XCTAssertEqual(try recognizer.recognize(image, quads: []), [])
        XCTAssertThrowsError(try recognizer.recognize(image, quads: boxes.map(\.quad), detectionScores: [1])) { error in
            guard case TextReaderError.invalidInput = error else { return XCTFail("\(error)") }
        }
        let bad = TextQuad(topLeft: PixelPoint(x: .nan, y: 0), topRight: PixelPoint(x: 10, y: 0),
                           bottomRight: PixelPoint(x: 10, y: 10), bottomLeft: PixelPoint(x: 0, y: 10))
        XCTAssertThrowsError(try recognizer.recognize(image, quads: boxes.map(\.quad) + [bad])) { error in
            guard case TextReaderError.invalidInput = error else { return XCTFail("\(error)") }
        }
    }
}
