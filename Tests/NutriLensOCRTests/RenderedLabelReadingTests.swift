import NutriLensImaging
@testable import NutriLensOCR
import XCTest

/// Reads rendered tables with known words and ink boxes (scripts/make-ocr-fixtures.py).
final class RenderedLabelReadingTests: XCTestCase {
    /// Box edges within 3 px, or 15 % of the x-height for large text.
    private func tolerance(_ label: RenderedLabel) -> Int { max(3, label.meta.xHeight * 15 / 100) }

    /// Reads fixture `name` and checks that at least `minimumMatched` of its words, and all but `maxNumbersMissed`
    /// of its numbers, come back with the right text and a box within tolerance. Tesseract's glyph-level noise
    /// ("2.5 g" → "2.59", "1.2 g" → "12g") moves with sub-pixel changes, so the floors are below 100 %; a wrong
    /// scale or box mapping drops the match rate far below them.
    private func assertReads(_ name: String, minimumMatched: Double, maxNumbersMissed: Int,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let label = try RenderedLabel.load(name)
        let page = try SharedReaders.english.read(label.image, options: .unlimited)
        let missing = unmatched(label.words, in: page.words, tolerance: tolerance(label))
        let matched = 1 - Double(missing.count) / Double(label.words.count)
        XCTAssertGreaterThanOrEqual(matched, minimumMatched,
                                    "\(name): unmatched \(missing.map(\.text)); read:\n\(page.text)", file: file, line: line)
        let numbersMissing = missing.filter { $0.text.first?.isNumber == true }
        XCTAssertLessThanOrEqual(numbersMissing.count, maxNumbersMissed, "\(name): numbers missing \(numbersMissing.map(\.text))",
                                 file: file, line: line)
        XCTAssertEqual(page.orientation, .upright, file: file, line: line)
        XCTAssertNotNil(page.tableRegion, "\(name): no table found", file: file, line: line)
    }

    func testSmallTextIsUpscaledAndRead() throws {
        // x-height 6 px: below Tesseract's usable size unless the reader scales it up (unscaled, psm 6 reads
        // fewer than half of these numbers).
        try assertReads("label_en_dejavu_small", minimumMatched: 0.6, maxNumbersMissed: 8)
    }

    func testMediumText() throws { try assertReads("label_en_dejavu_medium", minimumMatched: 0.9, maxNumbersMissed: 2) }

    func testLargeTextIsDownscaledAndRead() throws {
        // x-height 39 px: above the LSTM's comfortable maximum (~30 px).
        try assertReads("label_en_dejavu_large", minimumMatched: 0.75, maxNumbersMissed: 6)
    }

    func testSerifFont() throws { try assertReads("label_en_serif", minimumMatched: 0.8, maxNumbersMissed: 4) }
    func testNarrowFont() throws { try assertReads("label_en_narrow", minimumMatched: 0.8, maxNumbersMissed: 4) }
    func testBoldFont() throws { try assertReads("label_en_bold", minimumMatched: 0.8, maxNumbersMissed: 4) }

