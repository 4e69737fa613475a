import NutriLensImaging

/// How unevenly a page is lit, measured on the survey image before any recognition.
///
/// The survey is cut into tiles of about ``tileSide`` pixels; a tile's paper level is the 90th percentile of its grey
/// levels (``BackgroundFlattening/paperLevel(_:x:y:histogram:)``). ``spread`` is the ratio of the 90th to the 10th
/// percentile of those paper levels: 1.00–1.10 on rendered labels and flat scans, up to 9 on photos with a lamp
/// gradient, shaded bands or a darker surround (corpus: median 1.42, 45 of 128 below 1.15; `A049E005…` 1.78,
/// `20005733_117` 2.04; TestImages: 31 of 39 below 1.15). Tesseract binarises a page with one global Otsu
/// threshold, which suits an evenly lit page: Sauvola for every page moved the corpus pages below 1.15 by +9 / −14
/// correct fields and TestImages' by +0 / −10, against +69 / −100 above (docs/ocr.md, "Session 5").
struct PageIllumination: Equatable {
    /// 90th ÷ 10th percentile of the tiles' paper levels, ≥ 1 (1 = evenly lit).
    var spread: Double

    /// Tile side in survey pixels (the survey's longest side is at most 1600 px).
    static let tileSide = 40

    /// Measures `survey` (any size; an image smaller than a tile is one tile).
    init(survey image: GrayImage) {
        let columns = max(1, image.width / Self.tileSide), rows = max(1, image.height / Self.tileSide)
        var levels: [Int] = []
        levels.reserveCapacity(columns * rows)
        var histogram = [Int](repeating: 0, count: 256)
        for ty in 0..<rows {
            for tx in 0..<columns {
                levels.append(BackgroundFlattening.paperLevel(
                    image, x: tx * image.width / columns..<(tx + 1) * image.width / columns,
                    y: ty * image.height / rows..<(ty + 1) * image.height / rows, histogram: &histogram))
            }
        }
        levels.sort()
        let low = levels[levels.count / 10], high = levels[levels.count * 9 / 10]
        spread = Double(max(1, high)) / Double(max(1, low))
    }
}
