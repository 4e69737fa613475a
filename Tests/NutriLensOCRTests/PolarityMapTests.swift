import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// Light-on-dark text found on the survey (`PolarityMap`) and `OCRReadOptions.Polarity`: the page is inverted
/// only where such text is, and Tesseract's own per-line inverted retry runs only on pages that have it.
final class PolarityMapTests: XCTestCase {
    /// A `width`×`height` page of `paper` grey with rows of glyph-sized `ink` strokes (4 px wide, 12 px high, gaps
    /// of 6 px, a row every 24 px) inside `rect`.
    private func page(width: Int, height: Int, paper: UInt8, ink: UInt8, rect: PixelRect,
                      panel: UInt8? = nil) -> GrayImage {
        var image = GrayImage(width: width, height: height, fill: paper)
        for y in rect.y..<rect.y + rect.height { for x in rect.x..<rect.x + rect.width { image[x, y] = panel ?? paper } }
        var row = rect.y + 8
        while row + 12 < rect.y + rect.height - 8 {
            var x = rect.x + 8
            while x + 4 < rect.x + rect.width - 8 {
                for y in row..<row + 12 { for dx in 0..<4 { image[x + dx, y] = ink } }
                x += 10
            }
            row += 24
        }
        return image
    }

    func testDarkInkOnLightPaperIsLeftAlone() {
        let image = page(width: 480, height: 360, paper: 235, ink: 25, rect: PixelRect(x: 20, y: 20, width: 440, height: 320))
        let map = PolarityMap(survey: image)
        XCTAssertEqual(map.textCells, 0)
        XCTAssertEqual(map.invertedFraction, 0)
        XCTAssertEqual(map.lightGlyphs(in: image), 0)
    }

    /// A dark surface with scattered highlights (a table top, a pack's dark print) has textured dark cells but no
    /// light glyphs in rows: not light-on-dark text.
    func testDarkTextureWithHighlightsIsNotText() {
        var image = GrayImage(width: 480, height: 360, fill: 40)
        var seed: UInt64 = 12345
        for _ in 0..<900 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let x = Int(seed >> 33) % 470, y = Int(seed >> 13) % 350
            let side = 2 + Int(seed >> 50) % 9
            for dy in 0..<side where y + dy < 360 { for dx in 0..<(side / 2 + 1) where x + dx < 480 { image[x + dx, y + dy] = 230 } }
        }
        let map = PolarityMap(survey: image)
        XCTAssertGreaterThan(map.textCells, 0, "the cells alone flag it")
        XCTAssertLessThan(map.lightGlyphs(in: image), PolarityMap.minimumGlyphs)
    }

    func testWhiteTextOnADarkPanelIsFound() {
        // A red-like panel (grey 70) with white strokes in the middle of a white page.
        let panel = PixelRect(x: 120, y: 96, width: 360, height: 240)
        let image = page(width: 600, height: 432, paper: 240, ink: 235, rect: panel, panel: 70)
        let map = PolarityMap(survey: image)
        XCTAssertGreaterThanOrEqual(map.textCells, PolarityMap.minimumGroup)
        let side = PolarityMap.cellSide
        XCTAssertTrue(map.inverted[(panel.y / side + 4) * map.columns + panel.x / side + 6], "a cell inside the panel")
        XCTAssertFalse(map.inverted[1 * map.columns + 1], "a cell of the white page outside it")
        XCTAssertGreaterThan(map.invertedFraction, 0.2)
        XCTAssertLessThan(map.invertedFraction, 0.6)
        XCTAssertGreaterThanOrEqual(map.lightGlyphs(in: image), PolarityMap.minimumGlyphs)

    }

    func testPercentilesOfAHistogram() {
        var histogram = [UInt32](repeating: 0, count: 256)
        histogram[10] = 10; histogram[100] = 80; histogram[250] = 10
        let (p5, p50, p95) = PolarityMap.percentiles(histogram)
        XCTAssertEqual(p5, 10); XCTAssertEqual(p50, 100); XCTAssertEqual(p95, 250)
        XCTAssertTrue(PolarityMap.percentiles([UInt32](repeating: 0, count: 256)) == (0, 0, 0))
    }

    /// A white-on-black label: with the retry gated by the map (`.lineRetryWhereFound`) it is found and read like
    /// Tesseract's retry reads it; the same label dark-on-light gets no retry and a polarity pass finding nothing.
    func testGatedRetryReadsAnInvertedLabelAndSkipsAPlainOne() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        var options = OCRReadOptions.unlimited
        options.polarity = .lineRetryWhereFound
        let plain = try SharedReaders.english.read(label.image, options: options)
        XCTAssertEqual(plain.timings.passes.first?.kind, .polarity)
        XCTAssertEqual(plain.timings.passes.first?.words, 0, "no light-on-dark text on a black-on-white label")
        XCTAssertNotNil(plain.tableRegion)

        let negative = try SharedReaders.english.read(label.image.inverted(), options: options)
        XCTAssertGreaterThanOrEqual(negative.timings.passes.first?.words ?? 0, PolarityMap.minimumGlyphs)
        XCTAssertNotNil(negative.tableRegion, "\(negative.text)")
        XCTAssertTrue(negative.text.contains("Protein") || negative.text.contains("Energy"), negative.text)
    }

    /// The scanner's set-up for the gate: every page read by engines loaded without the retry, a page with
    /// light-on-dark text by the `invertingPool`, whose engines have it (the variable only works at engine load).
    func testFlaggedPageIsReadByTheInvertingPool() throws {
        var off = OCRConfiguration(); off.tesseractVariables = ["tessedit_do_invert": "0"]
        var on = OCRConfiguration(); on.tesseractVariables = ["tessedit_do_invert": "1"]
        let reader = NutritionOCR(pool: try OCREnginePool(configuration: off, capacity: 1),
                                  invertingPool: try OCREnginePool(configuration: on, capacity: 1))
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        var options = OCRReadOptions.unlimited
        options.polarity = .lineRetryWhereFound
        let negative = try reader.read(label.image.inverted(), options: options)
        XCTAssertNotNil(negative.tableRegion, negative.text)
        let plain = try reader.read(label.image, options: options)
        XCTAssertNotNil(plain.tableRegion, plain.text)
        XCTAssertEqual(plain.timings.passes.first?.words, 0)
        XCTAssertEqual(negative.lightOnDark, true)
        XCTAssertEqual(plain.lightOnDark, false)

        // A later read of the same photo takes the verdict instead of checking again, and is read alike.
        options.knownLightOnDark = negative.lightOnDark
        let again = try reader.read(label.image.inverted(), options: options)
        XCTAssertFalse(again.timings.passes.contains { $0.kind == .polarity }, "\(again.timings.passes)")
        XCTAssertEqual(again.lightOnDark, true)
        XCTAssertEqual(again.words.map(\.text), negative.words.map(\.text))
    }
}
