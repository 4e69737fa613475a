import Foundation

/// Where a symbol's modules lie on a grey profile, and how print and optics turned them into grey levels.
///
/// Module position `u` (0 = left edge of the first guard bar, `W` = right edge of the last; `v = u / W`) sits at
/// profile position `start + module W (v + gradient v (v - 1) + curvature v (v - 1) (2 v - 1))`: the symbol spans
/// `module W` whatever the warp; `gradient` makes the module width run from `module (1 - gradient)` at the left to
/// `module (1 + gradient)` at the right (perspective), `curvature` makes it `module (1 + curvature)` at both ends and
/// `module (1 - curvature / 2)` in the middle (negative on a can or bottle, whose ends turn away from the camera).
struct PatternRegistration: Equatable {
    /// Profile position (samples) of the symbol's left edge.
    var start: Double
    /// Mean module width in samples.
    var module: Double
    /// Relative change of the module width across the symbol, -0.25...0.25.
    var gradient = 0.0
    /// Symmetric change of the module width (curved surface), -0.3...0.3.
    var curvature = 0.0
    /// Gaussian blur (defocus, motion, the camera's optics) in samples.
    var sigma = 1.0
    /// Ink spread: every bar drawn this many samples wider (negative: thinner, over-exposed or worn print).
    var spread = 0.0

    func position(_ u: Double, modules w: Double) -> Double {
        let v = u / w
        return start + module * w * (v + (v - 1) * v * (gradient + curvature * (2 * v - 1)))
    }

    /// The warp as the profile positions of modules 0, W/3, 2W/3 and W: moving one of them changes the pattern's
    /// fit mostly in its own third, so a search over these is far better conditioned than one over start, module,
    /// gradient and curvature.
    func knots(modules w: Double) -> [Double] { (0...3).map { position(Double($0) * w / 3, modules: w) } }

    /// This registration with the warp through `q` (4 positions as `knots(modules:)` gives them) for a `w`-module
    /// symbol.
    func with(knots q: [Double], modules w: Double) -> PatternRegistration {
        // x(v) = a + b v + c v² + d v³ through (k/3, q[k]), solved in closed form (Lagrange on a uniform grid).
        let a = q[0]
        let d = 4.5 * (q[3] - 3 * q[2] + 3 * q[1] - q[0])
        let c = 4.5 * (-q[3] + 4 * q[2] - 5 * q[1] + 2 * q[0])
        let b = q[3] - a - c - d
        let span = b + c + d
        var r = self
        r.start = a
        r.module = span / w
        r.curvature = span != 0 ? d / (2 * span) : 0
        r.gradient = span != 0 ? c / span + 3 * r.curvature : 0
        return r
    }
}

/// One grey profile across a symbol with prefix sums, so box statistics over any window cost O(1).
struct FitProfile {
    let values: [Double]
    /// `prefix[i]`: sum of `values[0..<i]`; `prefixSquares` the same of their squares.
    let prefix: [Double], prefixSquares: [Double]

    init(_ values: [Double]) {
        self.values = values
        var p = [Double](repeating: 0, count: values.count + 1), q = p
        for (i, v) in values.enumerated() { p[i + 1] = p[i] + v; q[i + 1] = q[i] + v * v }
        prefix = p; prefixSquares = q
    }

    var count: Int { values.count }

    /// Integral of the piecewise-constant profile (sample `i` covers `[i - 0.5, i + 0.5)`) from -0.5 to `x`.
    func integral(to x: Double, squares: Bool = false) -> Double {
        let t = min(max(x + 0.5, 0), Double(values.count))
        let i = Int(t)
        let table = squares ? prefixSquares : prefix
        guard i < values.count else { return table[i] }
        let v = values[i]
        return table[i] + (t - Double(i)) * (squares ? v * v : v)
    }

