import Foundation
import NutriLensImaging
import NutriLensLabel
import XCTest
@testable import NutriLens

/// The OCR stage's pure helpers for reading a region of the page: the crop offset in `ReadPageMapping`, the margin
/// grown around a located table, and the Tesseract variables taken from the environment.
final class OCRStageKnobTests: XCTestCase {
    /// A crop at (400, 300) of the working image, turned 90° by OCR: boxes go to the upright crop and back to the
    /// working image shifted by the crop's origin.
    func testCropOriginIsAddedAfterTurningBack() {
        let box = TextBox(x: 10, y: 20, width: 100, height: 40)
        let mapping = ReadPageMapping(levelling: nil, quarterTurns: 1, inputWidth: 300, inputHeight: 200,
                                      inputOrigin: PixelPoint(x: 400, y: 300))
        XCTAssertFalse(mapping.isIdentity)
        // On the upright page (the crop turned back) the offset plays no part.
        XCTAssertEqual(mapping.upright(box), TextBox(x: 20, y: 190, width: 40, height: 100))
        XCTAssertEqual(mapping.working(mapping.upright(box)), TextBox(x: 410, y: 320, width: 100, height: 40))
        let whole = ReadPageMapping(levelling: nil, quarterTurns: 0, inputWidth: 300, inputHeight: 200)
        XCTAssertTrue(whole.isIdentity)
    }

    func testTableRegionIsGrownToAFullWidthBandClippedToThePage() {
        // 400×200 table at (100, 300) of a 1000×800 page: the page's width, 100 px more above and below.
        XCTAssertEqual(OCRStage.grown(PixelRect(x: 100, y: 300, width: 400, height: 200), width: 1000, height: 800),
                       PixelRect(x: 0, y: 200, width: 1000, height: 400))
        // Small regions grow by at least 16 px; the page edge clips.
        XCTAssertEqual(OCRStage.grown(PixelRect(x: 5, y: 700, width: 50, height: 20), width: 1000, height: 720),
                       PixelRect(x: 0, y: 684, width: 1000, height: 36))
        // Turned a quarter, the rows run vertically in the photo: a full-height band across the region's columns.
        for turns in [1, 3] {
            XCTAssertEqual(OCRStage.grown(PixelRect(x: 300, y: 100, width: 200, height: 400), width: 1000, height: 800,
                                          quarterTurns: turns),
                           PixelRect(x: 200, y: 0, width: 400, height: 800))
        }
    }

    func testTesseractVariablesFromTheEnvironment() {
        XCTAssertEqual(OCRStage.tesseractVariables(environment: [:]), [:])
        XCTAssertEqual(OCRStage.tesseractVariables(environment: ["NUTRILENS_TESS_VARS": "tessedit_do_invert=0, load_system_dawg = 0"]),
                       ["tessedit_do_invert": "0", "load_system_dawg": "0"])
        // Malformed entries are skipped; a value may contain "=".
        XCTAssertEqual(OCRStage.tesseractVariables(environment: ["NUTRILENS_TESS_VARS": "junk,=1,a=b=c"]), ["a": "b=c"])
    }
}
