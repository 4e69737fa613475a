import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR
import XCTest
@testable import NutriLens

/// The OCR stage's knobs taken from the environment: the second-opinion rule and Tesseract variables.
final class OCRStageKnobTests: XCTestCase {

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