    /// The profile with every `factor` samples averaged into one (sample `j` covers input samples
    /// `j factor ..< (j + 1) factor`); input position `x` becomes `(x + 0.5) / factor - 0.5`.
    func decimated(by factor: Int) -> FitProfile {
        guard factor > 1 else { return self }
        let n = values.count / factor
        return FitProfile((0..<n).map { j in
            (j * factor..<(j + 1) * factor).reduce(0) { $0 + values[$1] } / Double(factor)
        })
    }
}

/// How well an EAN/UPC module pattern explains a grey profile: the correlation of the profile with the pattern drawn
/// at a registration (box model for the coarse search, blurred model for the fit itself), and the search for the
/// registration that maximises it.
enum PatternFit {
    /// Modules of margin on each side of the symbol inside the correlation window: a trimmed guard bar or a bar
    /// that runs on into the quiet zone shows there.
    static let margin = 1.5

    /// Pearson correlation of the profile with the box (unblurred) pattern `bars` at `r` (blur ignored);
    /// dark bars on a light ground give a positive value. `nil` when less than 80 % of the window lies on the profile.
    static func boxCorrelation(_ p: FitProfile, bars: [(start: Int, end: Int)], modules w: Int,
                               at r: PatternRegistration) -> Double? {
        let W = Double(w)
        let want0 = r.position(-margin, modules: W), want1 = r.position(W + margin, modules: W)
        let x0 = max(want0, -0.5), x1 = min(want1, Double(p.count) - 0.5)
        guard x1 - x0 >= 0.8 * (want1 - want0), x1 > x0 else { return nil }
        let n = x1 - x0, count = p.count, half = r.spread / 2
        // The warp's polynomial, in module units: x(u) = start + a u + b u² + c u³ (see `position`).
        let a = r.module * (1 - r.gradient + r.curvature), b = r.module * (r.gradient - 3 * r.curvature) / W
        let c = 2 * r.module * r.curvature / (W * W)
        return p.values.withUnsafeBufferPointer { values in
            p.prefix.withUnsafeBufferPointer { prefix in
                p.prefixSquares.withUnsafeBufferPointer { squares in
                    // Integral of the piecewise-constant profile from -0.5 to x (x within the profile).
                    @inline(__always) func integral(_ x: Double, _ table: UnsafeBufferPointer<Double>, square: Bool) -> Double {
                        let t = x + 0.5
                        let i = Int(t)
                        guard i < count else { return table[count] }
                        let v = values[i]
                        return table[i] + (t - Double(i)) * (square ? v * v : v)
                    }
                    let sp = integral(x1, prefix, square: false) - integral(x0, prefix, square: false)
                    let spp = integral(x1, squares, square: true) - integral(x0, squares, square: true)
                    var sb = 0.0, spb = 0.0
                    for bar in bars {
                        let u0 = Double(bar.start), u1 = Double(bar.end)
                        let l = max(r.start + u0 * (a + u0 * (b + u0 * c)) - half, x0)
                        let h = min(r.start + u1 * (a + u1 * (b + u1 * c)) + half, x1)
                        guard h > l else { continue }
                        sb += h - l
                        spb += integral(h, prefix, square: false) - integral(l, prefix, square: false)
                    }
                    let varB = sb - sb * sb / n, varP = spp - sp * sp / n
                    guard varB > 0, varP > 0 else { return nil }
                    return -(spb - sp * sb / n) / (varB * varP).squareRoot()
                }
            }
        }
    }

