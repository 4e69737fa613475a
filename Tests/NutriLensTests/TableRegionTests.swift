import NutriLensImaging
import NutriLensText
import XCTest
@testable import NutriLens

/// The table region the neural stage detects again (``NeuralTextStage/tableRegion(_:anchors:width:height:)``,
/// ``NeuralTextStage/tableRegionDetectorSide(_:longSide:detectedAt:configuredSide:)``; docs/text.md "The table region
/// detected again") on synthetic box layouts of a 3000 x 4000 photo.
final class TableRegionTests: XCTestCase {
    private static func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double = 20) -> NutriLensText.TextQuad {
        NutriLensText.TextQuad(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
    }

    /// A cup: a 6-row table (name boxes at x 1200, 150 px wide; value boxes at x 1500, 60 px wide; rows 30 px apart
    /// from y 2000), a brand line at (200, 300) and a slogan at (300, 3500), both far from the table.
    private static func cup() -> (quads: [NutriLensText.TextQuad], names: [Int]) {
        var quads = [box(200, 300, 900, 60)], names: [Int] = []
        for row in 0..<6 {
            names.append(quads.count); quads.append(box(1200, 2000 + Double(row) * 30, 150))
            quads.append(box(1500, 2000 + Double(row) * 30, 60))
        }
        quads.append(box(300, 3500, 1200, 40))
        return (quads, names)
    }

    /// The region is the table's boxes (names and values: the band's rows), grown by 2 median box heights (40 px),
    /// not the page's far text.
    func testTheRegionIsTheNamedRowsBoxesGrownByTwoBoxHeights() {
        let cup = Self.cup()
        let region = NeuralTextStage.tableRegion(cup.quads, anchors: Set(cup.names), width: 3000, height: 4000)
        // Boxes x 1200...1560, y 2000...2170; margin 2 x 20 = 40.
        XCTAssertEqual(region, PixelRect(x: 1160, y: 1960, width: 440, height: 250))
    }

    /// A box on a named row is in the region even when it sits far along the row (a two-column table, a value column
    /// beside the names): rows span the page's width.
    func testABoxOnTheTablesRowsWidensTheRegion() {
        var cup = Self.cup()
        cup.quads.append(Self.box(2500, 2060, 200))
        let region = NeuralTextStage.tableRegion(cup.quads, anchors: Set(cup.names), width: 3000, height: 4000)
        XCTAssertEqual(region, PixelRect(x: 1160, y: 1960, width: 1580, height: 250))
    }

    /// Rows before the first and after the last named row are left out (only the margin reaches them), and unnamed
    /// rows between named ones are in.
    func testTheRegionSpansTheNamedRowsOnly() {
        var cup = Self.cup()
        cup.quads.append(Self.box(1200, 1900, 300))   // a title 100 px above the first row
        cup.quads.append(Self.box(2000, 2090, 100))   // on row 3, whose name is not an anchor
        let anchors = Set([cup.names[0], cup.names[1], cup.names[2], cup.names[4], cup.names[5]])
        let region = NeuralTextStage.tableRegion(cup.quads, anchors: anchors, width: 3000, height: 4000)
        XCTAssertEqual(region, PixelRect(x: 1160, y: 1960, width: 980, height: 250))
    }

    /// Clipped to the photo; one named row is no table (TableBand's two anchor rows), nor is none.
    func testTheRegionIsClippedAndNeedsTwoNamedRows() {
        let quads = [Self.box(5, 5, 100), Self.box(5, 35, 100), Self.box(120, 35, 40)]
        XCTAssertEqual(NeuralTextStage.tableRegion(quads, anchors: [0, 1], width: 170, height: 70),
                       PixelRect(x: 0, y: 0, width: 170, height: 70))
        XCTAssertNil(NeuralTextStage.tableRegion(quads, anchors: [0], width: 170, height: 70))
        XCTAssertNil(NeuralTextStage.tableRegion(quads, anchors: [], width: 170, height: 70))
    }

    /// A page turned a quarter (boxes in reading order, running down the photo): the region still covers the rows.
    func testATurnedTablesRegionCoversItsRows() {
        // Reading order turned 90 degrees clockwise: text runs down (+y), lines follow each other leftwards (-x).
        let quads = (0..<4).map { row -> NutriLensText.TextQuad in
            let x = 1000 - Double(row) * 30
            return NutriLensText.TextQuad(topLeft: PixelPoint(x: x + 20, y: 500), topRight: PixelPoint(x: x + 20, y: 700),
                                          bottomRight: PixelPoint(x: x, y: 700), bottomLeft: PixelPoint(x: x, y: 500))
        }
        let region = NeuralTextStage.tableRegion(quads, anchors: [0, 1, 2, 3], width: 3000, height: 4000)
        // x 910...1020, y 500...700, grown by 40 (median height 20 across the text).
        XCTAssertEqual(region, PixelRect(x: 870, y: 460, width: 190, height: 280))
    }

    /// The side: the region's long side up to the configured 1280 (never enlarged), only when that is at least 1.25x
    /// the first detection's scale.
    func testTheSideIsTheRegionsOwnUpToTheConfiguredOneAndOnlyWhenTheScaleRises() {
        // A 4000 px photo detected at 1280 (0.32x): a 440 px region at its own pixels (1x) -> 440.
        XCTAssertEqual(NeuralTextStage.tableRegionDetectorSide(PixelRect(x: 0, y: 0, width: 440, height: 250),
                                                               longSide: 4000, detectedAt: 1280, configuredSide: 1280), 440)
        // A 2000 px region: 1280 (0.64x, 2x the first scale).
        XCTAssertEqual(NeuralTextStage.tableRegionDetectorSide(PixelRect(x: 0, y: 0, width: 1500, height: 2000),
                                                               longSide: 4000, detectedAt: 1280, configuredSide: 1280), 1280)
        // A 3300 px region: 1280 / 3300 is 1.21x the first scale, under 1.25x -> nil; 3100 px is 1.29x.
        XCTAssertNil(NeuralTextStage.tableRegionDetectorSide(PixelRect(x: 0, y: 0, width: 3300, height: 2000),
                                                             longSide: 4000, detectedAt: 1280, configuredSide: 1280))
        XCTAssertEqual(NeuralTextStage.tableRegionDetectorSide(PixelRect(x: 0, y: 0, width: 3100, height: 2000),
                                                               longSide: 4000, detectedAt: 1280, configuredSide: 1280), 1280)
        // A photo detected at its own size gains nothing.
        XCTAssertNil(NeuralTextStage.tableRegionDetectorSide(PixelRect(x: 0, y: 0, width: 300, height: 200),
                                                             longSide: 1000, detectedAt: 1000, configuredSide: 1280))
    }

    /// Boxes whose centre is in the region are the ones its detection replaces.
    func testABoxIsReplacedWhenItsCentreIsInTheRegion() {
        let region = PixelRect(x: 100, y: 100, width: 200, height: 100)
        XCTAssertTrue(NeuralTextStage.centre(of: Self.box(90, 120, 100), isIn: region))   // centre (140, 130)
        XCTAssertFalse(NeuralTextStage.centre(of: Self.box(0, 120, 150), isIn: region))   // centre (75, 130)
        XCTAssertFalse(NeuralTextStage.centre(of: Self.box(150, 195, 50), isIn: region))  // centre (175, 205)
    }
}
