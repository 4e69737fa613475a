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

    /// Short, medium, near-limit, 194-303 (only the layers before the output's scale leave columns out), 304, exactly
    /// 320 and wider lines, grey and colour fixture crops: the logits within 1e-4 of the padded pass's scale, every
    /// step's argmax the same, and the characters decoded with the cut equal to those decoded from the full pass.
    func testLeavingOutPaddingGivesThePaddedPassesLogits() throws {
        // 192.png: a colour line 968 columns wide; 124.png a grey one 1392 wide. Crops of their first columns.
        let colour = try FixtureSupport.image(FixtureSupport.url("lines/192.png"))
        let grey = try FixtureSupport.image(FixtureSupport.url("lines/124.png"))
        guard case .color = colour, case .gray = grey else { return XCTFail("fixture line formats") }
        var cuts = 0
        for (image, name) in [(colour, "colour"), (grey, "grey")] {
            let classes = self.classes
            for contentWidth in [33, 40, 100, 150, 192, 193, 194, 200, 216, 233, 234, 250, 270, 288, 303, 304, 320, 400]
            where contentWidth <= image.width {
                let (full, restored, cut) = try logits(image, contentWidth: contentWidth)
                guard let restored, let cut else {
                    XCTAssertGreaterThanOrEqual(contentWidth, 304, "\(name) \(contentWidth): no cut")
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
        XCTAssertEqual(cuts, 30, "fifteen widths of each line leave columns out")
    }

    /// The cut the recogniser's graph allows, derived from its layers (total stride 8): one block per segment, each
    /// as long as that segment's own reach allows. The output's block is steps s ..< 32 for c content columns,
    /// s = ⌈(⌈(⌈(c + 1) / 2⌉ + 1) / 2⌉ + 9) / 2⌉ + 2 (two stride-2 3-wide convolutions, nine 3-wide depthwise
    /// layers, a 2-wide pool, a 5-wide depthwise layer; it ends 8 steps before the edge: 7 the tensor's right edge
    /// reaches, one standing for the block): a line keeps 8 · (s + 8) of 320 output columns, and from 194 columns on
    /// every step. (Checked outside the suite, numpy on the converted graph: one step further left, c = 16 cut at
    /// step 8, errs by 3e-3; the cut at 9 by 2e-6.) At a quarter of the width the content's end reaches e + k
    /// columns after the k-th depthwise layer (e = ⌈(⌈(c + 1) / 2⌉ + 1) / 2⌉, the two convolutions) and the right
    /// edge k columns in (its zeros), so the block after the k-th layer is ⌈(e + k) / 2⌉ ..< ⌊(79 - k) / 2⌋ (two
    /// columns a step; the next 3-wide window reads one column either side, the column after the block stands for
    /// it); each segment's block contains the next one's (a window re-widens its input from one to the next).
    func testCutsOfTheRecogniserFollowItsReach() throws {
        let network = recognizer.network
        let columns = try XCTUnwrap(network.paddingColumns)
        XCTAssertEqual(columns.stride, 8)
        XCTAssertEqual(columns.segmentCount, 14, "input, stem, second convolution, 9 depthwise layers, pool, output")
        func ceil(_ a: Int, _ b: Int) -> Int { (a + b - 1) / b }
        func s(_ c: Int) -> Int { ceil(ceil(ceil(c + 1, 2) + 1, 2) + 9, 2) + 2 }
        XCTAssertEqual([1, 40, 100, 150, 193].map(s), [7, 12, 20, 26, 31])
        typealias Block = ColumnCut.Block
        for c in [1, 8, 9, 16, 17, 40, 67, 100, 150, 185, 186, 193, 194, 200, 233, 234, 250, 270, 288, 303] {
            let cut = try XCTUnwrap(network.columnCut(width: 320, contentWidth: c), "content \(c)")
            XCTAssertEqual(cut.blocks.count, 14)
            let z = ceil(c + 1, 2), e = ceil(z + 1, 2)
            func block(_ start: Int, _ end: Int) -> Block { start < end ? Block(start: start, count: end - start) : Block(start: 1, count: 0) }
            XCTAssertEqual(cut.blocks[0], cut.blocks[1], "content \(c): the input keeps its first window's block")
            XCTAssertEqual(cut.blocks[1], block(max(ceil(z, 4), ceil(c + 1, 8)), 39), "content \(c): stem")
            XCTAssertEqual(cut.blocks[2], block(ceil(e, 2), 39), "content \(c): second convolution")
            for k in 1...9 {
                XCTAssertEqual(cut.blocks[2 + k], block(ceil(e + k, 2), (79 - k) / 2), "content \(c): depthwise \(k)")
            }
            XCTAssertEqual(cut.blocks[12], block(ceil(e + 9, 2), 34), "content \(c): pool")
            XCTAssertEqual(cut.blocks[13], block(s(c), 32), "content \(c): output")
            XCTAssertEqual(Block(start: cut.start, count: cut.count), cut.blocks[13])
            XCTAssertEqual(cut.columns, 8 * cut.blocks[0].count)
            for (a, b) in zip(cut.blocks, cut.blocks.dropFirst()) where b.count > 0 {
                XCTAssertTrue(b.start >= a.start && b.start + b.count <= a.start + a.count, "content \(c): \(a) contains \(b)")
            }
        }
        // The output keeps 8 · (s + 8) columns (as with one block for all layers), the input c + 8 to c + 16.
        let kept: [(content: Int, output: Int, input: Int)] = [(1, 120, 16), (16, 136, 32), (40, 160, 56), (100, 224, 112),
                                                                (193, 312, 208)]
        for (c, output, input) in kept {
            let cut = try XCTUnwrap(network.columnCut(width: 320, contentWidth: c))
            XCTAssertEqual(320 - 8 * cut.count, output, "content \(c)")
            XCTAssertEqual(320 - cut.columns, input, "content \(c)")
        }
        XCTAssertNil(network.columnCut(width: 320, contentWidth: 304), "the stem's block would be empty")
        XCTAssertNil(network.columnCut(width: 320, contentWidth: 320), "no padding")
        XCTAssertNil(network.columnCut(width: 324, contentWidth: 40), "not a multiple of the stride")
        // Wider tensors (`.atLeast`, or a caller's) have room for more.
        XCTAssertEqual(network.columnCut(width: 640, contentWidth: 40).map { 640 - 8 * $0.count }, 160)
        XCTAssertEqual(network.columnCut(width: 640, contentWidth: 40).map { 640 - $0.columns }, 56)
        // Restored steps: kept steps before the block, the step after it for the block, the rest shifted.
        let cut = ColumnCut(start: 12, count: 20, stride: 8)
        XCTAssertEqual([0, 11, 12, 31, 32, 39].map(cut.keptStep), [0, 11, 12, 12, 12, 19])
        // Re-widening a row laid out without steps 10 ..< 35 to one without 12 ..< 32: the stand-in column (the first
        // after the block) repeated 5 more times at a quarter's scale (2 columns a step).
        let row: [Float] = (0..<30).map(Float.init)  // 80 - 2 · 25 columns
        var out = [Float](repeating: .nan, count: 40)
        row.withUnsafeBufferPointer { r in out.withUnsafeMutableBufferPointer {
            ColumnCut.widen(r.baseAddress!, rows: 1, width: 30, per: 2, from: Block(start: 10, count: 25),
                            to: Block(start: 12, count: 20), into: $0.baseAddress!)
        } }
        XCTAssertEqual(out, (0..<20).map(Float.init) + [Float](repeating: 20, count: 10) + (20..<30).map(Float.init))
    }

    /// A pass with a cut that does not fit is an error, not a wrong reading; graphs whose ops mix columns other
    /// than by windows and global means (the detector's transposed convolutions and upsampling) have no cut.
    func testCutsThatDoNotFitAreRejected() throws {
        let network = recognizer.network
        let input = [Float](repeating: 0, count: 3 * 48 * 160)
        let shape = [1, 3, 48, 160]
        let good = try XCTUnwrap(network.columnCut(width: 320, contentWidth: 100))
        func changed(_ segment: Int, _ block: ColumnCut.Block) -> ColumnCut {
            var blocks = good.blocks
            blocks[segment] = block
            return ColumnCut(blocks: blocks, output: 13, stride: 8)
        }
        let b5 = good.blocks[5]
        for bad in [ColumnCut(start: 12, count: 20, stride: 4), ColumnCut(start: 20, count: 20, stride: 8),
                    ColumnCut(start: 0, count: 20, stride: 8), ColumnCut(start: 12, count: 0, stride: 8),
                    ColumnCut(blocks: [.init(start: 12, count: 4)], output: 0, stride: 8),  // not one block a segment
                    changed(5, .init(start: good.blocks[4].start - 1, count: 2)),  // starts before its input's block
                    changed(5, .init(start: b5.start, count: b5.count + 2))] {  // ends after it
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
