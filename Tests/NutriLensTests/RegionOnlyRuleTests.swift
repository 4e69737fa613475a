import Foundation
import NutriLensImaging
import NutriLensLabel
@testable import NutriLensOCR
import XCTest
@testable import NutriLens

/// When a later reading reads only the first reading's table region (`OCRStage.readsRegionOnly`).
final class RegionOnlyRuleTests: XCTestCase {
    private let parser = NutritionParser()
    private let photographed = OCRStage.ReadingHypothesis(levelled: false, segmentation: .sparse)
    private let levelled = OCRStage.ReadingHypothesis(levelled: true, segmentation: .sparse)
    private let autoLayout = OCRStage.ReadingHypothesis(levelled: false, segmentation: .auto)
    private let region = PixelRect(x: 100, y: 200, width: 600, height: 400)
    private let pageOnly = [OCRPass(kind: .page, pageSegmentationMode: 11, width: 1500, height: 2000, words: 200, cpuSeconds: 1)]
    private var withTable: [OCRPass] {
        pageOnly + [OCRPass(kind: .table, pageSegmentationMode: 11, width: 900, height: 600, words: 80, cpuSeconds: 0.6)]
    }

    private func score(_ text: String) -> LabelReadingScore {
        LabelReadingScore(lines: text.split(separator: "\n").map { TextLine(text: String($0)) }, parser: parser)
    }

    func testRuleFromTheEnvironment() {
        XCTAssertEqual(OCRStage.regionRule(environment: ["NUTRILENS_OCR_REGION": "off"]), .off)
        XCTAssertEqual(OCRStage.regionRule(environment: ["NUTRILENS_OCR_REGION": "keyed"]), .keyed)
        XCTAssertEqual(OCRStage.regionRule(environment: ["NUTRILENS_OCR_REGION": "bogus"]), OCRStage.defaultRegionRule)
        XCTAssertEqual(OCRStage.regionRule(environment: [:]), OCRStage.defaultRegionRule)
    }

    private let rows = "Energy 1500 kJ / 357 kcal\nFat 3.8 g\nof which saturates 1.2 g\nCarbohydrate 62 g\nof which sugars 21 g\nProtein 9.8 g\nSalt 0.1 g"

    private func only(_ h: OCRStage.ReadingHypothesis, _ passes: [OCRPass], _ region: PixelRect?,
                      _ first: LabelReadingScore, inRegion: Int, _ rule: OCRStage.RegionRule) -> Bool {
        OCRStage.readsRegionOnly(h, firstPasses: passes, firstRegion: region, firstScore: first, keysInRegion: inRegion,
                                 rule: rule)
    }

    func testSafeRuleNeedsATablePassAndEveryKeyInTheRegion() {
        let keyed = score(rows), n = keyed.fields
        XCTAssertEqual(n, 8)
        XCTAssertTrue(only(autoLayout, withTable, region, keyed, inRegion: n, .safe))
        XCTAssertTrue(only(photographed, withTable, region, keyed, inRegion: n, .safe))
        XCTAssertFalse(only(autoLayout, withTable, region, keyed, inRegion: n - 1, .safe), "a key outside the region")
        XCTAssertFalse(only(autoLayout, pageOnly, region, keyed, inRegion: n, .safe), "no table pass would have followed")
        XCTAssertFalse(only(autoLayout, withTable, nil, keyed, inRegion: n, .safe), "no region to read")
        XCTAssertFalse(only(autoLayout, withTable, region, score("nothing here"), inRegion: 0, .safe), "no key")
        // Too few keys to trust the region (OCRStage.regionMinimumKeys, 5 by default).
        let few = score("Energy 1500 kJ\nFat 3.8 g\nSalt 0.1 g")
        XCTAssertEqual(few.fields, 3)
        XCTAssertLessThan(few.fields, OCRStage.regionMinimumKeys)
        XCTAssertFalse(only(autoLayout, withTable, region, few, inRegion: 3, .safe))
        XCTAssertFalse(only(autoLayout, withTable, region, few, inRegion: 3, .keyed))
        // The levelled page is in other pixels than the first reading's region: whole.
        XCTAssertFalse(only(levelled, withTable, region, keyed, inRegion: n, .safe))
        XCTAssertFalse(only(levelled, withTable, region, keyed, inRegion: n, .keyed))
        XCTAssertFalse(only(autoLayout, withTable, region, keyed, inRegion: n, .off))
    }

    func testKeyedRuleNeedsEveryKeyInTheRegionNotATablePass() {
        let keyed = score(rows)
        XCTAssertTrue(only(autoLayout, pageOnly, region, keyed, inRegion: keyed.fields, .keyed))
        XCTAssertFalse(only(autoLayout, pageOnly, region, keyed, inRegion: 1, .keyed))
    }

