import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR
import XCTest
@testable import NutriLens

/// The OCR stage's knobs taken from the environment: the second-opinion rule and Tesseract variables.
final class OCRStageKnobTests: XCTestCase {
    func testSecondOpinionRuleFromTheEnvironment() {
        XCTAssertNil(OCRStage.secondOpinion(environment: ["NUTRILENS_OCR_SECOND": "off"]))
        XCTAssertNil(OCRStage.secondOpinion(environment: ["NUTRILENS_OCR_SECOND": "bogus"]))
        let all = OCRStage.secondOpinion(environment: ["NUTRILENS_OCR_SECOND": "all", "NUTRILENS_OCR_SECOND_CONF": "0.5"])
        XCTAssertEqual(all?.candidates, .all)
        XCTAssertEqual(all?.maximumConfidence, 0.5)
        // A confidence that is not a positive number keeps the default.
        let numeric = OCRStage.secondOpinion(environment: ["NUTRILENS_OCR_SECOND": "numeric", "NUTRILENS_OCR_SECOND_CONF": "x"])
        XCTAssertEqual(numeric?.candidates, .numeric)
        XCTAssertEqual(numeric?.maximumConfidence, 0.875)
    }

    func testTesseractVariablesFromTheEnvironment() {
        XCTAssertEqual(OCRStage.tesseractVariables(environment: [:]), [:])
        XCTAssertEqual(OCRStage.tesseractVariables(environment: ["NUTRILENS_TESS_VARS": "tessedit_do_invert=0, load_system_dawg = 0"]),
                       ["tessedit_do_invert": "0", "load_system_dawg": "0"])
        // Malformed entries are skipped; a value may contain "=".
        XCTAssertEqual(OCRStage.tesseractVariables(environment: ["NUTRILENS_TESS_VARS": "junk,=1,a=b=c"]), ["a": "b=c"])
    }
}

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

    func testSafeRuleOnlyWhereTheFirstReadingReadItsTableAgain() {
        let keyed = score("Energy 1500 kJ\nFat 3.8 g\nSalt 0.1 g")
        XCTAssertGreaterThan(keyed.fields, 0)
        func only(_ h: OCRStage.ReadingHypothesis, _ passes: [OCRPass], _ region: PixelRect?, _ s: LabelReadingScore,
                  _ rule: OCRStage.RegionRule) -> Bool {
            OCRStage.readsRegionOnly(h, firstPasses: passes, firstRegion: region, firstScore: s, rule: rule)
        }
        XCTAssertTrue(only(autoLayout, withTable, region, keyed, .safe))
        XCTAssertTrue(only(photographed, withTable, region, score("nothing here"), .safe))
        XCTAssertFalse(only(autoLayout, pageOnly, region, keyed, .safe), "no table pass would have followed")
        XCTAssertFalse(only(autoLayout, withTable, nil, keyed, .safe), "no region to read")
        // The levelled page is in other pixels than the first reading's region: whole.
        XCTAssertFalse(only(levelled, withTable, region, keyed, .safe))
        XCTAssertFalse(only(levelled, withTable, region, keyed, .keyed))
        XCTAssertFalse(only(autoLayout, withTable, region, keyed, .off))
    }

    func testKeyedRuleNeedsAKeyNotATablePass() {
        let keyed = score("Energy 1500 kJ\nFat 3.8 g\nSalt 0.1 g")
        XCTAssertTrue(OCRStage.readsRegionOnly(autoLayout, firstPasses: pageOnly, firstRegion: region, firstScore: keyed,
                                               rule: .keyed))
        XCTAssertFalse(OCRStage.readsRegionOnly(autoLayout, firstPasses: withTable, firstRegion: region,
                                                firstScore: score("nothing here"), rule: .keyed))
    }
}
