import CLeptonica
import NutriLensImaging

/// Estimates text size and direction from connected components, before any OCR.
///
/// Why not Tesseract's layout analysis: on ruled tables (dark cell borders, e.g. Indian and UK labels) it returns
/// the whole table as one "line" and overestimates the x-height 10×; it also costs 100–600 ms on a 1600 px photo.
/// Binarising (Otsu, tiles of ¼ image) plus 8-connected components costs ~10–30 ms at that size.
struct TextSizeEstimate: Equatable {
    /// Estimated x-height in the pixels of the analysed image, measured along the text's own vertical.
    var xHeight: Double
    /// Glyphs with neighbours of similar size side by side (text running left to right or right to left).
    var horizontalGlyphs: Int
    /// Glyphs with neighbours of similar size above/below (text running top to bottom: the page is turned 90/270°).
    var verticalGlyphs: Int

    /// True when most text runs vertically, so the page is turned a quarter.
    var looksTurned: Bool { verticalGlyphs >= 20 && verticalGlyphs > 2 * horizontalGlyphs }
}

enum TextSizeEstimator {
    struct Component { var x, y, w, h: Int }

    /// Components longer side 3 px … ⅙ of the image, aspect within 1:6 (drops rules and borders), kept only when at
    /// least two neighbours of similar size sit on the same text line (photo texture and speckle rarely line up;
    /// measured: without this, bag wrinkles made a 23 px x-height read as 4 px). x-height ≈ 0.72 × the median
    /// glyph extent across the line (mix of x-height letters and cap/digit height ≈ 1.4 × x-height).
    /// `nil` when fewer than 8 text glyphs are found (blank or nearly blank image).
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
        var comps: [Component] = []
        for i in 0..<boxaGetCount(boxa) {
            var bx: Int32 = 0, by: Int32 = 0, bw: Int32 = 0, bh: Int32 = 0
            boxaGetBoxGeometry(boxa, i, &bx, &by, &bw, &bh)
            let long = max(bw, bh), short = min(bw, bh)
            guard long >= 3, long <= maxSide, short * 6 >= long else { continue }
            comps.append(Component(x: Int(bx), y: Int(by), w: Int(bw), h: Int(bh)))
        }
        let horizontal = lineMembers(comps)
        let vertical = lineMembers(comps.map { Component(x: $0.y, y: $0.x, w: $0.h, h: $0.w) })
        let turned = vertical.count > 2 * horizontal.count
        let extents = (turned ? vertical : horizontal).map { Double($0.h) }
        guard extents.count >= 8, let m = median(extents) else { return nil }
        return TextSizeEstimate(xHeight: 0.72 * m, horizontalGlyphs: horizontal.count, verticalGlyphs: vertical.count)
    }

    /// Components with ≥ 2 neighbours on their line: height within 0.6–1.67×, vertical centre within 0.4 × height,
    /// horizontal gap below 1.5 × height. (Call with x/y swapped for vertical lines.)
    static func lineMembers(_ comps: [Component]) -> [Component] {
        let sorted = comps.sorted { $0.x < $1.x }
        var out: [Component] = []
        for (i, a) in sorted.enumerated() {
            let cy = Double(a.y) + Double(a.h) / 2, reach = Double(a.h) * 1.5
            var neighbours = 0
            var j = i + 1
            while j < sorted.count, Double(sorted[j].x) <= Double(a.x + a.w) + reach, neighbours < 2 {
                if similar(a, sorted[j], cy) { neighbours += 1 }
                j += 1
            }
            j = i - 1
            while j >= 0, neighbours < 2, Double(sorted[j].x) >= Double(a.x) - 6 * Double(a.h) {
                let b = sorted[j]
                if Double(a.x) - Double(b.x + b.w) <= reach, similar(a, b, cy) { neighbours += 1 }
                j -= 1
            }
            if neighbours >= 2 { out.append(a) }
        }
        return out
    }

    private static func similar(_ a: Component, _ b: Component, _ cy: Double) -> Bool {
        let ratio = Double(b.h) / Double(a.h)
        return ratio > 0.6 && ratio < 1.67 && abs(Double(b.y) + Double(b.h) / 2 - cy) < 0.4 * Double(a.h)
    }
}
