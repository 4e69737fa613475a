/// Greedy CTC decoding (PaddleOCR's CTCLabelDecode): per time step the most probable class; runs of the same class
/// merge into one character, the blank (class 0) separates characters and is dropped.
enum CTCDecoder {
    struct Character: Equatable {
        var label: Int
        var confidence: Float
        var steps: ClosedRange<Int>
    }

    /// Characters from a `steps x classes` probability matrix (row-major). A character's confidence is its
    /// probability at the first step of its run, as PaddleOCR scores it.
    static func decode(_ probabilities: UnsafeBufferPointer<Float>, steps: Int, classes: Int) -> [Character] {
        var out: [Character] = []
        var previous = -1
        for t in 0..<steps {
            let row = probabilities.baseAddress! + t * classes
            var best = 0
            var bestValue = row[0]
            for c in 1..<classes where row[c] > bestValue {
                best = c
                bestValue = row[c]
            }
            if best != 0 {
                if best == previous, var last = out.popLast() {
                    last.steps = last.steps.lowerBound...t
                    out.append(last)
                } else {
                    out.append(Character(label: best, confidence: bestValue, steps: t...t))
                }
            }
            previous = best
        }
        return out
    }
}
