import XCTest
@testable import NutriLensImaging
import NutriLensTestSupport

final class SIMDSupportTests: XCTestCase {
    func testUnsignedToFloatMatchesScalarConversionIncludingRoundingTies() {
        var rng = SeededRandom(seed: 99)
        var values: [UInt32] = [0, 1, 65535, 65536, 16_777_215, 16_777_217, 16_777_219, 33_554_435,
                                2_147_483_647, 2_147_483_648, 4_294_967_295, 4_294_967_041]
        while values.count % 8 != 0 || values.count < 4000 { values.append(UInt32.random(in: 0...UInt32.max, using: &rng)) }
        for i in Swift.stride(from: 0, to: values.count, by: 8) {
            let v = SIMD8<UInt32>(values[i..<(i + 8)])
            let f = toFloatUnsigned(v)
            for lane in 0..<8 { XCTAssertEqual(f[lane], Float(v[lane]), "\(v[lane])") }
        }
    }
}
