import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR
import XCTest
@testable import NutriLens

/// Choosing between readings of one page: the grammar's score, when a reading is good enough to stop, and the
/// hypotheses tried.
final class ReadingHypothesisTests: XCTestCase {
    private let parser = NutritionParser()

    private func score(_ text: String) -> LabelReadingScore {
        LabelReadingScore(lines: text.split(separator: "\n").map { TextLine(text: String($0)) }, parser: parser)
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

    /// Only a first reading with neither a parsed key nor a located table region ends the stage
    /// (`OCRStage.stopsWithoutTable`): a region without keys is how a 7° skewed table reads before levelling.
    func testOnlyAReadingWithoutKeysAndWithoutATableRegionFoundNoTable() {
        let none = score("Ingredients: wheat flour, sugar, palm oil")
        let region = PixelRect(x: 10, y: 10, width: 200, height: 100)
        XCTAssertTrue(OCRStage.foundNoTable(none, tableRegion: nil))
        XCTAssertFalse(OCRStage.foundNoTable(none, tableRegion: region))
        XCTAssertFalse(OCRStage.foundNoTable(score("Fat 3.2 g\nSalt 1.0 g"), tableRegion: nil))
        XCTAssertTrue(OCRStage.stopsWithoutTable || ProcessInfo.processInfo.environment["NUTRILENS_OCR_STOP"] == "off",
                      "the stop is the default")
    }

    /// After a keyless first reading only PSM 3 on the page as photographed is skipped (`OCRStage.keylessSkipsAutoLayout`):
    /// the levelled page is what reads a 7° skewed table whose first reading found only its region.
    func testAKeylessFirstReadingSkipsAutomaticLayoutButNotTheLevelledPage() {
        typealias H = OCRStage.ReadingHypothesis
        let keyless = score("Ingredients: wheat flour, sugar, palm oil")
        let keyed = score("Fat 3.2 g\nSalt 1.0 g")
        XCTAssertTrue(OCRStage.skipsAfterKeyless(H(levelled: false, segmentation: .auto), first: keyless))
        XCTAssertFalse(OCRStage.skipsAfterKeyless(H(levelled: true, segmentation: .sparse), first: keyless))
        XCTAssertFalse(OCRStage.skipsAfterKeyless(H(levelled: false, segmentation: .auto), first: keyed))
    }

    /// The levelled page is read only after a first reading of fewer than 5 keys (`OCRStage.levelledOnlyBelowKeys`):
    /// one that parsed 5 followed the rows as photographed.
    func testTheLevelledPageIsSkippedAfterAFirstReadingOfFiveKeys() throws {
        try XCTSkipIf(OCRStage.levelledOnlyBelowKeys == nil, "NUTRILENS_OCR_LEVEL=always is set")
        typealias H = OCRStage.ReadingHypothesis
        let fourKeys = score("Fat 3.2 g\nCarbohydrate 42 g\nProtein 12 g\nSalt 1.0 g")
        let fiveKeys = score("Fat 3.2 g\nof which saturates 1.1 g\nCarbohydrate 42 g\nProtein 12 g\nSalt 1.0 g")
        XCTAssertEqual(fourKeys.fields, 4)
        XCTAssertEqual(fiveKeys.fields, 5)
        let levelled = H(levelled: true, segmentation: .sparse)
        XCTAssertFalse(OCRStage.skipsLevelled(levelled, first: fourKeys))
        XCTAssertTrue(OCRStage.skipsLevelled(levelled, first: fiveKeys))
        XCTAssertFalse(OCRStage.skipsLevelled(levelled, first: score("Ingredients: wheat flour")), "the 7° skew case")
        XCTAssertFalse(OCRStage.skipsLevelled(H(levelled: false, segmentation: .auto), first: fiveKeys))
    }

    func testTextWithoutATableScoresZero() {
        let none = score("Ingredients: wheat flour, sugar, palm oil")
        XCTAssertEqual(none.fields, 0)
        XCTAssertEqual(none.value, 0)
        XCTAssertFalse(none.isConvincing)
        XCTAssertLessThan(none, score("Fat 3.2 g\nSalt 1.0 g"))
    }

    func testHypothesesFollowTheEnvironmentKnobs() {
        typealias H = OCRStage.ReadingHypothesis
        XCTAssertEqual(OCRStage.hypotheses(first: .sparse, environment: [:]),
                       [H(levelled: false, segmentation: .sparse), H(levelled: true, segmentation: .sparse),
                        H(levelled: false, segmentation: .auto)])
        XCTAssertEqual(OCRStage.hypotheses(first: .sparse, environment: ["NUTRILENS_OCR_HYPOTHESES": "first"]),
                       [H(levelled: false, segmentation: .sparse)])
        XCTAssertEqual(OCRStage.hypotheses(first: .sparse, environment: ["NUTRILENS_DESKEW": "off"]),
                       [H(levelled: false, segmentation: .sparse), H(levelled: false, segmentation: .auto)])
        XCTAssertEqual(OCRStage.hypotheses(first: .auto, environment: [:]),
                       [H(levelled: false, segmentation: .auto), H(levelled: true, segmentation: .auto)])
        XCTAssertEqual(OCRStage.hypotheses(first: .sparse, readings: .single, environment: [:]),
                       [H(levelled: false, segmentation: .sparse), H(levelled: true, segmentation: .sparse)])
        XCTAssertEqual(OCRStage.hypotheses(first: .sparse, readings: .single,
                                           environment: ["NUTRILENS_OCR_HYPOTHESES": "all"]),
                       [H(levelled: false, segmentation: .sparse), H(levelled: true, segmentation: .sparse)],
                       "the configuration wins over the measuring knob")
    }

    func testSingleReadsOnlyTheLevelledPageAndOnlyAfterAKeylessFirstReading() {
        typealias H = OCRStage.ReadingHypothesis
        let keyless = score("Ingredients: water, sugar")
        let twoKeys = score("Fat 3.2 g\nSalt 1.0 g")
        XCTAssertEqual(keyless.fields, 0)
        XCTAssertEqual(twoKeys.fields, 2)
        let levelled = H(levelled: true, segmentation: .sparse)
        XCTAssertFalse(OCRStage.skipsLevelled(levelled, first: keyless, readings: .single))
        XCTAssertTrue(OCRStage.skipsLevelled(levelled, first: twoKeys, readings: .single))
        XCTAssertFalse(OCRStage.hypotheses(first: .sparse, readings: .single, environment: [:])
                        .contains { $0.segmentation == .auto }, "PSM 3 is never read under .single")
    }
}
