import XCTest
@testable import NutriLensImaging

final class DeskewTests: XCTestCase {
    /// Dashed text-like lines, 6 px thick every 30 px, rising to the right by `degrees`.
    func skewedLines(degrees: Double, width: Int = 600, height: Int = 400) -> GrayImage {
        var img = GrayImage(width: width, height: height)
        let t = tangent(degrees * .pi / 180)
        for y in 0..<height {
            for x in 0..<width where (x / 25) % 4 != 3 {   // "words" with gaps
                let level = Double(y) + Double(x) * t   // constant along a line that rises to the right
                if level.truncatingRemainder(dividingBy: 30) < 6 && level > 20 { img[x, y] = 20 }
            }
        }
        return img
    }

    func testThreeDegreeSkewIsFoundWithinHalfADegree() throws {
        let e = try skewedLines(degrees: 3).estimateSkew()
        XCTAssertEqual(e.angle, 3, accuracy: 0.5)
        XCTAssertGreaterThan(e.confidence, 0.5)
        XCTAssertEqual(try skewedLines(degrees: -6.2).estimateSkew().angle, -6.2, accuracy: 0.5)
    }

    func testEqualsScalarReference() throws {
        for (deg, w, h) in [(3.0, 600, 400), (-8.0, 333, 211), (0.7, 1300, 300)] {
            let img = skewedLines(degrees: deg, width: w, height: h)
            XCTAssertEqual(try img.estimateSkew(), try ScalarReference.estimateSkew(img), "\(deg)")
        }
        let noise = randomGray(203, 97, padding: 5, seed: 77)
        XCTAssertEqual(try noise.estimateSkew(maxAngle: 5), try ScalarReference.estimateSkew(noise, maxAngle: 5))
    }

    func testRotatingByMinusTheEstimateLevelsTheLines() throws {
        let img = skewedLines(degrees: 4)
        let e = try img.estimateSkew()
        let levelled = try img.rotated(byDegrees: -e.angle)
        XCTAssertEqual(try levelled.estimateSkew().angle, 0, accuracy: 0.3)
    }

    func testLightTextOnDarkAndLargeImagesWork() throws {
        XCTAssertEqual(try skewedLines(degrees: 2).inverted().estimateSkew().angle, 2, accuracy: 0.5)
        // 1500 px wide: reduced internally to the working size.
        XCTAssertEqual(try skewedLines(degrees: -1.5, width: 1500, height: 500).estimateSkew().angle, -1.5,
                       accuracy: 0.5)
    }

    func testBlankPageHasNoConfidenceAndBadArgumentsThrow() throws {
        let blank = GrayImage(width: 200, height: 100)
        XCTAssertEqual(try blank.estimateSkew(), SkewEstimate(angle: 0, confidence: 0))
        XCTAssertThrowsError(try blank.estimateSkew(maxAngle: 0))
        XCTAssertThrowsError(try blank.estimateSkew(maxAngle: 60))
        XCTAssertThrowsError(try blank.estimateSkew(workingSize: 10))
    }
}