    func testLinesAndIdsAreConsistent() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        let page = try SharedReaders.english.read(label.image, options: .unlimited)
        XCTAssertEqual(page.lines.flatMap(\.words), page.words)
        for (i, l) in page.lines.enumerated() {
            XCTAssertEqual(l.lineID, i)
            XCTAssertTrue(l.words.allSatisfy { $0.lineID == i && $0.blockID == l.blockID })
            XCTAssertEqual(l.words.map(\.box.x), l.words.map(\.box.x).sorted(), "words left to right")
            XCTAssertTrue(l.words.allSatisfy { (0...1).contains($0.confidence) }, "\(l.words.map(\.confidence))")
        }
        // Words of one line overlap vertically (automatic segmentation may split a table row into a label line
        // and value lines in separate blocks; TableGeometry rejoins them by baseline).
        for l in page.lines {
            let first = l.words[0].box
            XCTAssertTrue(l.words.allSatisfy { $0.box.y < first.maxY && $0.box.maxY > first.y }, l.text)
        }
        XCTAssertTrue(page.lines.contains { $0.words.first?.text == "Salt" }, page.text)
        // Baselines sit at the bottom of digits (±2 px): "1569" has no descender.
        let w1569 = try XCTUnwrap(page.words.first { $0.text == "1569" })
        let base = try XCTUnwrap(w1569.baseline)
        XCTAssertEqual(base.y(atX: w1569.box.centerX), Double(w1569.box.maxY), accuracy: 2)
    }

    func testQuarterTurnsAreDetectedAndBoxesMappedBack() throws {
        let label = try RenderedLabel.load("label_en_dejavu_medium")
        let upright = try SharedReaders.english.read(label.image, options: .unlimited)
        for turns in 1...3 {
            let rotated = rotate(label.image, quarterTurns: turns)
            let page = try SharedReaders.english.read(rotated, options: .unlimited)
            XCTAssertEqual(page.orientation, PageOrientation(quarterTurns: turns), "turned \(turns * 90)°")
            // Turned back exactly, the page must read exactly like the upright one, in upright reading order.
            XCTAssertEqual(page.lines.map(\.text), upright.lines.map(\.text), "turned \(turns * 90)°")
            // Boxes come back in the turned image's coordinates.
            let truth = label.words.map {
                (text: $0.text, box: rotate($0.box, width: label.image.width, height: label.image.height, quarterTurns: turns))
            }
            let uprightMissing = unmatched(label.words, in: upright.words, tolerance: tolerance(label)).count
            let missing = unmatched(truth, in: page.words, tolerance: tolerance(label))
            XCTAssertEqual(missing.count, uprightMissing, "turned \(turns * 90)°: unmatched \(missing.map(\.text))")
        }
    }

    func testMultilingualLabelWithMatchingPacks() throws {
        let label = try RenderedLabel.load("label_de_fr")
        // Automatic layout (PSM 3, the strategy's third reading) reads whole lines; as sparse text (PSM 11, the
        // default) this fixture's "Protéines" loses its accent.
        var options = OCRReadOptions.unlimited
        options.pageSegmentation = .auto
        // The table re-read as one block and Tesseract's own line retry for light-on-dark, as these figures were
        // measured (the scanner's defaults since session 10 are sparse text and the retry where light-on-dark is found).
        options.tableSegmentation = .singleBlock
        options.polarity = .tesseractLineRetry
        let page = try SharedReaders.europe.read(label.image, options: options)
        let texts = Set(page.words.map(\.text))
        // Words only the deu/fra models spell right (eng has no ß, and drops accents).
        for word in ["Nährwertangaben", "Énergie", "Eiweiß", "Protéines", "saturés", "Kohlenhydrate"] {
            XCTAssertTrue(texts.contains(word), "missing \(word) in:\n\(page.text)")
        }
        let missing = unmatched(label.words, in: page.words, tolerance: tolerance(label))
        XCTAssertLessThanOrEqual(Double(missing.count) / Double(label.words.count), 0.15, "unmatched \(missing.map(\.text))")
        // Decimal-comma values (bug-cases B.13/B.14): the comma survives.
        let numbersMissing = missing.filter { $0.text.first?.isNumber == true }
        XCTAssertLessThanOrEqual(numbersMissing.count, 2, "numbers missing \(numbersMissing.map(\.text))")
        XCTAssertNotNil(page.tableRegion)
    }

    func testEnglishOnlyReaderCannotSpellTheGermanWords() throws {
        // The same label without the deu/fra packs: the point of configuring languages.
        let label = try RenderedLabel.load("label_de_fr")
        let page = try SharedReaders.english.read(label.image, options: .unlimited)
        XCTAssertFalse(page.words.contains { $0.text == "Eiweiß" }, page.text)
    }
}
