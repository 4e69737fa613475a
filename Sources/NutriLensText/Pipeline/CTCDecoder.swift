/// Greedy CTC decoding (PaddleOCR's CTCLabelDecode): per time step the most probable class; runs of the same class
/// merge into one character, the blank (class 0) separates characters and is dropped.
enum CTCDecoder {
    struct Character: Equatable {
        var label: Int
        var confidence: Float
        var steps: ClosedRange<Int>
        /// The most probable other non-blank class over the character's steps and its probability there (the
        /// highest over the run); `nil` with a one-class dictionary.
        var runnerUp: (label: Int, confidence: Float)?

        static func == (a: Character, b: Character) -> Bool {
            a.label == b.label && a.confidence == b.confidence && a.steps == b.steps
                && a.runnerUp?.label == b.runnerUp?.label && a.runnerUp?.confidence == b.runnerUp?.confidence
        }
    }

    /// What decoding needs of one step: the blank's probability and the two most probable non-blank classes with
    /// theirs (index -1 where there is none).
    struct Step {
        var blank: Float
        var first: Int, firstValue: Float
        var second: Int, secondValue: Float
    }

    /// Characters from a `steps x classes` probability matrix (row-major). A character's confidence is its
    /// probability at the first step of its run, as PaddleOCR scores it; its runner-up is the best non-blank class
    /// other than its own at any step of the run (what the recogniser would have read instead: "g" behind a "9").
    /// With `cut`, the matrix holds the kept steps of a pass that left the cut's steps out (`ColumnCut`): those are
    /// decoded as copies of the kept step after them, at their own time steps (`steps + cut.count` in all).
    static func decode(_ probabilities: UnsafeBufferPointer<Float>, steps: Int, classes: Int, cut: ColumnCut? = nil) -> [Character] {
        var run = Run()
        for r in 0..<steps {
            run.add(step(probabilities: probabilities.baseAddress! + r * classes, classes: classes), keptStep: r, cut: cut)
        }
        return run.characters
    }

    /// The same characters, bit for bit, from the `steps x classes` logits that the recogniser's final softmax
    /// (`TensorKernels.softmax`) would turn into those probabilities, without computing and storing all of them
    /// (`step(logits:classes:scratch:)`). `scratch` is not needed by the caller: it holds `classes` floats.
    /// `cut` as in `decode(_:steps:classes:cut:)`: a left-out step costs no second pass over its logits.
    static func decode(logits: UnsafeBufferPointer<Float>, steps: Int, classes: Int, cut: ColumnCut? = nil) -> [Character] {
        var run = Run()
        let scratch = UnsafeMutablePointer<Float>.allocate(capacity: max(classes, 1))
        defer { scratch.deallocate() }
        for r in 0..<steps {
            let row = logits.baseAddress! + r * classes
            run.add(step(logits: row, classes: classes, scratch: scratch, blankShortcut: true), keptStep: r, cut: cut)
        }
        return run.characters
    }

    /// How far the blank's logit must lead every other class's for `step(logits:classes:scratch:blankShortcut:)` to
    /// call the step blank without its probabilities: the blank's probability is then at least e^0.001 times the
    /// best other class's, far beyond the exp's relative error (~1e-7), so the softmax ranks it first as well.
    static let blankLead: Float = 1e-3

    /// One step of probabilities: one scan keeping the best two non-blank classes (ties keep the lower index, as an
    /// argmax does; NaN never wins).
    static func step(probabilities row: UnsafePointer<Float>, classes: Int) -> Step {
        var first = -1, second = -1
        var firstValue = -Float.infinity, secondValue = -Float.infinity
        for c in 1..<max(classes, 1) where row[c] > secondValue {
            if row[c] > firstValue {
                (second, secondValue) = (first, firstValue)
                (first, firstValue) = (c, row[c])
            } else {
                (second, secondValue) = (c, row[c])
            }
        }
        return Step(blank: row[0], first: first, firstValue: firstValue, second: second, secondValue: secondValue)
    }

