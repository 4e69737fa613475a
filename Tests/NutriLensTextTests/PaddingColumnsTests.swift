import NutriLensImaging
import NutriLensTestSupport
import XCTest
@testable import NutriLensText

/// Leaving out padding columns (`PaddingColumns`, `ColumnCut`): a pass over a padded line without the columns whose
/// readings are copies gives the full padded pass's logits within float rounding, and the same decoded characters.
final class PaddingColumnsTests: XCTestCase {
    let recognizer = FixtureSupport.recognizer
    var classes: Int { recognizer.configuration.labels.count }

    /// The full `.paddleOCR` pass's logits (`steps x classes`), and the pass without the cut's columns with its
    /// left-out steps restored as copies; with the cut (nil when the line keeps every column).
    func logits(_ image: DecodedImage, contentWidth: Int) throws -> (full: [Float], restored: [Float]?, cut: ColumnCut?) {
        let w = Double(contentWidth), h = Double(image.height)
        let corners: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(w, 0), SIMD2(w, h), SIMD2(0, h)]
        let plan = recognizer.cropper.plan(corners)
        XCTAssertEqual(plan.lineWidth, contentWidth)
        let source = ImageSource(image, bgr: recognizer.configuration.channelOrderBGR)
        func tensor(width: Int) -> [Float] {
            var p = plan
            p.tensorWidth = width
            var t = [Float](repeating: .nan, count: 3 * 48 * width)
            t.withUnsafeMutableBufferPointer {
                recognizer.cropper.tensor(source, plan: p, normalization: recognizer.configuration.normalization, into: $0.baseAddress!)
            }
            return t
        }
        let logitsValue = try XCTUnwrap(recognizer.logitsValue)
        let full = try recognizer.network.run(input: tensor(width: plan.tensorWidth), shape: [1, 3, 48, plan.tensorWidth],
                                              stopAfter: logitsValue)
        guard let cut = recognizer.network.columnCut(width: plan.tensorWidth, contentWidth: plan.lineWidth) else {
            return (full, nil, nil)
        }
        let kept = plan.tensorWidth - cut.columns
        let input = tensor(width: kept)
        let compressed = try input.withUnsafeBufferPointer {
            try recognizer.network.run(input: $0.baseAddress!, shape: [1, 3, 48, kept], stopAfter: logitsValue, cut: cut) { out, shape in
                XCTAssertEqual(shape, [1, plan.tensorWidth / cut.stride - cut.count, self.classes])
                return Array(out)
            }
        }
        let steps = full.count / classes
        let restored = (0..<steps).flatMap { t in compressed[(cut.keptStep(t) * classes)..<((cut.keptStep(t) + 1) * classes)] }
        return (full, restored, cut)
    }

    /// Short, medium, near-limit, 194-233 (only the layers before the pool leave columns out), 234, exactly 320 and
    /// wider lines, grey and colour fixture crops: the logits within 1e-4 of the padded pass's scale, every step's
    /// argmax the same, and the characters decoded with the cut equal to those decoded from the full pass.
    func testLeavingOutPaddingGivesThePaddedPassesLogits() throws {
        // 192.png: a colour line 968 columns wide; 124.png a grey one 1392 wide. Crops of their first columns.
        let colour = try FixtureSupport.image(FixtureSupport.url("lines/192.png"))
        let grey = try FixtureSupport.image(FixtureSupport.url("lines/124.png"))
        guard case .color = colour, case .gray = grey else { return XCTFail("fixture line formats") }
        var cuts = 0
        for (image, name) in [(colour, "colour"), (grey, "grey")] {
            let classes = self.classes
            for contentWidth in [33, 40, 100, 150, 192, 193, 194, 200, 216, 233, 234, 320, 400] where contentWidth <= image.width {
                let (full, restored, cut) = try logits(image, contentWidth: contentWidth)
                guard let restored, let cut else {
                    XCTAssertGreaterThanOrEqual(contentWidth, 234, "\(name) \(contentWidth): no cut")
                    continue
                }
                XCTAssertEqual(cut.count == 0, contentWidth >= 194, "\(name) \(contentWidth): \(cut)")
                cuts += 1
                XCTAssertLessThan(scaledError(restored, full), 1e-4, "\(name) \(contentWidth), \(cut)")
                let steps = full.count / classes
                for t in 0..<steps {
                    let row = { (m: [Float]) in m[(t * classes)..<((t + 1) * classes)].indices.max { m[$0] < m[$1] }! - t * classes }
                    XCTAssertEqual(row(restored), row(full), "\(name) \(contentWidth) step \(t)")
                }
                let decodedFull = full.withUnsafeBufferPointer { CTCDecoder.decode(logits: $0, steps: steps, classes: classes) }
                let keptRows = (0..<(steps - cut.count)).map { r in r < cut.start ? r : r + cut.count }
                let compressed = keptRows.flatMap { restored[($0 * classes)..<(($0 + 1) * classes)] }
                let decodedCut = compressed.withUnsafeBufferPointer {
                    CTCDecoder.decode(logits: $0, steps: steps - cut.count, classes: classes, cut: cut)
                }
                let decodedRestored = restored.withUnsafeBufferPointer { CTCDecoder.decode(logits: $0, steps: steps, classes: classes) }
                XCTAssertEqual(decodedCut, decodedRestored, "\(name) \(contentWidth): decoding with the cut")
                XCTAssertEqual(decodedCut.map(\.label), decodedFull.map(\.label), "\(name) \(contentWidth)")
                XCTAssertEqual(decodedCut.map(\.steps), decodedFull.map(\.steps), "\(name) \(contentWidth)")
            }
        }
        XCTAssertEqual(cuts, 20, "ten widths of each line leave columns out")
    }

    /// The cut the recogniser's graph allows, derived from its layers: total stride 8; the block ends 8 steps before
    /// the edge (7 steps the tensor's right edge reaches, one standing for the block) and starts at the first step
    /// the content cannot reach, s = ⌈(⌈(⌈(c + 1) / 2⌉ + 1) / 2⌉ + 9) / 2⌉ + 2 for c content columns (two stride-2
    /// 3-wide convolutions, nine 3-wide depthwise layers, a 2-wide pool, a 5-wide depthwise layer): a line keeps
    /// 8 · (s + 8) of 320 columns, and from 194 columns on all of them. (Checked outside the suite, numpy on the
    /// converted graph: one step further left, c = 16 cut at step 8, errs by 3e-3; the cut at 9 by 2e-6.)
    /// The layers before the 2-wide pool (a quarter of the width and finer) keep only their own reach: their block
    /// starts 2 steps earlier (the pool and the 5-wide depthwise layer's reach, 8 columns) and ends 5 steps before the
    /// edge (9 columns the edge reaches at a quarter, one standing for the block), 40 input columns fewer: 8 · (s + 3)
    /// with the same s, the pool's input re-widened to the outer block (numpy on the converted graph, outside the
    /// suite: c = 1 ... 193, logits within 2e-5 of the full pass's scale).
    func testCutsOfTheRecogniserFollowItsReach() throws {
        let network = recognizer.network
        XCTAssertEqual(network.paddingColumns?.stride, 8)
        XCTAssertEqual(network.paddingColumns?.widening, true)
        let kept: [(content: Int, columns: Int)] = [(1, 120), (8, 128), (9, 128), (16, 136), (17, 136), (40, 160),
                                                    (100, 224), (150, 272), (185, 304), (186, 312), (193, 312)]
        for (c, columns) in kept {
            let cut = try XCTUnwrap(network.columnCut(width: 320, contentWidth: c), "content \(c)")
            XCTAssertEqual(320 - 8 * cut.count, columns, "content \(c)")
            XCTAssertEqual(320 - cut.columns, columns - 40, "content \(c): the inner block")
            XCTAssertEqual(cut.start + cut.count, 32, "content \(c): the block ends 8 steps before the edge")
            XCTAssertEqual(cut.innerStart, cut.start - 2, "content \(c)")
            XCTAssertEqual(cut.innerStart + cut.innerCount, 35, "content \(c): the inner block ends 5 steps before the edge")
        }
        // From 194 columns the content reaches the output's last steps, which all stay; the layers before the pool
        // still leave out steps s - 2 ..< 35 (the same s), up to 233 columns (s - 2 = 34), the pool re-widening its
        // input to the whole width.
        func s(_ c: Int) -> Int { ((((c + 2) / 2 + 2) / 2 + 9) + 1) / 2 + 2 }
        XCTAssertEqual([1, 40, 100, 150, 193].map(s), [7, 12, 20, 26, 31])
        for c in [194, 200, 216, 225, 232, 233] {
            let cut = try XCTUnwrap(network.columnCut(width: 320, contentWidth: c), "content \(c)")
            XCTAssertEqual(cut.count, 0, "content \(c)")
            XCTAssertEqual(cut.innerStart, s(c) - 2, "content \(c)")
            XCTAssertEqual(cut.innerStart + cut.innerCount, 35, "content \(c)")
            XCTAssertEqual(320 - cut.columns, 8 * (s(c) + 3), "content \(c)")
        }
        XCTAssertNil(network.columnCut(width: 320, contentWidth: 234))
        XCTAssertNil(network.columnCut(width: 320, contentWidth: 320), "no padding")
        XCTAssertNil(network.columnCut(width: 324, contentWidth: 40), "not a multiple of the stride")
        // Wider tensors (`.atLeast`, or a caller's) have room for more.
        XCTAssertEqual(network.columnCut(width: 640, contentWidth: 40).map { 640 - 8 * $0.count }, 160)
        XCTAssertEqual(network.columnCut(width: 640, contentWidth: 40).map { 640 - $0.columns }, 120)
        // Restored steps: kept steps before the block, the step after it for the block, the rest shifted.
        let cut = ColumnCut(start: 12, count: 20, stride: 8)
        XCTAssertEqual([0, 11, 12, 31, 32, 39].map(cut.keptStep), [0, 11, 12, 12, 12, 19])
        // Re-widening a row laid out without the inner block (steps 10 ..< 35) to one without the outer (12 ..< 32):
        // the stand-in column (the first after the block) repeated 5 more times at a quarter's scale (2 a step).
        let wide = ColumnCut(start: 12, count: 20, stride: 8, inner: (10, 25))
        let row: [Float] = (0..<30).map(Float.init)  // 80 - 2 · 25 columns
        var out = [Float](repeating: .nan, count: 40)
        row.withUnsafeBufferPointer { r in out.withUnsafeMutableBufferPointer {
            wide.widen(r.baseAddress!, rows: 1, width: 30, per: 2, into: $0.baseAddress!)
        } }
        XCTAssertEqual(out, (0..<20).map(Float.init) + [Float](repeating: 20, count: 10) + (20..<30).map(Float.init))
    }

    /// A pass with a cut that does not fit is an error, not a wrong reading; graphs whose ops mix columns other
    /// than by windows and global means (the detector's transposed convolutions and upsampling) have no cut.
    func testCutsThatDoNotFitAreRejected() throws {
        let network = recognizer.network
        let input = [Float](repeating: 0, count: 3 * 48 * 160)
        let shape = [1, 3, 48, 160]
        for bad in [ColumnCut(start: 12, count: 20, stride: 4), ColumnCut(start: 20, count: 20, stride: 8),
                    ColumnCut(start: 0, count: 20, stride: 8), ColumnCut(start: 12, count: 4, stride: 8, inner: (13, 10)),
                    ColumnCut(start: 12, count: 4, stride: 8, inner: (10, 5)), ColumnCut(start: 12, count: 0, stride: 8),
                    ColumnCut(start: 12, count: 0, stride: 8, inner: (13, 4))] {
            XCTAssertThrowsError(try input.withUnsafeBufferPointer {
                try network.run(input: $0.baseAddress!, shape: shape, cut: bad) { _, _ in 0 }
            }, "\(bad)")
        }
        XCTAssertNil(FixtureSupport.detector.network.paddingColumns)
    }

    /// Through `recognize`: leaving padding out reads the same texts, steps and spans as the full padded passes, and
    /// confidences within 1e-4, on the boxes of a label photo (one line at a time and in batches).
    func testRecognitionWithAndWithoutThePaddingAgree() throws {
        let image = try FixtureSupport.image(PackagePaths.root.appendingPathComponent("TestImages/eu_en_one_decimal.jpg"))
        let boxes = try FixtureSupport.reader.detect(image, options: TextReadOptions(detectorLongSide: 960))
        XCTAssertGreaterThan(boxes.count, 15)
        let source = ImageSource(image, bgr: recognizer.configuration.channelOrderBGR)
        let lines = boxes.map { (corners: $0.quad.corners.map { SIMD2($0.x, $0.y) }, score: $0.score) }
        let cut = lines.filter { corners in
            let plan = recognizer.cropper.plan(corners.corners)
            return recognizer.network.columnCut(width: plan.tensorWidth, contentWidth: plan.lineWidth) != nil
        }.count
        XCTAssertGreaterThan(cut, 5, "boxes that leave padding out")
        let full = try recognizer.recognize(source, lines: lines, padding: .paddleOCR, leavingOutPadding: false)
        for batchSize in [1, 4] {
            let lean = try recognizer.recognize(source, lines: lines, padding: .paddleOCR, batchSize: batchSize)
            XCTAssertEqual(lean.map(\.text), full.map(\.text))
            XCTAssertEqual(lean.map { $0.characters.map(\.steps) }, full.map { $0.characters.map(\.steps) })
            XCTAssertEqual(lean.map { $0.characters.map(\.span) }, full.map { $0.characters.map(\.span) })
            let worst = zip(lean, full).map { abs($0.confidence - $1.confidence) }.max() ?? 0
            XCTAssertLessThan(worst, 1e-4)
        }
    }
}
