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
        var out: [Character] = []
        var previous = -1
        for t in 0..<steps {
            let row = probabilities.baseAddress! + t * classes
            // The two most probable non-blank classes (ties keep the lower index, as the argmax does).
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
            let best = first > 0 && firstValue > row[0] ? first : 0
            if best != 0 {
                let runnerUp = second > 0 ? (label: second, confidence: secondValue) : nil
                if best == previous, var last = out.popLast() {
                    last.steps = last.steps.lowerBound...t
                    if let runnerUp, runnerUp.confidence > last.runnerUp?.confidence ?? -1 { last.runnerUp = runnerUp }
                    out.append(last)
                } else {
                    out.append(Character(label: best, confidence: firstValue, steps: t...t, runnerUp: runnerUp))
                }
            }
            previous = best
        }
        return out
    }
}
