import CLeptonica
import NutriLensImaging

/// Estimates text size and direction from glyph-like connected components, before any OCR.
///
/// Why not Tesseract's layout analysis: on ruled tables (dark cell borders, e.g. Indian and UK labels) it returns
/// the whole table as one "line" and overestimates the x-height 10×; it also costs 100–600 ms on a 1600 px photo.
/// Binarising (Otsu, tiles of ¼ image) plus 8-connected components costs ~10–30 ms at that size.
struct TextSizeEstimate: Equatable {
    /// Estimated x-height in the pixels of the analysed image.
    var xHeight: Double
    /// Glyph components counted.
    var glyphs: Int
    /// Share of glyphs clearly wider than tall (> 1.15:1). Upright Latin text is mostly taller than wide (digits,
    /// capitals, ascenders), so a majority of wide glyphs means the page is turned 90° or 270°.
    var wideFraction: Double
}

enum TextSizeEstimator {
    /// Glyph-like components: longer side 4 px … ⅙ of the image, aspect within 1:6 (drops specks, rules, borders).
    /// x-height ≈ 0.72 × the median of the glyphs' vertical extent (mix of x-height letters and cap/digit height,
    /// ≈ 1.4 × x-height, in label text). `nil` when fewer than 8 glyphs are found (blank or nearly blank image).
    static func estimate(_ gray: GrayImage) -> TextSizeEstimate? {
        let image = LeptonicaImage(gray)
        let w = image.width, h = image.height
        var thresholds: UnsafeMutablePointer<Pix>?, binary: UnsafeMutablePointer<Pix>?
        defer { pixDestroy(&thresholds); pixDestroy(&binary) }
        guard pixOtsuAdaptiveThreshold(image.pix, Int32(max(16, w / 4)), Int32(max(16, h / 4)), 0, 0, 0.1,
                                       &thresholds, &binary) == 0, let bin = binary else { return nil }
        var boxes = pixConnCompBB(bin, 8)
        defer { boxaDestroy(&boxes) }
        guard let boxa = boxes else { return nil }
        let maxSide = max(4, min(w, h) / 6)
        var heights: [Double] = []
        var wide = 0, tall = 0
        for i in 0..<boxaGetCount(boxa) {
            var bx: Int32 = 0, by: Int32 = 0, bw: Int32 = 0, bh: Int32 = 0
            boxaGetBoxGeometry(boxa, i, &bx, &by, &bw, &bh)
            let long = max(bw, bh), short = min(bw, bh)
            guard long >= 4, long <= maxSide, short * 6 >= long else { continue }
            heights.append(Double(bh))
            if Double(bw) > 1.15 * Double(bh) { wide += 1 } else if Double(bh) > 1.15 * Double(bw) { tall += 1 }
        }
        guard heights.count >= 8, let m = median(heights) else { return nil }
        return TextSizeEstimate(xHeight: 0.72 * m, glyphs: heights.count,
                                wideFraction: Double(wide) / Double(max(1, wide + tall)))
    }
}
