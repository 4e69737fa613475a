import NutriLensImaging
import NutriLensText
import XCTest
@testable import NutriLens

/// ``NeuralTextStage/smallTextDetectorSide(_:longSide:detectedAt:configuredSide:)``: when a small photo is detected
/// again, and at which side (docs/text.md, "Small text on small photos").
final class SmallTextRedetectionTests: XCTestCase {
    /// `count` axis-aligned line boxes `height` px tall and 60 px wide, one under the other.
    private func lines(_ count: Int, height: Double) -> [NutriLensText.TextQuad] {
        (0..<count).map { index in
            let y = Double(index) * (height + 2)
            return NutriLensText.TextQuad(topLeft: PixelPoint(x: 10, y: y), topRight: PixelPoint(x: 70, y: y),
                                          bottomRight: PixelPoint(x: 70, y: y + height),
                                          bottomLeft: PixelPoint(x: 10, y: y + height))
        }
    }

    func testThumbnailTextIsDetectedAgainEnlargedToTheTargetBoxSide() {
        // 300 px thumbnail, boxes 12 px: 24 / 12 = 2x -> 600.
        XCTAssertEqual(NeuralTextStage.smallTextDetectorSide(lines(9, height: 12), longSide: 300, detectedAt: 300,
                                                             configuredSide: 1280), 600)
        // Boxes 6 px would need 4x: capped at 3x.
        XCTAssertEqual(NeuralTextStage.smallTextDetectorSide(lines(9, height: 6), longSide: 300, detectedAt: 300,
                                                             configuredSide: 1280), 900)
        // A 600 px photo at 3x would pass the configured side: capped there.
        XCTAssertEqual(NeuralTextStage.smallTextDetectorSide(lines(9, height: 6), longSide: 600, detectedAt: 600,
                                                             configuredSide: 1280), 1280)
    }

    func testTheMedianBoxDecidesNotTheSmallestOne() {
        // Five 20 px lines and four 8 px footnotes: median 20 px, not small.
        let quads = lines(5, height: 20) + lines(4, height: 8)
        XCTAssertNil(NeuralTextStage.smallTextDetectorSide(quads, longSide: 300, detectedAt: 300, configuredSide: 1280))
        // Text at 16 px is not small (the bound is exclusive); at 15.9 it is.
        XCTAssertNil(NeuralTextStage.smallTextDetectorSide(lines(5, height: 16), longSide: 300, detectedAt: 300,
                                                           configuredSide: 1280))
        XCTAssertNotNil(NeuralTextStage.smallTextDetectorSide(lines(5, height: 15.9), longSide: 300, detectedAt: 300,
                                                              configuredSide: 1280))
    }

    func testTurnedPagesUseTheBoxesShortSide() {
        // Text running down the photo: 12 px wide, 60 px tall boxes are 12 px text.
        let turned = lines(5, height: 12).map { quad in
            NutriLensText.TextQuad(topLeft: PixelPoint(x: quad.topLeft.y, y: quad.topLeft.x),
                                   topRight: PixelPoint(x: quad.bottomLeft.y, y: quad.bottomLeft.x),
                                   bottomRight: PixelPoint(x: quad.bottomRight.y, y: quad.bottomRight.x),
                                   bottomLeft: PixelPoint(x: quad.topRight.y, y: quad.topRight.x))
        }
        XCTAssertEqual(NeuralTextStage.smallTextDetectorSide(turned, longSide: 300, detectedAt: 300, configuredSide: 1280),
                       600)
    }

    func testPhotosDetectedBelowTheirOwnSizeOrAtTheConfiguredSideAreLeftAlone() {
        let small = lines(9, height: 10)
        // A large photo shrunk to the detector's side: its boxes are not the photo's own text size.
        XCTAssertNil(NeuralTextStage.smallTextDetectorSide(small, longSide: 3000, detectedAt: 1280, configuredSide: 1280))
        // A photo exactly at the configured side has no room to grow.
        XCTAssertNil(NeuralTextStage.smallTextDetectorSide(small, longSide: 1280, detectedAt: 1280, configuredSide: 1280))
        // Fewer than three boxes say nothing about the text size.
        XCTAssertNil(NeuralTextStage.smallTextDetectorSide(lines(2, height: 8), longSide: 300, detectedAt: 300,
                                                           configuredSide: 1280))
        XCTAssertNil(NeuralTextStage.smallTextDetectorSide([], longSide: 300, detectedAt: 300, configuredSide: 1280))
    }
}
