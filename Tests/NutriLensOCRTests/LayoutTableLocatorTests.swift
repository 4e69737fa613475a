import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// `LayoutTableLocator` and `NutritionOCR.locateTable`: the nutrition table found from Tesseract's layout alone,
/// before any word is read (docs/ocr.md, "Session 8").
final class LayoutTableLocatorTests: XCTestCase {
    // MARK: geometry on word boxes (no Tesseract)

    /// Word boxes 30 px tall: a paragraph of `lines` lines of 12 evenly spaced words starting at (`x`, `y`).
    private func paragraph(x: Int, y: Int, lines: Int) -> [PixelRect] {
        (0..<lines).flatMap { line in
            (0..<12).map { i in PixelRect(x: x + i * 70, y: y + line * 45, width: 58, height: 30) }
        }
    }

    /// A table of `rows` rows at (`x`, `y`): a name (one or two words), then two right-aligned value cells far right.
    private func table(x: Int, y: Int, rows: Int) -> [PixelRect] {
        (0..<rows).flatMap { row -> [PixelRect] in
            let top = y + row * 48
            var cells = [PixelRect(x: x, y: top, width: 110, height: 30)]
            if row % 2 == 1 { cells.append(PixelRect(x: x + 125, y: top, width: 150, height: 30)) }  // "of which sugars"
            cells.append(PixelRect(x: x + 420 - (row % 3) * 12, y: top, width: 80 + (row % 3) * 12, height: 30))
            cells.append(PixelRect(x: x + 600 - (row % 2) * 10, y: top, width: 70 + (row % 2) * 10, height: 30))
            return cells
        }
    }

    private func layout(_ boxes: [PixelRect]) -> PageLayout {
        PageLayout(blocks: [PageLayout.Block(kind: .text, box: PixelRect(x: 0, y: 0, width: 2000, height: 2000))],
                   words: boxes.enumerated().map { PageLayout.Word(box: $1, line: $0, block: 0) })
    }

    func testTableBesideAParagraphIsFoundWithoutTheParagraph() throws {
        let para = paragraph(x: 20, y: 300, lines: 8)       // x 20...848
        let rows = table(x: 1000, y: 250, rows: 8)          // x 1000...1670, y 250...616
        let found = try XCTUnwrap(LayoutTableLocator().locate(layout(para + rows), width: 1800, height: 1200))
        for box in rows { XCTAssertNotNil(found.region.intersection(box).flatMap { $0 == box ? $0 : nil }, "\(box) not inside \(found.region)") }
        for box in para { XCTAssertNil(found.region.intersection(box), "paragraph word \(box) inside \(found.region)") }
        XCTAssertEqual(found.rows, 8)
        XCTAssertEqual(found.columns, 3)   // names, two value columns ("of which ..." joins the names' cells)
        XCTAssertEqual(found.rowPitch, 48, accuracy: 0.5)
        // Three row pitches above for a title and the "per 100 g" header, one and a half below.
        XCTAssertEqual(found.region.y, 250 - 144)
        XCTAssertEqual(found.region.maxY, 616 + 72)
    }

    func testTableUnderAParagraphLeavesTheParagraphOut() throws {
        let para = paragraph(x: 40, y: 30, lines: 5)         // y 30...240
        let rows = table(x: 60, y: 500, rows: 7)
        let found = try XCTUnwrap(LayoutTableLocator().locate(layout(para + rows), width: 1000, height: 1000))
        XCTAssertTrue(rows.allSatisfy { found.region.intersection($0) == $0 })
        XCTAssertFalse(para.contains { found.region.intersection($0) != nil }, "\(found.region)")
    }

    func testParagraphsAndListsAloneAreNoTable() {
        XCTAssertNil(LayoutTableLocator().locate(layout(paragraph(x: 20, y: 20, lines: 12)), width: 1000, height: 800))
        // One column of short lines (an address) is a list, not a table.
        let address = (0..<5).map { PixelRect(x: 50, y: 40 + $0 * 45, width: 180 + ($0 % 2) * 40, height: 30) }
        XCTAssertNil(LayoutTableLocator().locate(layout(address), width: 800, height: 600))
        XCTAssertNil(LayoutTableLocator().locate(layout([]), width: 800, height: 600))
    }

    func testWordsOfRulesAndPicturesAreIgnored() {
        // The table's boxes, but every one in a picture block: nothing to locate.
        var page = layout(table(x: 60, y: 60, rows: 6))
        page.blocks = [PageLayout.Block(kind: .image, box: PixelRect(x: 0, y: 0, width: 900, height: 900))]
        XCTAssertNil(LayoutTableLocator().locate(page, width: 900, height: 900))
    }

    // MARK: Tesseract's layout on a rendered label

