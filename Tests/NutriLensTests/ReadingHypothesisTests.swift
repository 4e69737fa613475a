import Foundation
import NutriLensImaging
import NutriLensLabel
@testable import NutriLensOCR
import XCTest
@testable import NutriLens

/// Choosing between readings of one page: the grammar's score, when a reading is good enough to stop, and the
/// hypotheses tried.
final class ReadingHypothesisTests: XCTestCase {
    private let parser = NutritionParser()

    private func score(_ text: String) -> ReadingScore {
        ReadingScore(grammarOf: text.split(separator: "\n").map { TextLine(text: String($0)) }, parser: parser)
    }

    func testCompleteTwoColumnTableIsConvincingAndOneWithAHoleIsNot() {
        let complete = score("""
            Nutrition per 100 g per serving
            Energy 1046 kJ / 250 kcal 523 kJ / 125 kcal
            Fat 3.2 g 1.6 g
            of which saturates 1.1 g 0.6 g
            Carbohydrate 42 g 21 g
            of which sugars 5.0 g 2.5 g
            Protein 12 g 6.0 g
            Salt 1.0 g 0.50 g
            """)
        XCTAssertGreaterThanOrEqual(complete.fields, 14)
        XCTAssertTrue(complete.isConvincing, "\(complete)")
        // The same table with two per-serving values lost (as OCR drops small "1.1 g"): more than 7 keys, still
        // worth a second reading.
        let holed = score("""
            Nutrition per 100 g per serving
            Energy 1046 kJ / 250 kcal 523 kJ / 125 kcal
            Fat 3.2 g 1.6 g
            of which saturates 1.1 g
            Carbohydrate 42 g 21 g
            of which sugars 5.0 g
            Protein 12 g 6.0 g
            Salt 1.0 g 0.50 g
            """)
        XCTAssertFalse(holed.columnsComplete)
        XCTAssertFalse(holed.isConvincing)
        XCTAssertLessThan(holed, complete)
    }

    /// Only a first reading with neither a parsed key nor a located table region ends the photo's reading
    /// (`OCRStrategy.stopsWithoutTable`): a region without keys is how a 7° skewed table reads before levelling.
    func testOnlyAReadingWithoutKeysAndWithoutATableRegionFoundNoTable() {
        let none = score("Ingredients: wheat flour, sugar, palm oil")
        let region = PixelRect(x: 10, y: 10, width: 200, height: 100)
        XCTAssertTrue(OCRStrategy.foundNoTable(none, tableRegion: nil))
        XCTAssertFalse(OCRStrategy.foundNoTable(none, tableRegion: region))
        XCTAssertFalse(OCRStrategy.foundNoTable(score("Fat 3.2 g\nSalt 1.0 g"), tableRegion: nil))
        XCTAssertTrue(OCRStrategy.thorough.stopsWithoutTable, "the stop is the default")
    }

    /// After a keyless first reading only PSM 3 on the page as photographed is skipped
    /// (`OCRStrategy.skipsAutomaticLayoutAfterKeyless`): the levelled page is what reads a 7° skewed table whose first
    /// reading found only its region.
    func testAKeylessFirstReadingSkipsAutomaticLayoutButNotTheLevelledPage() {
        let strategy = OCRStrategy.thorough
        let keyless = score("Ingredients: wheat flour, sugar, palm oil")
        let keyed = score("Fat 3.2 g\nSalt 1.0 g")
        XCTAssertTrue(strategy.skips(.automaticLayout, after: keyless))
        XCTAssertFalse(strategy.skips(.levelledSparse, after: keyless))
        XCTAssertFalse(strategy.skips(.automaticLayout, after: keyed))
        var all = strategy
        all.skipsAutomaticLayoutAfterKeyless = false
        XCTAssertFalse(all.skips(.automaticLayout, after: keyless))
    }

    /// The levelled page is read only after a first reading of fewer than 5 keys (`OCRStrategy.levelledOnlyBelowKeys`):
    /// one that parsed 5 followed the rows as photographed.
    func testTheLevelledPageIsSkippedAfterAFirstReadingOfFiveKeys() {
        let strategy = OCRStrategy.thorough
        let fourKeys = score("Fat 3.2 g\nCarbohydrate 42 g\nProtein 12 g\nSalt 1.0 g")
        let fiveKeys = score("Fat 3.2 g\nof which saturates 1.1 g\nCarbohydrate 42 g\nProtein 12 g\nSalt 1.0 g")
        XCTAssertEqual(fourKeys.fields, 4)
        XCTAssertEqual(fiveKeys.fields, 5)
        XCTAssertFalse(strategy.skips(.levelledSparse, after: fourKeys))
        XCTAssertTrue(strategy.skips(.levelledSparse, after: fiveKeys))
        XCTAssertFalse(strategy.skips(.levelledSparse, after: score("Ingredients: wheat flour")), "the 7° skew case")
        XCTAssertFalse(strategy.skips(.automaticLayout, after: fiveKeys))
        var always = strategy
        always.levelledOnlyBelowKeys = nil
        XCTAssertFalse(always.skips(.levelledSparse, after: fiveKeys))
    }

    func testTextWithoutATableScoresZero() {
        let none = score("Ingredients: wheat flour, sugar, palm oil")
        XCTAssertEqual(none.fields, 0)
        XCTAssertEqual(none.value, 0)
        XCTAssertFalse(none.isConvincing)
        XCTAssertLessThan(none, score("Fat 3.2 g\nSalt 1.0 g"))
    }

    /// The readings' spelling (`--ocr readings=…`) and the presets' readings.
    func testReadingsParseFromTheirNames() {
        XCTAssertEqual(OCRStrategy.thorough.readings.map(\.description), ["psm11", "levelled-psm11", "psm3"])
        XCTAssertEqual(OCRStrategy.Reading("levelled-psm3"), OCRStrategy.Reading(levelled: true, segmentation: .auto))
        XCTAssertEqual(OCRStrategy.Reading("psm6"), OCRStrategy.Reading(segmentation: .singleBlock))
        for bad in ["psm4", "levelled", "psm", "11", "levelled-psm", "PSM11", ""] {
            XCTAssertNil(OCRStrategy.Reading(bad), bad)
        }
        XCTAssertThrowsError(try OCRStrategy(readings: []).validate(languages: ["eng"]))
        XCTAssertThrowsError(try OCRStrategy(readings: [.levelledSparse]).validate(languages: ["eng"]))
        XCTAssertNoThrow(try OCRStrategy(readings: [.automaticLayout]).validate(languages: ["eng"]))
    }

    func testFastReadsOnlyTheLevelledPageAndOnlyAfterAKeylessFirstReading() {
        let keyless = score("Ingredients: water, sugar")
        let twoKeys = score("Fat 3.2 g\nSalt 1.0 g")
        XCTAssertEqual(keyless.fields, 0)
        XCTAssertEqual(twoKeys.fields, 2)
        XCTAssertFalse(OCRStrategy.fast.skips(.levelledSparse, after: keyless))
        XCTAssertTrue(OCRStrategy.fast.skips(.levelledSparse, after: twoKeys))
        XCTAssertFalse(OCRStrategy.fast.readings.contains { $0.segmentation == .auto }, "PSM 3 is never read")
    }
}
