/// The search for the registration at which a module pattern best explains a grey profile.
extension PatternFit {
    /// A pattern fitted to one profile.
    struct Fit {
        var registration: PatternRegistration
        /// Correlation of the profile with the blurred pattern, -1...1 (1: the profile is the pattern up to grey levels).
        var correlation: Double
        /// Grey level of the spaces and how much darker a full bar is (least squares).
        var light: Double, depth: Double
    }

    /// Ink spreads (in modules) the box-model search tries: thin bars of an over-exposed or worn print correlate
    /// poorly with a nominal box pattern, and their false peaks can win.
    static let coarseSpreads = [-0.4, -0.15, 0.1]
    /// Warps the box-model search tries: flat, perspective either way (module width changing by ±10 % from the
    /// middle to the ends) and a can or bottle (ends 12 % narrower), about what the tilted and curved photos of
    /// ../shared/corpus/barcodes need; the refinement takes it from there.
    static let coarseWarps = [PatternRegistration(start: 0, module: 1),
                              PatternRegistration(start: 0, module: 1, gradient: -0.1),
                              PatternRegistration(start: 0, module: 1, gradient: 0.1),
                              PatternRegistration(start: 0, module: 1, curvature: -0.12)]

    /// The `peaks` best distinct box-model registrations for `start` in `starts(module)` and `module` in `moduleWidths`, best
    /// first: the `peaks` best of a rough grid (2 % module steps, half-module start steps, one spread; peaks a third
    /// of a module or 2 % of module width apart), each then searched on a fine grid around it (0.5 % / an eighth of a
    /// module, `coarseSpreads`); empty when no registration keeps the symbol on the profile.
    ///
    /// The warp is taken from `warps` (gradient and curvature of each; the rough grid tries each of them).
    static func coarse(_ p: FitProfile, bars: [(start: Int, end: Int)], modules w: Int,
                       starts: (Double) -> ClosedRange<Double>,
                       moduleWidths: ClosedRange<Double>, warps: [PatternRegistration] = coarseWarps, peaks: Int = 3)
        -> [(registration: PatternRegistration, correlation: Double)] {
        var rough: [(registration: PatternRegistration, correlation: Double)] = []
        for warp in warps {
            rough += grid(p, bars: bars, modules: w, starts: starts, moduleWidths: moduleWidths, moduleStep: 1.02,
                          startStep: { max(0.5, $0 / 2) }, spreads: [coarseSpreads[1]], warp: warp, keep: peaks)
        }
        rough = Array(rough.sorted { $0.correlation > $1.correlation }.prefix(peaks))
        return rough.compactMap { peak in
            let m = peak.registration.module, s = peak.registration.start
            return grid(p, bars: bars, modules: w, starts: { _ in (s - m / 2)...(s + m / 2) }, moduleWidths: (m / 1.02)...(m * 1.02),
                        moduleStep: 1.005, startStep: { max(0.125, $0 / 8) }, spreads: coarseSpreads,
                        warp: peak.registration, keep: 1).first
        }.sorted { $0.correlation > $1.correlation }
    }

    /// The `keep` best distinct box correlations over a grid of module widths (geometric, ratio `moduleStep`),
    /// starts and ink spreads (in modules), with `warp`'s gradient and curvature.
    private static func grid(_ p: FitProfile, bars: [(start: Int, end: Int)], modules w: Int,
                             starts: (Double) -> ClosedRange<Double>, moduleWidths: ClosedRange<Double>, moduleStep: Double,
                             startStep: (Double) -> Double, spreads: [Double], warp: PatternRegistration, keep: Int)
        -> [(registration: PatternRegistration, correlation: Double)] {
        var best: [(registration: PatternRegistration, correlation: Double)] = []
        func offer(_ r: PatternRegistration, _ c: Double) {
            if best.count == keep, c <= best[keep - 1].correlation { return }
            if let i = best.firstIndex(where: { abs($0.registration.start - r.start) < r.module / 3
                                                && abs($0.registration.module / r.module - 1) < 0.02 }) {
                guard c > best[i].correlation else { return }
                best.remove(at: i)
            }
            best.append((r, c))
            best.sort { $0.correlation > $1.correlation }
            if best.count > keep { best.removeLast() }
        }
        var m = max(moduleWidths.lowerBound, 0.3)
        while m <= moduleWidths.upperBound * 1.0001 {
            let step = startStep(m)
            let range = starts(m)
            for e in spreads {
                var s = range.lowerBound
                while s <= range.upperBound + 1e-9 {
                    let r = PatternRegistration(start: s, module: m, gradient: warp.gradient, curvature: warp.curvature,
                                                spread: e * m)
                    if let c = boxCorrelation(p, bars: bars, modules: w, at: r) { offer(r, c) }
                    s += step
                }
            }
            m *= moduleStep
        }
        return best
    }

