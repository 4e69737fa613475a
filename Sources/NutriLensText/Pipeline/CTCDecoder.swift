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

    /// Characters from a `steps x classes` probability matrix (row-major). A character's confidence is its
    /// probability at the first step of its run, as PaddleOCR scores it; its runner-up is the best non-blank class
    /// other than its own at any step of the run (what the recogniser would have read instead: "g" behind a "9").
    static func decode(_ probabilities: UnsafeBufferPointer<Float>, steps: Int, classes: Int) -> [Character] {
        var decoder = Run()
        for t in 0..<steps { decoder.add(probabilities.baseAddress! + t * classes, classes: classes, step: t) }
        return decoder.characters
    }

    /// The same characters from the `steps x classes` logits the recogniser's final softmax would turn into
    /// probabilities: each row goes through `TensorKernels.softmax` into one row of scratch, so the values are
    /// bit-identical to decoding the softmax output, without writing and re-reading the whole `steps x classes`
    /// matrix (6,906 classes x 40 steps for a 320-column line: 1.1 MB, more than the L2 cache).
    static func decode(logits: UnsafeBufferPointer<Float>, steps: Int, classes: Int) -> [Character] {
        var decoder = Run()
        let row = UnsafeMutablePointer<Float>.allocate(capacity: max(classes, 1))
        defer { row.deallocate() }
        for t in 0..<steps {
            TensorKernels.softmax(input: logits.baseAddress! + t * classes, rows: 1, width: classes, output: row)
            decoder.add(row, classes: classes, step: t)
        }
        return decoder.characters
    }

    /// Greedy decoding one step at a time.
    private struct Run {
        var characters: [Character] = []
        var previous = -1

        /// Adds step `step` whose class probabilities are `row[0..<classes]`.
        mutating func add(_ row: UnsafePointer<Float>, classes: Int, step t: Int) {
            let (first, firstValue, second, secondValue) = CTCDecoder.topTwo(row, classes: classes)
            let best = first > 0 && firstValue > row[0] ? first : 0
            if best != 0 {
                let runnerUp = second > 0 ? (label: second, confidence: secondValue) : nil
                if best == previous, var last = characters.popLast() {
                    last.steps = last.steps.lowerBound...t
                    if let runnerUp, runnerUp.confidence > last.runnerUp?.confidence ?? -1 { last.runnerUp = runnerUp }
                    characters.append(last)
                } else {
                    characters.append(Character(label: best, confidence: firstValue, steps: t...t, runnerUp: runnerUp))
                }
            }
            previous = best
        }
    }

    /// The two most probable non-blank classes of `row[1..<classes]` and their values (index -1 and -infinity where
    /// there is none); ties keep the lower index, as an argmax does, and NaN never wins. Written as max reductions
    /// the optimiser vectorises plus searches for the first index holding the maximum, instead of one branchy scan.
    static func topTwo(_ row: UnsafePointer<Float>, classes: Int) -> (first: Int, firstValue: Float, second: Int, secondValue: Float) {
        func maximum(_ range: Range<Int>) -> Float {
            var m = -Float.infinity
            for c in range { m = row[c] > m ? row[c] : m }
            return m
        }
        func firstIndex(of value: Float, in range: Range<Int>) -> Int {
            for c in range where row[c] == value { return c }
            return -1
        }
        guard classes > 1 else { return (-1, -.infinity, -1, -.infinity) }
        let firstValue = maximum(1..<classes)
        guard firstValue > -.infinity else { return (-1, -.infinity, -1, -.infinity) }  // every value NaN or -infinity
        let first = firstIndex(of: firstValue, in: 1..<classes)
        let secondValue = max(maximum(1..<first), maximum((first + 1)..<classes))
        guard secondValue > -.infinity else { return (first, firstValue, -1, -.infinity) }
        var second = firstIndex(of: secondValue, in: 1..<first)
        if second < 0 { second = firstIndex(of: secondValue, in: (first + 1)..<classes) }
        return (first, firstValue, second, secondValue)
    }
}
