import NutriLensImaging

/// Where a page shows light text on a dark background, found on the survey image, so only such pages are read by
/// engines with Tesseract's inverted-line retry (`tessedit_do_invert`, 16 % of the OCR CPU on the corpus when on for
/// every page; docs/ocr.md "Session 3, round 2").
///
/// The survey is cut into square cells of ``cellSide`` pixels. Each cell is judged on the grey-level histogram of
/// the 3×3 cells around it (a window several text lines high, so the background outnumbers the ink):
/// - *textured* (5th to 95th percentile spread ≥ ``minimumContrast``): inverted when the median, which is the
///   background, lies nearer the dark end than the light end (white or pale text on a black, green or red panel);
/// - *flat*: inverted when its median is darker than the page's Otsu threshold.
///
/// Then every cell near textured ones follows their majority (``smoothed(_:textured:columns:rows:)``), so a dark
/// panel's margins, line gaps and glare patches flip with its text instead of leaving blocks of the other polarity.
///
/// Only textured inverted cells in a group of at least ``minimumGroup`` 8-connected ones count as light-on-dark
/// text (a single cell is a bold heading or a dark picture's highlight); a page without such a group is left
/// exactly as it is.
struct PolarityMap: Sendable {
    /// Side of a cell in survey pixels.
    static let cellSide = 24
    /// Grey-level spread (p95 − p5) above which a window holds text or other detail.
    static let minimumContrast = 48
    /// Smallest group of textured inverted cells taken for light-on-dark text.
    static let minimumGroup = 6

    /// Cells per row and per column.
    let columns: Int, rows: Int
    /// Row-major, `columns × rows`: true where the page is inverted before reading.
    let inverted: [Bool]
    /// Textured cells in groups of at least ``minimumGroup`` that are light-on-dark: 0 = leave the page alone.
    let textCells: Int

    /// Light glyphs that must line up in the inverted cells for the page to count as having light-on-dark text.
    static let minimumGlyphs = 30

    /// Glyphs of light-on-dark text: ``TextSizeEstimator`` (glyph-sized components with neighbours of similar size
    /// on the same line) run on `survey` with only the inverted cells kept, inverted, the rest blanked white.
    /// Cells alone flag a dark table top or a pack's dark print with highlights (54 of the first 79 corpus photos);
    /// glyphs in rows are what text has and texture has not. 0 when ``textCells`` is 0 (nothing is run).
    func lightGlyphs(in survey: GrayImage) -> Int {
        guard textCells > 0 else { return 0 }
        var masked = GrayImage(width: survey.width, height: survey.height, fill: 255)
        for y in 0..<survey.height {
            let rowBase = min(rows - 1, y / Self.cellSide) * columns
            for x in 0..<survey.width where inverted[rowBase + min(columns - 1, x / Self.cellSide)] {
                masked.pixels[y * survey.width + x] = ~survey.pixels[y * survey.stride + x]
            }
        }
        guard let estimate = TextSizeEstimator.estimate(masked) else { return 0 }
        return estimate.horizontalGlyphs + estimate.verticalGlyphs
    }

    /// Share of the cells that are inverted, 0...1 (0 when ``textCells`` is 0).
    var invertedFraction: Double {
        textCells == 0 ? 0 : Double(inverted.lazy.filter { $0 }.count) / Double(max(1, inverted.count))
    }

    /// Judges every cell of `survey` (any size ≥ 1×1; a side under ``cellSide`` is one cell).
    init(survey: GrayImage) {
        let side = Self.cellSide
        columns = max(1, (survey.width + side - 1) / side)
        rows = max(1, (survey.height + side - 1) / side)
        let (columns, rows) = (columns, rows)
        // One 256-bin histogram per cell, then each window sums nine of them.
        var histograms = [UInt32](repeating: 0, count: columns * rows * 256)
        for y in 0..<survey.height {
            let cellRow = (y / side) * columns
            for x in 0..<survey.width {
                histograms[(cellRow + x / side) * 256 + Int(survey.pixels[y * survey.stride + x])] += 1
            }
        }
        let threshold = Int(survey.otsuThreshold())
        var textured = [Bool](repeating: false, count: columns * rows)
        var inverted = textured
        var window = [UInt32](repeating: 0, count: 256)
        for r in 0..<rows {
            for c in 0..<columns {
                for i in 0..<256 { window[i] = 0 }
                for wr in max(0, r - 1)...min(rows - 1, r + 1) {
                    for wc in max(0, c - 1)...min(columns - 1, c + 1) {
                        let base = (wr * columns + wc) * 256
                        for i in 0..<256 { window[i] &+= histograms[base + i] }
                    }
                }
                let (p5, p50, p95) = Self.percentiles(window)
                let index = r * columns + c
                if p95 - p5 >= Self.minimumContrast {
                    textured[index] = true
                    inverted[index] = 2 * p50 < p5 + p95
                } else {
                    inverted[index] = p50 < threshold
                }
            }
        }
        inverted = Self.smoothed(inverted, textured: textured, columns: columns, rows: rows)
        let groups = Self.groupSizes(textured: textured, inverted: inverted, columns: columns, rows: rows)
        textCells = groups.filter { $0 >= Self.minimumGroup }.reduce(0, +)
        self.inverted = inverted
    }

    /// Each cell takes the majority vote of the textured cells in the 5×5 cells around it (a tie: not inverted),
    /// its own judgement when there is none. A glare patch or a table rule inside a dark panel otherwise stays a
    /// dark square on the inverted panel, which PSM 3 takes for a picture and reads around (`nutrition_en`: 0 keys).
    static func smoothed(_ inverted: [Bool], textured: [Bool], columns: Int, rows: Int) -> [Bool] {
        var out = inverted
        for r in 0..<rows {
            for c in 0..<columns {
                var votes = 0, yes = 0
                for nr in max(0, r - 2)...min(rows - 1, r + 2) {
                    for nc in max(0, c - 2)...min(columns - 1, c + 2) where textured[nr * columns + nc] {
                        votes += 1
                        if inverted[nr * columns + nc] { yes += 1 }
                    }
                }
                if votes > 0 { out[r * columns + c] = 2 * yes > votes }
            }
        }
        return out
    }

    /// 5th, 50th and 95th percentile grey levels of a histogram (0...255; all 0 for an empty one).
    static func percentiles(_ histogram: [UInt32]) -> (Int, Int, Int) {
        let total = histogram.reduce(0) { $0 + Int($1) }
        guard total > 0 else { return (0, 0, 0) }
        var found = [Int](repeating: 255, count: 3)
        let targets = [total * 5 / 100, total / 2, total * 95 / 100]
        var next = 0, running = 0
        for level in 0..<256 where next < 3 {
            running += Int(histogram[level])
            while next < 3 && running > targets[next] { found[next] = level; next += 1 }
        }
        return (found[0], found[1], found[2])
    }

    /// Sizes of the 8-connected groups of cells that are both textured and inverted.
    static func groupSizes(textured: [Bool], inverted: [Bool], columns: Int, rows: Int) -> [Int] {
        CellGroups.eightConnected(zip(textured, inverted).map { $0 && $1 }, columns: columns, rows: rows).map(\.count)
    }
}
