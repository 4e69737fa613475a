import NutriLensImaging
import XCTest
@testable import NutriLensText

/// Whole-line recognition against ONNX Runtime's decoding of the same 48-pixel lines (lines.tsv, made by
/// scripts/ppocr-fixtures.py: 200 crops the reference pipeline cut from TestImages, 100 rendered lines).
final class LineReadingTests: XCTestCase {
    func testEveryCommittedLineDecodesToTheReferenceString() throws {
        let lines = try FixtureSupport.lines()
        XCTAssertGreaterThanOrEqual(lines.count, 250)
        var mismatches: [String] = []
        var worstScore: Float = 0
        for line in lines {
            let image = try FixtureSupport.image(FixtureSupport.url("lines/" + line.file))
            XCTAssertEqual(image.height, 48, line.file)
            let result = try FixtureSupport.recognizer.recognize(line: image)
            if result.text != line.text { mismatches.append("\(line.file): \"\(result.text)\" vs \"\(line.text)\"") }
            // PaddleOCR's score is the mean of the kept steps' probabilities: the same number from our softmax.
            if !line.text.isEmpty { worstScore = max(worstScore, abs(result.confidence - line.score)) }
        }
        XCTAssertEqual(mismatches, [], "\(mismatches.count) of \(lines.count) lines differ")
        XCTAssertLessThan(worstScore, 1e-4, "largest line-score difference")
    }

