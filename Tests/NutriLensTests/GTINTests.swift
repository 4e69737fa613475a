import XCTest
@testable import NutriLens

final class GTINTests: XCTestCase {
    func testUPCAAndEAN13ShareANormalForm() {
        XCTAssertEqual(GTIN.normalForm(symbology: "UPC-A", text: "012345678905"), "0012345678905")
        XCTAssertEqual(GTIN.normalForm(symbology: "EAN-13", text: "0012345678905"), "0012345678905")
        XCTAssertEqual(GTIN.normalForm(symbology: "ean13", text: "5000159407236"), "5000159407236")
    }

    func testUPCEExpandsToUPCAFirst() {
        // Each zero-suppression class (last data digit 0-2, 3, 4, 5-9).
        XCTAssertEqual(GTIN.expandUPCE("04252614"), "042100005264")
        XCTAssertEqual(GTIN.expandUPCE("01234531"), "012300000451")
        XCTAssertEqual(GTIN.expandUPCE("01234543"), "012340000053")
        XCTAssertEqual(GTIN.expandUPCE("01234565"), "012345000065")
        XCTAssertEqual(GTIN.normalForm(symbology: "UPC-E", text: "04252614"), "0042100005264")
        // Without check digit, it is computed.
        XCTAssertEqual(GTIN.expandUPCE("0425261"), "042100005264")
        // Number system 2-9 is not UPC-E.
        XCTAssertNil(GTIN.expandUPCE("24252614"))
    }

    func testEAN8IsLeftPaddedAndOthersHaveNoGTIN() {
        XCTAssertEqual(GTIN.normalForm(symbology: "EAN-8", text: "96385074"), "0000096385074")
        XCTAssertNil(GTIN.normalForm(symbology: "QR-Code", text: "12345"))
        XCTAssertNil(GTIN.normalForm(symbology: "EAN-13", text: "50001594O7236"))
    }

    func testCheckDigit() {
        XCTAssertEqual(GTIN.checkDigit([5, 0, 0, 0, 1, 5, 9, 4, 0, 7, 2, 3]), 6)
        XCTAssertEqual(GTIN.checkDigit([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0]), 5)
    }

    func testScannedBarcodeFillsGTIN() {
        XCTAssertEqual(ScannedBarcode(symbology: "UPC-E", text: "04252614").gtin, "0042100005264")
        XCTAssertNil(ScannedBarcode(symbology: "Code-128", text: "ABC-123").gtin)
    }
}
