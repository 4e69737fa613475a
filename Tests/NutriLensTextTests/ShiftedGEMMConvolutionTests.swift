import XCTest
@testable import NutriLensText

/// The shifted-GEMM convolution (kn2row, polyphase for strides) against a direct double-precision convolution, on
/// the geometries the detector uses and on odd ones (asymmetric padding, stride 3, SAME_UPPER on odd and even
/// sizes), across band boundaries, with residuals and in the batched layout.
final class ShiftedGEMMConvolutionTests: XCTestCase {
    /// Deterministic values in -1 ... 1 (a linear congruential sequence).
    private func values(_ count: Int, seed: UInt32) -> [Float] {
        var state = seed &* 2_654_435_761 &+ 12_345
        return (0..<count).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return Float(state >> 8) / Float(1 << 23) - 1
        }
    }

    private func layer(cin: Int, cout: Int, k: (Int, Int), stride: (Int, Int), pads: (Int, Int, Int, Int) = (0, 0, 0, 0),
                       sameUpper: Bool = false, activation: Activation = .relu, residual: Bool = false) -> ConvLayer {
        ConvLayer(inputChannels: cin, outputChannels: cout, kernelH: k.0, kernelW: k.1, strideH: stride.0, strideW: stride.1,
                  padTop: pads.0, padLeft: pads.1, padBottom: pads.2, padRight: pads.3, sameUpper: sameUpper, group: 1,
                  activation: activation, hasResidual: residual,
                  weights: values(cout * cin * k.0 * k.1, seed: UInt32(cin * 31 + cout)), bias: values(cout, seed: 7))
    }

    /// The convolution by its definition, summed in double.
    private func direct(_ c: ConvLayer, _ x: [Float], height: Int, width: Int, residual: [Float]?) -> [Float] {
        let p = c.padding(height: height, width: width)
        let (oh, ow) = c.outputSize(height: height, width: width)!
        var out = [Float](repeating: 0, count: c.outputChannels * oh * ow)
        for co in 0..<c.outputChannels {
            for oy in 0..<oh {
                for ox in 0..<ow {
                    var sum = Double(c.bias[co])
                    for ci in 0..<c.inputChannels {
                        for ky in 0..<c.kernelH {
                            for kx in 0..<c.kernelW {
                                let iy = oy * c.strideH - p.top + ky, ix = ox * c.strideW - p.left + kx
                                guard iy >= 0, iy < height, ix >= 0, ix < width else { continue }
                                let w = c.weights[((co * c.inputChannels + ci) * c.kernelH + ky) * c.kernelW + kx]
                                sum += Double(w) * Double(x[(ci * height + iy) * width + ix])
                            }
                        }
                    }
                    var v = Float(sum)
                    if c.activation == .relu { v = max(v, 0) }
                    let i = (co * oh + oy) * ow + ox
                    out[i] = v + (residual?[i] ?? 0)
                }
            }
        }
        return out
    }

    /// Runs the kernel on one sample with a band budget that gives bands of `bandRows`-ish rows.
    private func shifted(_ c: ConvLayer, _ x: [Float], height: Int, width: Int, residual: [Float]?, bandBudget: Int) -> [Float] {
        let (oh, ow) = c.outputSize(height: height, width: width)!
        var out = [Float](repeating: .nan, count: c.outputChannels * oh * ow)
        var scratch = [Float](repeating: .nan,
                              count: ShiftedGEMMConvolution.scratchFloats(c, height: height, width: width, bandBudget: bandBudget))
        x.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { o in
                scratch.withUnsafeMutableBufferPointer { s in
                    let r = residual?.withUnsafeBufferPointer { $0.baseAddress! }
                    ShiftedGEMMConvolution.run(c, input: input.baseAddress!, channelStride: height * width, height: height,
                                               width: width, output: o.baseAddress!, outHeight: oh, outWidth: ow, ldc: oh * ow,
                                               residual: r, scratch: s.baseAddress!, bandBudget: bandBudget)
                }
            }
        }
        return out
    }

    private func check(_ c: ConvLayer, height: Int, width: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(ShiftedGEMMConvolution.applies(c), file: file, line: line)
        let x = values(c.inputChannels * height * width, seed: UInt32(height * 100 + width))
        let (oh, ow) = c.outputSize(height: height, width: width)!
        let residual = c.hasResidual ? values(c.outputChannels * oh * ow, seed: 99) : nil
        let expected = direct(c, x, height: height, width: width, residual: residual)
        // One band per plane row, a few rows, and everything in one band.
        for budget in [1, 3 * c.outputChannels * c.kernelH * c.kernelW * width, 1 << 24] {
            let got = shifted(c, x, height: height, width: width, residual: residual, bandBudget: budget)
            XCTAssertFalse(got.contains { $0.isNaN }, "budget \(budget): an output left unwritten", file: file, line: line)
            XCTAssertLessThan(scaledError(got, expected), 1e-6, "budget \(budget)", file: file, line: line)
        }
    }

    func testDetectorGeometries() {
        check(layer(cin: 64, cout: 16, k: (3, 3), stride: (1, 1), pads: (1, 1, 1, 1)), height: 11, width: 14)
        check(layer(cin: 32, cout: 16, k: (3, 3), stride: (2, 2), pads: (1, 1, 1, 1)), height: 12, width: 17)
        check(layer(cin: 16, cout: 8, k: (2, 2), stride: (1, 1), sameUpper: true), height: 9, width: 10)
    }

    func testOddGeometries() {
        check(layer(cin: 16, cout: 16, k: (3, 3), stride: (2, 2), sameUpper: true), height: 9, width: 12)
        check(layer(cin: 16, cout: 16, k: (3, 3), stride: (2, 2), sameUpper: true), height: 10, width: 11)
        check(layer(cin: 20, cout: 4, k: (5, 3), stride: (3, 2), pads: (2, 0, 1, 2), activation: .none, residual: true),
              height: 13, width: 8)
        check(layer(cin: 16, cout: 8, k: (1, 4), stride: (1, 1), pads: (0, 3, 0, 0)), height: 3, width: 6)
        // A kernel larger than the padded input along y gives no output rows' taps inside some planes.
        check(layer(cin: 16, cout: 2, k: (3, 3), stride: (2, 2), pads: (2, 2, 2, 2)), height: 2, width: 3)
    }

    /// Which layers take this path: few output channels and enough input channels.
    func testSelection() {
        XCTAssertFalse(ShiftedGEMMConvolution.applies(layer(cin: 3, cout: 16, k: (3, 3), stride: (2, 2))))
        XCTAssertFalse(ShiftedGEMMConvolution.applies(layer(cin: 8, cout: 16, k: (2, 2), stride: (1, 1))))
        XCTAssertFalse(ShiftedGEMMConvolution.applies(layer(cin: 24, cout: 48, k: (3, 3), stride: (2, 2))))
        XCTAssertFalse(ShiftedGEMMConvolution.applies(layer(cin: 32, cout: 16, k: (1, 1), stride: (1, 1))))
        XCTAssertTrue(ShiftedGEMMConvolution.applies(layer(cin: 64, cout: 16, k: (3, 3), stride: (1, 1))))
    }

    /// The batched layout `[C][batch][H][W]` through `ConvolutionKernel.run` gives each sample bit-identical results
    /// to a single pass.
    func testBatchEqualsSingle() {
        let c = layer(cin: 16, cout: 8, k: (3, 3), stride: (2, 2), pads: (1, 1, 1, 1))
        let (h, w) = (10, 13), (oh, ow) = c.outputSize(height: 10, width: 13)!
        let samples = [values(16 * h * w, seed: 1), values(16 * h * w, seed: 2)]
        let scratchCount = ConvolutionKernel.scratchFloats(c, height: h, width: w, outputPixels: oh * ow)
        func run(_ x: [Float], batch: Int) -> [Float] {
            var out = [Float](repeating: 0, count: 8 * batch * oh * ow)
            var scratch = [Float](repeating: 0, count: scratchCount)
            x.withUnsafeBufferPointer { i in
                out.withUnsafeMutableBufferPointer { o in
                    scratch.withUnsafeMutableBufferPointer { s in
                        ConvolutionKernel.run(c, input: i.baseAddress!, height: h, width: w, output: o.baseAddress!, outHeight: oh,
                                              outWidth: ow, residual: nil, scratch: s.baseAddress!, batch: batch)
                    }
                }
            }
            return out
        }
        // Channel-major: channel ci of sample s at (ci * 2 + s) * h * w.
        var batched = [Float]()
        for ci in 0..<16 { for s in samples { batched += s[(ci * h * w)..<((ci + 1) * h * w)] } }
        let both = run(batched, batch: 2)
        for (s, sample) in samples.enumerated() {
            let single = run(sample, batch: 1)
            for co in 0..<8 {
                XCTAssertEqual(Array(both[((co * 2 + s) * oh * ow)..<((co * 2 + s + 1) * oh * ow)]),
                               Array(single[(co * oh * ow)..<((co + 1) * oh * ow)]), "sample \(s) channel \(co)")
            }
        }
    }
}