    /// One step of logits, the same `Step` as `step(probabilities:classes:)` on their softmax, bit for bit.
    ///
    /// The softmax is monotone, so the best non-blank probabilities belong to the best logits: one scan keeps the
    /// best three logits (and gives the softmax's max); the exps go to `scratch` and are summed as the softmax does
    /// (the same floats), and only the blank's and those three classes' probabilities are scaled. That skips the
    /// softmax's separate max pass, its scaling pass over every class and the scan over the probabilities. The
    /// order is that of the probabilities unless rounding made the first two or the second and third equal, where
    /// the probability scan breaks the tie by index: then (rare) the row is scaled and scanned as probabilities.
    ///
    /// With `blankShortcut`, a step whose blank logit leads every other class's by `blankLead` (finite logits; most
    /// steps of a line: the gaps and the padding) returns a step with no non-blank class and skips the exps and the
    /// scan for the best three (one branch-free pass, `ElementwiseKernels.maximum`, finds the best other logit): greedy
    /// decoding reads nothing there and uses none of that step's probabilities, so the characters decoded are bit
    /// for bit the same (`GeometryTests.testCTCDecodingFromLogitsEqualsDecodingTheSoftmax`).
    static func step(logits x: UnsafePointer<Float>, classes: Int, scratch: UnsafeMutablePointer<Float>,
                     blankShortcut: Bool = false) -> Step {
        guard classes > 1 else { return Step(blank: 1, first: -1, firstValue: -.infinity, second: -1, secondValue: -.infinity) }
        // The best non-blank logit first, by a branch-free pass (it is the scan's `value.0` below, the same float):
        // most steps are blank and need nothing else.
        if blankShortcut, x[0].isFinite {
            let best = ElementwiseKernels.maximum(x + 1, count: classes - 1)
            if best.isFinite, x[0] - best >= blankLead {
                return Step(blank: 1, first: -1, firstValue: -.infinity, second: -1, secondValue: -.infinity)
            }
        }
        var top = (-1, -1, -1)
        var value = (-Float.infinity, -Float.infinity, -Float.infinity)
        for c in 1..<classes where x[c] > value.2 {
            if x[c] > value.0 {
                (top, value) = ((c, top.0, top.1), (x[c], value.0, value.1))
            } else if x[c] > value.1 {
                (top.1, top.2, value.1, value.2) = (c, top.1, x[c], value.1)
            } else {
                (top.2, value.2) = (c, x[c])
            }
        }
        // The softmax's max: NaN skipped, as its `x > m ? x : m` loop does.
        let m = value.0 > x[0] ? value.0 : (x[0] > -.infinity ? x[0] : value.0)
        // The softmax's exp and sum, the same loops on the same values (the optimiser vectorises the exp loop; the
        // sum's partial sums are ElementwiseKernels.sum's), without its scaling pass.
        for i in 0..<classes { scratch[i] = VectorMath.exp(x[i] - m) }
        let inverse = 1 / ElementwiseKernels.sum(scratch, count: classes)
        func probability(_ c: Int) -> Float { c < 0 ? -.infinity : scratch[c] * inverse }
        let p = (probability(top.0), probability(top.1), probability(top.2))
        let found = top.2 > 0 ? 3 : (top.1 > 0 ? 2 : (top.0 > 0 ? 1 : 0))
        // Fewer than three classes found (NaN or -infinity logits, whose clamped exp the scan would still rank) or a
        // tie by rounding: the probability scan decides.
        if found < min(3, classes - 1) || (found > 1 && p.0 == p.1) || (found > 2 && p.1 == p.2) {
            for i in 0..<classes { scratch[i] *= inverse }
            return step(probabilities: scratch, classes: classes)
        }
        return Step(blank: scratch[0] * inverse, first: top.0, firstValue: p.0, second: top.1, secondValue: p.1)
    }

    /// Greedy decoding one step at a time.
    private struct Run {
        var characters: [Character] = []
        var previous = -1

        /// Kept step `r` of a pass with `cut` (or step `r` without): the steps the cut left out, which equal kept
        /// step `cut.start`, come first at their own time steps.
        mutating func add(_ s: Step, keptStep r: Int, cut: ColumnCut?) {
            guard let cut, r >= cut.start else { return add(s, at: r) }
            if r == cut.start { for t in cut.start..<(cut.start + cut.count) { add(s, at: t) } }
            add(s, at: r + cut.count)
        }

        mutating func add(_ s: Step, at t: Int) {
            let best = s.first > 0 && s.firstValue > s.blank ? s.first : 0
            if best != 0 {
                let runnerUp = s.second > 0 ? (label: s.second, confidence: s.secondValue) : nil
                if best == previous, var last = characters.popLast() {
                    last.steps = last.steps.lowerBound...t
                    if let runnerUp, runnerUp.confidence > last.runnerUp?.confidence ?? -1 { last.runnerUp = runnerUp }
                    characters.append(last)
                } else {
                    characters.append(Character(label: best, confidence: s.firstValue, steps: t...t, runnerUp: runnerUp))
                }
            }
            previous = best
        }
    }
}