    /// The keys the region holds on its own: the rows whose words lie mostly inside it.
    func testKeysInRegionCountOnlyTheRegionsWords() {
        func word(_ text: String, _ x: Int, _ y: Int, line: Int) -> OCRWord {
            OCRWord(text: text, box: PixelRect(x: x, y: y, width: 80, height: 20), confidence: 0.9, blockID: 0, lineID: line)
        }
        let energy = [word("Energy", 120, 220, line: 0), word("1500", 300, 220, line: 0), word("kJ", 400, 220, line: 0)]
        let fat = [word("Fat", 120, 300, line: 1), word("3.8", 300, 300, line: 1), word("g", 400, 300, line: 1)]
        // The salt row is below the region (y 200..600 ends at 600).
        let salt = [word("Salt", 120, 650, line: 2), word("0.1", 300, 650, line: 2), word("g", 400, 650, line: 2)]
        let page = OCRPage(imageWidth: 1000, imageHeight: 1000, words: energy + fat + salt,
                           lines: [energy, fat, salt].enumerated().map { OCRLine(words: $0.element, lineID: $0.offset, blockID: 0) },
                           tableRegion: region, anchors: [], orientation: .upright, xHeight: 11, timings: OCRTimings())
        let mapping = ReadPageMapping(levelling: nil, quarterTurns: 0, inputWidth: 1000, inputHeight: 1000)
        let inside = OCRStage.lines(of: page, inside: region, mapping: mapping)
        XCTAssertEqual(inside.map { $0.words.map(\.text).joined(separator: " ") }, ["Energy 1500 kJ", "Fat 3.8 g"])
        let whole = LabelReadingScore(lines: page.lines.map { l in TextLine(words: l.words.map { OCRStage.textWord($0, mapping: mapping) }) },
                                      parser: parser)
        let regionOnly = LabelReadingScore(lines: inside, parser: parser)
        XCTAssertEqual(whole.fields, 3)
        XCTAssertEqual(regionOnly.fields, 2, "energy and fat; salt is outside")
    }

    /// The region a region-only reading reads: the first reading's, grown by whole line heights and clipped.
    func testRegionToReadGrowsByLineHeightsWithinThePhoto() throws {
        var first = OCRPage(imageWidth: 1000, imageHeight: 700, words: [], lines: [], tableRegion: region, anchors: [],
                            orientation: .upright, xHeight: 10, timings: OCRTimings())
        first.timings.passes = withTable
        let asRead = try XCTUnwrap(OCRStage.region(toRead: first, marginLines: 0))
        XCTAssertEqual(asRead.rect, region)
        XCTAssertEqual(try XCTUnwrap(asRead.scale), 600.0 / 400, accuracy: 1e-9, "the table pass's 600 px of 400")
        // One line height = 2 x-heights = 20 px on each side; the bottom stops at the photo's edge (700).
        let grown = try XCTUnwrap(OCRStage.region(toRead: first, marginLines: 1))
        XCTAssertEqual(grown.rect, PixelRect(x: 80, y: 180, width: 640, height: 440))
        XCTAssertEqual(OCRStage.region(toRead: first, marginLines: 5)?.rect, PixelRect(x: 0, y: 100, width: 800, height: 600))
        XCTAssertEqual(grown.scale, asRead.scale)
        first.tableRegion = nil
        XCTAssertNil(OCRStage.region(toRead: first, marginLines: 1))
    }

    // MARK: the `whole` rule (WholeTableCheck, session 7)

    func testWholeRuleReadsOnlyPhotographedSparseReadingsOfRegionsHoldingEveryKey() {
        let keyed = score(rows), n = keyed.fields
        XCTAssertTrue(only(photographed, pageOnly, region, keyed, inRegion: n, .whole))
        XCTAssertFalse(only(autoLayout, pageOnly, region, keyed, inRegion: n, .whole), "PSM 3 stays whole")
        XCTAssertFalse(only(levelled, pageOnly, region, keyed, inRegion: n, .whole))
        XCTAssertFalse(only(photographed, pageOnly, region, keyed, inRegion: n - 1, .whole), "a key outside the region")
        XCTAssertFalse(only(photographed, pageOnly, nil, keyed, inRegion: n, .whole))
        // `geometric`: the check alone, any key.
        let few = score("Energy 1500 kJ\nFat 3.8 g")
        XCTAssertTrue(only(photographed, pageOnly, region, few, inRegion: 0, .geometric))
        XCTAssertFalse(only(autoLayout, pageOnly, region, few, inRegion: 0, .geometric))
        XCTAssertFalse(only(photographed, pageOnly, region, score("nothing here"), inRegion: 0, .geometric))
        XCTAssertEqual(OCRStage.regionRule(environment: ["NUTRILENS_OCR_REGION": "whole"]), .whole)
    }

