import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// `WholeTableCheck` on word layouts taken from the rendered medium label's truth boxes (no Tesseract): which
/// located regions hold the whole table, how they grow, and when the whole page must be read.
final class WholeTableCheckTests: XCTestCase {
    /// The label's words as a first reading would give them, moved by (`dx`, `dy`); one Tesseract line per
    /// printed line.
    private func labelWords(dx: Int = 100, dy: Int = 100) throws -> [OCRWord] {
        try RenderedLabel.load("label_en_dejavu_medium").meta.words.map {
            OCRWord(text: $0.text, box: PixelRect(x: $0.box[0] + dx, y: $0.box[1] + dy, width: $0.box[2], height: $0.box[3]),
                    confidence: 0.9, blockID: 0, lineID: $0.line)
        }
    }

    private func page(_ words: [OCRWord], region: PixelRect?, width: Int = 1000, height: Int = 1000,
                      orientation: PageOrientation = .upright) -> OCRPage {
        let lines = Dictionary(grouping: words, by: \.lineID).sorted { $0.key < $1.key }
            .map { OCRLine(words: $0.value, lineID: $0.key, blockID: 0) }
        return OCRPage(imageWidth: width, imageHeight: height, words: words, lines: lines, tableRegion: region,
                       anchors: [], orientation: orientation, xHeight: 12, timings: OCRTimings())
    }

    /// The union of the boxes of `words` on the label's printed lines `lines`, grown by `margin` on each side.
    private func box(of words: [OCRWord], lines: ClosedRange<Int>, margin: Int = 12) -> PixelRect {
        let chosen = words.filter { lines.contains($0.lineID) }.map(\.box)
        let u = chosen.dropFirst().reduce(chosen[0]) { $0.union($1) }
        return PixelRect(x: u.x - margin, y: u.y - margin, width: u.width + 2 * margin, height: u.height + 2 * margin)
    }

    func testAWholeTableIsAcceptedAsLocated() throws {
        let words = try labelWords()
        // Title to salt row plus the 12 px margin TableLocator adds: x 120...635, y 125...521.
        let region = box(of: words, lines: 0...10)
        XCTAssertEqual(region, PixelRect(x: 120, y: 125, width: 515, height: 396))
        // An ingredients line just below whose numbers are not in a value column does not grow it.
        let ingredients = [OCRWord(text: "Wheat", box: PixelRect(x: 134, y: 530, width: 60, height: 17), confidence: 0.9, blockID: 1, lineID: 20),
                           OCRWord(text: "flour", box: PixelRect(x: 200, y: 530, width: 50, height: 17), confidence: 0.9, blockID: 1, lineID: 20),
                           OCRWord(text: "45%", box: PixelRect(x: 256, y: 530, width: 36, height: 17), confidence: 0.9, blockID: 1, lineID: 20)]
        XCTAssertEqual(WholeTableCheck().check(page(words + ingredients, region: region)), .whole(region))
    }

    func testRowsContinuingBelowGrowTheRegionToTheLastRow() throws {
        let words = try labelWords()
        // Located from the title down to "of which saturates": five rows are below its bottom edge (y 346).
        let located = box(of: words, lines: 0...5)
        XCTAssertEqual(located.maxY, 346)
        let verdict = WholeTableCheck().check(page(words, region: located))
        let grown = try XCTUnwrap(verdict.rect, "\(verdict)")
        XCTAssertNotEqual(grown, located, "the located region is not the whole table")
        // Down to the salt row ("Salt", "0.45", "0.14" end at y 504) plus half a line height (9 px); sides unchanged.
        XCTAssertEqual(grown, PixelRect(x: located.x, y: located.y, width: located.width, height: 513 - located.y))
        let salt = try XCTUnwrap(words.first { $0.text == "0.14" })
        XCTAssertTrue(salt.liesMostlyInside(grown))
        // Grown past what the page can save, the whole page is read instead.
        var tight = WholeTableCheck()
        tight.maximumPageShare = 0.15
        XCTAssertEqual(tight.check(page(words, region: located)), .incomplete(.tooLarge))
    }

    func testAHeaderAboveTheRegionIsTakenIn() throws {
        let words = try labelWords()
        // Located from the energy row down: "per 100 g" / "per 30 g" (y 173...194) lie above its top edge (y 195).
        let located = box(of: words, lines: 2...10)
        XCTAssertEqual(located.y, 195)
        let grown = try XCTUnwrap(WholeTableCheck().check(page(words, region: located)).rect)
        for header in words where header.lineID == 1 && header.text != "Typical" && header.text != "values" {
            XCTAssertTrue(header.liesMostlyInside(grown), "\(header.text) \(header.box) outside \(grown)")
        }
        // Once the header is in, the title one row above it is within a row pitch of the edge: up to "Nutrition"
        // (y 137) less half a line height.
        XCTAssertEqual(grown.y, 128)
        XCTAssertEqual(grown.maxY, located.maxY)
        // Without headers or titles above, nothing to take: the located region stands.
        let rowsOnly = words.filter { $0.lineID >= 2 }
        XCTAssertEqual(WholeTableCheck().check(page(rowsOnly, region: located)), .whole(located))
    }

