import Foundation
import NutriLensImaging

/// Grey profiles across one candidate symbol's bars, read in the direction the symbol reads (left to right in the
/// profile), spread over the scanlines that decoded it, with the candidate's own pattern fitted on the middle one.
struct SymbolProfiles {
    /// Profiles across the bars, spread over the height the hits cover (sample spacing 1 input pixel).
    var profiles: [FitProfile]
    /// Profile positions where the run of bar edges around ZBar's hits starts and ends (the symbol, give or take a
    /// frame line or text beside it).
    var low: Double, high: Double
    /// The candidate's pattern fitted on `profiles[profiles.count / 2]`.
    var anchor: PatternFit.Fit

    /// Profiles across the bars. Each is the mean of 3 lines 1 px apart.
    static let lineCount = 5
    /// A registration that explains the middle profile this well ends the search before its wide stage.
    static let settledFit = 0.8

    /// `nil` when the hits give no usable line (fewer than 2, or the symbol would be under 0.3 px per module) or the
    /// pattern registers nowhere. `hits[i].direction` is the direction the symbol reads in (ZBar's orientation).
    init?(image: GrayImage, hits: [ScanHit], modules: [Bool]) {
        guard hits.count >= 2, let reading = Self.readingDirection(image, hits: hits) else { return nil }
        let barAxis = (x: -reading.y, y: reading.x)
        let a = hits.map { $0.point.x * reading.x + $0.point.y * reading.y }.sorted()
        let t = hits.map { $0.point.x * barAxis.x + $0.point.y * barAxis.y }.sorted()
        let reader = { (start: Double, count: Int) in
            ProfileReader(image: image, centre: (0, 0), across: reading, along: barAxis, start: start, count: count,
                          halfWidth: 1)
        }
        // ZBar's points lie somewhere inside the symbol (where a half or the whole finished decoding on a line), not
        // at its ends: the symbol's extent comes from the run of bar edges around them on the middle line, or,
        // without one, the hits' middle 80 % (those of rotated variants can land off the bars).
        let aMid = a[a.count / 2], reach = Double(max(image.width, image.height))
        let long = reader(aMid - reach, Int(2 * reach)).profile(at: t[t.count / 2])
        let quantile = { (f: Double) in a[min(a.count - 1, Int(f * Double(a.count - 1)))] }
        var ends = (low: quantile(0.1), high: quantile(0.9))
        if let run = Self.barRun(long, around: Int(reach)) {
            ends = (aMid - reach + Double(run.lowerBound), aMid - reach + Double(run.upperBound))
        }
        let span = ends.high - ends.low, w = modules.count, m0 = span / Double(w)
        guard m0 >= 0.3 else { return nil }
        let start = ends.low - 0.4 * span - 12
        let read = reader(start, Int(ends.high + 0.4 * span + 12 - start))
        // Bars lighter than the spaces (read on the inverted variant): the profiles are turned over so bars are dark.
        let lightBars = hits.filter(\.lightBars).count * 2 > hits.count
        profiles = Self.linePositions(t).map { t in FitProfile(read.profile(at: t).map { lightBars ? 255 - $0 : $0 }) }
        low = ends.low - start
        high = ends.high - start

        // Registration on the middle profile: the best few box-model peaks, the best of them (blur fitted) refined.
        let bars = EANPattern.bars(modules), middle = profiles[profiles.count / 2]
        // Stage 1 pins one end of the symbol to an end of the run (the other may run on into an add-on, a frame line or
        // text); stage 2 searches wide.
        let W = Double(w), near = (0.75 * m0)...(1.06 * m0), low = low, high = high
        let stages: [[(starts: (Double) -> ClosedRange<Double>, widths: ClosedRange<Double>)]] = [
            [({ _ in (low - 2 * m0)...(low + 2 * m0) }, near),
             ({ m in (high - m * W - 2 * m0)...(high - m * W + 2 * m0) }, near)],
            [({ _ in (low - 0.3 * span - 4)...(low + 0.55 * span) }, (0.45 * m0)...(1.3 * m0))],
        ]
        var best: PatternFit.Fit?
        for stage in stages where (best?.correlation ?? -2) < Self.settledFit {
            let peaks = stage.flatMap { PatternFit.coarse(middle, bars: bars, modules: w, starts: $0.starts, moduleWidths: $0.widths) }
            let starts = peaks.compactMap { PatternFit.start(middle, bars: bars, modules: w, from: $0.registration) }
            let ranked = starts.sorted(by: { $0.correlation > $1.correlation })
            // The runner-up start is refined too when it came close: a curved or tilted symbol's best box peak can be
            // a module off where the refined fit is not.
            for first in ranked.prefix(2) where first.correlation >= ranked[0].correlation - 0.05 {
                let fit = PatternFit.refine(middle, bars: bars, modules: w, from: first, evaluations: 70)
                if fit.correlation > best?.correlation ?? -2 { best = fit }
            }
        }
        guard let best else { return nil }
        anchor = best
    }

