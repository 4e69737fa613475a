import NutriLensImaging
import XCTest
@testable import NutriLensBarcode

/// Coarse-first search on inputs of `coarseFirstMinimumPixels` and more (session 4): ladder order, the sparse
/// half-size probe, and the codes it must still find.
final class CoarseFirstTests: XCTestCase {
    /// `image` pasted with its top-left corner at (`x`, `y`) into a `width` x `height` canvas of grey 240; whatever
    /// falls outside the canvas is cut off (a code cut by the photo's border).
    private func pasted(_ image: GrayImage, x: Int, y: Int, width: Int, height: Int) -> GrayImage {
        var canvas = GrayImage(width: width, height: height, fill: 240)
        for sy in 0..<image.height where (0..<height).contains(y + sy) {
            for sx in 0..<image.width where (0..<width).contains(x + sx) { canvas[x + sx, y + sy] = image[sx, sy] }
        }
        return canvas
    }

    /// The 400x220 EAN-13 fixture (3 px per module) enlarged 2x: 6 px modules, the size of a retail code on a
    /// 2400 px label photo.
    private func bigModuleCode() throws -> GrayImage {
        let code = try fixture("ean13_4006381333931.png")
        return try code.resized(toWidth: 2 * code.width, height: 2 * code.height)
    }

    func testBigInputsTryTheHalfSizeStepFirstAndSmallOnesKeepTheWrittenOrder() throws {
        let options = BarcodeReadOptions()
        XCTAssertEqual(options.coarseFirstMinimumPixels, 1_000_000)
        let big = options.ladder(forPixels: 1_000_000)
        XCTAssertEqual(Array(big.prefix(3)), [.downscaled(factor: 2), .native, .contrastStretched])
        XCTAssertEqual(big.count, BarcodeReadOptions.defaultLadder.count)
        XCTAssertEqual(Set(big), Set(BarcodeReadOptions.defaultLadder))
        XCTAssertEqual(options.ladder(forPixels: 999_999), BarcodeReadOptions.defaultLadder)
        // Only a ladder that starts with the native step and holds the half-size one is reordered.
        let custom: [LadderStep] = [.contrastStretched, .native, .downscaled(factor: 2)]
        XCTAssertEqual(BarcodeReadOptions(ladder: custom).ladder(forPixels: 5_000_000), custom)
        XCTAssertEqual(BarcodeReadOptions(ladder: [.native, .inverted]).ladder(forPixels: 5_000_000), [.native, .inverted])
        XCTAssertEqual(BarcodeReadOptions(coarseFirstMinimumPixels: .max).ladder(forPixels: 40_000_000),
                       BarcodeReadOptions.defaultLadder)
        XCTAssertThrowsError(try BarcodeReadOptions(coarseFirstMinimumPixels: 0).validate()) { error in
            guard case BarcodeError.invalidOptions(let reason) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.contains("coarseFirstMinimumPixels"), reason)
        }
    }

    func testACodeWithWideModulesOnABigPhotoIsReadFromTheHalfSizeCopyFirst() throws {
        let code = try bigModuleCode()
        let photo = pasted(code, x: 500, y: 400, width: 1600, height: 1000)
        let reader = BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity))
        let found = try reader.read(photo)
        XCTAssertEqual(found.map(\.gtin), ["4006381333931"])
        let first = try XCTUnwrap(found.first)
        XCTAssertEqual(first.step, .downscaled(factor: 2))
        // Polygon in the photo's pixels: the code's centre is at (500 + 400, 400 + 220).
        XCTAssertLessThan(distance(centroid(first.polygon), PixelPoint(x: 900, y: 620)), 60, "\(first.polygon)")
        // The written order (native first, presence test after it) reads the same code at native size.
        let before = try BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity, coarseFirstMinimumPixels: .max))
            .read(photo)
        XCTAssertEqual(before.map(\.gtin), ["4006381333931"])
        XCTAssertEqual(before.first?.step, .native)
        XCTAssertLessThan(distance(centroid(before[0].polygon), centroid(first.polygon)), 40)
    }

    func testACodeCutByThePhotosBorderIsFoundByTheProbeThoughTheFinderMissesIt() throws {
        let code = try bigModuleCode()
        // The enlarged fixture's bars span rows 98...337; only their top 40 px are inside the photo, too short for
        // `BarPatternCheck` (as on four of the label corpus's photos, whose codes the photo's edge cuts).
        let cut = pasted(code, x: 300, y: 1000 - 98 - 40, width: 1400, height: 1000)
        XCTAssertEqual(BarcodeReader.barRegions(in: cut), [])
        XCTAssertTrue(try SymbolProbe.seesSymbol(in: cut))
        let found = try BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity)).read(cut)
        XCTAssertEqual(found.map(\.gtin), ["4006381333931"])
        XCTAssertEqual(found.first?.step, .downscaled(factor: 2))
        // The bars' visible strip: x 300 + 114...683, y 960...999.
        let c = centroid(try XCTUnwrap(found.first).polygon)
        XCTAssertEqual(c.x, 700, accuracy: 60)
        XCTAssertEqual(c.y, 980, accuracy: 30)
        // Without coarse-first the native step (always run) reads it too: the same code either way.
        let before = try BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity, coarseFirstMinimumPixels: .max))
            .read(cut)
        XCTAssertEqual(before.map(\.gtin), ["4006381333931"])
    }

    func testThePageWithoutACodeGivesTheProbeNothing() throws {
        // The fixture page without a code, enlarged 4x to 1280 x 960: text, rules and shapes at photo scale.
        let page = try fixture("no_barcode.png")
        let bigPage = try page.resized(toWidth: 4 * page.width, height: 4 * page.height)
        XCTAssertFalse(try SymbolProbe.seesSymbol(in: bigPage))
        XCTAssertEqual(try BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity)).read(bigPage), [])
    }
}
