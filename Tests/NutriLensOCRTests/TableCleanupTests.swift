import Foundation
import NutriLensImaging
@testable import NutriLensOCR
import XCTest
import NutriLensTestSupport

/// The cleaned table re-read (session 4): background flattening, ruling-line removal, the value count that
/// triggers it, and the corpus photo whose value column it recovers.
final class TableCleanupTests: XCTestCase {
    /// A 300×120 page whose paper darkens from 230 (right) to 70 (left), with ink 40 % as bright as the paper
    /// under it: 8×20 px "glyphs" every 20 px on two text lines.
    private func gradientPage() -> (image: GrayImage, ink: (Int, Int) -> Bool) {
        let w = 300, h = 120
        let ink = { (x: Int, y: Int) in (x % 20) < 8 && ((30..<50).contains(y) || (70..<90).contains(y)) }
        var pixels = [UInt8](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                let paper = 70 + 160 * Double(x) / Double(w - 1)
                pixels[y * w + x] = UInt8((ink(x, y) ? 0.4 * paper : paper).rounded())
            }
        }
        return (GrayImage(width: w, height: h, pixels: pixels), ink)
    }

    func testFlatteningMakesOneGlobalThresholdSeparateInkFromAGradientPaper() {
        let (page, ink) = gradientPage()
        // Before: the dark left paper (70) is darker than the ink on the right (≈ 92), so no single threshold works.
        XCTAssertLessThan(page[0, 0], page[290, 35])
        let flat = BackgroundFlattening.flattened(page, cell: 60)
        XCTAssertEqual(flat.width, page.width); XCTAssertEqual(flat.height, page.height)
        var worstPaper = 255, worstInk = 0
        for y in 0..<page.height {
            for x in 0..<page.width {
                if ink(x, y) { worstInk = max(worstInk, Int(flat[x, y])) } else { worstPaper = min(worstPaper, Int(flat[x, y])) }
            }
        }
        // One global threshold now separates them with a wide margin: the darkest paper (where the paper changes
        // by 45 % across one block) is still 40 levels above the lightest ink.
        XCTAssertGreaterThanOrEqual(worstPaper - worstInk, 40, "paper ≥ \(worstPaper), ink ≤ \(worstInk)")
        XCTAssertGreaterThanOrEqual(worstPaper, 150)
        XCTAssertGreaterThanOrEqual(flat[150, 10], 225, "mid-page paper is near white (234 measured)")
    }

    func testFlatteningKeepsAUniformPageAsItIs() {
        let page = GrayImage(width: 50, height: 40, fill: 200)
        let flat = BackgroundFlattening.flattened(page, cell: 12)
        XCTAssertTrue(flat.pixels.allSatisfy { $0 == 255 }, "uniform paper becomes white")
    }

    /// A boxed table: 2 px rules around 3 cells per row, each cell holding two 6×24 px glyphs 2 px from the rule.
    private func boxedTable() -> (image: GrayImage, glyph: (Int, Int) -> Bool, rule: (Int, Int) -> Bool) {
        let w = 400, h = 200
        let rule = { (x: Int, y: Int) in
            (y % 50) < 2 && x >= 10 && x < 392 || [10, 140, 270, 390].contains(where: { x >= $0 && x < $0 + 2 }) && y < 152
        }
        let glyph = { (x: Int, y: Int) in
            let cy = y % 50, cx = (x - 12) % 130
            return y < 150 && x >= 12 && (14..<38).contains(cy) && ((2..<8).contains(cx) || (12..<18).contains(cx))
        }
        var pixels = [UInt8](repeating: 235, count: w * h)
        for y in 0..<h { for x in 0..<w where rule(x, y) || glyph(x, y) { pixels[y * w + x] = 30 } }
        return (GrayImage(width: w, height: h, pixels: pixels), glyph, rule)
    }

    func testRulingLinesAreWhitenedAndGlyphsKept() {
        let (table, glyph, rule) = boxedTable()
        // x-height 16: rules ≥ 80 px wide or ≥ 48 px tall; the 24 px glyphs are neither.
        let (clean, whitened) = RulingLineRemoval.removed(from: table, minimumHorizontal: 80, minimumVertical: 48)
        var ruleLeft = 0, glyphLost = 0, glyphPixels = 0
        for y in 0..<table.height {
            for x in 0..<table.width {
                if rule(x, y) && !glyph(x, y) && clean[x, y] < 150 { ruleLeft += 1 }
                if glyph(x, y) { glyphPixels += 1; if clean[x, y] >= 150 { glyphLost += 1 } }
            }
        }
        XCTAssertEqual(ruleLeft, 0, "every rule pixel whitened")
        // The glyphs sit 2 px from the vertical rules, beyond the 1 px border that is whitened with a rule.
        XCTAssertEqual(glyphLost, 0, "of \(glyphPixels) glyph pixels")
        XCTAssertGreaterThan(whitened, 3 * 392 * 2)
    }

    func testShortStrokesAreNoRules() {
        // A dash "—" of 30 px and a 40 px "l" at x-height 16 stay.
        var pixels = [UInt8](repeating: 240, count: 100 * 60)
        for x in 10..<40 { pixels[20 * 100 + x] = 20; pixels[21 * 100 + x] = 20 }
        for y in 10..<50 { pixels[y * 100 + 70] = 20; pixels[y * 100 + 71] = 20 }
        let image = GrayImage(width: 100, height: 60, pixels: pixels)
        let (clean, whitened) = RulingLineRemoval.removed(from: image, minimumHorizontal: 80, minimumVertical: 48)
        XCTAssertEqual(whitened, 0)
        XCTAssertEqual(clean.pixels, image.pixels)
    }

    func testValueTokens() {
        let cases: [(String, Bool)] = [
            ("9.5g", true), ("553kJ", true), ("133kcal", true), ("<0,1", true), ("14%", true), ("0", true),
            ("160mg", true), ("2.5µg", true), ("108", true),
            ("089]", false), ("[55a", false), ("(100g)", false), ("Fat", false), ("1.2.3", false), ("g", false),
            ("", false), ("E211)", false),
        ]
        for (text, expected) in cases { XCTAssertEqual(TableValueCount.isValue(text), expected, text) }
    }

    /// Words laid out as printed: one visual row (20 px apart, 12 px tall) per inner array, left to right.
    private func table(_ rows: [[String]], height: Int = 12) -> [OCRWord] {
        rows.enumerated().flatMap { r, texts in
            texts.enumerated().map { i, t in
                OCRWord(text: t, box: PixelRect(x: 60 * i, y: 20 * r, width: 50, height: height), confidence: 0.9,
                        blockID: 0, lineID: r)
            }
        }
    }

    func testValuesLookMissingWhenMostNamedRowsHaveNoValue() {
        // Corpus A049E005's page pass: the row names, no value.
        let namesOnly = TableValueCount(words: table([["Typical", "values"], ["(100g)"], ["Energy"], ["Fat"],
                                                      ["of", "which", "saturates"], ["Carbohydrate"],
                                                      ["of", "which", "sugars"], ["Fibre"], ["Protein"]]))
        XCTAssertEqual(namesOnly.namedRows, 7)
        XCTAssertEqual(namesOnly.namedRowsWithValue, 0)
        XCTAssertTrue(namesOnly.valuesLookMissing)
        // A US panel read whole: "Saturated Fat" and "Calories from Fat" are one row each, every row has a value.
        let panel = TableValueCount(words: table([["Calories", "357", "Kcal"], ["Calories", "from", "Fat", "117"],
                                                  ["Total", "Fat", "13g"], ["Saturated", "Fat", "5.36g"],
                                                  ["Sodium", "147", "mg"], ["Protein", "3g"]]))
        XCTAssertEqual(panel.namedRows, 6)
        XCTAssertEqual(panel.namedRowsWithValue, 6)
        XCTAssertFalse(panel.valuesLookMissing)
        // Two of five rows kept a value, the rest garbled ("089]", "049!"): more than a quarter lack one.
        let boxed = TableValueCount(words: table([["Energy", "1859", "kJ"], ["Fat", "089]"], ["Saturated", "049!"],
                                                  ["Sugars", "79g"], ["Protein", "[55a"]]))
        XCTAssertEqual(boxed.namedRowsWithValue, 2)
        XCTAssertTrue(boxed.valuesLookMissing)
        // Four of five with a value (one of five lacks one, not more than a quarter): read well enough.
        XCTAssertFalse(TableValueCount(words: table([["Energy", "1859", "kJ"], ["Fat", "0.6g"], ["Saturated", "0.4g"],
                                                     ["Sugars", "79g"], ["Protein", "[55a"]])).valuesLookMissing)
        // The boundary: one of three rows without a value is more than a quarter; one of four is not.
        XCTAssertTrue(TableValueCount(words: table([["Fat", "9.5g"], ["Sugars", "6.8g"], ["Protein"]])).valuesLookMissing)
        XCTAssertFalse(TableValueCount(words: table([["Fat", "9.5g"], ["Sugars", "6.8g"], ["Fibre", "0.5g"],
                                                     ["Protein"]])).valuesLookMissing)
        // Two named rows are no table (a stray "Salt" and "Sugar" in an ingredient list).
        XCTAssertFalse(TableValueCount(words: table([["Sugar,"], ["Salt"]])).valuesLookMissing)
    }

    func testAValueOnTheNextRowDoesNotCount() {
        // Rows 20 px apart with 12 px words: a value one row down is not on the named row.
        let shifted = TableValueCount(words: table([["Fat"], ["9.5g"], ["Protein"], ["4.3g"], ["Salt"], ["0.2g"]]))
        XCTAssertEqual(shifted.namedRows, 3)
        XCTAssertEqual(shifted.namedRowsWithValue, 0)
    }

    func testGradientPhotoValueColumnIsReadOnlyWithTheCleanedReread() throws {
        // A pot photographed under a lamp: Otsu binarised the left half black and the value column vanished.
        let corpus = try PackagePaths.shared("corpus/labels")
        let url = corpus.appendingPathComponent(
            "pxlshpr__NutritionLabelClassifier_legacy/NutritionClassifier-Test_Data/Images/A049E005-AB5E-4474-92B2-979EBC347FB5.jpg")
        let image = try decodeGray(url.path)
        var options = OCRReadOptions.unlimited
        options.pageSegmentation = .sparse; options.tableSegmentation = .sparse   // as the scanner reads
        options.cleanedTableReread = false
        let plain = try SharedReaders.english.read(image, options: options)
        options.cleanedTableReread = true
        let cleaned = try SharedReaders.english.read(image, options: options)
        let values = { (page: OCRPage) in Set(page.words.map(\.text).filter(TableValueCount.isValue)) }
        XCTAssertTrue(values(plain).isDisjoint(with: ["9.5g", "7.3g", "4.3g"]), plain.text)
        XCTAssertEqual(plain.timings.passes.filter { $0.kind == .tableCleaned }.count, 0)
        // Measured (eng): 9.5g, 14%, 30%, 7.3g, 68g, 8%, 7%; the region was located from the row names alone.
        XCTAssertTrue(values(cleaned).isSuperset(of: ["9.5g", "7.3g"]), cleaned.text)
        XCTAssertGreaterThanOrEqual(values(cleaned).count, values(plain).count + 4, cleaned.text)
        XCTAssertEqual(cleaned.timings.passes.filter { $0.kind == .tableCleaned }.count, 1)
        let region = try XCTUnwrap(cleaned.tableRegion)
        XCTAssertGreaterThan(region.maxX, image.width / 2, "widened to the value column")
    }
}