    /// A first reading of a 1000 × 1400 photo: a paragraph at the top, then a table of seven rows (name at x 100,
    /// value at x 400, unit at x 470; rows 40 px apart from y 600) whose located region stops above the last `cut` rows.
    private func firstReading(cut: Int) -> OCRStage.Reading {
        let names = ["Energy", "Fat", "saturates", "Carbohydrate", "sugars", "Protein", "Salt"]
        let values = ["1500", "3.8", "1.2", "62", "21", "9.8", "0.1"]
        var words = [OCRWord(text: "Ingredients:", box: PixelRect(x: 100, y: 200, width: 150, height: 20), confidence: 0.9,
                             blockID: 0, lineID: 0)]
        for (i, name) in names.enumerated() {
            let y = 600 + 40 * i
            words += [OCRWord(text: name, box: PixelRect(x: 100, y: y, width: 120, height: 20), confidence: 0.9, blockID: 1, lineID: i + 1),
                      OCRWord(text: values[i], box: PixelRect(x: 400, y: y, width: 50, height: 20), confidence: 0.9, blockID: 1, lineID: i + 1),
                      OCRWord(text: i == 0 ? "kJ" : "g", box: PixelRect(x: 470, y: y, width: 20, height: 20), confidence: 0.9,
                              blockID: 1, lineID: i + 1)]
        }
        let lines = Dictionary(grouping: words, by: \.lineID).sorted { $0.key < $1.key }
            .map { OCRLine(words: $0.value, lineID: $0.key, blockID: $0.value[0].blockID) }
        let located = PixelRect(x: 80, y: 580, width: 430, height: 40 * (7 - cut) + 20)
        var page = OCRPage(imageWidth: 1000, imageHeight: 1400, words: words, lines: lines, tableRegion: located,
                           anchors: [], orientation: .upright, xHeight: 10, timings: OCRTimings())
        page.timings.passes = pageOnly
        let mapping = ReadPageMapping(levelling: nil, quarterTurns: 0, inputWidth: 1000, inputHeight: 1400)
        return OCRStage.Reading(lines: page.lines.map { l in TextLine(words: l.words.map { OCRStage.textWord($0, mapping: mapping) }) },
                                budgetExhausted: false, mapping: mapping, passes: pageOnly, tableRegion: located,
                                lightOnDark: nil, page: page)
    }

    func testPlanReadsTheRegionGrownOverTheRowsBelowIt() throws {
        let first = firstReading(cut: 2)
        let firstScore = LabelReadingScore(lines: first.lines, parser: parser)
        XCTAssertEqual(firstScore.fields, 7, "energy-kj, fat, saturated-fat, carbohydrates, sugars, proteins, salt")
        let plan = OCRStage.RegionPlan(first: first, firstScore: firstScore, rule: .whole, parser: parser)
        // Grown down over protein (y 800) and salt (y 840...860) plus half a line height (10 px).
        let read = try XCTUnwrap(plan.region(for: photographed))
        XCTAssertEqual(read.rect, PixelRect(x: 80, y: 580, width: 430, height: 870 - 580))
        XCTAssertEqual(plan.keysInRegion, firstScore.fields)
        XCTAssertEqual(try XCTUnwrap(read.scale), 2000.0 / 1400, accuracy: 1e-9, "the page pass's scale")
        XCTAssertNil(plan.region(for: autoLayout))
        XCTAssertNil(plan.region(for: levelled))
        XCTAssertNil(OCRStage.RegionPlan(first: first, firstScore: firstScore, rule: .off, parser: parser).region)
    }

    func testARegionReadingWithFewerKeysThanTheFirstMustWinByMoreThanTheMargin() {
        let first = score(rows)
        let plan = OCRStage.RegionPlan(first: firstReading(cut: 0), firstScore: first, rule: .whole, parser: parser)
        // Fewer keys, no failed check, a higher score than a best reading with a failed check: not enough.
        let fewer = score("Energy 1500 kJ / 357 kcal\nFat 3.8 g\nCarbohydrate 62 g\nof which sugars 21 g\nProtein 9.8 g\nSalt 0.1 g")
        XCTAssertLessThan(fewer.fields, first.fields)
        let worse = score(rows.replacingOccurrences(of: "saturates 1.2", with: "saturates 5.2"))
        XCTAssertGreaterThan(worse.findings, 0)
        XCTAssertGreaterThan(fewer, worse, "\(fewer.value) \(worse.value) \(worse.findings)")
        XCTAssertLessThan(fewer.value, worse.value + OCRStage.regionFewerKeysMargin)
        XCTAssertFalse(plan.mayWin(fewer, over: worse))
        // As many keys as the first reading: a higher score is enough; a lower one never wins.
        XCTAssertTrue(plan.mayWin(first, over: worse))
        XCTAssertFalse(plan.mayWin(worse, over: first))
        // Fewer keys than the first reading: the crop lost rows, the hypothesis is read again on the whole page.
        XCTAssertTrue(plan.readsWholePage(after: fewer, fallsBack: true))
        XCTAssertFalse(plan.readsWholePage(after: worse, fallsBack: true), "as many keys as the first reading")
        XCTAssertFalse(plan.readsWholePage(after: fewer, fallsBack: false))
    }
}
