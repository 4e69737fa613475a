import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// `OCRReadOptions.region`: a later reading of a photo reads only the table an earlier reading located
/// (docs/ocr.md, "Session 6"), and `OCRPage.replacingRegion(_:with:)` merges it into the earlier whole reading.
final class RegionReadTests: XCTestCase {
    private func regionOptions(_ region: OCRReadRegion, orientation: PageOrientation) -> OCRReadOptions {
        var options = OCRReadOptions.unlimited
        options.region = region
        options.knownOrientation = orientation
        return options
    }

    private func assertTableRead(_ page: OCRPage, label: RenderedLabel, placed: PixelRect, region: PixelRect,
                                 file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(page.words.isEmpty, file: file, line: line)
        for w in page.words {
            XCTAssertNotNil(region.intersection(w.box), "\(w.text) \(w.box) outside \(region)", file: file, line: line)
        }
        XCTAssertFalse(page.words.contains { $0.text.hasPrefix("Ingredients") }, page.text, file: file, line: line)
        // Boxes in the original image's pixels: the salt value where the label was pasted.
        let salt = label.words.first { $0.text == "0.45" }!
        XCTAssertTrue(page.words.contains {
            $0.text.hasPrefix("0.45") && abs($0.box.x - (salt.box.x + placed.x)) <= 3
                && abs($0.box.y - (salt.box.y + placed.y)) <= 3
        }, page.words.map { "\($0.text)@\($0.box.x),\($0.box.y)" }.joined(separator: " "), file: file, line: line)
        XCTAssertTrue(page.anchors.contains { $0.text == "Energy" }, file: file, line: line)
        // One recognition of the region, no page pass.
        XCTAssertEqual(page.timings.passes.filter { $0.kind != .polarity }.map(\.kind), [.region], file: file, line: line)
    }

    func testRegionReadReturnsOnlyTheRegionsWordsInOriginalPixels() throws {
        let (canvas, label, placed) = try labelUnderIngredients(x: 700, y: 650)
        let region = placed.insetClipped(dx: 12, dy: 12, width: canvas.width, height: canvas.height)
        // No anchors given: the region's x-height is estimated from its pixels.
        let page = try SharedReaders.english.read(canvas, options: regionOptions(OCRReadRegion(rect: region),
                                                                                orientation: .upright))
        assertTableRead(page, label: label, placed: placed, region: region)
        XCTAssertEqual(page.tableRegion, region)
        XCTAssertEqual(page.orientation, .upright)
        XCTAssertEqual(page.xHeight, Double(label.meta.xHeight), accuracy: 3)
    }

    func testRegionReadOfATurnedPhotoMapsBoxesBackToThePhoto() throws {
        let (canvas, label, placed) = try labelUnderIngredients(x: 700, y: 650)
        // The canvas photographed a quarter turn clockwise; the region and truth boxes turn with it.
        let turned = rotate(canvas, quarterTurns: 1)
        let turnedPlaced = rotate(placed, width: canvas.width, height: canvas.height, quarterTurns: 1)
        let region = turnedPlaced.insetClipped(dx: 12, dy: 12, width: turned.width, height: turned.height)
        let page = try SharedReaders.english.read(turned, options: regionOptions(OCRReadRegion(rect: region),
                                                                                orientation: .clockwise90))
        XCTAssertEqual(page.orientation, .clockwise90)
        for w in page.words { XCTAssertNotNil(region.intersection(w.box), "\(w.text) outside") }
        let salt = label.words.first { $0.text == "0.45" }!
        let saltBox = rotate(PixelRect(x: salt.box.x + placed.x, y: salt.box.y + placed.y, width: salt.box.width,
                                       height: salt.box.height), width: canvas.width, height: canvas.height, quarterTurns: 1)
        XCTAssertTrue(page.words.contains {
            // Turned clockwise, the printed word's start is its top and the glyph tops its right edge; the "g" of
            // "0.45g" reaches further down and left.
            $0.text.hasPrefix("0.45") && abs($0.box.maxX - saltBox.maxX) <= 3 && abs($0.box.y - saltBox.y) <= 3
        }, page.words.map { "\($0.text)@\($0.box)" }.joined(separator: " "))
        // Lines run along the upright rows: the salt row holds the name and both values.
        let saltLine = try XCTUnwrap(page.lines.first { $0.words.first?.text == "Salt" }, page.text)
        XCTAssertGreaterThanOrEqual(saltLine.words.count, 3, saltLine.text)
    }

    func testRegionAndScaleComeFromTheAnchorsOfAnEarlierReading() throws {
        let (canvas, label, placed) = try labelUnderIngredients(x: 700, y: 650)
        let whole = try SharedReaders.english.read(canvas, options: .unlimited)
        let region = try XCTUnwrap(OCRReadRegion(table: whole))
        XCTAssertEqual(region.rect, whole.tableRegion)
        XCTAssertFalse(region.anchors.isEmpty)
        let page = try SharedReaders.english.read(canvas, options: regionOptions(region, orientation: .upright))
        assertTableRead(page, label: label, placed: placed, region: region.rect)
        // The whole page's words outside the table and the region read's inside it.
        let merged = whole.replacingRegion(region.rect, with: page)
        XCTAssertTrue(merged.words.contains { $0.text.hasPrefix("Ingredients") }, merged.text)
        XCTAssertEqual(merged.words.filter { $0.liesMostlyInside(region.rect) }.count, page.words.count)
    }
}

