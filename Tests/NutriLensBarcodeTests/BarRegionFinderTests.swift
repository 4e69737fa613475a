import NutriLensImaging
import XCTest
@testable import NutriLensBarcode

/// The bar-presence test the ladder uses to skip its later steps (no bars) or run them on crops (bars somewhere).
final class BarRegionFinderTests: XCTestCase {
    /// White canvas with `bars` (x offsets and widths of dark bars) drawn from `top` to `bottom` starting at `left`.
    private func canvas(width: Int, height: Int, bars: [(Int, Int)], left: Int, top: Int, bottom: Int) -> GrayImage {
        var image = GrayImage(width: width, height: height, fill: 240)
        for (offset, barWidth) in bars {
            for y in top..<bottom { for x in (left + offset)..<(left + offset + barWidth) { image[x, y] = 20 } }
        }
        return image
    }

    /// An EAN-like run of bars: widths 1-4 modules, 2 px per module, 60 bars.
    private var eanLikeBars: [(Int, Int)] {
        var out: [(Int, Int)] = [], x = 0, seed: UInt32 = 12345
        for _ in 0..<60 {
            seed = seed &* 1_103_515_245 &+ 12345
            let bar = Int(seed >> 16) % 4 + 1
            seed = seed &* 1_103_515_245 &+ 12345
            let space = Int(seed >> 16) % 4 + 1
            out.append((x, 2 * bar))
            x += 2 * (bar + space)
        }
        return out
    }

    func testBarsInACornerOfALargePhotoGiveOneCropAroundThem() throws {
        let bars = eanLikeBars
        let span = bars.last!.0 + bars.last!.1
        XCTAssertLessThan(1500 + span, 2400, "bars must fit the canvas")
        let image = canvas(width: 2400, height: 1800, bars: bars, left: 1500, top: 1400, bottom: 1550)
        let regions = BarcodeReader.barRegions(in: image)
        XCTAssertEqual(regions.count, 1, "\(regions)")
        let r = try XCTUnwrap(regions.first)
        // The crop holds every bar, and is a small part of the photo (the point of cropping).
        XCTAssertLessThanOrEqual(r.x, 1500); XCTAssertGreaterThanOrEqual(r.maxX, 1500 + span)
        XCTAssertLessThanOrEqual(r.y, 1400); XCTAssertGreaterThanOrEqual(r.maxY, 1550)
        XCTAssertLessThan(r.width * r.height, 2400 * 1800 / 6)
    }

    func testTiltedAndInvertedBarsAreFound() throws {
        let upright = canvas(width: 600, height: 500, bars: eanLikeBars, left: 100, top: 150, bottom: 350)
        let tilted = try upright.rotated(byDegrees: 35, expand: true, fill: 240)
        XCTAssertFalse(BarcodeReader.barRegions(in: tilted).isEmpty, "coherence does not depend on the angle")
        XCTAssertFalse(BarcodeReader.barRegions(in: upright.inverted()).isEmpty, "nor on the gradient's sign")
    }

    func testPlainShapesAndShadingAreNotBars() {
        // A blank page, a smooth left-to-right shading, a lone table rule and a box outline.
        XCTAssertEqual(BarcodeReader.barRegions(in: GrayImage(width: 800, height: 600, fill: 250)), [])
        var shading = GrayImage(width: 800, height: 600)
        for y in 0..<600 { for x in 0..<800 { shading[x, y] = UInt8(x * 255 / 799) } }
        XCTAssertEqual(BarcodeReader.barRegions(in: shading), [])
        var rule = GrayImage(width: 800, height: 600, fill: 245)
        for x in 50..<750 { for y in 300..<303 { rule[x, y] = 10 } }
        for y in 100..<500 { rule[100, y] = 10; rule[700, y] = 10 }
        XCTAssertEqual(BarcodeReader.barRegions(in: rule), [])
    }

    func testRandomSpeckleIsNotBars() {
        // Dense edges in every direction (like fine print or texture): dense but not coherent.
        var image = GrayImage(width: 640, height: 480)
        var seed: UInt32 = 7
        for y in 0..<480 {
            for x in 0..<640 {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                image[x, y] = (seed >> 24) & 1 == 0 ? 30 : 230
            }
        }
        XCTAssertEqual(BarcodeReader.barRegions(in: image), [])
    }

    func testFixturePhotosWithAndWithoutCodes() throws {
        // 117x51 px symbol at (1100, 820) in a 1600x1200 scene: a crop around it, not the whole scene.
        let regions = BarcodeReader.barRegions(in: try fixture("ean13_small_in_big.png"))
        let hit = regions.first { $0.x <= 1110 && $0.maxX >= 1210 && $0.y <= 830 && $0.maxY >= 860 }
        XCTAssertNotNil(hit, "\(regions)")
        XCTAssertLessThan(regions.reduce(0) { $0 + $1.width * $1.height }, 1600 * 1200 / 4)
        XCTAssertEqual(BarcodeReader.barRegions(in: try fixture("no_barcode.png")), [])
    }

