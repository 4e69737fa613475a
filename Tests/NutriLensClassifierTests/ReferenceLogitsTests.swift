import XCTest
import NutriLensImaging
@testable import NutriLensClassifier

/// The Swift engine against the numpy reference forward pass of scripts/convert_efficientnet_lite0.py on the same
/// fp16 weights. The fixtures are already 224 x 224, so the resampler is the identity and this checks the network.
final class ReferenceLogitsTests: XCTestCase {
    func testLogitsMatchNumpyReference() throws {
        for name in ["coffee", "chelsea", "rocket", "synthetic_label", "synthetic_barcode"] {
            let image = try FixtureSupport.ppm(name)
            let reference = try FixtureSupport.referenceLogits(name)
            let logits = FixtureSupport.classifier.logits(image)
            XCTAssertEqual(logits.count, 1000)
            XCTAssertEqual(reference.count, 1000)
            let maxError = zip(logits, reference).map { abs($0 - $1) }.max()!
            print("reference logits \(name): max |swift - numpy| = \(maxError)")
            XCTAssertLessThan(maxError, 1e-3, "\(name): max |swift - numpy| = \(maxError)")
            XCTAssertEqual(logits.indices.max { logits[$0] < logits[$1] }, reference.indices.max { reference[$0] < reference[$1] })
        }
    }
}
