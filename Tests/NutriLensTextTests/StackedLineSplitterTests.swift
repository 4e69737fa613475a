import Foundation
import NutriLensImaging
import XCTest
@testable import NutriLensText

/// `StackedLineSplitter`: boxes holding two text lines set a pixel or two apart are split at the gap between them,
/// and single lines (tall type, accents, lines beside vertical print) are left whole.
final class StackedLineSplitterTests: XCTestCase {
    /// The row profile of a real merged cell ("4,9 g" over "2,8 g" on a FR print proof, 32 rows, % of its peak)
    /// splits at its valley (row 15, 37 % against peaks of 100 and 90); the "Casino" logo's (one tall line: a
    /// plateau of ascenders, then the x-height band) does not.
    func testRealProfiles() throws {
        let cell: [Double] = [19, 17, 12, 17, 31, 53, 67, 81, 97, 100, 94, 94, 76, 59, 39, 37, 41, 68, 80, 73, 77, 74,
                              89, 90, 79, 60, 41, 26, 17, 10, 10, 10]
        let cut = try XCTUnwrap(StackedLineSplitter.cut(profile: cell, rowHeight: 1, minimumBand: 7))
        // Ink rows 4...27 (>= 25 % of the peak), margins 4 rows each: the bands overlap by 2 rows either side of 15.5.
        XCTAssertEqual(cut.upperEnd, 15.5 + 2, accuracy: 1e-9)
        XCTAssertEqual(cut.lowerStart, 15.5 - 2, accuracy: 1e-9)
        let logo: [Double] = [1, 1, 1, 2, 3, 7, 14, 23, 24, 28, 29, 30, 27, 25, 38, 60, 68, 78, 84, 85, 87, 84, 84, 84,
                              83, 87, 94, 96, 100, 96, 94, 83, 75, 59, 32, 15, 16, 20, 21, 10, 8, 5]
        XCTAssertNil(StackedLineSplitter.cut(profile: logo, rowHeight: 1, minimumBand: 7))
        // The same cell needs bands of a plausible line height: a page whose lines are 30 px high leaves it whole.
        XCTAssertNil(StackedLineSplitter.cut(profile: cell, rowHeight: 1, minimumBand: 15))
    }

    /// The class is table cells: a box of two lines' height is a candidate while it is at most 10 page line heights
    /// long along the text, and a merged block of running text longer than that (an ingredient list) is left whole.
    func testOnlyCellLengthBoxesAreCandidates() {
        func frame(width: Double) -> StackedLineSplitter.Frame {
            StackedLineSplitter.Frame(origin: .zero, along: SIMD2(1, 0), across: SIMD2(0, 1), width: width, height: 28,
                                      lineHeight: 14)
        }
        XCTAssertTrue(frame(width: 60).isCandidate)
        XCTAssertTrue(frame(width: 140).isCandidate)
        XCTAssertFalse(frame(width: 141).isCandidate)
        XCTAssertFalse(frame(width: 600).isCandidate)
        XCTAssertFalse(frame(width: 13).isCandidate)  // narrower than half its height: a line in another direction
    }

    /// A thin band beside a thick one (an accent row over capitals, a descender row, an underline) is not a line.
    func testUnbalancedBandsAreOneLine() {
        var accent = [Double](repeating: 0, count: 30)
        for r in 4..<6 { accent[r] = 60 }     // accents
        for r in 8..<24 { accent[r] = 100 }   // capitals
        XCTAssertNil(StackedLineSplitter.cut(profile: accent, rowHeight: 1, minimumBand: 5))
        var two = [Double](repeating: 0, count: 30)
        for r in 3..<13 { two[r] = 100 }
        for r in 15..<25 { two[r] = 90 }
        XCTAssertNotNil(StackedLineSplitter.cut(profile: two, rowHeight: 1, minimumBand: 5))
    }

