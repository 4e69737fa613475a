import Foundation
import NutriLensImaging
import NutriLensTestSupport
import XCTest
@testable import NutriLensText

/// The pure pieces of the pipeline on hand-made inputs with known answers.
final class GeometryTests: XCTestCase {
    /// The minimum-area rectangle of a rotated rectangle's points is that rectangle (any angle), and a random point
    /// cloud's rectangle contains every point with an area no larger than its axis-aligned box.
    func testMinimumAreaRectangle() {
        var rng = SeededRandom(seed: 7)
        for _ in 0..<50 {
            let angle = Double.random(in: 0..<Double.pi, using: &rng)
            let (w, h) = (Double.random(in: 4...80, using: &rng), Double.random(in: 3...30, using: &rng))
            let u = SIMD2(cos(angle), sin(angle)), v = SIMD2(-sin(angle), cos(angle))
            let c = SIMD2(100.0, 80.0)
            var points: [SIMD2<Double>] = []
            for i in 0...8 { for j in 0...4 {
                points.append(c + u * (w * (Double(i) / 8 - 0.5)) + v * (h * (Double(j) / 4 - 0.5)))
            } }
            let rect = Geometry.minimumAreaRect(hull: Geometry.convexHull(points))
            XCTAssertEqual(rect.width * rect.height, w * h, accuracy: 1e-6 * w * h)
            XCTAssertEqual(rect.shortSide, min(w, h), accuracy: 1e-6)
            XCTAssertEqual(rect.center.x, c.x, accuracy: 1e-6)
            let cloud = (0..<30).map { _ in SIMD2(Double.random(in: 0...50, using: &rng), Double.random(in: 0...20, using: &rng)) }
            let r = Geometry.minimumAreaRect(hull: Geometry.convexHull(cloud))
            let corners = r.expanded(by: 1e-6).corners
            for p in cloud { XCTAssertTrue(Geometry.contains(corners.map(\.x), corners.map(\.y), x: p.x, y: p.y)) }
            let xs = cloud.map(\.x), ys = cloud.map(\.y)
            XCTAssertLessThanOrEqual(r.width * r.height, (xs.max()! - xs.min()!) * (ys.max()! - ys.min()!) + 1e-9)
        }
    }

    /// PaddleOCR's corner order: top-left (smallest x + y), top-right, bottom-right, bottom-left.
    func testCornerOrder() {
        let shuffled: [SIMD2<Double>] = [SIMD2(50, 30), SIMD2(10, 12), SIMD2(11, 30), SIMD2(49, 10)]
        XCTAssertEqual(Geometry.orderClockwise(shuffled), [SIMD2(10, 12), SIMD2(49, 10), SIMD2(50, 30), SIMD2(11, 30)])
    }

    /// Connected components are 8-connected: a diagonal chain is one component, two separated blobs are two.
    func testConnectedComponents() {
        var map = [Float](repeating: 0, count: 10 * 6)
        for i in 0..<4 { map[i * 10 + i] = 1 }        // diagonal
        for y in 2..<5 { for x in 6..<9 { map[y * 10 + x] = 0.9 } }
        let components = map.withUnsafeBufferPointer { ConnectedComponents(map: $0, width: 10, height: 6, threshold: 0.5).components }
        XCTAssertEqual(components.map(\.pixels), [4, 9])
        XCTAssertEqual(components[1].minX, 6)
        XCTAssertEqual(components[1].maxY, 4)
    }

    /// PaddleOCR's DetResizeForTest "resize_long": long side scaled, each side rounded to a multiple of 32.
    func testDetectorNetworkSize() {
        XCTAssertTrue(DetectorInput.networkSize(height: 541, width: 682, longSide: 960, multiple: 32) == (768, 960))
        XCTAssertTrue(DetectorInput.networkSize(height: 4032, width: 3024, longSide: 1280, multiple: 32) == (1280, 960))
        XCTAssertTrue(DetectorInput.networkSize(height: 10, width: 2000, longSide: 960, multiple: 32) == (32, 960))
    }