/// `OCRPage.replacingRegion(_:with:)` on hand-made pages (no Tesseract).
final class RegionMergeTests: XCTestCase {
    private func word(_ text: String, _ x: Int, _ y: Int, _ w: Int = 60, line: Int, block: Int = 0) -> OCRWord {
        OCRWord(text: text, box: PixelRect(x: x, y: y, width: w, height: 20), confidence: 0.9, blockID: block, lineID: line)
    }

    private func page(_ words: [OCRWord], region: PixelRect?, orientation: PageOrientation = .upright) -> OCRPage {
        let (ws, lines) = LineAssembly.assemble(words.map { (key: $0.lineID, block: $0.blockID, word: $0) })
        return OCRPage(imageWidth: 1000, imageHeight: 800, words: ws, lines: lines, tableRegion: region,
                       anchors: [], orientation: orientation, xHeight: 11, timings: OCRTimings())
    }

    func testOutsideWordsComeFromTheFirstReadingAndInsideWordsFromTheRegionRead() {
        let region = PixelRect(x: 400, y: 300, width: 400, height: 300)
        let first = page([
            word("Ingredients:", 50, 100, line: 0),
            word("Fat", 420, 320, line: 1, block: 1), word("3.8g", 600, 320, line: 1, block: 1),
            // On the salt row but 3/4 outside the region: stays.
            word("Salt", 370, 560, 40, line: 2, block: 1),
            word("Best", 50, 700, line: 3, block: 2),
        ], region: region)
        var read = page([word("Fat", 420, 320, line: 0), word("3.9g", 600, 320, line: 0),
                         word("0.4g", 600, 560, line: 1)], region: region)
        read.timings.passes = [OCRPass(kind: .region, pageSegmentationMode: 11, width: 500, height: 380, words: 3,
                                       cpuSeconds: 0.2)]
        let merged = first.replacingRegion(region, with: read)
        XCTAssertEqual(Set(merged.words.map(\.text)), ["Ingredients:", "Fat", "3.9g", "Salt", "0.4g", "Best"])
        XCTAssertEqual(merged.words.filter { $0.text == "Fat" }.count, 1)
        XCTAssertEqual(merged.lines.map(\.text), ["Ingredients:", "Fat 3.9g", "0.4g", "Salt", "Best"])
        XCTAssertEqual(merged.tableRegion, region)
        XCTAssertEqual(merged.timings.passes.map(\.kind), [.region])
        XCTAssertEqual(merged.words, merged.lines.flatMap(\.words))
    }

    func testTheRegionTheReadCoveredWinsOverTheOneAskedFor() {
        // A cleaned re-read widened the region read to the right: the first reading's value column there goes too.
        let asked = PixelRect(x: 400, y: 300, width: 200, height: 100)
        let covered = PixelRect(x: 400, y: 300, width: 500, height: 100)
        let first = page([word("Fat", 420, 320, line: 0), word("3.8g", 700, 320, line: 0)], region: asked)
        let read = page([word("Fat", 420, 320, line: 0), word("3.9g", 700, 320, line: 0)], region: covered)
        let merged = first.replacingRegion(asked, with: read)
        XCTAssertEqual(merged.words.map(\.text), ["Fat", "3.9g"])
        XCTAssertEqual(merged.tableRegion, covered)
    }

    /// A later reading reads the region at the scale the page's own table re-read used (else its page pass), not at
    /// its anchors' size.
    func testRegionOfAPageTakesItsTableReReadsScale() throws {
        let region = PixelRect(x: 400, y: 300, width: 400, height: 100)
        var upright = page([word("Energy", 420, 320, line: 0)], region: region)
        upright.anchors = upright.words
        upright.timings.passes = [
            OCRPass(kind: .page, pageSegmentationMode: 11, width: 1000, height: 800, words: 1, cpuSeconds: 0.3),
            OCRPass(kind: .table, pageSegmentationMode: 11, width: 1000, height: 250, words: 1, cpuSeconds: 0.1),
        ]
        let read = try XCTUnwrap(OCRReadRegion(table: upright))
        XCTAssertEqual(read.rect, region)
        XCTAssertEqual(try XCTUnwrap(read.scale), 2.5, accuracy: 1e-9)
        XCTAssertEqual(read.anchors.map(\.text), ["Energy"])
        // Turned a quarter, the region's upright height is its width in the photo.
        var turned = upright
        turned.orientation = .clockwise90
        XCTAssertEqual(try XCTUnwrap(OCRReadRegion(table: turned)?.scale), 250.0 / 400, accuracy: 1e-9)
        // Without a table re-read, the page pass's scale (its 800 px high image of an 800 px page); without any
        // pass, the anchors'; without a region there is nothing to read.
        upright.timings.passes.removeLast()
        upright.timings.passes[0].height = 400
        XCTAssertEqual(try XCTUnwrap(OCRReadRegion(table: upright)?.scale), 0.5, accuracy: 1e-9)
        upright.timings.passes.removeAll()
        XCTAssertNil(OCRReadRegion(table: upright)?.scale)
        upright.tableRegion = nil
        XCTAssertNil(OCRReadRegion(table: upright))
        XCTAssertNil(OCRReadRegion(rect: region, scale: -1).scale, "a scale that is not positive is none")
    }
}