    func testRenderedLabelUnderIngredientsIsLocatedBeforeReading() throws {
        let (canvas, label, placed) = try labelUnderIngredients(x: 700, y: 650)
        let candidate = try SharedReaders.english.locateTable(canvas, options: .unlimited)
        let region = try XCTUnwrap(candidate.region)
        for word in label.words {
            let box = PixelRect(x: word.box.x + placed.x, y: word.box.y + placed.y, width: word.box.width, height: word.box.height)
            XCTAssertEqual(region.intersection(box), box, "\(word.text) \(box) not inside \(region)")
        }
        let paragraph = try RenderedLabel.load("paragraph_ingredients")
        for word in paragraph.words {
            let box = PixelRect(x: word.box.x + 40, y: word.box.y + 30, width: word.box.width, height: word.box.height)
            XCTAssertNil(region.intersection(box), "\(word.text) inside \(region)")
        }
        // One layout call, no recognition.
        XCTAssertEqual(candidate.pass?.kind, .layout)
        XCTAssertGreaterThan(candidate.words, label.words.count / 2)
    }

    func testParagraphAloneHasNoCandidate() throws {
        let paragraph = try RenderedLabel.load("paragraph_ingredients")
        let candidate = try SharedReaders.english.locateTable(paragraph.image, options: .unlimited)
        XCTAssertNil(candidate.region)
        XCTAssertGreaterThanOrEqual(candidate.words, 20)
    }

    func testRegionFirstReadingReadsTheTableAsThePageDoes() throws {
        let (canvas, label, placed) = try labelUnderIngredients(x: 700, y: 650)
        let candidate = try SharedReaders.english.locateTable(canvas, options: .unlimited)
        var options = OCRReadOptions.unlimited
        options.region = OCRReadRegion(rect: try XCTUnwrap(candidate.region), scale: candidate.scale)
        options.knownOrientation = .upright
        let regionPage = try SharedReaders.english.read(canvas, options: options)
        let wholePage = try SharedReaders.english.read(canvas, options: .unlimited)
        // Every number of the table, read the same in both, at the same place (± 3 px).
        let values = label.words.filter { $0.text.first?.isNumber == true }
        func reading(_ page: OCRPage, _ box: PixelRect) -> String? {
            page.words.first { abs($0.box.x - (box.x + placed.x)) <= 3 && abs($0.box.y - (box.y + placed.y)) <= 3 }?.text
        }
        /// The number a word starts with ("0.45g" → "0.45"): the crop may join or drop a unit, not change a value.
        func number(_ text: String?) -> String? { text.map { String($0.prefix { $0.isNumber || $0 == "." || $0 == "," }) } }
        XCTAssertEqual(values.count, 20)
        for value in values {
            let inRegion = reading(regionPage, value.box)
            XCTAssertEqual(number(inRegion), value.text, "region read \(inRegion ?? "nothing")")
            XCTAssertEqual(number(reading(wholePage, value.box)), value.text, "page read")
        }
        // Read at the page pass's scale.
        let page = try XCTUnwrap(wholePage.timings.passes.first { $0.kind == .page })
        XCTAssertEqual(candidate.scale, Double(page.height) / Double(canvas.height), accuracy: 0.01)
        XCTAssertFalse(regionPage.words.contains { $0.text.hasPrefix("Ingredients") })
        XCTAssertEqual(regionPage.timings.passes.filter { $0.kind != .polarity }.map(\.kind), [.region])
    }

    // MARK: the layout step inside a read (OCRReadOptions.layoutLocator)

    func testReadStopsAtTheLayoutWhenItFindsATable() throws {
        let (canvas, label, placed) = try labelUnderIngredients(x: 700, y: 650)
        var options = OCRReadOptions.unlimited
        options.layoutLocator = LayoutTableLocator()
        let page = try SharedReaders.english.read(canvas, options: options)
        XCTAssertTrue(page.words.isEmpty, "no word read")
        let table = try XCTUnwrap(page.layoutTable)
        let salt = try XCTUnwrap(label.words.first { $0.text == "0.45" })
        let box = PixelRect(x: salt.box.x + placed.x, y: salt.box.y + placed.y, width: salt.box.width, height: salt.box.height)
        XCTAssertEqual(table.rect.intersection(box), box)
        XCTAssertEqual(page.timings.passes.filter { $0.kind != .polarity }.map(\.kind), [.layout])
    }

    func testWithoutATableThePagePassReusesTheLayoutAndReadsTheSameWords() throws {
        let paragraph = try RenderedLabel.load("paragraph_ingredients")
        var options = OCRReadOptions.unlimited
        options.layoutLocator = LayoutTableLocator()
        let withLayout = try SharedReaders.english.read(paragraph.image, options: options)
        let plain = try SharedReaders.english.read(paragraph.image, options: .unlimited)
        XCTAssertNil(withLayout.layoutTable)
        XCTAssertEqual(withLayout.words.map(\.text), plain.words.map(\.text))
        XCTAssertEqual(withLayout.words.map(\.box), plain.words.map(\.box))
        XCTAssertGreaterThanOrEqual(plain.words.count, 20)
        XCTAssertEqual(withLayout.timings.passes.filter { $0.kind != .polarity }.map(\.kind).prefix(2), [.layout, .page])
    }

    func testATableCoveringMoreThanTheMaximumShareIsReadWithThePage() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        var options = OCRReadOptions.unlimited
        options.layoutLocator = LayoutTableLocator()
        options.layoutLocator?.maximumPageShare = 0.7   // the rendered table fills its image
        let page = try SharedReaders.english.read(label.image, options: options)
        XCTAssertNil(page.layoutTable)
        XCTAssertTrue(page.words.contains { $0.text == "Protein" })
    }
}