    /// The perspective transform maps the four corners exactly; a unit square onto an axis-aligned rectangle is a
    /// scale.
    func testHomography() {
        let from: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(40, 0), SIMD2(40, 10), SIMD2(0, 10)]
        let to: [SIMD2<Double>] = [SIMD2(5, 7), SIMD2(90, 12), SIMD2(88, 40), SIMD2(3, 33)]
        let m = LineCropper.homography(from: from, to: to)
        for (a, b) in zip(from, to) {
            let d = m[6] * a.x + m[7] * a.y + m[8]
            XCTAssertEqual((m[0] * a.x + m[1] * a.y + m[2]) / d, b.x, accuracy: 1e-9)
            XCTAssertEqual((m[3] * a.x + m[4] * a.y + m[5]) / d, b.y, accuracy: 1e-9)
        }
        let scale = LineCropper.homography(from: from, to: from.map { $0 * 2 })
        XCTAssertEqual(scale, [2, 0, 0, 0, 2, 0, 0, 0, 1].map { $0 }, accuracy: 1e-12)
    }

    /// Greedy CTC: repeats merge, blanks separate, "aa" needs a blank between; confidences are the first step's.
    func testCTCDecoding() {
        // 3 classes: blank, "a", "b"; steps read: a a _ a b b _ _
        let argmax = [1, 1, 0, 1, 2, 2, 0, 0], top: [Float] = [0.6, 0.9, 0.8, 0.7, 0.55, 0.95, 0.99, 0.99]
        var probabilities = [Float](repeating: 0, count: argmax.count * 3)
        for (t, c) in argmax.enumerated() {
            for k in 0..<3 { probabilities[t * 3 + k] = k == c ? top[t] : (1 - top[t]) / 2 }
        }
        let chars = probabilities.withUnsafeBufferPointer { CTCDecoder.decode($0, steps: argmax.count, classes: 3) }
        XCTAssertEqual(chars.map(\.label), [1, 1, 2])
        XCTAssertEqual(chars.map(\.steps), [0...1, 3...3, 4...5])
        XCTAssertEqual(chars.map(\.confidence), [0.6, 0.7, 0.55])
    }

    /// Each character keeps its runner-up: the best other non-blank class over its run (the highest probability of
    /// any step), ties to the lower index; the blank is never a runner-up.
    func testCTCDecodingKeepsTheRunnerUp() {
        // 4 classes: blank, "9", "g", "1"; steps read: 9 9 _ 1
        let probabilities: [Float] = [0.10, 0.60, 0.25, 0.05,
                                      0.10, 0.50, 0.35, 0.05,
                                      0.90, 0.02, 0.03, 0.05,
                                      0.10, 0.10, 0.10, 0.70]
        let chars = probabilities.withUnsafeBufferPointer { CTCDecoder.decode($0, steps: 4, classes: 4) }
        XCTAssertEqual(chars.map(\.label), [1, 3])
        XCTAssertEqual(chars.map(\.confidence), [0.60, 0.70])
        XCTAssertEqual(chars.map { $0.runnerUp?.label }, [2, 1])
        XCTAssertEqual(chars.map { $0.runnerUp?.confidence }, [0.35, 0.10])
        // A two-class dictionary (blank and one label) has no runner-up.
        let single: [Float] = [0.2, 0.8]
        let one = single.withUnsafeBufferPointer { CTCDecoder.decode($0, steps: 1, classes: 2) }
        XCTAssertEqual(one.map(\.label), [1])
        XCTAssertNil(one[0].runnerUp)
    }

    /// Decoding from logits gives bit for bit the characters (labels, steps, confidences, runners-up) of decoding the
    /// softmax of the same logits: the recogniser skips its final softmax layer this way.
    func testCTCDecodingFromLogitsEqualsDecodingTheSoftmax() {
        var rng = SeededRandom(seed: 11)
        for (steps, classes) in [(1, 2), (8, 3), (40, 97), (25, 6906)] {
            // Peaked rows as a recogniser gives them: one label (often the blank) well above the rest, runs repeating.
            var logits = [Float](repeating: 0, count: steps * classes)
            var label = 0
            for t in 0..<steps {
                if rng.next() % 3 == 0 { label = rng.next() % 2 == 0 ? 0 : Int(rng.next() % UInt64(classes)) }
                for c in 0..<classes { logits[t * classes + c] = Float(Int(rng.next() % 2000) - 1000) / 200 }
                logits[t * classes + label] += 12
            }
            var probabilities = [Float](repeating: 0, count: logits.count)
            logits.withUnsafeBufferPointer { x in
                probabilities.withUnsafeMutableBufferPointer { y in
                    TensorKernels.softmax(input: x.baseAddress!, rows: steps, width: classes, output: y.baseAddress!)
                }
            }
            let fromLogits = logits.withUnsafeBufferPointer { CTCDecoder.decode(logits: $0, steps: steps, classes: classes) }
            let fromSoftmax = probabilities.withUnsafeBufferPointer { CTCDecoder.decode($0, steps: steps, classes: classes) }
            XCTAssertEqual(fromLogits, fromSoftmax, "\(steps) x \(classes)")
            if classes > 3 { XCTAssertFalse(fromLogits.isEmpty, "the test must decode characters") }
        }
    }

    /// Rows where the logits' order is not the probabilities' order decide as the probability scan does: ties
    /// between the first two or the second and third classes (to the lower index), logits so close that their
    /// probabilities round equal, -infinity and NaN logits, one- and two-label dictionaries.
    func testCTCDecodingFromLogitsBreaksTiesAsTheSoftmaxScan() {
        let rows: [[Float]] = [
            [0, 3, 5, 5, 1],             // first two tie: the lower index first, the other second
            [0, 4, 2, 5, 4],             // second and third tie
            [0, 6, 1e-7 + 6, 2, 1],      // logits one rounding apart
            [1, 2, 2, 2, 2],             // four-way tie
            [0, 5, -.infinity],          // -infinity logit: its clamped exp still ranks second
            [0, .nan, 3, 2],             // NaN logit
            [-1, 2], [2, 1], [0.5],
        ]
        for row in rows {
            var probabilities = [Float](repeating: 0, count: row.count)
            row.withUnsafeBufferPointer { x in
                probabilities.withUnsafeMutableBufferPointer { y in
                    TensorKernels.softmax(input: x.baseAddress!, rows: 1, width: row.count, output: y.baseAddress!)
                }
            }
            let expected = probabilities.withUnsafeBufferPointer { CTCDecoder.step(probabilities: $0.baseAddress!, classes: row.count) }
            let scratch = UnsafeMutablePointer<Float>.allocate(capacity: row.count)
            defer { scratch.deallocate() }
            let got = row.withUnsafeBufferPointer { CTCDecoder.step(logits: $0.baseAddress!, classes: row.count, scratch: scratch) }
            XCTAssertEqual(got.first, expected.first, "\(row)")
            XCTAssertEqual(got.second, expected.second, "\(row)")
            if expected.first > 0 { XCTAssertEqual(got.firstValue, expected.firstValue, "\(row)") }
            if expected.second > 0 { XCTAssertEqual(got.secondValue, expected.secondValue, "\(row)") }
            if expected.first > 0 { XCTAssertEqual(got.blank, expected.blank, "\(row)") }
        }
    }

    /// The blank shortcut (`CTCDecoder.blankLead`): a step the blank wins by at least 0.001 in the logits is blank
    /// without its exps, any closer one goes through the probabilities; the characters decoded are the softmax's
    /// either way, also for a blank barely ahead of or tied with a label, NaN and infinite logits.
    func testBlankShortcutDecodesAsTheSoftmax() {
        let lead = CTCDecoder.blankLead
        let rows: [[Float]] = [
            [5 + lead, 5, 1, 0], [5 + 2 * lead, 5, 1, 0], [5 + lead / 2, 5, 1, 0], [5, 5, 1, 0], [5, 5 + lead / 4, 1, 0],
            [30, 0, 1, 2], [0, 30, 1, 2], [.nan, 1, 2, 3], [5, .nan, 1, 0], [.infinity, 1, 2, 3], [5, .infinity, 1, 0],
            [-.infinity, 1, 2, 3], [5, -.infinity, -.infinity, -.infinity],
        ]
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: 4)
        defer { scratch.deallocate() }
        for row in rows {
            // Each row alone, and repeated between label steps (so a wrongly blank step would split or merge runs).
            let label: [Float] = [0, 9, 1, 0]
            for logits in [row, label + row + label, row + label + row] {
                let steps = logits.count / 4
                var probabilities = [Float](repeating: 0, count: logits.count)
                logits.withUnsafeBufferPointer { x in
                    probabilities.withUnsafeMutableBufferPointer { y in
                        TensorKernels.softmax(input: x.baseAddress!, rows: steps, width: 4, output: y.baseAddress!)
                    }
                }
                let fromLogits = logits.withUnsafeBufferPointer { CTCDecoder.decode(logits: $0, steps: steps, classes: 4) }
                let fromSoftmax = probabilities.withUnsafeBufferPointer { CTCDecoder.decode($0, steps: steps, classes: 4) }
                XCTAssertEqual(fromLogits, fromSoftmax, "\(logits)")
            }
            let taken = row.withUnsafeBufferPointer {
                CTCDecoder.step(logits: $0.baseAddress!, classes: 4, scratch: scratch, blankShortcut: true).first == -1
            }
            // Taken when the blank and the best other (NaN and -infinity never rank) are finite and 0.001 apart.
            let best = row[1...].filter { !$0.isNaN && $0 > -.infinity }.max()
            XCTAssertEqual(taken, row[0].isFinite && best.map { $0.isFinite && row[0] - $0 >= lead } == true, "\(row)")
        }
    }

    /// `ElementwiseKernels.maximum` (the blank shortcut's best other logit) is the value a scan keeping `x > best ? x : best`
    /// ends with, bit for bit, whatever the length (the eight partial maxima and the tail) and wherever NaN, infinite
    /// and signed-zero values sit; and on wide rows the shortcut still decides as the softmax does.
    func testMaximumIsTheScansBestAndTheShortcutHoldsOnWideRows() {
        var rng = SeededRandom(seed: 5)
        let specials: [Float] = [.nan, .infinity, -.infinity, 0, -0.0, 9.5]
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 31, 6905] {
            for trial in 0..<6 {
                var row = (0..<count).map { _ in Float(Int(rng.next() % 2000) - 1000) / 200 }
                if count > 0, trial > 0 {
                    for _ in 0..<trial { row[Int(rng.next() % UInt64(count))] = specials[Int(rng.next() % UInt64(specials.count))] }
                }
                if trial == 5 { row = row.map { _ in .nan } }
                var expected = -Float.infinity
                for x in row { expected = x > expected ? x : expected }
                let got = row.withUnsafeBufferPointer { ElementwiseKernels.maximum($0.baseAddress ?? UnsafePointer(bitPattern: 8)!, count: count) }
                XCTAssertEqual(got.bitPattern, expected.bitPattern, "\(count) trial \(trial)")
            }
        }
        // 6906 classes: the blank just ahead of, just behind and far ahead of the best other, which sits in a
        // vector lane or in the tail; NaN elsewhere in the row.
        let classes = 6906, lead = CTCDecoder.blankLead
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: classes)
        defer { scratch.deallocate() }
        for best in [1, 8, 13, 6900, 6905] {
            for blank: Float in [3 + lead, 3 + lead / 2, 3, 20] {
                var row = (0..<classes).map { _ in Float(Int(rng.next() % 1000) - 1000) / 500 }
                row[best] = 3
                row[(best + 77) % classes == 0 ? 2 : (best + 77) % classes] = .nan
                row[0] = blank
                let taken = row.withUnsafeBufferPointer {
                    CTCDecoder.step(logits: $0.baseAddress!, classes: classes, scratch: scratch, blankShortcut: true).first == -1
                }
                XCTAssertEqual(taken, blank - 3 >= lead, "best at \(best), blank \(blank)")
                let label: [Float] = (0..<classes).map { $0 == 9 ? 9 : 0 }
                let logits = label + row + label
                var probabilities = [Float](repeating: 0, count: logits.count)
                logits.withUnsafeBufferPointer { x in
                    probabilities.withUnsafeMutableBufferPointer { y in
                        TensorKernels.softmax(input: x.baseAddress!, rows: 3, width: classes, output: y.baseAddress!)
                    }
                }
                let fromLogits = logits.withUnsafeBufferPointer { CTCDecoder.decode(logits: $0, steps: 3, classes: classes) }
                let fromSoftmax = probabilities.withUnsafeBufferPointer { CTCDecoder.decode($0, steps: 3, classes: classes) }
                XCTAssertEqual(fromLogits, fromSoftmax, "best at \(best), blank \(blank)")
            }
        }
    }

    /// Slicing a quad along its reading direction interpolates both long edges.
    func testQuadSlice() {
        let quad = TextQuad(topLeft: PixelPoint(x: 0, y: 0), topRight: PixelPoint(x: 100, y: 10),
                            bottomRight: PixelPoint(x: 98, y: 30), bottomLeft: PixelPoint(x: -2, y: 20))
        let mid = quad.slice(from: 0.25, to: 0.5)
        XCTAssertEqual(mid.topLeft, PixelPoint(x: 25, y: 2.5))
        XCTAssertEqual(mid.bottomRight, PixelPoint(x: 48, y: 25))
        XCTAssertEqual(quad.angleDegrees, atan2(20, 200) * 180 / .pi, accuracy: 1e-9)
        XCTAssertEqual(TextQuad(PixelRect(x: 3, y: 4, width: 10, height: 5)).boundingRect, PixelRect(x: 3, y: 4, width: 10, height: 5))
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) { XCTAssertEqual(x, y, accuracy: accuracy, file: file, line: line) }
}
