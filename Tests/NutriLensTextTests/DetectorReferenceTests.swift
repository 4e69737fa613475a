import NutriLensImaging
import XCTest
@testable import NutriLensText

/// The detector against ONNX Runtime on the same model and the same input pixels (scripts/ppocr-fixtures.py).
final class DetectorReferenceTests: XCTestCase {
    /// Probability maps within 1e-4 of the output's scale (the map is 0...1, so 1e-4 absolute); the fixtures are
    /// stored as round(p * 65535), adding at most 7.6e-6.
    func testProbabilityMapsMatchOnnxRuntime() throws {
        for (name, width, height) in [("label", 320, 256), ("perspective", 256, 320)] {
            let image = try FixtureSupport.image(FixtureSupport.url("det_\(name).png"))
            XCTAssertEqual(image.width, width)
            let map = try FixtureSupport.detector.probabilityMap(image, longSide: max(width, height))
            XCTAssertEqual(map.width, width, name)
            XCTAssertEqual(map.height, height, name)
            let reference = try FixtureSupport.quantizedMap("det_\(name).map.u16")
            let error = scaledError(map.values, reference)
            XCTAssertLessThan(error, 1e-4, name)
            XCTAssertGreaterThan(reference.max()!, 0.9, "\(name): the fixture should contain text")
        }
    }
}