    func testOverlappingRectanglesMergeIntoTheirUnion() {
        let merged = BarRegionFinder.merged([PixelRect(x: 0, y: 0, width: 10, height: 10),
                                             PixelRect(x: 50, y: 50, width: 5, height: 5),
                                             PixelRect(x: 8, y: 8, width: 10, height: 4)])
        XCTAssertEqual(Set(merged.map { "\($0.x),\($0.y),\($0.width),\($0.height)" }), ["0,0,18,12", "50,50,5,5"])
    }

    func testReaderWithAndWithoutFocusAgreesOnTheSmallCodeAndItsPolygon() throws {
        let image = try fixture("ean13_small_in_big.png")
        let focused = try BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity)).read(image)
        let whole = try BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity, focusOnBarRegions: false)).read(image)
        XCTAssertEqual(focused.map(\.gtin), ["4006381333931"])
        XCTAssertEqual(whole.map(\.gtin), ["4006381333931"])
        // A crop's hits are shifted back by the crop's origin: both polygons sit on the same bars.
        XCTAssertLessThan(distance(centroid(focused[0].polygon), centroid(whole[0].polygon)), 30)
    }

    // MARK: Pattern check (session 3): what passes the cell test but is not a barcode

    func testStrokesOfBoldWordsAreCoherentButNotBars() {
        // Rows of "words" made of vertical strokes 4 px wide, 36 px tall, 9 px apart: every cell window inside a row
        // sees one orientation and many edges (the cell test marks them), but a stroke ends after ~8 edge spacings
        // while a bar runs on for dozens, so 5 spacings up or down from any scanline one side is off the strokes.
        // 1400 x 800: above `patternCheckMinimumPixels`, where the profile test applies.
        var image = GrayImage(width: 1400, height: 800, fill: 235)
        for row in 0..<10 {
            let top = 30 + row * 70
            for stroke in 0..<130 {
                let x = 40 + stroke * 9 + (stroke / 5) * 6
                guard x + 4 < 1360 else { break }
                for y in top..<(top + 36) { for dx in 0..<4 { image[x + dx, y] = 25 } }
            }
        }
        let map = CellMap(image)
        XCTAssertTrue(map.barLikeCells().contains(true), "the cell test alone sees bars here")
        XCTAssertEqual(BarcodeReader.barRegions(in: image), [])
    }

    func testAFewParallelRulesAreNotBars() {
        // Three double rules (a table's header lines): coherent and dense where they are, but six edges, not 24+.
        var image = GrayImage(width: 1400, height: 800, fill: 240)
        for base in [200, 280, 360] {
            for y in base..<(base + 6) { for x in 40..<1360 { image[x, y] = 20 } }
            for y in (base + 10)..<(base + 13) { for x in 40..<1360 { image[x, y] = 20 } }
        }
        XCTAssertEqual(BarcodeReader.barRegions(in: image), [])
    }

    func testShortButRealBarsAreStillFound() {
        // A truncated code as on a small pack: bars 60 px tall, 12 mean edge spacings (5 px here), so the profiles
        // 5 spacings above and below the middle scanline are still on the bars. (Bars under ~10 spacings, about
        // 16 EAN modules, are not confirmed: docs/barcode.md.)
        let image = canvas(width: 1400, height: 800, bars: eanLikeBars, left: 300, top: 370, bottom: 430)
        XCTAssertFalse(BarcodeReader.barRegions(in: image).isEmpty)
    }

    func testSwingsCountEveryEdgeOfASoftSquareWaveAndNoneOfARampsNoise() {
        // 12 dark bars on white, edges ramped over 3 samples (blur): 24 swings, at the ramps.
        var profile: [Double] = []
        for _ in 0..<12 {
            profile += [220, 220, 220, 220, 160, 100, 40, 40, 40, 40, 100, 160]
        }
        profile += [220, 220, 220]
        let swings = BarPatternCheck.swingPositions(profile)
        XCTAssertEqual(swings.count, 24, "\(swings)")
        XCTAssertEqual(swings.first, 4, "the first fall is seen before the direction is known")
        // A slow monotone ramp with +-4 grey levels of noise is one rise, not a string of edges.
        let ramp = (0..<200).map { Double($0) + ($0 % 2 == 0 ? 4 : -4) }
        XCTAssertEqual(BarPatternCheck.swingPositions(ramp).count, 1)
    }

    func testARunEndsAtAGapWiderThanTheLimit() {
        let positions = [0, 3, 6, 9, 40, 42, 44, 46, 48, 50]
        let run = BarPatternCheck.longestRun(positions, maxGap: 5)
        XCTAssertEqual(run.count, 6); XCTAssertEqual(run.first, 40); XCTAssertEqual(run.last, 50)
        XCTAssertEqual(BarPatternCheck.medianGap(positions), 2)
    }
}
