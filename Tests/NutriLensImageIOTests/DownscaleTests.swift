import XCTest
import NutriLensImaging
@testable import NutriLensImageIO

/// DCT-domain downscaling picks the smallest n/8 scale whose long side still reaches `targetMaxSide`.
final class DownscaleTests: XCTestCase {
    func testSmallestScaleReachingTheTarget() throws {
        // 160x120 source: n/8 gives long sides 20, 40, 60, 80, 100, 120, 140, 160.
        let cases: [(target: Int, width: Int, height: Int)] = [
            (1, 20, 15), (20, 20, 15), (21, 40, 30), (40, 40, 30), (50, 60, 45), (80, 80, 60), (159, 160, 120),
            (160, 160, 120), (5000, 160, 120),
        ]
        for c in cases {
            let photo = try Fixture.decode("downscale-160x120.jpg", options: DecodeOptions(targetMaxSide: c.target))
            XCTAssertEqual([photo.image.width, photo.image.height], [c.width, c.height], "target \(c.target)")
            XCTAssertEqual([photo.fullWidth, photo.fullHeight], [160, 120], "target \(c.target)")
            XCTAssertEqual(photo.scale, Double(c.width) / 160, accuracy: 1e-9, "target \(c.target)")
            guard let image = colorImage(photo) else { continue }
            assertQuadrants(image, Fixture.quadRGB, tolerance: 8, "target \(c.target)")
        }
    }

    func testDownscaleWithOrientationReportsUprightSizes() throws {
        // Stored 120x160 (progressive), orientation 6: upright 160x120. Target 60 -> 3/8 -> stored 45x60.
        let photo = try Fixture.decode("downscale-orientation-6.jpg", options: DecodeOptions(targetMaxSide: 60))
        XCTAssertEqual([photo.image.width, photo.image.height], [60, 45])
        XCTAssertEqual([photo.fullWidth, photo.fullHeight], [160, 120])
        XCTAssertEqual(photo.scale, 0.375, accuracy: 1e-9)
        guard let image = colorImage(photo) else { return }
        assertQuadrants(image, Fixture.quadRGB, tolerance: 8)
    }

    func testGreyDownscale() throws {
        let photo = try Fixture.decode("downscale-160x120.jpg", options: DecodeOptions(targetMaxSide: 40, wantColor: false))
        guard let image = grayImage(photo) else { return }
        XCTAssertEqual([image.width, image.height], [40, 30])
        assertQuadrants(image, [88, 113, 70, 198], tolerance: 8)
    }
}
