import NutriLensImaging
import XCTest
@testable import NutriLensBarcode

/// `CellMap` sums the structure tensor in 8-wide vectors (session 4); these pin it to a pixel-by-pixel reference.
final class CellMapTests: XCTestCase {
    /// The per-cell sums written out pixel by pixel, as `CellMap` computed them before it used vectors.
    private func referenceTensors(_ image: GrayImage) -> [CellMap.Tensor] {
        let c = BarRegionFinder.cell, w = image.width, h = image.height, columns = w / c, rows = h / c
        var out: [CellMap.Tensor] = []
        for cy in 0..<rows {
            for cx in 0..<columns {
                var t = CellMap.Tensor(pixels: Int64(c * c))
                for y in (cy * c)..<min(h - 1, cy * c + c) {
                    for x in (cx * c)..<min(w - 1, cx * c + c) {
                        let a = Int(image[x, y]), b = Int(image[x + 1, y]), cc = Int(image[x, y + 1]), d = Int(image[x + 1, y + 1])
                        let gx = (b - a + d - cc) >> 1, gy = (cc - a + d - b) >> 1
                        t.xx += Int64(gx * gx); t.yy += Int64(gy * gy); t.xy += Int64(gx * gy)
                        t.edges += abs(gx) + abs(gy) >= Int(BarRegionFinder.edgeThreshold) ? 1 : 0
                    }
                }
                out.append(t)
            }
        }
        return out
    }

    private func noise(width: Int, height: Int, seed: UInt32) -> GrayImage {
        var image = GrayImage(width: width, height: height, fill: 0)
        var state = seed
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                // Half the pixels in full-range noise, the rest in steps: both signs of every difference, and edges.
                image[x, y] = (x / 5 + y / 7) % 2 == 0 ? UInt8(truncatingIfNeeded: state >> 24) : ((x / 3) % 2 == 0 ? 30 : 220)
            }
        }
        return image
    }

    func testVectorSumsEqualThePixelByPixelSumsWhateverTheWidth() {
        // Widths at, one below and one above a multiple of the cell (the last cell's 2 x 2 window then ends at, or
        // one short of, the row's end), and heights likewise.
        for (width, height) in [(64, 64), (65, 63), (71, 72), (72, 73), (79, 41), (24, 24), (200, 9)] {
            let image = noise(width: width, height: height, seed: UInt32(width * 1000 + height))
            let map = CellMap(image)
            let reference = referenceTensors(image)
            XCTAssertEqual(map.columns * map.rows, reference.count, "\(width)x\(height)")
            for (i, (got, want)) in zip(map.tensors, reference).enumerated() {
                XCTAssertEqual([got.xx, got.yy, got.xy, got.edges, got.pixels], [want.xx, want.yy, want.xy, want.edges, want.pixels],
                               "\(width)x\(height) cell \(i)")
            }
        }
    }

    func testVerticalBarsGiveAPureHorizontalGradient() {
        // Bars 2 px wide, 100 grey levels apart: every 2 x 2 window across a bar edge has |gx| = 100, gy = 0.
        var image = GrayImage(width: 32, height: 16, fill: 200)
        for y in 0..<16 { for x in 0..<32 where (x / 2) % 2 == 1 { image[x, y] = 100 } }
        let t = CellMap(image).tensors[0]
        // Columns 0...7 of rows 0...7: edges between x = 1|2, 3|4, 5|6 and 7|8, 4 windows a row.
        XCTAssertEqual(t.xx, 8 * 4 * 100 * 100)
        XCTAssertEqual(t.yy, 0)
        XCTAssertEqual(t.xy, 0)
        XCTAssertEqual(t.edges, 32)
        XCTAssertEqual(CellMap.coherence(t), 1, accuracy: 1e-12)
    }
}
