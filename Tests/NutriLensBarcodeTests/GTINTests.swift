import XCTest
@testable import NutriLensBarcode

final class GTINTests: XCTestCase {
    func testCheckDigitsOfPublishedCodes() {
        // GS1's worked example (General Specifications 7.9.1): 629104150021 -> 3.
        XCTAssertEqual(GTIN.checkDigit(forPayload: "629104150021"), 3)
        XCTAssertEqual(GTIN.checkDigit(forPayload: "400638133393"), 1)   // EAN-13 4006381333931
        XCTAssertEqual(GTIN.checkDigit(forPayload: "03600029145"), 2)    // UPC-A 036000291452
        XCTAssertEqual(GTIN.checkDigit(forPayload: "9638507"), 4)        // EAN-8 96385074
        XCTAssertEqual(GTIN.checkDigit(forPayload: "0441234567890"), 9)  // GTIN-14 04412345678909
        XCTAssertEqual(GTIN.checkDigit(forPayload: "978073520044"), 9)   // ISBN-13 as EAN-13
        XCTAssertNil(GTIN.checkDigit(forPayload: ""))
        XCTAssertNil(GTIN.checkDigit(forPayload: "12a4"))
    }

    func testValidationRejectsWrongLengthsDigitsAndChecks() {
        XCTAssertTrue(GTIN.hasValidCheckDigit("4006381333931"))
        XCTAssertFalse(GTIN.hasValidCheckDigit("4006381333932"))
        XCTAssertTrue(GTIN.hasValidCheckDigit("96385074"))
        XCTAssertTrue(GTIN.hasValidCheckDigit("036000291452"))
        XCTAssertTrue(GTIN.hasValidCheckDigit("04412345678909"))
        XCTAssertFalse(GTIN.hasValidCheckDigit("0441234567890"))   // 13 digits, wrong check
        XCTAssertFalse(GTIN.hasValidCheckDigit("1234567"))         // no such GTIN length
        XCTAssertFalse(GTIN.hasValidCheckDigit("40063813339３1"))   // full-width digit
    }

    func testUPCEExpansionFollowsTheZeroSuppressionTable() {
        XCTAssertEqual(GTIN.expandUPCE("01234565"), "012345000065")  // last digit 5-9
        XCTAssertEqual(GTIN.expandUPCE("04252614"), "042100005264")  // last digit 0-2
        XCTAssertEqual(GTIN.expandUPCE("04965802"), "049000006582")  // 0: manufacturer 49000 (corpus upce-3)
        XCTAssertEqual(GTIN.expandUPCE("01234531"), "012300000451")  // last digit 3
        XCTAssertEqual(GTIN.expandUPCE("01234543"), "012340000053")  // last digit 4
        XCTAssertNil(GTIN.expandUPCE("01234566"), "check digit must verify against the expanded UPC-A")
        XCTAssertNil(GTIN.expandUPCE("21234565"), "UPC-E encodes number systems 0 and 1 only")
        XCTAssertNil(GTIN.expandUPCE("1234565"))
    }

    func testNormalFormsPerSymbology() {
        XCTAssertEqual(GTIN.normalForm(of: "4006381333931", symbology: .ean13), "4006381333931")
        XCTAssertEqual(GTIN.normalForm(of: "036000291452", symbology: .upcA), "0036000291452")
        XCTAssertEqual(GTIN.normalForm(of: "01234565", symbology: .upcE), "0012345000065")
        XCTAssertEqual(GTIN.normalForm(of: "96385074", symbology: .ean8), "0000096385074")
        XCTAssertEqual(GTIN.normalForm(of: "0104412345678909", symbology: .dataBar), "04412345678909")
        XCTAssertEqual(GTIN.normalForm(of: "10012345678902", symbology: .itf14), "10012345678902")
        XCTAssertNil(GTIN.normalForm(of: "4006381333932", symbology: .ean13), "bad check digit gives no GTIN")
        XCTAssertNil(GTIN.normalForm(of: "4006381333931", symbology: .upcA), "UPC-A must be 12 digits")
        XCTAssertNil(GTIN.normalForm(of: "http://example.com", symbology: .qrCode))
    }

    func testGTIN13ComparesAcrossSymbologies() {
        XCTAssertEqual(GTIN.gtin13("012345678905"), "0012345678905")
        XCTAssertEqual(GTIN.gtin13("96385074"), "0000096385074")
        XCTAssertEqual(GTIN.gtin13("00012345678905"), "0012345678905")
        XCTAssertNil(GTIN.gtin13("10012345678902"), "indicator digit 1 has no GTIN-13 form")
    }
}
