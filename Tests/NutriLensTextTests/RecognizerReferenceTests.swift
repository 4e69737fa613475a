import NutriLensImaging
import XCTest
@testable import NutriLensText

/// The recogniser against ONNX Runtime on committed 48-pixel-high lines (no resampling on either side).
final class RecognizerReferenceTests: XCTestCase {
    /// The T x 80 features entering the classifier layer within 1e-4 of their scale, and the top-5 probabilities of
    /// every step within 1e-4 (probabilities are 0...1) with the same most probable class.
    func testFeaturesAndProbabilitiesMatchOnnxRuntime() throws {
        let recognizer = FixtureSupport.recognizer
        for name in ["short", "medium", "wide"] {
            let info = try String(contentsOf: FixtureSupport.url("rec_\(name).txt"), encoding: .utf8)
                .split(whereSeparator: { $0 == "\t" || $0 == "\n" }).map(String.init)
            let line = try FixtureSupport.image(FixtureSupport.url("lines/" + info[0]))
            let quad = TextQuad(PixelRect(x: 0, y: 0, width: line.width, height: line.height))
            let (probabilities, steps, lineWidth) = try recognizer.probabilities(line, quad: quad)
            XCTAssertEqual(lineWidth, line.width, name)
            XCTAssertEqual(steps, Int(info[2]), name)
            let classes = recognizer.configuration.labels.count
            let top = try FixtureSupport.floats("rec_\(name).top5.f32")
            XCTAssertEqual(top.count, steps * 10)
            var worst: Float = 0
            for t in 0..<steps {
                for k in 0..<5 {
                    let index = Int(top[t * 10 + 5 + k])
                    worst = max(worst, abs(probabilities[t * classes + index] - top[t * 10 + k]))
                }
                let row = probabilities[(t * classes)..<((t + 1) * classes)]
                XCTAssertEqual(row.firstIndex(of: row.max()!)! - t * classes, Int(top[t * 10 + 5]), "\(name) step \(t)")
            }
            XCTAssertLessThan(worst, 1e-4, name)
            let features = try recognizer.features(line, quad: quad)
            XCTAssertLessThan(scaledError(features, try FixtureSupport.floats("rec_\(name).features.f32")), 1e-4, name)
        }
    }
}
