import NutriLensImaging
import NutriLensTestSupport
import XCTest
@testable import NutriLensBarcode

/// Reads the rendered fixtures (exact digits known from `scripts/make_barcode_fixtures.py`).
final class SyntheticBarcodeTests: XCTestCase {
    /// Default ladder in step-count mode (no wall-clock budget): every step runs however loaded the machine is.
    let reader = BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity))

    private func readOne(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Barcode {
        let codes = try reader.read(try fixture(name, file: file, line: line))
        XCTAssertEqual(codes.count, 1, "\(name): \(codes.map(\.text))", file: file, line: line)
        return try XCTUnwrap(codes.first, "\(name): nothing read", file: file, line: line)
    }

    func testUprightEAN13IsReadNativelyWithPolygonOnTheBars() throws {
        let code = try readOne("ean13_4006381333931.png")
        XCTAssertEqual(code.symbology, .ean13)
        XCTAssertEqual(code.text, "4006381333931")
        XCTAssertEqual(code.gtin, "4006381333931")
        XCTAssertNil(code.addOn)
        XCTAssertEqual(code.step, .native)
        XCTAssertEqual(code.orientation, .up)
        XCTAssertEqual(code.polygon.count, 4)
        // Symbol (95 modules + quiet zones, 3 px/module) is centred in the 400x220 canvas.
        XCTAssertLessThan(distance(centroid(code.polygon), PixelPoint(x: 200, y: 110)), 40)
        XCTAssertGreaterThan(code.quality, 10)
        XCTAssertGreaterThan(code.confidence, 0.7)
    }

    func testUPCAAndUPCEKeepTheSymbologyAsPrinted() throws {
        let upcA = try readOne("upca_036000291452.png")
        XCTAssertEqual(upcA.symbology, .upcA)
        XCTAssertEqual(upcA.text, "036000291452")
        XCTAssertEqual(upcA.gtin, "0036000291452")
        let upcE = try readOne("upce_01234565.png")
        XCTAssertEqual(upcE.symbology, .upcE)
        XCTAssertEqual(upcE.text, "01234565", "ZBar's default would expand this to EAN-13 0012345000065")
        XCTAssertEqual(upcE.gtin, "0012345000065")
        let ean8 = try readOne("ean8_96385074.png")
        XCTAssertEqual(ean8.symbology, .ean8)
        XCTAssertEqual(ean8.gtin, "0000096385074")
    }

    func testBooklandEAN13WithAddOnStaysEAN13AndKeepsTheAddOnApart() throws {
        let code = try readOne("ean13_addon_52495.png")
        XCTAssertEqual(code.symbology, .ean13, "ISBN must never be the reported symbology")
        XCTAssertEqual(code.text, "9780735200449")
        XCTAssertEqual(code.gtin, "9780735200449")
        XCTAssertEqual(code.addOn, "52495")
    }

    func testTiltedCodesAreReadAndMappedBackToTheOriginalImage() throws {
        for (name, degrees) in [("ean13_rot20.png", 20.0), ("ean13_rot30.png", 30), ("ean13_rotm30.png", -30),
                                ("ean13_rot45.png", 45)] {
            let code = try readOne(name)
            XCTAssertEqual(code.gtin, "4006381333931", name)
            // The 351x152 px symbol was turned counter-clockwise by `degrees` about the canvas centre (200, 200):
            // turn the polygon's centre back and it must lie on the bars (|dx| <= 142 px, |dy| <= 60 px).
            let c = centroid(code.polygon), t = degrees * .pi / 180
            let dx = (c.x - 200) * cos(t) - (c.y - 200) * sin(t), dy = (c.x - 200) * sin(t) + (c.y - 200) * cos(t)
            XCTAssertLessThan(abs(dx), 142, "\(name) \(code.polygon)")
            XCTAssertLessThan(abs(dy), 60, "\(name) \(code.polygon)")
        }
        // ZBar scans rows and columns only: 45 degrees needs a turning ladder step, the whole image turned or (since
        // issue 23, earlier in the ladder) the bar regions turned by ±20 degrees, which leaves 25 degrees to ZBar.
        let code45 = try readOne("ean13_rot45.png")
        switch code45.step {
        case .rotated, .barRegionsTilted: break
        default: XCTFail("45 degrees found by \(code45.step)")
        }
        XCTAssertTrue(try BarcodeReader(options: BarcodeReadOptions(ladder: [.native], timeBudget: .infinity))
            .read(try fixture("ean13_rot45.png")).isEmpty, "native alone should not read a 45-degree code")
    }

    func testInvertedPrintNeedsTheInvertedStep() throws {
        let code = try readOne("ean13_inverted.png")
        XCTAssertEqual(code.gtin, "4006381333931")
        XCTAssertEqual(code.step, .inverted)
    }

    func testBlurredFramedAndSmallCodes() throws {
        XCTAssertEqual(try readOne("ean13_blurred.png").gtin, "4006381333931")
        XCTAssertEqual(try readOne("ean13_frame_line.png").gtin, "4006381333931")
        let small = try readOne("ean13_small_in_big.png")
        XCTAssertEqual(small.gtin, "4006381333931")
        // 117x51 px symbol pasted at (1100, 820) in a 1600x1200 scene.
        XCTAssertLessThan(distance(centroid(small.polygon), PixelPoint(x: 1158, y: 845)), 40, "\(small.polygon)")
    }

    func testTwoCodesInOnePhotoAreBothReported() throws {
        let codes = try reader.read(try fixture("two_codes_ean13_upca.png"))
        XCTAssertEqual(Set(codes.compactMap(\.gtin)), ["4006381333931", "0036000291452"])
        XCTAssertEqual(codes.count, 2)
        let ean = try XCTUnwrap(codes.first { $0.symbology == .ean13 })
        let upc = try XCTUnwrap(codes.first { $0.symbology == .upcA })
        XCTAssertLessThan(centroid(ean.polygon).y, centroid(upc.polygon).y, "EAN-13 is printed above the UPC-A")
    }

    func testNoBarcodeGivesAnEmptyList() throws {
        XCTAssertEqual(try reader.read(try fixture("no_barcode.png")), [])
        XCTAssertEqual(try reader.read(GrayImage(width: 5, height: 5)), [], "too small to hold a symbol")
    }

    func testHalfSizeInputMapsBackThroughTheCallersTransform() throws {
        let full = try fixture("ean13_4006381333931.png")
        let half = try full.downscaled(by: 2)
        let fromFull = try readOne("ean13_4006381333931.png")
        let fromHalf = try XCTUnwrap(try reader.read(half, toOriginal: .scale(2)).first)
        XCTAssertEqual(fromHalf.gtin, fromFull.gtin)
        XCTAssertLessThan(distance(centroid(fromHalf.polygon), centroid(fromFull.polygon)), 8)
    }

    func testUpsideDownPhotoReportsDownOrientation() throws {
        let up = try fixture("ean13_4006381333931.png")
        let down = up.rotated(by: .halfTurn)
        let code = try XCTUnwrap(try reader.read(down).first)
        XCTAssertEqual(code.gtin, "4006381333931")
        XCTAssertEqual(code.orientation, .down)
    }

    func testFindAllKeepsGoingAndAgreesWithTheSingleResultPath() throws {
        // Bug case 28: the single- and multi-result paths must agree.
        let image = try fixture("ean13_rot30.png")
        let first = try reader.read(image)
        let all = try BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity, findAll: true)).read(image)
        XCTAssertEqual(first.map(\.gtin), all.map(\.gtin))
        XCTAssertGreaterThan(all[0].quality, first[0].quality, "more ladder steps add agreeing scanlines")
    }

    func testUpscaledSharpenedStepReadsBlurredCodeAndMapsItBack() throws {
        let image = try fixture("ean13_blurred.png")
        let direct = try readOne("ean13_blurred.png")
        let codes = try BarcodeReader(options: BarcodeReadOptions(ladder: [.upscaledSharpened(factor: 2)], timeBudget: .infinity))
            .read(image)
        let code = try XCTUnwrap(codes.first)
        XCTAssertEqual(code.gtin, "4006381333931")
        XCTAssertEqual(code.step, .upscaledSharpened(factor: 2))
        // Polygon in input pixels (not the 2x variant's): same place as the default ladder's read, within a few px.
        let w = Double(image.width), h = Double(image.height)
        XCTAssertTrue(code.polygon.allSatisfy { $0.x >= 0 && $0.x < w && $0.y >= 0 && $0.y < h }, "\(code.polygon)")
        let mid = { (b: (minX: Double, minY: Double, maxX: Double, maxY: Double)) in ((b.minX + b.maxX) / 2, (b.minY + b.maxY) / 2) }
        XCTAssertEqual(mid(code.bounds).0, mid(direct.bounds).0, accuracy: 8)
        XCTAssertEqual(mid(code.bounds).1, mid(direct.bounds).1, accuracy: 8)
    }

    func testBadOptionsAndHugeImagesThrowDescriptiveErrors() throws {
        let image = GrayImage(width: 64, height: 64)
        XCTAssertThrowsError(try BarcodeReader(options: BarcodeReadOptions(timeBudget: 0)).read(image)) {
            guard case BarcodeError.invalidOptions(let reason) = $0 else { return XCTFail("\($0)") }
            XCTAssertTrue(reason.contains("timeBudget"))
        }
        XCTAssertThrowsError(try BarcodeReader(options: BarcodeReadOptions(timeBudget: .nan)).read(image))
        XCTAssertThrowsError(try BarcodeReader(options: BarcodeReadOptions(ladder: [.downscaled(factor: 1)])).read(image))
        XCTAssertThrowsError(try BarcodeReader(options: BarcodeReadOptions(ladder: [.upscaledSharpened(factor: 5)])).read(image))
        XCTAssertThrowsError(try BarcodeReader(options: BarcodeReadOptions(maxPixels: 1000)).read(image)) {
            XCTAssertEqual($0 as? BarcodeError, .imageTooLarge(width: 64, height: 64, limit: 1000))
        }
    }

    func testConcurrentReadsGiveTheSameResult() throws {
        let image = try fixture("two_codes_ean13_upca.png")
        let expected = try reader.read(image)
        let results = ConcurrentSlots<[Barcode]>(count: 4, initial: [])
        let reader = reader
        DispatchQueue.concurrentPerform(iterations: 4) { i in results.set(i, (try? reader.read(image)) ?? []) }
        for r in results.values { XCTAssertEqual(r, expected) }
    }
}
