import NutriLensImaging

/// How unevenly a page is lit, measured on the survey image before any recognition.
///
/// The survey is cut into tiles of ``tileSide`` pixels; a tile's paper level is the 90th percentile of its grey
/// levels (text covers well under 10 % of a tile a few lines high). ``spread`` is the ratio of the 90th to the 10th
/// percentile of those paper levels: 1.00–1.10 on rendered labels and flat scans, 1.2–9 on photos with a lamp
/// gradient, shaded bands or a darker surround (corpus `A049E005…` 1.78, `20005733_117` 2.04; TestImages
/// `linear_en` 1.00). Tesseract binarises a page with one global Otsu threshold, which only an evenly lit page
/// suits; on those pages a second reading with a local threshold never changed a value (docs/ocr.md, "Session 5").
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
                for i in 0..<256 { histogram[i] = 0 }
                let x0 = tx * image.width / columns, x1 = (tx + 1) * image.width / columns
                let y0 = ty * image.height / rows, y1 = (ty + 1) * image.height / rows
                for y in y0..<y1 {
                    let row = y * image.stride
                    for x in x0..<x1 { histogram[Int(image.pixels[row + x])] += 1 }
                }
                // The level that 10 % of the tile's pixels reach or exceed.
                let wanted = max(1, (x1 - x0) * (y1 - y0) / 10)
                var above = 0, level = 255
                while level > 0 { above += histogram[level]; if above >= wanted { break }; level -= 1 }
                levels.append(level)
            }
        }
        levels.sort()
        let low = levels[levels.count / 10], high = levels[levels.count * 9 / 10]
        spread = Double(max(1, high)) / Double(max(1, low))
    }
}
