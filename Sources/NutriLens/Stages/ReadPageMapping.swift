import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// Where the page the label grammar reads lies in the working image: the working image possibly levelled
/// (deskew, NutriLensOCR's `OCRStrategy.levelled`) and then turned upright by the OCR's orientation detection.
///
/// Why the grammar gets upright boxes: it groups words into rows by their boxes (`VisualRows`); on a page photographed
/// sideways the boxes of one printed row, in the photo's pixels, stand in a vertical column, so rows fell apart
/// (TestImages `deg_rot90_en` read every word and parsed none; `deg_rot180_de` paired values with the wrong rows).
struct ReadPageMapping: Sendable {
    /// Levelled page → working image; `nil` when the working image was read as given.
    var levelling: RotationMapping?
    /// Clockwise quarter turns (0...3) the content of the OCR input was turned by (`OCRPage.orientation`).
    var quarterTurns: Int
    /// Size of the OCR input (the levelled page, or the working image), pixels.
    var inputWidth: Int, inputHeight: Int

    /// Nothing to map.
    var isIdentity: Bool { levelling == nil && quarterTurns == 0 }

    /// `box` (OCR input pixels) on the upright page: the input turned back by `quarterTurns` counter-clockwise
    /// quarter turns (NutriLensOCR's `PageOrientation.uprightRect`, exact for axis-aligned boxes).
    func upright(_ box: TextBox) -> TextBox {
        let r = PageOrientation(quarterTurns: quarterTurns).uprightRect(x: box.x, y: box.y, width: box.width, height: box.height,
                                                                        imageWidth: inputWidth, imageHeight: inputHeight)
        return TextBox(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// `box` on the upright page back in OCR input pixels (inverse of ``upright(_:)``).
    func input(_ box: TextBox) -> TextBox {
        let r = PageOrientation(quarterTurns: quarterTurns).imageRect(fromUpright: box.x, y: box.y, width: box.width,
                                                                      height: box.height, imageWidth: inputWidth,
                                                                      imageHeight: inputHeight)
        return TextBox(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// `box` on the upright page in working-image pixels: turned back, then unlevelled (bounding box of the mapped
    /// corners, so a levelled box grows by the skew).
    func working(_ box: TextBox) -> TextBox {
        var b = input(box)
        if let levelling {
            let corners = [(b.x, b.y), (b.x + b.width, b.y), (b.x, b.y + b.height), (b.x + b.width, b.y + b.height)]
                .map { levelling.sourcePoint(x: $0.0, y: $0.1) }
            let xs = corners.map(\.x), ys = corners.map(\.y)
            b = TextBox(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
        }
        return b
    }
}
