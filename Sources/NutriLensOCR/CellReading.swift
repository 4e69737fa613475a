import NutriLensImaging

/// Tesseract's reading of one cell image: one line of text (PSM 7).
public struct OCRCellText: Sendable, Hashable {
    /// The words read, joined by single spaces; empty when Tesseract found no text.
    public var text: String
    /// The lowest word confidence of the line (0…1); 0 for an empty line.
    public var confidence: Double

    /// `text`: the words joined by single spaces (empty: nothing read); `confidence`: the lowest word confidence,
    /// 0...1.
    public init(text: String, confidence: Double) {
        self.text = text
        self.confidence = confidence
    }
}

extension NutritionOCR {
    /// Text height the cells are scaled to before recognition, pixels: the ~30 px line height at which Tesseract read
    /// the most of the boxes a neural detector found on the shared corpus (issue 21, "Tesseract reading the boxes a
    /// neural detector found (psm 7, 30 px text)").
    static let cellTextHeight = 32

    /// Reads each image as one line of text (PSM 7), the second opinion on value cells another engine read unsure
    /// (the scanner's `.both` engine). Each image is a cell crop whose text runs left to right; it is scaled so its
    /// height is ``cellTextHeight`` plus the margin the caller left (`textHeight` gives the text's own height in the
    /// crop, pixels), and inverted first when it is mostly dark (light-on-dark tables; the pool's engines are loaded
    /// with Tesseract's inverted-line retry off).
    /// - Parameter cells: crops with their text height in pixels (> 0).
    /// - Returns: one ``OCRCellText`` per crop, in order (empty text for a crop too small to read: a side under 3 px).
    /// - Throws: engine-loading errors when the pool has to create an engine.
    public func readCells(_ cells: [(image: GrayImage, textHeight: Double)]) throws -> [OCRCellText] {
        try pool.withEngine { engine in
            cells.map { cell in
                guard let prepared = Self.prepared(cell.image, textHeight: cell.textHeight) else {
                    return OCRCellText(text: "", confidence: 0)
                }
                let words = engine.recognize(prepared, segmentation: .singleLine).words
                return OCRCellText(text: words.map(\.text).joined(separator: " "),
                                   confidence: words.map(\.confidence).min() ?? 0)
            }
        }
    }

    /// `image` scaled to ``cellTextHeight`` text and dark on light; `nil` when it is too small or too large to read.
    static func prepared(_ image: GrayImage, textHeight: Double) -> GrayImage? {
        guard image.width >= 3, image.height >= 3, textHeight > 0 else { return nil }
        let scale = Double(cellTextHeight) / textHeight
        let width = Int((Double(image.width) * scale).rounded()), height = Int((Double(image.height) * scale).rounded())
        guard (3...32767).contains(width), (3...32767).contains(height),
              var scaled = try? image.resized(toWidth: width, height: height) else { return nil }
        let histogram = scaled.histogram()
        let dark = histogram[..<128].reduce(0, +)
        if dark * 2 > width * height { scaled = scaled.inverted() }
        return scaled
    }
}
