import Foundation
import NutriLensImaging
import XCTest
@testable import NutriLens
@testable import NutriLensText

/// The table-band box selection of the neural reader (`TableBand`, `ScannerConfiguration.TextBoxes.tableBand`) on
/// synthetic box layouts: which boxes are read first, and which are read once the anchors are known.
final class TableBandTests: XCTestCase {
    /// An axis-aligned box in reading order.
    private static func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double = 20) -> TextQuad {
        TextQuad(PixelRect(x: Int(x), y: Int(y), width: Int(width), height: Int(height)))
    }

    /// A pack: 5 lines of prose (one long box each) at the top, a 9-row table (name box at x 100, value box at
    /// x 500, rows 30 px apart) from y 400, 6 lines of prose at the bottom from y 900. Returns the quads and the
    /// indices of the table's name and value boxes.
    private static func pack() -> (quads: [TextQuad], names: [Int], values: [Int], prose: [Int]) {
        var quads: [TextQuad] = [], names: [Int] = [], values: [Int] = [], prose: [Int] = []
        for row in 0..<5 { prose.append(quads.count); quads.append(box(40, Double(row) * 30, 700)) }
        for row in 0..<9 {
            names.append(quads.count); quads.append(box(100, 400 + Double(row) * 30, 150))
            values.append(quads.count); quads.append(box(500, 400 + Double(row) * 30, 60))
        }
        for row in 0..<6 { prose.append(quads.count); quads.append(box(40, 900 + Double(row) * 30, 700)) }
        return (quads, names, values, prose)
    }

    /// Rows are read first by their first box; a box longer than `probeAspect` text heights is read over its start
    /// only (a paragraph's first words), a short one whole.
    func testProbesAreTheFirstBoxOfEachRowAndLongBoxesAreCut() {
        let pack = Self.pack()
        let probes = TableBand.probes(pack.quads)
        XCTAssertEqual(probes.map(\.box), pack.prose.prefix(5) + pack.names + pack.prose.suffix(6))
        let line = probes[0]
        XCTAssertFalse(line.isWhole)
        XCTAssertEqual(line.quad.width, TableBand.probeAspect * 20, accuracy: 1e-9)
        XCTAssertEqual(line.quad.topLeft, PixelPoint(x: 40, y: 0))
        let name = probes[5]
        XCTAssertTrue(name.isWhole)
        XCTAssertEqual(name.quad, pack.quads[pack.names[0]])
    }

    /// The table's rows named: both columns of every table row are read, prose more than the margin away is not.
    func testATableBandAmongProseReadsBothColumnsAndSkipsTheProse() throws {
        let pack = Self.pack()
        // The first and last row names misread (no anchor): the margin still takes their rows.
        let anchors = Set(pack.names.dropFirst().dropLast())
        let selected = Set(try XCTUnwrap(TableBand.select(pack.quads, anchors: anchors)))
        XCTAssertTrue(Set(pack.names + pack.values).isSubset(of: selected))
        // Margin: 3 heights (60 px) + 0.1 of the anchor span (430...640: 21 px) = 81 px: prose at y 0...140 and
        // from 900 is out.
        XCTAssertTrue(selected.isDisjoint(with: pack.prose), "\(selected.intersection(pack.prose))")
    }

    /// Two tables side by side (a bilingual pack): only the left one's names are first boxes of their rows, yet the
    /// band spans the page's width, so the right table's names and values are read too.
    func testTwoTablesSideBySideAreBothRead() throws {
        var quads: [TextQuad] = [], left: [Int] = [], right: [Int] = []
        for row in 0..<8 {
            let y = 200 + Double(row) * 28
            left.append(quads.count); quads.append(Self.box(20, y, 140))
            left.append(quads.count); quads.append(Self.box(300, y, 60))
            right.append(quads.count); quads.append(Self.box(600, y + 3, 150))
            right.append(quads.count); quads.append(Self.box(880, y + 3, 60))
        }
        quads.append(Self.box(20, 900, 600))                 // a footer line far below
        let probes = TableBand.probes(quads)
        XCTAssertEqual(Set(probes.map(\.box)), Set(stride(from: 0, to: left.count, by: 2).map { left[$0] } + [32]))
        let anchors = Set(probes.map(\.box).filter { $0 != 32 })
        let selected = try XCTUnwrap(TableBand.select(quads, anchors: anchors))
        XCTAssertEqual(selected, Array(0..<32))
    }

    /// No row names a table part, or only one does: no band, the caller reads every box.
    func testWithoutTwoAnchorRowsEveryBoxIsRead() {
        let pack = Self.pack()
        XCTAssertNil(TableBand.select(pack.quads, anchors: []))
        XCTAssertNil(TableBand.select(pack.quads, anchors: [pack.names[3]]))
        // Two anchors on one row are one anchor row.
        XCTAssertNil(TableBand.select(pack.quads, anchors: [pack.names[3], pack.values[3]]))
        XCTAssertNil(TableBand.select([], anchors: []))
        XCTAssertEqual(TableBand.probes([]), [])
    }

    /// The same pack tilted 8 degrees, and turned a quarter (boxes in reading order, as `NeuralTextStage.turned`
    /// gives them): rows follow the reading direction, so the probes and the selection are the upright pack's.
    func testTiltedAndTurnedPagesSelectAsUpright() throws {
        let pack = Self.pack()
        let anchors = Set(pack.names)
        let upright = try XCTUnwrap(TableBand.select(pack.quads, anchors: anchors))
        for degrees in [8.0, -8.0, 90.0, 180.0, 270.0] {
            let angle = degrees * .pi / 180
            func turn(_ p: PixelPoint) -> PixelPoint {
                PixelPoint(x: 2000 + p.x * cos(angle) - p.y * sin(angle), y: 2000 + p.x * sin(angle) + p.y * cos(angle))
            }
            let turned = pack.quads.map {
                TextQuad(topLeft: turn($0.topLeft), topRight: turn($0.topRight), bottomRight: turn($0.bottomRight),
                         bottomLeft: turn($0.bottomLeft))
            }
            XCTAssertEqual(TableBand.probes(turned).map(\.box), TableBand.probes(pack.quads).map(\.box), "\(degrees)")
            XCTAssertEqual(try XCTUnwrap(TableBand.select(turned, anchors: anchors)), upright, "\(degrees)")
        }
    }
}
