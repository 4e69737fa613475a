import NutriLensImaging
import XCTest
@testable import NutriLensBarcode

/// The acceptance rules on hand-made ZBar hits (bug cases 21, 29 and the zero-wrong-GTIN rule).
final class CandidatePoolTests: XCTestCase {
    private func hit(_ s: Symbology, _ text: String, x: ClosedRange<Double>, y: ClosedRange<Double>, quality: Int)
        -> ZBarSymbol {
        ZBarSymbol(symbology: s, text: text, addOn: nil,
                   points: [PixelPoint(x: x.lowerBound, y: y.lowerBound), PixelPoint(x: x.upperBound, y: y.upperBound)],
                   quality: quality, orientation: .up)
    }

    func testEAN8InsideAnEAN13IsAPartialReadAndDropped() {
        var pool = CandidatePool()
        for scan in 1...2 {
            pool.add(hit(.ean13, "4006381333931", x: 50...350, y: 40...160, quality: 20), step: .native, scanID: scan,
                     toOriginal: .identity)
            pool.add(hit(.ean8, "96385074", x: 180...300, y: 60...120, quality: 30), step: .native, scanID: scan,
                     toOriginal: .identity)
        }
        XCTAssertEqual(pool.results().map(\.text), ["4006381333931"])
    }

    func testEAN8ElsewhereInThePhotoIsKept() {
        var pool = CandidatePool()
        for scan in 1...2 {
            pool.add(hit(.ean13, "4006381333931", x: 50...350, y: 40...160, quality: 20), step: .native, scanID: scan,
                     toOriginal: .identity)
            pool.add(hit(.ean8, "96385074", x: 500...650, y: 300...360, quality: 30), step: .native, scanID: scan,
                     toOriginal: .identity)
        }
        XCTAssertEqual(Set(pool.results().map(\.text)), ["4006381333931", "96385074"])
    }

    func testASingleScanIsNotEnoughForAGTIN() {
        var pool = CandidatePool()
        pool.add(hit(.ean13, "4006381333931", x: 50...350, y: 40...160, quality: 40), step: .native, scanID: 1,
                 toOriginal: .identity)
        XCTAssertFalse(pool.hasAcceptedGTIN)
        XCTAssertEqual(pool.results(), [])
        pool.add(hit(.ean13, "4006381333931", x: 50...350, y: 40...160, quality: 30), step: .native, scanID: 2,
                 toOriginal: .identity)
        XCTAssertTrue(pool.hasAcceptedGTIN)
        XCTAssertEqual(pool.results().first?.quality, 70)
    }

    func testAGTINThatNoTurnedRescanReadsIsAOneWayReadAndDropped() {
        // zxing-cpp ean13-1/37 upside down: native and contrast-stretched both read 1040183002834 (71 and 79
        // scanlines), and the 180-degree turns of both variants read nothing.
        var pool = CandidatePool()
        let wrong = CandidatePool.Key(symbology: .ean13, text: "1040183002834")
        let forward1 = pool.add(hit(.ean13, wrong.text, x: 50...350, y: 40...160, quality: 71), step: .native,
                                scanID: 1, toOriginal: .identity)
        XCTAssertTrue(pool.needsConfirmation(gtinText: forward1))
        pool.recordTurnedScan(forward: [forward1], turned: [])
        let forward2 = pool.add(hit(.ean13, wrong.text, x: 50...350, y: 40...160, quality: 79),
                                step: .contrastStretched, scanID: 3, toOriginal: .identity)
        XCTAssertTrue(pool.needsConfirmation(gtinText: forward2), "still no read in the other direction")
        pool.recordTurnedScan(forward: [forward2], turned: [])
        XCTAssertEqual(pool.results(), [], "two steps agree, but only one way: not reported")
        XCTAssertFalse(pool.hasAcceptedGTIN)
        // A later variant read both ways makes it a two-way read.
        let forward3 = pool.add(hit(.ean13, wrong.text, x: 50...350, y: 40...160, quality: 20), step: .equalized,
                                scanID: 5, toOriginal: .identity)
        let turned3 = pool.add(hit(.ean13, wrong.text, x: 50...350, y: 40...160, quality: 20), step: .equalized,
                               scanID: 6, toOriginal: .identity)
        pool.recordTurnedScan(forward: [forward3], turned: [turned3])
        XCTAssertFalse(pool.needsConfirmation(gtinText: forward3))
        XCTAssertEqual(pool.results().map(\.text), [wrong.text])
    }

