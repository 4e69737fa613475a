import NutriLensImaging
import XCTest
@testable import NutriLensBarcode

/// The ladder's budget is work (weighted megapixels swept), so where it stops is exact and machine-independent.
final class WorkBudgetTests: XCTestCase {
    /// One plain sweep of a W x H image is W·H/10⁶ units of work.
    func testWorkCountsTheWeightedPixelsOfEachSweep() throws {
        let image = try fixture("no_barcode.png")
        let native = try BarcodeReader(options: BarcodeReadOptions(ladder: [.native], timeBudget: .infinity)).search(image)
        XCTAssertEqual(native.work, Double(image.width * image.height) / 1e6, accuracy: 1e-9)
        XCTAssertFalse(native.stoppedByBudget, "the ladder ran out of steps")

        let sharpened = try BarcodeReader(options: BarcodeReadOptions(ladder: [.native, .upscaledSharpened(factor: 2)],
                                                                      timeBudget: .infinity, focusOnBarRegions: false))
            .search(image)
        // 2x upscale sweeps four times the pixels, each weighted 2 for the wide unsharp mask.
        let expected = Double(image.width * image.height) / 1e6 * (1 + 4 * 2)
        XCTAssertEqual(sharpened.work, expected, accuracy: Double(image.width + image.height) * 8 / 1e6,
                       "upscale sizes are rounded to whole pixels")
    }

    /// The 45-degree code is read by a rotated step and accepted once a later step confirms it. With the budget just
    /// short of the work before the step that completes it, the ladder stops first (and says so); just past it, that
    /// step runs and the code is reported. A CPU-time budget could not be placed this exactly: it would move with the
    /// machine's speed and load.
    func testTheLadderStopsExactlyWhereItsWorkBudgetEnds() throws {
        let image = try fixture("ean13_rot45.png")
        let ladder = BarcodeReadOptions.defaultLadder
        let all = try BarcodeReader(options: BarcodeReadOptions(timeBudget: .infinity)).search(image)
        let code = try XCTUnwrap(all.barcodes.first)
        let readAt = try XCTUnwrap(ladder.firstIndex(of: code.step))
        XCTAssertGreaterThan(readAt, 1)
        func prefix(_ steps: Int) throws -> BarcodeSearch {
            try BarcodeReader(options: BarcodeReadOptions(ladder: Array(ladder.prefix(steps)), timeBudget: .infinity))
                .search(image)
        }
        // The shortest ladder prefix that reports the code, and the work of the one a step shorter.
        var steps = readAt + 1
        while try prefix(steps).barcodes.isEmpty, steps < ladder.count { steps += 1 }
        let found = try prefix(steps), notYet = try prefix(steps - 1)
        XCTAssertEqual(found.barcodes.map(\.text), [code.text])
        XCTAssertEqual(notYet.barcodes, [])
        XCTAssertGreaterThan(found.work, notYet.work)

        func search(work: Double) throws -> BarcodeSearch {
            var options = BarcodeReadOptions(timeBudget: work / BarcodeReadOptions.referenceWorkRate)
            options.cpuTimeLimit = .infinity  // a debug build sweeps slower than the reference machine
            return try BarcodeReader(options: options).search(image)
        }
        let short = try search(work: notYet.work * 0.999)
        XCTAssertEqual(short.barcodes, [])
        XCTAssertTrue(short.stoppedByBudget)
        XCTAssertEqual(short.work, notYet.work, accuracy: 1e-9, "the step that starts inside the budget runs to its end")

        let enough = try search(work: notYet.work * 1.001)
        XCTAssertEqual(enough.barcodes.map(\.text), [code.text])
        XCTAssertFalse(enough.stoppedByBudget)
        XCTAssertEqual(enough.work, found.work, accuracy: 1e-9)
        XCTAssertEqual(try search(work: notYet.work * 1.001), enough, "the same work finds the same codes every time")
    }

    func testDefaultBudgetInWorkAndCPUTime() {
        let options = BarcodeReadOptions()
        XCTAssertEqual(options.workBudget, 5, accuracy: 1e-9)
        XCTAssertEqual(options.cpuTimeCap, 1, accuracy: 1e-9)
        XCTAssertEqual(BarcodeReadOptions(timeBudget: .infinity).workBudget, .infinity)
        var limited = options
        limited.cpuTimeLimit = 0
        XCTAssertThrowsError(try limited.validate())
    }

    /// `.barRegionsTilted` turns crops, not the photo: a region over half the image is left to the `.rotated` steps.
    func testBarRegionTiltsTurnOnlyRegionsSmallerThanHalfTheImage() throws {
        let scene = try fixture("ean13_small_in_big.png")   // 117 x 51 px symbol in a 1600 x 1200 scene
        let tilted = LadderImages.tiltedRegions(scene, degrees: 20)
        XCTAssertFalse(tilted.isEmpty)
        XCTAssertEqual(tilted.count % 2, 0, "each region turned both ways")
        for crop in LadderImages.barRegionCrops(scene) {
            XCTAssertLessThanOrEqual(2 * crop.image.width * crop.image.height, scene.width * scene.height)
        }
        let filled = try fixture("ean13_4006381333931.png")
        let regions = LadderImages.barRegionCrops(filled)
        let large = regions.filter { 2 * $0.image.width * $0.image.height > filled.width * filled.height }
        XCTAssertFalse(large.isEmpty, "the symbol fills its fixture")
        XCTAssertEqual(LadderImages.tiltedRegions(filled, degrees: 20).count, 2 * (regions.count - large.count))
    }
}
