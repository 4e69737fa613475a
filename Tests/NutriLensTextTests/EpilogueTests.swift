import Foundation
import XCTest
@testable import NutriLensText

/// The convolution epilogue's GELU against the
/// exact-erf definition, in place and out of place, with bias and residual, on every tail length.
final class EpilogueTests: XCTestCase {
    private func exactGelu(_ x: Double) -> Double { 0.5 * x * (1 + Foundation.erf(x / 2.0.squareRoot())) }

    func testGeluMatchesTheErfDefinition() {
        let xs: [Float] = (0...1600).map { Float($0 - 800) / 100 }  // -8 ... 8 in steps of 0.01
        var out = [Float](repeating: 0, count: xs.count)
        Epilogue.apply(.gelu, input: xs, output: &out, count: xs.count)
        for (x, y) in zip(xs, out) {
            // erf's fit is within 3.9e-7; GELU scales it by |x| / 2, plus float rounding of the products.
            XCTAssertEqual(Double(y), exactGelu(Double(x)), accuracy: 1e-6 * max(1, Double(abs(x))), "x = \(x)")
        }
    }

    func testBiasResidualInPlaceAndTails() {
        for count in 1...19 {
            let x = (0..<count).map { Float($0) * 0.37 - 3 }
            let r = (0..<count).map { Float($0) * -0.11 + 0.5 }
            var separate = [Float](repeating: 0, count: count)
            Epilogue.apply(.gelu, input: x, output: &separate, count: count, bias: 0.25, residual: r)
            var inPlace = x
            inPlace.withUnsafeMutableBufferPointer { p in
                Epilogue.apply(.gelu, input: p.baseAddress!, output: p.baseAddress!, count: count, bias: 0.25, residual: r)
            }
            XCTAssertEqual(separate, inPlace, "count \(count)")
            for i in 0..<count {
                let expected = exactGelu(Double(x[i]) + 0.25) + Double(r[i])
                XCTAssertEqual(Double(separate[i]), expected, accuracy: 4e-6, "count \(count) element \(i)")
            }
        }
    }
}
