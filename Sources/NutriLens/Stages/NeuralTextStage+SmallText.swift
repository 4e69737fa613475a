import NutriLensText

/// Small text on a small photo (session 19, docs/history/session-19-readerloss.md): the detector runs at the photo's own
/// size when the photo is smaller than ``NeuralTextStage/detectorLongSide`` (never enlarged), and there the table text
/// of thumbnails and low-resolution crops is 4-6 px tall. The DB detector then merges neighbouring rows into one box or
/// finds none (julielee `eng_real_14`, 300 x 168: 19 boxes at its own size, 28 at 3x, the rows "Sodium 25mg",
/// "Total Carbohydrate 5g", "Dietary Fiber 1g" only at 3x), so the row's number never reaches the grammar.
/// When the first detection's boxes are that small, the photo is detected once more, enlarged so that the median box is
/// ``smallTextTargetBoxSide`` px (at most ``smallTextMaximumEnlargement``x and never past the configured long side),
/// and those boxes are read instead. Crops are still taken from the photo's own pixels (the recogniser resamples each
/// line to 48 px either way). Only photos under the detector's long side can take this path, so its second detection
/// is at most one 1280 detection; the first, at the photo's own size, is the cheap one.
extension NeuralTextStage {
    /// Median short side of the boxes, in detector input pixels, under which the text counts as small. A box is the text
    /// grown by the DB unclip offset (about 2.4x the text height for a line), so 16 px is text of about 6-7 px.
    /// Chosen from the corpus line dumps of main (docs/history/session-19-readerloss.md, "Small text"): the photos whose
    /// rows merge sit at 9-15 px, the smallest cleanly read tables (q-m, M-Strzelecki nf) at 19-25 px.
    static let smallTextBoxSide = 16.0
    /// Median box short side the enlarged detection aims at: the q-m screenshots, read field for field at their own size.
    static let smallTextTargetBoxSide = 24.0
    /// The largest enlargement (3x: 300 px thumbnails to 900 px).
    static let smallTextMaximumEnlargement = 3.0

    /// The detector side to detect a photo again at, or `nil` when its text is not small or it was not detected at its
    /// own size. `quads` are the first detection's boxes (working pixels, which are the detector's when `detectedAt ==
    /// longSide`), `longSide` the photo's long side, `detectedAt` the side the boxes were detected at, `configuredSide`
    /// ``ScannerConfiguration/textDetectorLongSide`` (the enlarged side never exceeds it). Needs at least 3 boxes.
    static func smallTextDetectorSide(_ quads: [TextQuad], longSide: Int, detectedAt: Int, configuredSide: Int) -> Int? {
        guard detectedAt < configuredSide, detectedAt == longSide, quads.count >= 3 else { return nil }
        let sides = quads.map { min($0.width, $0.height) }.sorted()
        let median = sides[sides.count / 2]
        guard median > 0, median < smallTextBoxSide else { return nil }
        let scale = min(smallTextTargetBoxSide / median, smallTextMaximumEnlargement)
        let side = min(configuredSide, Int((Double(longSide) * scale).rounded()))
        return side > longSide ? side : nil
    }
}
