import NutriLensImaging
import NutriLensText

/// The page-turn check of an unconvincing reading, decided with as few recognised lines as the decision needs
/// (session 20, issue 21, docs/text.md "The page-turn check stops when it is decided").
///
/// ``NeuralTextStage/read(_:scoring:)`` re-reads the ``NeuralTextStage/orientationSample`` longest boxes in the other
/// turn and reads the whole page that way only when their summed confidence beats the first turn's (`other > kept`).
/// Each line's confidence is the mean of its characters' probabilities, so it lies in 0...1: before every box is read,
/// the sum of those read and the count of those left bound the full sum from both sides. Once the bounds settle the
/// comparison (``turnDecision(readSum:unread:kept:)``) the rest is not read. The boxes are read one at a time, the
/// cheapest first (the shortest for their height: the recogniser's input width grows with it), so the lines left
/// unread are the longest, most expensive ones. On an upright page the other turn reads as low-probability
/// characters and one to three of the eight settle it. The decision is the one all eight gave: a line's reading does
/// not depend on the lines read with it (`TextRecognizer.recognize`: bit for bit whatever the batch), the bounds hold
/// with a margin far above the rounding of eight additions, and when every box is read the sum is taken in the
/// sample's order, as before.
///
/// The lines the check read are returned with the answer (``TurnCheck``): when the page is then read in that turn,
/// those boxes keep them instead of being recognised again (session 21; the same readings bit for bit, for the same
/// reason). They are the longest lines of the page, so on a turned page (the corpus's `2509757363133_2`,
/// `sample_nutrilabel_rotated`) this was the check's whole cost spent twice.
extension NeuralTextStage {
    /// The page-turn check's answer and the lines it read to reach it.
    struct TurnCheck {
        /// Whether the sample read in the other turn has the larger summed confidence (``readsBetterTurned(_:_:quarterTurns:than:)``).
        var better: Bool
        /// The readings made in that turn, by position in the sample (the cheapest first, until the answer was
        /// settled): each equal to what recognising that box in that turn alone gives.
        var read: [Int: RecognizedText]
    }

    /// Margin of the early decision, in summed confidence (1e-3): eight additions of values in 0...1 round by less
    /// than 1e-5, so a sum read in another order, or the full sum's bound, cannot cross `kept` inside it.
    static let turnDecisionMargin: Float = 1e-3

    /// Whether the other turn's summed confidence is larger than `kept` (`true`), not larger (`false`), or not yet
    /// known (`nil`), from `readSum`, the summed confidence (each 0...1) of the sample boxes read so far in that turn,
    /// and `unread`, how many are left (each adds 0...1). Decided only outside ``turnDecisionMargin`` of `kept`.
    static func turnDecision(readSum: Float, unread: Int, kept: Float) -> Bool? {
        if readSum > kept + turnDecisionMargin { return true }
        if readSum + Float(unread) < kept - turnDecisionMargin { return false }
        return nil
    }

    /// Indices of `quads` in the order their lines cost least to recognise: by long side over short side (the
    /// recogniser's input is 48 px high and as wide as the line's aspect makes it, at least 320), ties by index.
    static func cheapestFirst(_ quads: [NutriLensText.TextQuad]) -> [Int] {
        func aspect(_ quad: NutriLensText.TextQuad) -> Double {
            max(quad.width, quad.height) / max(min(quad.width, quad.height), 1)
        }
        let aspects = quads.map(aspect)
        return quads.indices.sorted { (aspects[$0], $0) < (aspects[$1], $1) }
    }

    /// Whether `sample` read turned `quarterTurns` has a larger summed confidence than `kept` (the first turn's): the
    /// answer of summing every sample box's confidence in order, reached by reading them one at a time, cheapest first
    /// (``cheapestFirst(_:)``), until ``turnDecision(readSum:unread:kept:)`` settles it; with the lines read on the way.
    func readsBetterTurned(_ image: DecodedImage, _ sample: [(quad: NutriLensText.TextQuad, score: Float)],
                           quarterTurns: Int, than kept: Float) throws -> TurnCheck {
        var confidences = [Float](repeating: 0, count: sample.count)
        var read: [Int: RecognizedText] = [:]
        var readSum: Float = 0
        for (done, index) in Self.cheapestFirst(sample.map(\.quad)).enumerated() {
            let text = try recognize(image, [sample[index]], quarterTurns: quarterTurns)[0]
            read[index] = text
            confidences[index] = text.confidence
            readSum += confidences[index]
            if let decided = Self.turnDecision(readSum: readSum, unread: sample.count - done - 1, kept: kept) {
                return TurnCheck(better: decided, read: read)
            }
        }
        return TurnCheck(better: confidences.reduce(0, +) > kept, read: read)
    }
}
