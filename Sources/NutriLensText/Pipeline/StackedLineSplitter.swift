import Foundation

/// Splits detector boxes that hold two or more text lines stacked close together (docs/text.md, "Stacked lines").
///
/// The class: table cells with two short lines a pixel or two apart ("4,9 g" over "2,8 g", fat and saturates in one
/// cell; "16 g / 14 g"). DBNet's shrunk text kernels of the two lines touch in the probability map (through a
/// descender or the blur of small print at the detector's scale), the connected component is one, and its box holds
/// both lines; the recogniser, reading one 48-px-high line, returns neither ("2.89", "128"). The map often has no
/// valley between the lines at all, so the evidence is taken from the image: the mean horizontal gradient of each
/// pixel row across the box (text rows have strokes; the gap between lines, even one pixel high, has only
/// background or a descender) has a valley between two bands of text of similar height.
///
/// A box is examined only when it is at least `minimumHeightRatio` times the page's line height (the median short
/// side of the elongated boxes parallel to it) across the page's text direction, and not narrower than
/// `minimumAspect` times that height (a line running in the other direction is not a stack). Each split keeps the
/// box's angle; a band may be split again (three stacked lines), up to `maximumLines`.
enum StackedLineSplitter {
    /// A box taller than this many page line heights is examined (a merged pair is ~2x; a single line ~1x).
    static let minimumHeightRatio = 1.6
    /// Boxes whose extent along the text direction is below this fraction of their height are lines in another
    /// direction (vertical print beside a table), never split.
    static let minimumAspect = 0.5
    /// Boxes longer than this many page line heights along the text are left whole: the class is table cells
    /// (amounts, short names), and a merged block of running text (an ingredient list) would cost a recognised line
    /// per split for text the grammar does not use.
    static let maximumLengthRatio = 10.0
    /// A band after a split must be at least this many page line heights high.
    static let minimumBandRatio = 0.5
    /// The valley row's gradient is at most this fraction of the lower of the two bands' peaks (the three print
    /// proofs' cells: 0.2-0.5; a single line's ascender/x-height step has no interior valley).
    static let maximumValleyRatio = 0.6
    /// The shorter band's ink height is at least this fraction of the taller's (accents, i-dots and underlines make
    /// bands of 10-25 %).
    static let minimumBandBalance = 0.5
    /// Rows whose gradient reaches this fraction of the box's peak are ink (the text's extent).
    static let inkFraction = 0.25
    /// Elongated boxes (long side >= this times the short side) define the text direction and line height.
    static let elongation = 2.0
    /// Boxes whose axis is within this many degrees of the text direction are parallel to it.
    static let parallelDegrees = 10.0
    /// `cos(parallelDegrees)`, the least |cosine| between parallel axes (computed once: every box tests every line).
    static let parallelCosine = cos(parallelDegrees * .pi / 180)
    /// At most this many lines from one box.
    static let maximumLines = 4
    /// Profile sampling bounds per box (rows across, samples per row): a large box is sampled coarser.
    static let maximumRows = 240, maximumColumns = 256

    typealias Point = SIMD2<Double>

    /// `boxes` (whole-image pixels, corners TL, TR, BR, BL) with stacked boxes replaced by one box per line, in the
    /// order given (the caller restores reading order). `image` is the detected image.
    static func split(_ boxes: [DetectedBox], image: ImageSource) -> [DetectedBox] {
        let lines = boxes.compactMap(Line.init)
        guard !lines.isEmpty else { return boxes }
        var out: [DetectedBox] = []
        out.reserveCapacity(boxes.count)
        for box in boxes {
            guard let frame = Frame(box, lines: lines) else { out.append(box); continue }
            out += frame.split(image: image, depth: 1).map { DetectedBox(corners: $0, score: box.score) }
        }
        return out
    }

    /// An elongated box's direction (unit, x >= 0 half-plane) and size.
    struct Line {
        var direction: Point
        var long: Double, short: Double

        init?(_ box: DetectedBox) {
            let c = box.corners
            let e = c[1] - c[0], f = c[3] - c[0]
            let w = length(e), h = length(f)
            guard min(w, h) > 0 else { return nil }
            if w >= StackedLineSplitter.elongation * h {
                (direction, long, short) = (e / w, w, h)
            } else if h >= StackedLineSplitter.elongation * w {
                (direction, long, short) = (f / h, h, w)
            } else { return nil }
            if direction.x < 0 || (direction.x == 0 && direction.y < 0) { direction = -direction }
        }

        func isParallel(to axis: Point) -> Bool {
            abs((direction * axis).sum()) >= StackedLineSplitter.parallelCosine
        }
    }

    /// A candidate box in its text frame: `origin` + `along` (unit) x `width` + `across` (unit) x `height`.
    struct Frame {
        var origin: Point
        var along: Point, across: Point
        var width: Double, height: Double
        /// The page's line height: the median short side of the elongated boxes parallel to `along`.
        var lineHeight: Double

        /// The box's frame when it is a candidate: its axis closer to the page's text direction (the one more of
        /// the elongated boxes' length runs along) is `along`, and it is tall across that and not too narrow.
        init?(_ box: DetectedBox, lines: [Line]) {
            let c = box.corners
            let e = c[1] - c[0], f = c[3] - c[0]
            let w = length(e), h = length(f)
            guard w > 0, h > 0 else { return nil }
            let axes = [(e / w, f / h, w, h), (f / h, e / w, h, w)]
            let support = axes.map { axis in lines.filter { $0.isParallel(to: axis.0) }.reduce(0) { $0 + $1.long } }
            guard support.max()! > 0 else { return nil }
            let (a, n, width, height) = axes[support[0] >= support[1] ? 0 : 1]
            let shorts = lines.filter { $0.isParallel(to: a) }.map(\.short).sorted()
            let lineHeight = shorts[shorts.count / 2]
            self.init(origin: c[0], along: a, across: n, width: width, height: height, lineHeight: lineHeight)
            guard isCandidate else { return nil }
        }

