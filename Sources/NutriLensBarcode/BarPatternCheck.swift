import Foundation
import NutriLensImaging

/// Confirms that a patch the cell-level test found coherent really holds a 1D barcode's bars, by reading grey
/// profiles across it the way a scanner would.
///
/// The cell test (`CellMap`) sees one dominant edge orientation and many edges; on label photos so do a single
/// table rule or box edge, rows of a table at thumbnail scale, and the vertical strokes of large bold words. Two
/// properties of an EAN/UPC (GS1 General Specifications 5.2: 95 modules, 59 bar/space edges for EAN-13, 43 for EAN-8,
/// 33 for UPC-E, bars at least ~15 modules high even when truncated) separate them:
/// 1. Many transitions in one run: along the dominant gradient direction, a scanline meets at least
///    `minimumTransitions` light/dark swings with no gap wider than a quiet zone between them. A rule or an edge
///    gives one to three.
/// 2. Long bars: the same profile read `persistenceReach` mean transition spacings further along the bars (about 8
///    modules) matches the first one (normalised cross-correlation >= `minimumPersistence`, allowing a shift of one
///    spacing for tilt and curvature). Letter strokes are only a few spacings long, so a word's profile there is
///    white or another letter.
///
/// Each profile averages 5 parallel lines 1 px apart (noise, print dots) and is read on up to `scanlines` lines across
/// the patch; one line passing both tests confirms it. Measured with `nutrilens-bench barregions` (docs/barcode.md):
/// label photos without a code keeping a region 72 -> 34 of 111 (42 -> 4 of those >= 1 MP, where it applies), every
/// label photo whose code needs the ladder keeps one.
enum BarPatternCheck {
    /// Light/dark swings a scanline must cross in one run (EAN-8 has 43, UPC-E 33; blur and glare lose some).
    static let minimumTransitions = 30
    /// Normalised cross-correlation between the profile and the one `persistenceReach` spacings along the bars.
    static let minimumPersistence = 0.5
    /// How far along the bars the second profile is read, in mean transition spacings (~1.6 modules each).
    static let persistenceReach = 5.0
    /// Scanlines tried across a patch.
    static let scanlines = 5
    /// A swing must span this many grey levels, or a fifth of the profile's 5th-95th percentile range if larger.
    static let minimumSwing = 12.0
    /// Share of the profile's 5th-95th percentile grey range a swing must span.
    static let swingShare = 0.2
    /// A gap between transitions wider than this many times their median gap ends a run (EAN/UPC elements are 1-4
    /// modules, about 0.6-2.5 median gaps; the quiet zone is at least 7 modules).
    static let maximumGapRatio = 5.0