    func testTwoDifferentGTINsOverTheSameBarsAreBothDroppedUnlessOneDominates() {
        var pool = CandidatePool()
        for scan in 1...2 {
            pool.add(hit(.ean13, "5000213002834", x: 50...350, y: 40...160, quality: 8), step: .native, scanID: scan,
                     toOriginal: .identity)
            pool.add(hit(.ean13, "2041813002834", x: 60...340, y: 50...150, quality: 6), step: .native, scanID: scan,
                     toOriginal: .identity)
        }
        XCTAssertEqual(pool.results(), [], "contested read must not be guessed")
        pool.add(hit(.ean13, "5000213002834", x: 50...350, y: 40...160, quality: 40), step: .downscaled(factor: 2),
                 scanID: 3, toOriginal: .identity)
        XCTAssertEqual(pool.results().map(\.text), ["5000213002834"])
    }

    func testNonGTINSymbologiesNeedNoConfirmation() {
        var pool = CandidatePool()
        pool.add(hit(.qrCode, "https://example.org", x: 0...100, y: 0...100, quality: 1), step: .native, scanID: 1,
                 toOriginal: .identity)
        XCTAssertEqual(pool.results().map(\.symbology), [.qrCode])
        XCTAssertFalse(pool.hasAcceptedGTIN)
    }

    func testPolygonAndOrientationFollowTheTransform() {
        var pool = CandidatePool()
        // Hits in an image turned 90 degrees clockwise relative to the original (x' = H - 1 - y, y' = x, H = 100).
        let toOriginal = PixelTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 99)
        for scan in 1...2 {
            pool.add(hit(.ean13, "4006381333931", x: 10...30, y: 20...60, quality: 10), step: .rotated(degrees: 90),
                     scanID: scan, toOriginal: toOriginal)
        }
        let code = pool.results()[0]
        XCTAssertEqual(code.bounds.minX, 20); XCTAssertEqual(code.bounds.maxX, 60)
        XCTAssertEqual(code.bounds.minY, 69); XCTAssertEqual(code.bounds.maxY, 89)
        XCTAssertEqual(code.orientation, .left)
    }

    func testZBarOrientationMinusOneIsUnknown() {
        XCTAssertEqual(BarcodeOrientation(zbar: -1), .unknown)
        XCTAssertEqual(BarcodeOrientation(zbar: 7), .unknown)
        XCTAssertEqual(BarcodeOrientation(zbar: 2), .down)
        XCTAssertEqual(BarcodeOrientation.unknown.turned(clockwiseQuarterTurns: 1), .unknown)
        XCTAssertEqual(BarcodeOrientation.up.turned(clockwiseQuarterTurns: -1), .left)
    }

    func testTransformsComposeAndInvert() throws {
        let t = PixelTransform.translation(dx: 10, dy: -4).concatenating(.scale(2))
        XCTAssertEqual(t.apply(PixelPoint(x: 3, y: 5)), PixelPoint(x: 16, y: 6))
        let back = try XCTUnwrap(t.inverted).apply(PixelPoint(x: 16, y: 6))
        XCTAssertEqual(back.x, 3, accuracy: 1e-9); XCTAssertEqual(back.y, 5, accuracy: 1e-9)
        XCTAssertNil(PixelTransform(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted)
    }
}