    /// Synthetic print: text as rows of 1-px vertical strokes. A cell of two 9-px lines one pixel apart, among
    /// single-line boxes 14 px high, is split at the gap into two boxes of the cell's width and angle; a 20-px line
    /// (large type), a line with a 2-px accent row over it, and a narrow box running down the page stay whole.
    func testSplitsTwoStackedLinesOnly() throws {
        var page = GrayImage(width: 400, height: 200, fill: 230)
        func strokes(x: Range<Int>, y: Range<Int>) {
            for yy in y { for xx in x where xx % 3 == 0 { page.pixels[yy * page.stride + xx] = 20 } }
        }
        strokes(x: 20..<120, y: 20..<29)     // a row name, one line
        strokes(x: 20..<120, y: 40..<49)
        strokes(x: 200..<240, y: 20..<29)    // the cell: two lines, gap row 29
        strokes(x: 200..<240, y: 30..<39)
        strokes(x: 20..<120, y: 100..<120)   // large type
        strokes(x: 200..<260, y: 100..<102)  // accents...
        strokes(x: 200..<260, y: 104..<116)  // ...over capitals
        strokes(x: 300..<306, y: 60..<160)   // print running down the page
        let lines = [box(16, 16, 124, 32), box(16, 36, 124, 52), box(16, 56, 124, 70), box(16, 72, 124, 86)]
        let cell = box(196, 16, 244, 43)
        let large = box(16, 96, 124, 124), accented = box(196, 94, 264, 122), vertical = box(296, 56, 310, 164)
        let out = StackedLineSplitter.split(lines + [cell, large, accented, vertical],
                                            image: ImageSource(.gray(page), bgr: false))
        XCTAssertEqual(out.count, lines.count + 5)
        XCTAssertEqual(Array(out.prefix(4)), lines)
        let (upper, lower) = (out[4].corners, out[5].corners)
        XCTAssertEqual(upper[0], SIMD2(196, 16))
        XCTAssertEqual(upper[1].x, 244, accuracy: 1e-9)
        XCTAssertEqual(lower[3].x, 196, accuracy: 1e-9)
        XCTAssertEqual(lower[3].y, 43, accuracy: 1e-9)
        // The cut lies in the gap (row 29.5): the upper box ends, the lower begins, within the margins round it.
        XCTAssertGreaterThan(upper[3].y, 29.5)
        XCTAssertLessThan(upper[3].y, 33)
        XCTAssertLessThan(lower[0].y, 29.5)
        XCTAssertGreaterThan(lower[0].y, 26)
        XCTAssertEqual(Array(out.suffix(3)), [large, accented, vertical])
    }

    /// A stacked cell on a page turned a quarter (its lines run down the image) is split across the page's text
    /// direction, with the corners still in PaddleOCR's order.
    func testSplitsAcrossTheTextDirectionOfATurnedPage() {
        var page = GrayImage(width: 200, height: 400, fill: 230)
        func strokes(x: Range<Int>, y: Range<Int>) {
            for yy in y where yy % 3 == 0 { for xx in x { page.pixels[yy * page.stride + xx] = 20 } }
        }
        strokes(x: 20..<29, y: 20..<120)
        strokes(x: 40..<49, y: 20..<120)
        strokes(x: 20..<29, y: 200..<240)
        strokes(x: 30..<39, y: 200..<240)
        let lines = [box(16, 16, 32, 124), box(36, 16, 52, 124), box(56, 16, 70, 124)]
        let out = StackedLineSplitter.split(lines + [box(16, 196, 43, 244)], image: ImageSource(.gray(page), bgr: false))
        XCTAssertEqual(out.count, 5)
        let xs = out.suffix(2).map { $0.corners.map(\.x) }
        XCTAssertEqual(xs[0].min()!, 16, accuracy: 1e-9)
        XCTAssertLessThan(xs[0].max()!, 33)
        XCTAssertGreaterThan(xs[1].min()!, 26)
        XCTAssertEqual(xs[1].max()!, 43, accuracy: 1e-9)
        for b in out { XCTAssertEqual(b.corners, Geometry.orderClockwise(b.corners)) }
    }

    /// A rendered table of the class (Fixtures/stacked_cells.jpg: `scripts/generate-testimages.py --classes --layout
    /// stacked --count 1 --seed 2301`, DejaVu Sans 12 px, leading 0.95, light on green, 421 x 264): read at its own
    /// size, each two-line cell's amounts come out as lines of their own; with the split off, the detector's boxes
    /// hold both lines and the carbohydrate and sugars amounts are not in the text.
    func testReadsTheLinesOfRenderedTwoLineCells() throws {
        let image = try FixtureSupport.image(FixtureSupport.url("stacked_cells.jpg"))
        func texts(_ split: Bool) throws -> Set<String> {
            let options = TextReadOptions(detectorLongSide: 416, splitsStackedLines: split)
            return Set(try FixtureSupport.reader.read(image, options: options).map { $0.text.replacingOccurrences(of: " ", with: "") })
        }
        // The amount opens a line of its own (its unit may be misread: PP-OCRv6 tiny reads a "g" after digits as
        // 9 or 8, which the grammar handles, docs/scanner.md).
        func opens(_ lines: Set<String>, _ amount: String) -> Bool {
            lines.contains { $0.hasPrefix(amount) && $0.count <= amount.count + 4 && !$0.dropFirst(amount.count).hasPrefix(".") }
        }
        let split = try texts(true), whole = try texts(false)
        XCTAssertEqual(["2071", "494", "23", "9.2", "66", "7.2"].filter { !opens(split, $0) }, [], "\(split.sorted())")
        // Whole, the carbohydrate cell reads as neither of its lines (the fat cells read "239" and "9.29").
        XCTAssertEqual(["66", "7.2"].filter { opens(whole, $0) }, [], "\(whole.sorted())")
    }

    /// An axis-aligned box from (`x0`, `y0`) to (`x1`, `y1`), corners in PaddleOCR's order.
    private func box(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> DetectedBox {
        DetectedBox(corners: [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x1, y1), SIMD2(x0, y1)], score: 0.9)
    }
}
