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

/// How readings with more models than the primary one treat the located table (`NUTRILENS_OCR_SET_TABLE`).
final class SetReadingTableTests: XCTestCase {
    func testPageOnlySetReadingsSkipBothTableRereads() {
        var options = OCRReadOptions()
        XCTAssertEqual(options.tableReread, .whenUseful)
        XCTAssertTrue(options.cleanedTableReread)
        OCRStage.SetReadingTable.reread.apply(to: &options)
        XCTAssertEqual(options, OCRReadOptions(), "reread changes nothing")
        OCRStage.SetReadingTable.page.apply(to: &options)
        XCTAssertEqual(options.tableReread, .never)
        XCTAssertFalse(options.cleanedTableReread)
        XCTAssertEqual(options.pageSegmentation, OCRReadOptions().pageSegmentation, "the page pass is unchanged")
    }
}