    func testAnUnreadableHeaderOverTheValueColumnsIsTakenIn() throws {
        let rows = try labelWords().filter { $0.lineID >= 2 }
        let located = box(of: rows, lines: 2...10)
        XCTAssertEqual(located.y, 195)
        // The header row read as garbage, right above the top edge, over the per-100 g (x 394...465) and the
        // per-serving (x 555...602) values; a word above the names (x 140) is no column's header.
        let garbled = [OCRWord(text: "[tase", box: PixelRect(x: 420, y: 170, width: 50, height: 25), confidence: 0.3, blockID: 0, lineID: 1),
                       OCRWord(text: "rite", box: PixelRect(x: 560, y: 170, width: 40, height: 25), confidence: 0.3, blockID: 0, lineID: 1)]
        let name = OCRWord(text: "Typ1cal", box: PixelRect(x: 140, y: 120, width: 70, height: 22), confidence: 0.3, blockID: 0, lineID: 1)
        let grown = try XCTUnwrap(WholeTableCheck().check(page(rows + garbled + [name], region: located)).rect)
        // Up to the garbled words' top (170) less half a line height (9 px); "Typ1cal" stays out.
        XCTAssertEqual(grown, PixelRect(x: located.x, y: 161, width: located.width, height: located.maxY - 161))
        XCTAssertFalse(name.liesMostlyInside(grown))
    }

    func testAValueColumnBesideTheRegionIsTakenInWithItsUnits() throws {
        let words = try labelWords()
        // Names and the per-100 g column only: the right edge (x 500) cuts off the per-serving values at x 555...623.
        var located = box(of: words, lines: 0...10)
        located.width = 500 - located.x
        let grown = try XCTUnwrap(WholeTableCheck().check(page(words, region: located)).rect)
        for word in words where word.lineID >= 2 {
            XCTAssertTrue(word.liesMostlyInside(grown), "\(word.text) \(word.box) outside \(grown)")
        }
        // The units "g" / "kJ" of the serving column end at x 622, "kcal" at 623: plus 9 px.
        XCTAssertEqual(grown.maxX, 632)
    }

    func testTooFewNamedRowsOrNoRegionMeanTheWholePage() throws {
        let words = try labelWords()
        XCTAssertEqual(WholeTableCheck().check(page(words, region: nil)), .incomplete(.noRegion))
        // Title, header and the energy rows only: "Energy 1569 kJ" and "373 kcal" are two named rows.
        let top = words.filter { $0.lineID <= 3 }
        XCTAssertEqual(WholeTableCheck().check(page(top, region: box(of: top, lines: 0...3))), .incomplete(.fewRows))
        var lenient = WholeTableCheck()
        lenient.minimumNamedRows = 2
        XCTAssertNotNil(lenient.check(page(top, region: box(of: top, lines: 0...3))).rect)
    }

    /// A photo turned a quarter: the check runs on the upright page and returns the region in the photo's pixels.
    func testATurnedPhotoGivesTheSameRegionTurned() throws {
        let words = try labelWords()
        let located = box(of: words, lines: 0...5)
        let upright = try XCTUnwrap(WholeTableCheck().check(page(words, region: located, width: 1000, height: 800)).rect)
        // Photographed a quarter turn clockwise: a 1000 × 800 upright page is a 800 × 1000 photo.
        let turnedWords = words.map { w -> OCRWord in
            var t = w
            t.box = rotate(w.box, width: 1000, height: 800, quarterTurns: 1)
            return t
        }
        let turned = page(turnedWords, region: rotate(located, width: 1000, height: 800, quarterTurns: 1),
                          width: 800, height: 1000, orientation: .clockwise90)
        XCTAssertEqual(WholeTableCheck().check(turned), .whole(rotate(upright, width: 1000, height: 800, quarterTurns: 1)))
    }
}

/// `WholeTableCheck` on a real first reading (Tesseract) of the rendered label pasted under an ingredients
/// paragraph, then a region read of what it accepts.
final class WholeTableRegionReadTests: XCTestCase {
    func testARegionCutAboveTheLastRowsGrowsBackAndReadsTheWholeTable() throws {
        let (canvas, label, placed) = try labelUnderIngredients(x: 700, y: 650)
        let whole = try SharedReaders.english.read(canvas, options: .unlimited)
        let located = try XCTUnwrap(whole.tableRegion, whole.text)
        // The located region holds the table: accepted, and it does not reach up into the ingredients (y < 400).
        let accepted = try XCTUnwrap(WholeTableCheck().check(whole).rect)
        XCTAssertGreaterThan(accepted.y, 400)
        XCTAssertEqual(accepted.intersection(located), located)
        // The same page with its region cut off above the protein row (label y 352): grown back over the
        // protein and salt rows, still clear of the ingredients.
        var cut = whole
        cut.tableRegion = PixelRect(x: located.x, y: located.y, width: located.width, height: placed.y + 340 - located.y)
        let grown = try XCTUnwrap(WholeTableCheck().check(cut).rect)
        let saltRow = label.meta.words.filter { $0.line == 10 }
            .map { PixelRect(x: $0.box[0] + placed.x, y: $0.box[1] + placed.y, width: $0.box[2], height: $0.box[3]) }
        for box in saltRow { XCTAssertEqual(grown.intersection(box), box, "salt row word \(box) outside \(grown)") }
        XCTAssertGreaterThan(grown.y, 400)
        // Read alone at the scale the first reading read it, the grown region gives the salt row's values.
        var region = try XCTUnwrap(OCRReadRegion(table: cut))
        region.rect = grown
        var options = OCRReadOptions.unlimited
        options.region = region
        options.knownOrientation = .upright
        let page = try SharedReaders.english.read(canvas, options: options)
        XCTAssertEqual(page.timings.passes.filter { $0.kind != .polarity }.map(\.kind).first, .region)
        XCTAssertTrue(page.words.contains { $0.text.hasPrefix("0.45") }, page.text)
        XCTAssertTrue(page.words.contains { $0.text.hasPrefix("0.14") }, page.text)
        XCTAssertFalse(page.words.contains { $0.text.hasPrefix("Ingredients") }, page.text)
        let rows = TableGeometry(words: page.words).rows.filter(WholeTableCheck.isNamedRow)
        XCTAssertGreaterThanOrEqual(rows.count, 9, rows.map(\.text).joined(separator: "\n"))
    }
}
