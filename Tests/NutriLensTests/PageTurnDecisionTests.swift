import Foundation
import NutriLensImageIO
import NutriLensImaging
import NutriLensText
import XCTest
@testable import NutriLens

/// The page-turn check's early decision (``NeuralTextStage/turnDecision(readSum:unread:kept:)``,
/// ``NeuralTextStage/readsBetterTurned(_:_:quarterTurns:than:)``; docs/text.md "The page-turn check stops when it is
/// decided").
final class PageTurnDecisionTests: XCTestCase {
    func testAnUprightPagesOtherTurnIsSettledAfterTwoLowConfidenceLines() {
        // Eight lines read upright at 0.9 each (kept 7.2); upside down they read at about 0.4.
        XCTAssertNil(NeuralTextStage.turnDecision(readSum: 0.4, unread: 7, kept: 7.2))  // 7.4 could still beat 7.2
        XCTAssertEqual(NeuralTextStage.turnDecision(readSum: 0.8, unread: 6, kept: 7.2), false)  // at most 6.8
    }

    func testAnUpsideDownPageIsSettledOnceTheReadSumPassesKept() {
        // Read upright at 0.3 each (kept 2.4): the other turn's lines at 0.9 pass it on the third.
        XCTAssertNil(NeuralTextStage.turnDecision(readSum: 1.8, unread: 6, kept: 2.4))
        XCTAssertEqual(NeuralTextStage.turnDecision(readSum: 2.7, unread: 5, kept: 2.4), true)
    }

    func testNothingIsDecidedInsideTheMargin() {
        // A tie, or a bound within 1e-3 of kept, is left to the full sum in the sample's order.
        XCTAssertNil(NeuralTextStage.turnDecision(readSum: 5, unread: 0, kept: 5))
        XCTAssertNil(NeuralTextStage.turnDecision(readSum: 5.0005, unread: 0, kept: 5))
        XCTAssertNil(NeuralTextStage.turnDecision(readSum: 4, unread: 1, kept: 5.0005))
        XCTAssertEqual(NeuralTextStage.turnDecision(readSum: 5.002, unread: 0, kept: 5), true)
        XCTAssertEqual(NeuralTextStage.turnDecision(readSum: 4, unread: 1, kept: 5.002), false)
    }

    func testCheapestLinesComeFirst() {
        func box(x: Double, width: Double, height: Double) -> NutriLensText.TextQuad {
            NutriLensText.TextQuad(PixelRect(x: Int(x), y: 0, width: Int(width), height: Int(height)))
        }
        // Aspects 10, 2, 10 (tall: long side over short side), 40: the 2 first, the ties in index order, the 40 last.
        let quads = [box(x: 0, width: 200, height: 20), box(x: 0, width: 40, height: 20),
                     box(x: 0, width: 20, height: 200), box(x: 0, width: 800, height: 20)]
        XCTAssertEqual(NeuralTextStage.cheapestFirst(quads), [1, 0, 2, 3])
    }

    /// On a real label upright and upside down the early decision is the one the full sample gives.
    func testEarlyDecisionMatchesTheFullSampleOnATestImage() throws {
        let (stage, image, sample) = try upsideDownSample()
        XCTAssertEqual(sample.count, NeuralTextStage.orientationSample)
        let upright = try stage.recognize(image, sample, quarterTurns: 2).map(\.confidence).reduce(0, +)
        let turned = try stage.recognize(image, sample, quarterTurns: 0).map(\.confidence).reduce(0, +)
        XCTAssertGreaterThan(upright, turned + 1, "the photo is upside down: turn 2 reads it upright")
        // From the photo's turn the other (2) reads better; from turn 2 the other (0) does not.
        XCTAssertTrue(try stage.readsBetterTurned(image, sample, quarterTurns: 2, than: turned).better)
        XCTAssertFalse(try stage.readsBetterTurned(image, sample, quarterTurns: 0, than: upright).better)
        // Against a kept sum at the other turn's own full sum (a tie) the answer is the full sum's: not larger.
        XCTAssertFalse(try stage.readsBetterTurned(image, sample, quarterTurns: 2, than: upright).better)
    }

    /// The lines the check read are the ones the turned page's reading would make of those boxes, so that reading keeps
    /// them (``NeuralTextStage/TurnCheck``): on the upside-down label the check from the photo's turn reads some of the
    /// sample, cheapest first, and each is the box recognised alone in turn 2, text, confidence and quad bit for bit.
    func testTheCheckReturnsTheTurnedReadingsOfTheLinesItRead() throws {
        let (stage, image, sample) = try upsideDownSample()
        let turned = try stage.recognize(image, sample, quarterTurns: 0).map(\.confidence).reduce(0, +)
        let check = try stage.readsBetterTurned(image, sample, quarterTurns: 2, than: turned)
        XCTAssertTrue(check.better)
        XCTAssertFalse(check.read.isEmpty)
        // Read cheapest first: the positions read are a prefix of that order.
        let order = NeuralTextStage.cheapestFirst(sample.map(\.quad))
        XCTAssertEqual(Set(check.read.keys), Set(order.prefix(check.read.count)))
        for (position, text) in check.read {
            let alone = try stage.recognize(image, [sample[position]], quarterTurns: 2)[0]
            XCTAssertEqual(text, alone)
            XCTAssertEqual(text.confidence.bitPattern, alone.confidence.bitPattern)
        }
        // And a whole-page reading of turn 2 gives them too (a line reads the same with others as alone).
        let page = try stage.recognize(image, sample, quarterTurns: 2)
        for (position, text) in check.read { XCTAssertEqual(page[position], text) }
    }

    /// TestImages `deg_rot180_de.jpg` (a German label upside down), the stage, and its page-turn sample: the
    /// ``NeuralTextStage/orientationSample`` longest boxes, detected as `read` detects.
    private func upsideDownSample() throws
        -> (NeuralTextStage, DecodedImage, [(quad: NutriLensText.TextQuad, score: Float)]) {
        let stage = try NeuralTextStage(configuration: ScannerConfiguration(languages: ["eng"], stages: [.nutrition]))
        let photo = TestPaths.testImages.appendingPathComponent("deg_rot180_de.jpg")
        let image = try ImageDecoder.decode(contentsOf: photo).image
        var options = stage.options
        options.detectorLongSide = min(options.detectorLongSide, max(image.width, image.height))  // as `read` detects
        let boxes = try stage.reader.detect(image, options: options)
        let sample = Array(boxes.sorted { NeuralTextStage.longSide($0.quad) > NeuralTextStage.longSide($1.quad) }
            .prefix(NeuralTextStage.orientationSample))
        return (stage, image, sample)
    }
}
