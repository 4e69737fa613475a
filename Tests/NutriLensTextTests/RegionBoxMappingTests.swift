import NutriLensImaging
import XCTest
@testable import NutriLensText

/// `TextDetector.imageBoxes(map:mapWidth:mapHeight:region:settings:)`: the boxes of a region's probability map land in
/// whole-image pixels (the region detected again by the neural stage, docs/text.md "The table region detected again").
final class RegionBoxMappingTests: XCTestCase {
    private let settings = DBPostProcessor(threshold: 0.2, boxThreshold: 0.4, unclipRatio: 1.4, maxCandidates: 1000)

    /// A `width` x `height` map, 0 except 1 over `blob` (map pixels).
    private func map(width: Int, height: Int, blob: PixelRect) -> [Float] {
        var values = [Float](repeating: 0, count: width * height)
        for y in blob.y..<blob.maxY { for x in blob.x..<blob.maxX { values[y * width + x] = 1 } }
        return values
    }

    /// A region at (1000, 2000) of 800 x 600 image pixels seen in a 400 x 300 map (half its scale): a blob's box is the
    /// map's box times 2 plus the region's origin, corner for corner.
    func testARegionsBoxMapsBackByItsScaleAndOrigin() {
        let values = map(width: 400, height: 300, blob: PixelRect(x: 100, y: 50, width: 120, height: 12))
        let region = PixelRect(x: 1000, y: 2000, width: 800, height: 600)
        let (own, mapped) = values.withUnsafeBufferPointer { buffer in
            (settings.boxes(map: buffer, mapWidth: 400, mapHeight: 300, sourceWidth: 400, sourceHeight: 300),
             TextDetector.imageBoxes(map: buffer, mapWidth: 400, mapHeight: 300, region: region, settings: settings))
        }
        XCTAssertEqual(own.count, 1)
        XCTAssertEqual(mapped.count, 1)
        XCTAssertEqual(mapped[0].corners, own[0].corners.map { SIMD2(2 * $0.x + 1000, 2 * $0.y + 2000) })
        // The blob covers map x 100..<220, y 50..<62, grown by the unclip offset (area x 1.4 / perimeter, about 7 map
        // px): in the image it starts about 14 px left of and above 1200, 2100.
        XCTAssertEqual(mapped[0].corners.map(\.x).min()!, 1200 - 14, accuracy: 2)
        XCTAssertEqual(mapped[0].corners.map(\.y).min()!, 2100 - 14, accuracy: 2)
        XCTAssertEqual(mapped[0].score, 1)
    }

    /// Width and height scale apart (the network size is rounded to multiples of 32 on each axis), and a region at
    /// the origin at its own scale leaves the boxes where the map has them.
    func testAxesScaleApartAndTheOriginRegionAtItsOwnScaleIsTheIdentity() {
        let values = map(width: 320, height: 160, blob: PixelRect(x: 40, y: 100, width: 60, height: 10))
        let stretched = PixelRect(x: 7, y: 11, width: 960, height: 240)  // x 3x, y 1.5x
        let (own, mapped, identity) = values.withUnsafeBufferPointer { buffer in
            (settings.boxes(map: buffer, mapWidth: 320, mapHeight: 160, sourceWidth: 320, sourceHeight: 160),
             TextDetector.imageBoxes(map: buffer, mapWidth: 320, mapHeight: 160, region: stretched, settings: settings),
             TextDetector.imageBoxes(map: buffer, mapWidth: 320, mapHeight: 160,
                                     region: PixelRect(x: 0, y: 0, width: 320, height: 160), settings: settings))
        }
        XCTAssertEqual(mapped[0].corners, own[0].corners.map { SIMD2(3 * $0.x + 7, 1.5 * $0.y + 11) })
        XCTAssertEqual(identity[0].corners, own[0].corners)
    }
}