    /// The direction across the bars in which the symbol reads: the dominant grey-level gradient around the hits,
    /// signed by the hits' reading directions. The reading direction most hits share (a code read by several ladder
    /// steps has hits from rotated variants too) is kept when the gradient points more than 40 degrees away from it
    /// (text or clutter dominating the window).
    private static func readingDirection(_ image: GrayImage, hits: [ScanHit]) -> (x: Double, y: Double)? {
        var bins: [Int: [PixelPoint]] = [:]
        for h in hits { bins[Int((atan2(h.direction.y, h.direction.x) * 90 / .pi).rounded()), default: []].append(h.direction) }
        guard let group = bins.values.max(by: { $0.count < $1.count }) else { return nil }
        let sx = group.reduce(0) { $0 + $1.x }, sy = group.reduce(0) { $0 + $1.y }
        let norm = (sx * sx + sy * sy).squareRoot()
        guard norm > 0 else { return nil }
        let scan = (x: sx / norm, y: sy / norm)
        let xs = hits.map(\.point.x).sorted(), ys = hits.map(\.point.y).sorted()
        let centre = (x: xs[xs.count / 2], y: ys[ys.count / 2])
        let radius = min(400, max(16, xs.last! - xs.first!, ys.last! - ys.first!))
        guard let g = gradientDirection(image, around: centre, radius: radius) else { return scan }
        let c = g.x * scan.x + g.y * scan.y
        guard abs(c) >= cos(40 * Double.pi / 180) else { return scan }
        return c > 0 ? g : (-g.x, -g.y)
    }

    /// The unit direction of the dominant grey-level gradient (structure tensor of central differences) in the
    /// square of half-size `radius` around `centre`, sampled on a grid of at most 100 x 100 points; `nil` when the
    /// window is flat or off the image.
    static func gradientDirection(_ image: GrayImage, around centre: (x: Double, y: Double), radius: Double)
        -> (x: Double, y: Double)? {
        let w = image.width, h = image.height
        let x0 = max(1, Int(centre.x - radius)), x1 = min(w - 2, Int(centre.x + radius))
        let y0 = max(1, Int(centre.y - radius)), y1 = min(h - 2, Int(centre.y + radius))
        guard x1 > x0, y1 > y0 else { return nil }
        let step = max(1, Int(2 * radius / 100))
        var jxx = 0.0, jyy = 0.0, jxy = 0.0
        image.pixels.withUnsafeBufferPointer { p in
            for y in stride(from: y0, through: y1, by: step) {
                for x in stride(from: x0, through: x1, by: step) {
                    let gx = Double(p[y * w + x + 1]) - Double(p[y * w + x - 1])
                    let gy = Double(p[(y + 1) * w + x]) - Double(p[(y - 1) * w + x])
                    jxx += gx * gx; jyy += gy * gy; jxy += gx * gy
                }
            }
        }
        guard jxx + jyy > 0 else { return nil }
        let phi = 0.5 * atan2(2 * jxy, jxx - jyy)
        return (cos(phi), sin(phi))
    }

    /// Positions across the bars: 5 quantiles of the hits' positions (10 % ... 90 %), or the middle and ±2 px when
    /// the hits cover less than 6 px.
    private static func linePositions(_ t: [Double]) -> [Double] {
        let lo = t.first!, hi = t.last!
        if hi - lo < 6 { let mid = t[t.count / 2]; return [mid - 2, mid, mid + 2] }
        return (0..<lineCount).map { i in
            let q = 0.1 + 0.8 * Double(i) / Double(lineCount - 1)
            return t[min(t.count - 1, Int(q * Double(t.count - 1)))]
        }
    }

    /// The run of bar edges (swings, `BarPatternCheck.swingPositions`) around sample `centre` of `profile`: edges whose
    /// gaps stay within 8 times the median gap of the 40 edges nearest `centre` (a quiet zone is wider).
    static func barRun(_ profile: [Double], around centre: Int) -> ClosedRange<Int>? {
        let edges = BarPatternCheck.swingPositions(profile)
        guard edges.count >= 10 else { return nil }
        let nearest = edges.indices.min { abs(edges[$0] - centre) < abs(edges[$1] - centre) }!
        let local = edges[max(0, nearest - 20)..<min(edges.count, nearest + 20)]
        // Wider than `BarPatternCheck`'s gap: blur and thin bars lose edges inside the symbol.
        let maxGap = max(6, 8 * BarPatternCheck.medianGap(Array(local)))
        guard Double(abs(edges[nearest] - centre)) <= maxGap else { return nil }
        var lo = nearest, hi = nearest
        while lo > 0 && Double(edges[lo] - edges[lo - 1]) <= maxGap { lo -= 1 }
        while hi < edges.count - 1 && Double(edges[hi + 1] - edges[hi]) <= maxGap { hi += 1 }
        return hi - lo >= 10 ? edges[lo]...edges[hi] : nil
    }
}
