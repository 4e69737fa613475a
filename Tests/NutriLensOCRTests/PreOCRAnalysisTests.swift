import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// The steps that run before recognition: text-size estimate, turned-page hint, and the g/9 fix after it.
final class PreOCRAnalysisTests: XCTestCase {
    func testXHeightEstimateTracksRenderedSizes() throws {
        for name in ["label_en_dejavu_small", "label_en_dejavu_medium", "label_en_dejavu_large", "label_en_serif"] {
            let label = try RenderedLabel.load(name)
            let e = try XCTUnwrap(TextSizeEstimator.estimate(label.image), name)
            // Within 25 % of the font's true x-height is enough to land in Tesseract's 20–30 px band; at 6 px,
            // anti-aliasing moves glyph edges by a pixel, so allow 2 px there.
            XCTAssertEqual(e.xHeight, Double(label.meta.xHeight), accuracy: max(2, 0.25 * Double(label.meta.xHeight)), name)
            XCTAssertFalse(e.looksTurned, name)
        }
    }

    func testQuarterTurnedTextLooksTurnedAndHalfTurnedDoesNot() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        for turns in 1...3 {
            let e = try XCTUnwrap(TextSizeEstimator.estimate(rotate(label.image, quarterTurns: turns)))
            XCTAssertEqual(e.looksTurned, turns != 2, "turned \(turns * 90)°")
            XCTAssertEqual(e.xHeight, Double(label.meta.xHeight), accuracy: 0.25 * Double(label.meta.xHeight))
        }
    }

    func testBlankAndSpeckleImagesHaveNoTextSize() {
        XCTAssertNil(TextSizeEstimator.estimate(GrayImage(width: 400, height: 300)))
        // Isolated dots on a grid: components, but no line of similar neighbours.
        var dots = GrayImage(width: 400, height: 300)
        for y in stride(from: 10, to: 290, by: 40) { for x in stride(from: 10, to: 390, by: 40) {
            for dy in 0..<4 { for dx in 0..<4 { dots[x + dx, y + dy] = 0 } }
        } }
        XCTAssertNil(TextSizeEstimator.estimate(dots))
    }

    /// A word with per-character boxes: digits 0...`capTop`-`baseline`, the last glyph at `lastTop`-`lastBottom`.
    private func word(_ text: String, x: Int, lastTop: Int, lastBottom: Int, line: Int = 0) -> RawWord {
        var syms: [(text: String, box: PixelRect)] = []
        for (i, ch) in text.enumerated() {
            let isLast = i == text.count - 1
            let top = isLast ? lastTop : (ch == "." ? 26 : 10), bottom = isLast ? lastBottom : 30
            syms.append((String(ch), PixelRect(x: x + 12 * i, y: top, width: 10, height: bottom - top)))
        }
        return RawWord(text: text, box: PixelRect(x: x, y: 10, width: 12 * text.count, height: 26), confidence: 0.8,
                       block: 0, line: line, baseline: nil, symbols: syms)
    }

    func testTrailingNineThatDescendsFromXHeightBecomesG() {
        // "8.59" where the "9" starts at x-height (y 16) and descends to y 36: it is the unit g.
        let fixed = DescenderCorrection.apply(to: [word("8.59", x: 0, lastTop: 16, lastBottom: 36), word("120", x: 100, lastTop: 10, lastBottom: 30)])
        XCTAssertEqual(fixed.map(\.text), ["8.5g", "120"])
        // A lone "9" word after a value, same shape.
        let lone = DescenderCorrection.apply(to: [word("0.2", x: 0, lastTop: 10, lastBottom: 30), word("9", x: 60, lastTop: 16, lastBottom: 36)])
        XCTAssertEqual(lone.map(\.text), ["0.2", "g"])
    }

    func testRealNinesStay() {
        // A "9" level with its neighbours (cap height to baseline) is a digit.
        let words = [word("19", x: 0, lastTop: 10, lastBottom: 30), word("2.9", x: 60, lastTop: 11, lastBottom: 30), word("49", x: 120, lastTop: 10, lastBottom: 31)]
        XCTAssertEqual(DescenderCorrection.apply(to: words).map(\.text), ["19", "2.9", "49"])
        // Only a low top but no descent (e.g. a smaller superscript-like glyph): unchanged.
        XCTAssertEqual(DescenderCorrection.apply(to: [word("2.59", x: 0, lastTop: 16, lastBottom: 30), word("10", x: 60, lastTop: 10, lastBottom: 30)]).map(\.text),
                       ["2.59", "10"])
    }
}
