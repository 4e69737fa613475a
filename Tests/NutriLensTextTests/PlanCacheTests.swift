import XCTest
@testable import NutriLensText

/// `PlanCache`: a pass's buffer plan is computed once per input shape and column cut, is the same plan as computed
/// afresh, and the cache stays within its capacity.
final class PlanCacheTests: XCTestCase {
    func testPlansAreKeptPerShapeAndCutAndEqualFreshOnes() throws {
        let network = FixtureSupport.recognizer.network
        let cut = try XCTUnwrap(network.columnCut(width: 320, contentWidth: 100))
        let narrow = [1, 3, 48, 320 - cut.columns]
        let first = try network.plan(narrow, cut: cut)
        let held = network.plans.count
        let again = try network.plan(narrow, cut: cut)
        XCTAssertEqual(network.plans.count, held, "the second call reuses the plan")
        // The same numbers as computed afresh.
        let fresh = try network.makePlan(narrow, cut: cut)
        for p in [again, fresh] {
            XCTAssertEqual(p.shapes, first.shapes)
            XCTAssertEqual(p.slots, first.slots)
            XCTAssertEqual(p.scratch, first.scratch)
            XCTAssertEqual(p.offsets, first.offsets)
        }
        let uncut = try network.plan(narrow)
        XCTAssertNotEqual(uncut.shapes, first.shapes, "without the cut the output is narrower: the key holds the cut")
        XCTAssertEqual(uncut.shapes, try TextNetwork.inferShapes(layers: network.layers, inputs: network.inputValues,
                                                                 outputs: network.outputValues, valueCount: network.valueCount,
                                                                 input: narrow, bad: network.invalidInput))
        // A shape the graph cannot run throws every time and stores nothing.
        let before = network.plans.count
        XCTAssertThrowsError(try network.plan([1, 3, 48]))
        XCTAssertThrowsError(try network.plan([1, 3, 48]))
        XCTAssertEqual(network.plans.count, before)
    }

    func testACacheStaysWithinItsCapacity() {
        let cache = PlanCache(capacity: 3)
        var made = 0
        for width in [8, 16, 24, 8, 32, 40, 8] {
            _ = cache.plan(.init(shape: [1, 1, 1, width], cut: nil)) { made += 1; return ([[width]], [width], 0, [0]) }
            XCTAssertLessThanOrEqual(cache.count, 3)
        }
        // 8, 16, 24 made; 8 found; 32 empties the full cache; 40 made; 8 made again (emptied with the rest).
        XCTAssertEqual(made, 6)
        XCTAssertEqual(cache.plan(.init(shape: [1, 1, 1, 40], cut: nil)) { ([[0]], [0], 0, [0]) }.shapes, [[40]])
    }
}