    /// Whether the cells `box` (cell coordinates, inclusive, marked by their 3 x 3 windows) with summed tensor
    /// `tensor` hold bars. `image` is packed (stride = width); `cell` its cell side in pixels.
    static func confirms(box: (minX: Int, minY: Int, maxX: Int, maxY: Int), tensor: CellMap.Tensor,
                         in image: GrayImage, cell: Int) -> Bool {
        // Gradient (across-bar) direction of the summed structure tensor.
        let phi = 0.5 * atan2(2 * Double(tensor.xy), Double(tensor.xx - tensor.yy))
        let across = (x: cos(phi), y: sin(phi)), along = (x: -sin(phi), y: cos(phi))
        let x0 = Double((box.minX - 1) * cell), x1 = Double((box.maxX + 2) * cell)
        let y0 = Double((box.minY - 1) * cell), y1 = Double((box.maxY + 2) * cell)
        let centre = (x: (x0 + x1) / 2, y: (y0 + y1) / 2)
        var uMin = Double.infinity, uMax = -Double.infinity, vMin = Double.infinity, vMax = -Double.infinity
        for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
            let dx = x - centre.x, dy = y - centre.y
            let u = dx * across.x + dy * across.y, v = dx * along.x + dy * along.y
            uMin = min(uMin, u); uMax = max(uMax, u); vMin = min(vMin, v); vMax = max(vMax, v)
        }
        // The cells may cover only part of a code (wide bars have no edges inside a cell, glare, curvature): read
        // 1.5 patch lengths (at least 64 px) beyond each end.
        let acrossLength = uMax - uMin
        let margin = max(64, 1.5 * acrossLength)
        let start = uMin - margin
        let count = Int(acrossLength + 2 * margin)
        guard count >= 2 * minimumTransitions else { return false }
        let reader = ProfileReader(image: image, centre: centre, across: across, along: along, start: start, count: count)
        for i in 0..<scanlines {
            let t = 0.6 * (vMin + (vMax - vMin) * Double(i) / Double(scanlines - 1))
            let profile = reader.profile(at: t)
            let positions = swingPositions(profile)
            guard positions.count >= minimumTransitions else { continue }
            let run = longestRun(positions, maxGap: max(6, maximumGapRatio * medianGap(positions)))
            guard run.count >= minimumTransitions else { continue }
            let spacing = Double(run.last - run.first) / Double(run.count - 1)
            let reach = max(6, persistenceReach * spacing)
            let shift = Int(spacing.rounded(.up))
            let lo = max(0, Int(Double(run.first) - spacing)), hi = min(count, Int(Double(run.last) + spacing) + 1)
            // Both ways along the bars: a scanline near one end of short strokes still finds them on one side.
            let persists = [1.0, -1.0].allSatisfy { side in
                bestCorrelation(profile, lo..<hi, reader.profile(at: t + side * reach), maxShift: shift) >= minimumPersistence
            }
            if persists { return true }
        }
        return false
    }

    /// Indices where the profile has swung at least the threshold away from its last extreme (alternating
    /// directions), i.e. one per edge of a bar or space.
    static func swingPositions(_ p: [Double]) -> [Int] {
        guard let first = p.first else { return [] }
        let sorted = p.sorted()
        let range = sorted[sorted.count * 95 / 100] - sorted[sorted.count * 5 / 100]
        let threshold = max(minimumSwing, swingShare * range)
        var out: [Int] = []
        // Until the first swing the direction is unknown, so both extremes are tracked; after it, only the one
        // the profile is heading for.
        var high = first, low = first, direction = 0
        for (i, value) in p.enumerated() {
            switch direction {
            case 0:
                high = max(high, value); low = min(low, value)
                if high - value >= threshold { out.append(i); direction = -1; low = value }
                else if value - low >= threshold { out.append(i); direction = 1; high = value }
            case 1:
                if value > high { high = value } else if high - value >= threshold { out.append(i); direction = -1; low = value }
            default:
                if value < low { low = value } else if value - low >= threshold { out.append(i); direction = 1; high = value }
            }
        }
        return out
    }

    /// The longest stretch of positions whose consecutive gaps are all `<= maxGap` (a wider gap is a quiet zone or
    /// the space between unrelated marks).
    static func longestRun(_ positions: [Int], maxGap: Double) -> (count: Int, first: Int, last: Int) {
        guard let p0 = positions.first else { return (0, 0, 0) }
        var best = (count: 1, first: p0, last: p0)
        var runStart = 0
        for i in positions.indices.dropFirst() {
            if Double(positions[i] - positions[i - 1]) > maxGap { runStart = i }
            let n = i - runStart + 1
            if n > best.count { best = (n, positions[runStart], positions[i]) }
        }
        return best
    }

    static func medianGap(_ positions: [Int]) -> Double {
        guard positions.count >= 2 else { return 0 }
        let gaps = zip(positions.dropFirst(), positions).map { $0 - $1 }.sorted()
        return Double(gaps[gaps.count / 2])
    }

    /// Highest normalised cross-correlation of `a[range]` with `b[range + d]`, `|d| <= maxShift`; -1 when none fits.
    static func bestCorrelation(_ a: [Double], _ range: Range<Int>, _ b: [Double], maxShift: Int) -> Double {
        var best = -1.0
        let n = Double(range.count)
        guard n >= 2 else { return best }
        let meanA = a[range].reduce(0, +) / n
        var varA = 0.0
        for i in range { varA += (a[i] - meanA) * (a[i] - meanA) }
        for d in -maxShift...maxShift where range.lowerBound + d >= 0 && range.upperBound + d <= b.count {
            var sumB = 0.0
            for i in range { sumB += b[i + d] }
            let meanB = sumB / n
            var cov = 0.0, varB = 0.0
            for i in range {
                let db = b[i + d] - meanB
                cov += (a[i] - meanA) * db; varB += db * db
            }
            let denominator = (varA * varB).squareRoot()
            if denominator > 0 { best = max(best, cov / denominator) }
        }
        return best
    }
}