    /// `LinePadding.tight` (pad to a multiple of 8, not to 320) against ONNX Runtime on the same tight tensors
    /// (lines_tight.tsv): identical strings, and the tensor widths it promises.
    func testTightPaddingMatchesTheReferenceOnTightTensors() throws {
        let text = try String(contentsOf: FixtureSupport.url("lines_tight.tsv"), encoding: .utf8)
        let rows = text.split(separator: "\n").dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
        XCTAssertGreaterThanOrEqual(rows.count, 250)
        let recognizer = FixtureSupport.recognizer
        var mismatches: [String] = []
        #if DEBUG
        let step = 3  // every third line in unoptimised builds; all of them in release
        #else
        let step = 1
        #endif
        for row in rows.enumerated().filter({ $0.offset % step == 0 }).map(\.element) {
            let image = try FixtureSupport.image(FixtureSupport.url("lines/" + row[0]))
            let quad = TextQuad(PixelRect(x: 0, y: 0, width: image.width, height: image.height))
            let result = try recognizer.recognize(image, quad: quad, padding: .tight)
            if result.text != row[1] { mismatches.append("\(row[0]): \"\(result.text)\" vs \"\(row[1])\"") }
        }
        XCTAssertEqual(mismatches, [])
        let cropper = recognizer.cropper
        let quad: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(100, 0), SIMD2(100, 48), SIMD2(0, 48)]
        XCTAssertEqual(cropper.plan(quad, padding: .paddleOCR).tensorWidth, 320)
        XCTAssertEqual(cropper.plan(quad, padding: .tight).tensorWidth, 104)
        XCTAssertEqual(cropper.plan(quad, padding: .tight).lineWidth, 100)
        // `.atLeast(n)`: a multiple of 8, at least n (clamped to 32...320).
        XCTAssertEqual(cropper.plan(quad, padding: .atLeast(160)).tensorWidth, 160)
        XCTAssertEqual(cropper.plan(quad, padding: .atLeast(8)).tensorWidth, 104)
        XCTAssertEqual(cropper.plan(quad, padding: .atLeast(5000)).tensorWidth, 320)
        let long: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(201, 0), SIMD2(201, 48), SIMD2(0, 48)]
        XCTAssertEqual(cropper.plan(long, padding: .atLeast(160)).tensorWidth, 208)
        XCTAssertEqual(cropper.plan(long, padding: .atLeast(160)).lineWidth, 201)
    }

    /// Characters carry their CTC steps and spans in reading order: spans tile the line without overlap, each
    /// character's quad lies inside the line's quad, and the text is the characters joined.
    func testCharacterSpansAreOrderedAndInsideTheLine() throws {
        let lines = try FixtureSupport.lines().filter { $0.text.count >= 4 }.prefix(20)
        for line in lines {
            let image = try FixtureSupport.image(FixtureSupport.url("lines/" + line.file))
            let result = try FixtureSupport.recognizer.recognize(line: image)
            XCTAssertEqual(result.characters.map(\.text).joined(), result.text)
            var previousEnd = 0.0
            for c in result.characters {
                XCTAssertGreaterThanOrEqual(c.span.lowerBound, previousEnd - 1e-9, line.file)
                XCTAssertLessThanOrEqual(c.span.upperBound, 1 + 1e-9)
                XCTAssertGreaterThan(c.span.upperBound, c.span.lowerBound, "\(line.file) '\(c.text)'")
                XCTAssertLessThanOrEqual(c.quad.topRight.x, result.quad.topRight.x + 1e-6)
                XCTAssertGreaterThanOrEqual(c.quad.topLeft.x, result.quad.topLeft.x - 1e-6)
                previousEnd = c.span.upperBound
            }
            XCTAssertEqual(result.minimumCharacterConfidence, result.characters.map(\.confidence).min() ?? 1)
        }
    }

    /// Caller-made quads: non-finite or absurd corners are an `invalidInput` error; degenerate ones (a point, a
    /// bow-tie, corners far outside the image) read something or nothing, but never trap.
    func testDegenerateQuadsNeverTrap() throws {
        let image = try FixtureSupport.image(FixtureSupport.url("lines/000.png"))
        let recognizer = FixtureSupport.recognizer
        func quad(_ p: [(Double, Double)]) -> TextQuad {
            TextQuad(topLeft: PixelPoint(x: p[0].0, y: p[0].1), topRight: PixelPoint(x: p[1].0, y: p[1].1),
                     bottomRight: PixelPoint(x: p[2].0, y: p[2].1), bottomLeft: PixelPoint(x: p[3].0, y: p[3].1))
        }
        for bad in [quad([(.nan, 0), (10, 0), (10, 10), (0, 10)]), quad([(0, 0), (.infinity, 0), (10, 10), (0, 10)]),
                    quad([(0, 0), (1e12, 0), (1e12, 10), (0, 10)])] {
            XCTAssertThrowsError(try recognizer.recognize(image, quad: bad)) { error in
                guard case TextReaderError.invalidInput? = error as? TextReaderError else { return XCTFail("\(error)") }
            }
        }
        for odd in [quad([(5, 5), (5, 5), (5, 5), (5, 5)]), quad([(0, 0), (40, 40), (40, 0), (0, 40)]),
                    quad([(-5000, -300), (9000, -300), (9000, 500), (-5000, 500)]), quad([(40, 40), (0, 40), (0, 0), (40, 0)])] {
            let line = try recognizer.recognize(image, quad: odd)
            XCTAssertEqual(line.characters.map(\.text).joined(), line.text)
        }
    }

    /// A glued reading such as "Protein3.3g" can be split with the characters' spans: cutting the line's quad at
    /// the boundary between "n" and "3" and reading each part again gives the two words.
    func testSpansSplitAGluedLineIntoReadableWords() throws {
        guard let row = try FixtureSupport.lines().first(where: { $0.text == "Protein3.3g" }) else {
            throw XCTSkip("no rendered 'Protein3.3g' line among the fixtures")
        }
        let image = try FixtureSupport.image(FixtureSupport.url("lines/" + row.file))
        let recognizer = FixtureSupport.recognizer
        let result = try recognizer.recognize(line: image)
        guard let n = result.characters.firstIndex(where: { $0.text == "3" }), n == 7 else {
            return XCTFail("unexpected characters in \(result.text)")
        }
        let cut = result.characters[n].span.lowerBound
        XCTAssertGreaterThan(cut, 0.4)
        XCTAssertLessThan(cut, 0.8)
        let left = try recognizer.recognize(image, quad: result.quad.slice(from: 0, to: cut))
        let right = try recognizer.recognize(image, quad: result.quad.slice(from: cut, to: 1))
        XCTAssertEqual(left.text, "Protein")
        XCTAssertEqual(right.text, "3.3g")
    }
}
