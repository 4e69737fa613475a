import XCTest
@testable import NutriLensText

/// `DepthwiseKernel` against a direct double-precision depthwise convolution: the whole-window pass (3x3 and 5x5,
/// stride 1), the row-by-row pass at the top and bottom edges, the even/odd split of stride 2, and strides beyond 2
/// (scalar path), with SAME_UPPER and explicit padding, batches of two and a residual.
final class DepthwiseKernelTests: XCTestCase {
    func layer(kernel: Int, stride: Int, pad: Int, sameUpper: Bool = false, channels: Int) -> ConvLayer {
        let taps = kernel * kernel
        return ConvLayer(inputChannels: channels, outputChannels: channels, kernelH: kernel, kernelW: kernel, strideH: stride,
                         strideW: stride, padTop: pad, padLeft: pad, padBottom: pad, padRight: pad, sameUpper: sameUpper,
                         group: channels, activation: .none, hasResidual: false,
                         weights: (0..<(channels * taps)).map { Float(($0 * 37) % 23) / 11 - 1 },
                         bias: (0..<channels).map { Float($0) * 0.25 - 0.3 })
    }

    /// Output planes (`[C][batch][H][W]` as the kernel's batches) computed directly in Double.
    func reference(_ c: ConvLayer, _ x: [Float], batch: Int, height: Int, width: Int, outHeight: Int, outWidth: Int,
                   residual: [Float]?) -> [Double] {
        let pads = c.padding(height: height, width: width)
        var out = [Double](repeating: 0, count: c.outputChannels * batch * outHeight * outWidth)
        for plane in 0..<(c.outputChannels * batch) {
            let ch = plane / batch
            for oy in 0..<outHeight {
                for ox in 0..<outWidth {
                    var acc = Double(c.bias[ch])
                    for ky in 0..<c.kernelH {
                        for kx in 0..<c.kernelW {
                            let iy = oy * c.strideH - pads.top + ky, ix = ox * c.strideW - pads.left + kx
                            guard iy >= 0, iy < height, ix >= 0, ix < width else { continue }
                            acc += Double(c.weights[(ch * c.kernelH + ky) * c.kernelW + kx]) * Double(x[(plane * height + iy) * width + ix])
                        }
                    }
                    let i = (plane * outHeight + oy) * outWidth + ox
                    out[i] = acc + (residual.map { Double($0[i]) } ?? 0)
                }
            }
        }
        return out
    }

    func testMatchesDirectConvolution() {
        let cases: [(kernel: Int, stride: Int, pad: Int, same: Bool, height: Int, width: Int)] = [
            (3, 1, 1, false, 7, 19), (5, 1, 2, false, 9, 23), (5, 1, 0, true, 6, 13), (3, 2, 1, false, 8, 17),
            (3, 3, 1, false, 10, 20), (5, 3, 2, false, 11, 16), (3, 1, 0, false, 3, 5),
        ]
        for (kernel, stride, pad, same, height, width) in cases {
            let c = layer(kernel: kernel, stride: stride, pad: pad, sameUpper: same, channels: 3)
            guard let (outHeight, outWidth) = c.outputSize(height: height, width: width) else { return XCTFail("no output") }
            for (batch, withResidual) in [(1, false), (2, true)] {
                let x = (0..<(3 * batch * height * width)).map { Float(sin(Double($0) * 0.7)) }
                let count = 3 * batch * outHeight * outWidth
                let residual = withResidual ? (0..<count).map { Float($0 % 5) * 0.1 } : nil
                var out = [Float](repeating: .nan, count: count)
                var scratch = [Float](repeating: 0, count: max(1, DepthwiseKernel.scratchFloats(c, height: height, width: width)))
                residual.withOptionalPointer { r in
                    DepthwiseKernel.run(c, input: x, height: height, width: width, output: &out, outHeight: outHeight,
                                        outWidth: outWidth, residual: r, scratch: &scratch, batch: batch)
                }
                let expected = reference(c, x, batch: batch, height: height, width: width, outHeight: outHeight,
                                         outWidth: outWidth, residual: residual)
                XCTAssertTrue(out.allSatisfy(\.isFinite), "an output left unwritten")
                let worst = zip(out, expected).map { abs(Double($0) - $1) }.max()!
                XCTAssertLessThan(worst, 1e-5, "\(kernel)x\(kernel)/\(stride) pad \(pad) same \(same) \(height)x\(width) batch \(batch)")
            }
        }
    }

    /// The columns whose window leaves the row (`DepthwiseKernel.edge`) are, bit for bit, the bias plus each tap inside
    /// the image added one at a time, ky then kx, in Float: the sums the kernel has always made there (session 23
    /// finds the taps' column range once instead of testing each tap).
    func testEdgeColumnsAddTheirTapsOneAtATimeInOrder() {
        let cases: [(kernel: Int, stride: Int, pad: Int, same: Bool, height: Int, width: Int)] = [
            (3, 1, 1, false, 7, 19), (5, 1, 2, false, 9, 23), (5, 1, 0, true, 6, 13), (3, 2, 1, false, 8, 17),
            (3, 3, 1, false, 10, 20), (5, 3, 2, false, 11, 16), (3, 1, 1, false, 4, 2), (5, 1, 2, false, 5, 1),
        ]
        for (kernel, stride, pad, same, height, width) in cases {
            let c = layer(kernel: kernel, stride: stride, pad: pad, sameUpper: same, channels: 2)
            guard let (outHeight, outWidth) = c.outputSize(height: height, width: width) else { return XCTFail("no output") }
            let pads = c.padding(height: height, width: width)
            let x = (0..<(2 * height * width)).map { Float(sin(Double($0) * 0.37)) * 3 }
            var out = [Float](repeating: .nan, count: 2 * outHeight * outWidth)
            var scratch = [Float](repeating: 0, count: max(1, DepthwiseKernel.scratchFloats(c, height: height, width: width)))
            DepthwiseKernel.run(c, input: x, height: height, width: width, output: &out, outHeight: outHeight,
                                outWidth: outWidth, residual: nil, scratch: &scratch)
            var edges = 0
            for ch in 0..<2 {
                for oy in 0..<outHeight {
                    for ox in 0..<outWidth where ox * stride - pads.left < 0 || ox * stride - pads.left + kernel > width || stride > 2 {
                        var acc = c.bias[ch]
                        for ky in 0..<kernel {
                            for kx in 0..<kernel {
                                let iy = oy * stride - pads.top + ky, ix = ox * stride - pads.left + kx
                                guard iy >= 0, iy < height, ix >= 0, ix < width else { continue }
                                acc += x[(ch * height + iy) * width + ix] * c.weights[(ch * kernel + ky) * kernel + kx]
                            }
                        }
                        XCTAssertEqual(out[(ch * outHeight + oy) * outWidth + ox].bitPattern, acc.bitPattern,
                                       "\(kernel)x\(kernel)/\(stride) \(height)x\(width) channel \(ch) (\(oy), \(ox))")
                        edges += 1
                    }
                }
            }
            XCTAssertGreaterThan(edges, 0)
        }
    }
}

private extension Optional where Wrapped == [Float] {
    func withOptionalPointer<R>(_ body: (UnsafePointer<Float>?) -> R) -> R {
        guard let array = self else { return body(nil) }
        return array.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