        init(origin: Point, along: Point, across: Point, width: Double, height: Double, lineHeight: Double) {
            (self.origin, self.along, self.across, self.width, self.height) = (origin, along, across, width, height)
            self.lineHeight = lineHeight
        }

        var isCandidate: Bool {
            height >= StackedLineSplitter.minimumHeightRatio * lineHeight
                && width >= StackedLineSplitter.minimumAspect * height
                && width <= StackedLineSplitter.maximumLengthRatio * lineHeight
        }

        /// The box's corners split into one quad per line (the box itself when it holds one).
        func split(image: ImageSource, depth: Int) -> [[Point]] {
            guard depth < StackedLineSplitter.maximumLines, isCandidate,
                  let cut = StackedLineSplitter.cut(profile: profile(image), rowHeight: height / Double(rows),
                                                    minimumBand: StackedLineSplitter.minimumBandRatio * lineHeight)
            else { return [corners(0, height)] }
            let upper = Frame(origin: origin, along: along, across: across, width: width, height: cut.upperEnd,
                              lineHeight: lineHeight)
            let lower = Frame(origin: origin + across * cut.lowerStart, along: along, across: across, width: width,
                              height: height - cut.lowerStart, lineHeight: lineHeight)
            let first = upper.split(image: image, depth: depth + 1)
            return first + lower.split(image: image, depth: depth + first.count)
        }

        /// Profile rows: two per pixel, so that a one-pixel gap between lines has a row within a quarter pixel of
        /// its centre wherever the box's edge falls (bilinear sampling blurs a row half-way between pixels);
        /// at most `maximumRows`.
        var rows: Int { max(1, min(StackedLineSplitter.maximumRows, Int((2 * height).rounded()))) }

        /// Mean absolute difference of the summed channels between neighbouring samples along each row (bilinear
        /// samples ~1 px apart, coarser on large boxes), one value per row across the box.
        func profile(_ image: ImageSource) -> [Double] {
            let rowCount = rows
            let columns = max(2, min(StackedLineSplitter.maximumColumns, Int(width.rounded())))
            let dy = height / Double(rowCount), dx = width / Double(columns)
            return image.pixels.withUnsafeBufferPointer { buffer in
                let p = buffer.baseAddress!
                return (0..<rowCount).map { r in
                    let start = origin + across * ((Double(r) + 0.5) * dy) + along * (dx / 2)
                    var previous: Float = 0, sum: Float = 0
                    for c in 0..<columns {
                        let q = start + along * (Double(c) * dx)
                        var acc = SIMD4<Float>(repeating: 0)
                        image.addBilinear(p, x: q.x, y: q.y, weight: 1, to: &acc)
                        let value = acc[0] + acc[1] + acc[2]
                        if c > 0 { sum += abs(value - previous) }
                        previous = value
                    }
                    return Double(sum) / Double(columns - 1)
                }
            }
        }

        /// Corners TL, TR, BR, BL of the band [`from`, `to`] across the box.
        func corners(_ from: Double, _ to: Double) -> [Point] {
            let top = origin + across * from, bottom = origin + across * to
            return Geometry.orderClockwise([top, top + along * width, bottom + along * width, bottom])
        }
    }

    /// Where a row profile splits into two lines: the upper band is rows [0, `upperEnd`) and the lower
    /// [`lowerStart`, end), in pixels across the box (they overlap around the valley by half the box's mean margin,
    /// so neither line loses its descenders or accents); `nil` when the profile is one line.
    ///
    /// The ink extent is the rows reaching `inkFraction` of the peak; the valley is the interior row with the lowest
    /// value relative to the lower of the two bands' peaks, and must reach `maximumValleyRatio`, with both bands'
    /// ink at least `minimumBand` pixels high and balanced (`minimumBandBalance`).
    static func cut(profile p: [Double], rowHeight: Double, minimumBand: Double) -> (upperEnd: Double, lowerStart: Double)? {
        guard let peak = p.max(), peak > 0 else { return nil }
        let ink = p.indices.filter { p[$0] >= inkFraction * peak }
        guard let s = ink.first, let e = ink.last, e - s >= 4 else { return nil }
        // Running maxima from each end, so each candidate row knows both bands' peaks.
        var left = p, right = p
        for i in (s + 1)...e { left[i] = max(left[i - 1], p[i]) }
        for i in stride(from: e - 1, through: s, by: -1) { right[i] = max(right[i + 1], p[i]) }
        var best: (row: Int, ratio: Double)?
        for c in (s + 1)..<e {
            let upper = Double(c - s), lower = Double(e - c)
            guard min(upper, lower) >= minimumBandBalance * max(upper, lower),
                  min(upper, lower) * rowHeight >= minimumBand else { continue }
            let ratio = p[c] / min(left[c - 1], right[c + 1])
            if ratio < (best?.ratio ?? .infinity) { best = (c, ratio) }
        }
        guard let valley = best, valley.ratio <= maximumValleyRatio else { return nil }
        let margin = (Double(s) + Double(p.count - 1 - e)) / 2 * rowHeight
        let centre = (Double(valley.row) + 0.5) * rowHeight
        return (min(Double(p.count) * rowHeight, centre + margin / 2), max(0, centre - margin / 2))
    }
}

private func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
