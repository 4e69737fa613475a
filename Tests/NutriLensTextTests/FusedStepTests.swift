import XCTest
@testable import NutriLensText

/// Fused steps (`Step`, `PointwisePair`, `FusedElementwiseKernels`) and concat slices (`MemoryPlan`) against the
/// same graphs run node by node: results must be bit-identical, not merely close.
final class FusedStepTests: XCTestCase {
    /// Deterministic values in about -1...1 that differ between neighbours.
    func pattern(_ count: Int, seed: Int = 1) -> [Float] {
        (0..<count).map { (i: Int) -> Float in
            let wave: Double = sin(Double(i &* (seed + 7)) * 0.013)
            let ripple: Double = cos(Double(i % 97) * 0.41) * 0.25
            return Float(wave + ripple)
        }
    }

    /// PP-OCRv6 tiny's detector: its inverted bottlenecks' pointwise pairs, the pyramid's upsample + add, the
    /// squeeze-excitation residuals, and the two concats' inputs computed in place.
    func testDetectorPlan() {
        let network = FixtureSupport.detector.network
        let kinds = network.steps.map(\.kind)
        // 13 expand/project pairs of the inverted bottlenecks and 13 squeeze-excitation gates (1 x 1 pixel each).
        XCTAssertEqual(kinds.filter { $0 == .pointwisePair }.count, 26)
        XCTAssertEqual(kinds.filter { $0 == .upsampleAdd }.count, 3)
        XCTAssertEqual(kinds.filter { $0 == .gateResidual }.count, 8)
        XCTAssertEqual(network.steps.map { $0.last - $0.first + 1 }.reduce(0, +), network.layers.count)
        // Stem: max-pool and the 2x2 conv into the first concat; head: three upsamples and a gated sum into the last.
        XCTAssertEqual(network.memory.concatSlices.count, 6)
        XCTAssertEqual(Set(network.memory.concatSlices.values.map(\.node)).count, 2)
    }

    /// The plan is made node by node (fused steps check for shared memory when they run instead of keeping inputs
    /// alive longer): keeping them alive made the greedy plan grow from 27 M to 35-46 M floats at 960 x 1280.
    func testFusionDoesNotGrowTheWorkspace() throws {
        let floats = try FixtureSupport.detector.network.workspaceFloats(forInput: [1, 3, 960, 1280])
        XCTAssertLessThan(floats, 28_000_000)
        XCTAssertGreaterThan(floats, 26_000_000)  // the largest activations alive at once, no less
    }

    /// Whole detector passes at three sizes (one column block per pointwise layer at the smallest, many at the
    /// largest) and the recogniser: fused equals node by node, bit for bit.
    func testFusedPassesEqualNodeByNode() throws {
        let detector = FixtureSupport.detector.network, recognizer = FixtureSupport.recognizer.network
        for (network, shape) in [(detector, [1, 3, 64, 96]), (detector, [1, 3, 320, 480]), (detector, [1, 3, 640, 480]),
                                 (recognizer, [1, 3, 48, 320])] {
            let input = pattern(shape.reduce(1, *))
            let (fused, plain) = try input.withUnsafeBufferPointer { p in
                (try network.run(input: p.baseAddress!, shape: shape) { values, _ in Array(values) },
                 try network.run(input: p.baseAddress!, shape: shape, fused: false) { values, _ in Array(values) })
            }
            XCTAssertTrue(fused == plain, "\(shape): fused pass differs from node by node")
            XCTAssertGreaterThan(Set(fused).count, 100, "\(shape): a constant output proves nothing")
        }
    }

    /// A concat whose inputs were computed in its slices holds exactly those inputs, each as computed alone.
    func testConcatSlicesHoldTheirInputs() throws {
        let network = FixtureSupport.detector.network
        let shape = [1, 3, 128, 160]
        let input = pattern(shape.reduce(1, *), seed: 3)
        for node in Set(network.memory.concatSlices.values.map(\.node)) {
            let whole = try network.run(input: input, shape: shape, stopAfter: network.outputValues[node])
            let parts = try network.inputValues[node].map { try network.run(input: input, shape: shape, stopAfter: $0) }
            XCTAssertEqual(parts.count, network.inputValues[node].count)
            XCTAssertTrue(whole == Array(parts.joined()), "concat node \(node)")
        }
    }

    /// Pairs fuse only where both layers use the same GEMM column blocks (so OpenBLAS rounds every column as alone).
    func testPointwisePairsFuseOnlyWithEqualColumnBlocks() {
        func conv(_ cin: Int, _ cout: Int) -> ConvLayer {
            ConvLayer(inputChannels: cin, outputChannels: cout, kernelH: 1, kernelW: 1, strideH: 1, strideW: 1, padTop: 0,
                      padLeft: 0, padBottom: 0, padRight: 0, sameUpper: false, group: 1, activation: .none, hasResidual: false,
                      weights: [Float](repeating: 0, count: cin * cout), bias: [Float](repeating: 0, count: cout))
        }
        XCTAssertTrue(PointwisePair.fuses(conv(32, 64), conv(64, 32), pixels: 76_800))
        XCTAssertFalse(PointwisePair.fuses(conv(32, 64), conv(64, 48), pixels: 76_800))  // 672 vs 576 columns
        XCTAssertTrue(PointwisePair.fuses(conv(32, 64), conv(64, 48), pixels: 500))  // one block each
    }

    func testAddUpsampledEqualsUpsampleThenAdd() {
        for (channels, height, width, fh, fw) in [(3, 5, 7, 2, 2), (2, 4, 3, 3, 1), (1, 3, 5, 1, 4), (2, 2, 9, 8, 8)] {
            let small = pattern(channels * height * width, seed: 5)
            let count = channels * height * fh * width * fw
            let a = pattern(count, seed: 11)
            var upsampled = [Float](repeating: 0, count: count), expected = upsampled, fused = upsampled
            PoolingKernels.upsample(input: small, channels: channels, height: height, width: width, factorH: fh, factorW: fw,
                                    output: &upsampled)
            ElementwiseKernels.binary(.add, lhs: upsampled, lhsShape: [1, channels, height * fh, width * fw], rhs: a,
                                      rhsShape: [1, channels, height * fh, width * fw], output: &expected,
                                      outShape: [1, channels, height * fh, width * fw])
            FusedElementwiseKernels.addUpsampled(a, small, channels: channels, height: height, width: width, factorH: fh,
                                                 factorW: fw, output: &fused)
            XCTAssertTrue(fused == expected, "\(channels) x \(height) x \(width) by \(fh) x \(fw)")
            XCTAssertNotEqual(expected, a)
        }
    }

    func testAddGatedEqualsMultiplyThenAdd() {
        let (channels, pixels) = (5, 37)
        let x = pattern(channels * pixels, seed: 2), gate = [Float(0.25), 0.9, 1e-3, 0.5, 0.999_9]
        let shape = [1, channels, 1, pixels]
        var product = [Float](repeating: 0, count: x.count), expected = product, fused = product
        ElementwiseKernels.binary(.multiply, lhs: gate, lhsShape: [1, channels, 1, 1], rhs: x, rhsShape: shape,
                                  output: &product, outShape: shape)
        ElementwiseKernels.binary(.add, lhs: product, lhsShape: shape, rhs: x, rhsShape: shape, output: &expected, outShape: shape)
        FusedElementwiseKernels.addGated(x, gate: gate, channels: channels, pixels: pixels, output: &fused)
        XCTAssertTrue(fused == expected)
        XCTAssertEqual(fused[pixels + 3], x[pixels + 3] + x[pixels + 3] * 0.9)
    }
}