    /// Correlation of the profile with the blurred pattern at `r`, and the grey levels `light - depth x darkness`
    /// that best reproduce it (least squares). `nil` when the window leaves the profile or either side is flat.
    static func blurredFit(_ p: FitProfile, bars: [(start: Int, end: Int)], modules w: Int,
                           at r: PatternRegistration) -> (correlation: Double, light: Double, depth: Double)? {
        let W = Double(w)
        let want0 = r.position(-margin, modules: W), want1 = r.position(W + margin, modules: W)
        let i0 = max(Int(want0.rounded(.up)), 0), i1 = min(Int(want1.rounded(.down)), p.count - 1)
        guard i1 > i0, Double(i1 - i0) >= 0.8 * (want1 - want0) else { return nil }
        let edges = self.edges(bars, modules: W, at: r)
        var sf = 0.0, sff = 0.0, sp = 0.0, spp = 0.0, spf = 0.0
        p.values.withUnsafeBufferPointer { values in
            darkness(edges, sigma: r.sigma, from: i0, through: i1) { i, f in
                let v = values[i]
                sf += f; sff += f * f; sp += v; spp += v * v; spf += v * f
            }
        }
        let n = Double(i1 - i0 + 1)
        let varF = sff - sf * sf / n, varP = spp - sp * sp / n, cov = spf - sp * sf / n
        guard varF > 1e-9, varP > 1e-9 else { return nil }
        let slope = cov / varF
        return (-cov / (varF * varP).squareRoot(), (sp - slope * sf) / n, -slope)
    }

    /// Bar edges as profile positions: `(left, right)` of every bar, widened by the ink spread (a bar spread to
    /// nothing is dropped).
    static func edges(_ bars: [(start: Int, end: Int)], modules W: Double, at r: PatternRegistration)
        -> [(left: Double, right: Double)] {
        bars.compactMap { bar in
            let l = r.position(Double(bar.start), modules: W) - r.spread / 2
            let h = r.position(Double(bar.end), modules: W) + r.spread / 2
            return h > l ? (l, h) : nil
        }
    }

    /// Calls `body(i, darkness)` for samples `from...through` of the blurred bar pattern: the sum over bars of
    /// `Phi((i - left) / sigma) - Phi((i - right) / sigma)`, 0 on white, 1 inside a wide bar.
    static func darkness(_ edges: [(left: Double, right: Double)], sigma: Double, from i0: Int, through i1: Int,
                         _ body: (Int, Double) -> Void) {
        let inv = 1 / max(sigma, 0.2), reach = darknessReach / inv
        NormalCDF.table.withUnsafeBufferPointer { table in
            edges.withUnsafeBufferPointer { edges in
                var first = 0  // bars wholly left of the current sample's reach
                for i in i0...i1 {
                    let x = Double(i)
                    while first < edges.count && edges[first].right < x - reach { first += 1 }
                    var f = 0.0
                    var k = first
                    while k < edges.count && edges[k].left <= x + reach {
                        f += NormalCDF.value((x - edges[k].left) * inv, table)
                            - NormalCDF.value((x - edges[k].right) * inv, table)
                        k += 1
                    }
                    body(i, f)
                }
            }
        }
    }

    /// Standard deviations beyond which a bar edge no longer changes a sample's darkness (by less than 3e-4).
    static let darknessReach = 3.5
}

/// The standard normal distribution function from a table (linear interpolation, |error| < 1e-5): the blurred
/// pattern needs it a few hundred thousand times per photo.
enum NormalCDF {
    /// Beyond this many standard deviations the value is taken as 0 or 1.
    static let reach = 5.0
    private static let steps = 2048
    static let table: [Double] = (0...steps).map { i in
        let z = -reach + 2 * reach * Double(i) / Double(steps)
        return 0.5 * erfc(-z / 2.0.squareRoot())
    }

    /// Φ(z).
    static func value(_ z: Double) -> Double { table.withUnsafeBufferPointer { value(z, $0) } }

    /// Φ(z) from `table` (the caller's pointer to `NormalCDF.table`, so the lookup costs no global access).
    @inline(__always)
    static func value(_ z: Double, _ table: UnsafeBufferPointer<Double>) -> Double {
        if z <= -reach { return 0 }
        if z >= reach { return 1 }
        let t = (z + reach) * Double(steps) / (2 * reach)
        let i = Int(t)
        let f = t - Double(i)
        return table[i] + f * (table[i + 1] - table[i])
    }
}
