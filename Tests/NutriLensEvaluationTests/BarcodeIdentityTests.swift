import XCTest
import NutriLens
@testable import NutriLensEvaluation

/// Barcode identity for scoring: GTIN-13 normal forms across symbologies and sidecar spellings.
final class BarcodeIdentityTests: XCTestCase {
    func testUPCAAndEAN13ShareANormalForm() {
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "UPC-A", text: "012345678905"), "0012345678905")
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "EAN-13", text: "0012345678905"), "0012345678905")
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "ean13", text: "5000159407236"), "5000159407236")
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "UPCA", text: "012345678905"), "0012345678905")
    }

    func testUPCEIsExpandedToUPCAFirst() {
        // Each zero-suppression class (last data digit 0-2, 3, 4, 5-9).
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "UPC-E", text: "04252614"), "0042100005264")
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "UPC-E", text: "01234531"), "0012300000451")
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "UPC-E", text: "01234543"), "0012340000053")
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "upc-e", text: "01234565"), "0012345000065")
    }

    func testEAN8IsLeftPaddedAndOthersHaveNoGTIN() {
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "EAN-8", text: "96385074"), "0000096385074")
        XCTAssertNil(BarcodeIdentity.normalForm(symbology: "QR-Code", text: "12345"))
        XCTAssertNil(BarcodeIdentity.normalForm(symbology: "EAN-13", text: "50001594O7236"))
    }

    func testSymbologiesWithoutGTINCompareByTrimmedText() {
        // Robotoff 2509757363133_2: the pack's Code-128 encodes "305707" + CR LF; its sidecar has the printed digits.
        XCTAssertEqual(BarcodeIdentity.identity(symbology: "Code-128", text: "305707\r\n"), "305707")
        XCTAssertEqual(BarcodeIdentity.identity(symbology: "CODE128", text: "305707"), "305707")
        XCTAssertNotEqual(BarcodeIdentity.identity(symbology: "Code-128", text: "305708\r\n"), "305707")
        XCTAssertEqual(BarcodeIdentity.identity(symbology: "UPC-A", text: "012345678905"), "0012345678905")
    }

    func testMisreadCheckDigitStaysComparableButDiffers() {
        // 5000159407237 fails the check digit: it must not vanish nor equal the true code.
        XCTAssertEqual(BarcodeIdentity.normalForm(symbology: "EAN-13", text: "5000159407237"), "5000159407237")
        XCTAssertNotEqual(BarcodeIdentity.normalForm(symbology: "EAN-13", text: "5000159407237"),
                          BarcodeIdentity.normalForm(symbology: "EAN-13", text: "5000159407236"))
    }

    func testScannedBarcodeFillsCheckedGTIN() {
        XCTAssertEqual(ScannedBarcode(symbology: "UPC-E", text: "04252614").gtin, "0042100005264")
        XCTAssertNil(ScannedBarcode(symbology: "EAN-13", text: "5000159407237").gtin, "bad check digit: no GTIN")
        XCTAssertNil(ScannedBarcode(symbology: "Code-128", text: "ABC-123").gtin)
    }
}