    /// The blurred-model fit at `initial`'s position: the best of `initial` itself and blurs of 0.25, 0.5, 0.8 and
    /// 1.2 modules (5 evaluations, no search); `nil` when none fits on the profile.
    static func start(_ p: FitProfile, bars: [(start: Int, end: Int)], modules w: Int,
                      from initial: PatternRegistration) -> Fit? {
        let blurred = [0.25, 0.5, 0.8, 1.2].map { blur -> PatternRegistration in
            var r = initial
            r.sigma = max(0.3, blur * initial.module)
            return r
        }
        var best: Fit?
        for r in [initial] + blurred {
            if let f = evaluate(p, bars: bars, modules: w, at: r), f.correlation > (best?.correlation ?? -2) { best = f }
        }
        return best
    }

    /// Refines `initial` with a pattern search (Hooke-Jeeves style: a move along one coordinate is kept when it
    /// raises the correlation, all steps halve when none does) over the warp's four knots, blur and ink spread,
    /// within `evaluations` evaluations. Bounds: blur 0.15...2.5 modules (at least 0.3 samples), spread within ±0.8
    /// modules, |gradient| <= 0.25, |curvature| <= 0.3.
    static func refine(_ p: FitProfile, bars: [(start: Int, end: Int)], modules w: Int, from initial: Fit,
                       evaluations: Int = 100) -> Fit {
        var current = initial
        let m = initial.registration.module, W = Double(w)
        // Coordinates: the four warp knots (see `PatternRegistration.knots`), blur, ink spread.
        var steps = [m / 4, m / 4, m / 4, m / 4, 0.15 * m, 0.15 * m]
        let floor = 0.02 * m
        var left = evaluations
        while left > 0 {
            var improved = false
            for k in steps.indices where left > 0 {
                for d in [steps[k], -steps[k]] {
                    var r = current.registration
                    switch k {
                    case 0...3:
                        var q = r.knots(modules: W)
                        q[k] += d
                        r = r.with(knots: q, modules: W)
                    case 4: r.sigma += d
                    default: r.spread += d
                    }
                    left -= 1
                    if let f = evaluate(p, bars: bars, modules: w, at: r), f.correlation > current.correlation {
                        current = f
                        improved = true
                        break
                    }
                }
            }
            if !improved {
                guard steps.contains(where: { $0 > floor }) else { break }
                steps = steps.map { $0 / 2 }
            }
        }
        return current
    }

    /// The blurred-model fit at `r`, or `nil` outside the bounds `refine` keeps to or off the profile.
    private static func evaluate(_ p: FitProfile, bars: [(start: Int, end: Int)], modules w: Int,
                                 at r: PatternRegistration) -> Fit? {
        guard r.module > 0.2, abs(r.gradient) <= 0.25, abs(r.curvature) <= 0.3, r.sigma >= max(0.3, 0.15 * r.module), r.sigma <= 2.5 * r.module,
              abs(r.spread) <= 0.8 * r.module, let f = blurredFit(p, bars: bars, modules: w, at: r) else { return nil }
        return Fit(registration: r, correlation: f.correlation, light: f.light, depth: f.depth)
    }
}
