/// A k x k convolution (group 1, any stride) as GEMMs over the input itself plus shifted adds ("kn2row"), without
/// unrolling patches (im2col).
///
/// For stride s, tap (ky, kx) with `ky - top = s·qy + ry` and `kx - left = s·qx + rx` (0 <= ry, rx < s) reads the
/// polyphase plane `P[ry][rx][ci][py][px] = in[ci][s·py + ry][s·px + rx]` at (oy + qy, ox + qx), so
///
///     out[co][oy][ox] = bias[co] + Σ_taps C_tap[co][oy + qy][ox + qx],  C_tap = W_tap[Cout x Cin] · P[ry][rx]
///
/// (zero where the position leaves the plane, which is the convolution's zero padding). The taps of one phase
/// (ry, rx) are stacked into one GEMM with M = Cout · taps, K = Cin, N = plane pixels of a band of rows: the same
/// multiply-adds as im2col's `Cout x (Cin·k·k) x pixels`, but in a well-shaped GEMM (M = 144 instead of 16 for the
/// detector's 3x3 64 -> 16 neck) and with k·k·Cout floats written per pixel instead of k·k·Cin. Stride 1 has one
/// phase, the input, so the GEMM reads the input planes directly; stride s > 1 first copies a band's rows into its
/// s x s phases.
///
/// Bands of plane rows go in order; each band's partial maps are added into the output rows they touch (which
/// start as the bias), and an output row gets its activation and residual once the last band it needs is done.
/// Every output's summation order is fixed (bias, then bands, phases and taps in order), so results are
/// deterministic and independent of the batch layout.
enum ShiftedGEMMConvolution {
    /// Floats of the band's GEMM output (all taps of one phase); ~512 KB keeps it in this CPU's L2 with room for
    /// OpenBLAS's packed panels.
    static let bandBudget = 128 * 1024

    /// Whether `c` runs here: group 1 kernels larger than 1x1 (or strided) with few output channels (Cout <= Cin:
    /// the im2col GEMM has a thin M = Cout, and the taps' partial maps, k·k·Cout floats per pixel, are no more than
    /// im2col's k·k·Cin) and enough input channels (Cin >= 16) for a GEMM with K = Cin to run at speed. Measured
    /// (docs/text.md): the detector's 3x3 64 -> 16, 3x3/2 32 -> 16 and 2x2 16 -> 8 gain; its 2x2 8 -> 16, the
    /// stem's 3 -> 16 (K = 3) and the recogniser's 3x3/2 24 -> 48 (M = 48 already) are faster with im2col.
    static func applies(_ c: ConvLayer) -> Bool {
        c.group == 1 && !c.isPointwise && c.inputChannels >= 16 && c.outputChannels <= c.inputChannels
    }

    /// Geometry of one call: the phases, taps and band size for an input of `height` x `width`.
    struct Plan {
        /// Tap (ky, kx) with its phase (ry, rx) and plane offset (qy, qx), sorted by phase.
        struct Tap { let ky: Int, kx: Int, ry: Int, rx: Int, qy: Int, qx: Int }
        let taps: [Tap]
        /// Index ranges of `taps` with one phase each.
        let phases: [Range<Int>]
        let planeWidth: [Int], planeHeight: [Int]  // indexed by rx, ry
        let bandRows: Int
        let minQy: Int, maxQy: Int
        let maxPhaseTaps: Int

        init(_ c: ConvLayer, height: Int, width: Int, bandBudget: Int = ShiftedGEMMConvolution.bandBudget) {
            let pads = c.padding(height: height, width: width)
            let (sh, sw) = (c.strideH, c.strideW)
            func split(_ k: Int, _ pad: Int, _ s: Int) -> (q: Int, r: Int) {
                let d = k - pad
                let q = d >= 0 ? d / s : -((-d + s - 1) / s)
                return (q, d - q * s)
            }
            var taps: [Tap] = []
            for ky in 0..<c.kernelH {
                for kx in 0..<c.kernelW {
                    let y = split(ky, pads.top, sh), x = split(kx, pads.left, sw)
                    taps.append(Tap(ky: ky, kx: kx, ry: y.r, rx: x.r, qy: y.q, qx: x.q))
                }
            }
            taps.sort { ($0.ry, $0.rx, $0.ky, $0.kx) < ($1.ry, $1.rx, $1.ky, $1.kx) }
            var phases: [Range<Int>] = []
            var start = 0
            for i in 1...taps.count where i == taps.count || (taps[i].ry, taps[i].rx) != (taps[start].ry, taps[start].rx) {
                phases.append(start..<i)
                start = i
            }
            self.taps = taps
            self.phases = phases
            planeHeight = (0..<sh).map { max(0, (height - $0 + sh - 1) / sh) }
            planeWidth = (0..<sw).map { max(0, (width - $0 + sw - 1) / sw) }
            maxPhaseTaps = phases.map(\.count).max() ?? 1
            minQy = taps.map(\.qy).min() ?? 0
            maxQy = taps.map(\.qy).max() ?? 0
            let rowFloats = maxPhaseTaps * c.outputChannels * max(1, planeWidth[0])
            bandRows = max(1, min(planeHeight[0], bandBudget / rowFloats))
        }

        /// Floats of scratch: packed weights, one phase's GEMM output for a band, and (stride > 1) the band's phases.
        func scratchFloats(_ c: ConvLayer) -> Int {
            let packed = taps.count * c.outputChannels * c.inputChannels
            let gemmOut = maxPhaseTaps * c.outputChannels * bandRows * (planeWidth.max() ?? 0)
            // The band's rows of one row phase ry, split into all column phases: Cin x rows x (Σ plane widths = width).
            let phaseCopy = c.strideH == 1 && c.strideW == 1 ? 0 : c.inputChannels * bandRows * planeWidth.reduce(0, +)
            return packed + gemmOut + phaseCopy
        }
    }

    /// Floats of scratch `run` needs for an input of `height` x `width` (same `bandBudget`).
    static func scratchFloats(_ c: ConvLayer, height: Int, width: Int, bandBudget: Int = ShiftedGEMMConvolution.bandBudget) -> Int {
        Plan(c, height: height, width: width, bandBudget: bandBudget).scratchFloats(c)
    }

    /// One sample: input channel planes `channelStride` apart, output (and residual) channel rows `ldc` apart.
    /// `bandBudget` (floats of one band's GEMM output) sets the band height; tests pass small values to cross bands.
    static func run(_ c: ConvLayer, input: UnsafePointer<Float>, channelStride: Int, height: Int, width: Int,
                    output: UnsafeMutablePointer<Float>, outHeight: Int, outWidth: Int, ldc: Int,
                    residual: UnsafePointer<Float>?, scratch: UnsafeMutablePointer<Float>, bandBudget: Int = ShiftedGEMMConvolution.bandBudget) {
        let plan = Plan(c, height: height, width: width, bandBudget: bandBudget)
        let (cin, cout, kh, kw) = (c.inputChannels, c.outputChannels, c.kernelH, c.kernelW)
        let strided = c.strideH != 1 || c.strideW != 1
        // A: row (t · Cout + co) holds tap t's weights W[co][·][ky][kx].
        let packed = scratch
        c.weights.withUnsafeBufferPointer { w in
            for (t, tap) in plan.taps.enumerated() {
                for co in 0..<cout {
                    let row = packed + (t * cout + co) * cin
                    let src = w.baseAddress! + co * cin * kh * kw + tap.ky * kw + tap.kx
                    for ci in 0..<cin { row[ci] = src[ci * kh * kw] }
                }
            }
        }
        let maxWidth = plan.planeWidth.max() ?? 0
        let gemmOut = packed + plan.taps.count * cout * cin
        let phaseCopy = gemmOut + plan.maxPhaseTaps * cout * plan.bandRows * maxWidth
        let rows = plan.planeHeight.max() ?? 0
        var initialized = 0, finished = 0
        func outRow(_ co: Int, _ oy: Int) -> UnsafeMutablePointer<Float> { output + co * ldc + oy * outWidth }
        func finish(upTo end: Int) {
            guard end > finished else { return }
            if c.activation != .none || residual != nil {
                for co in 0..<cout {
                    for oy in finished..<end {
                        Epilogue.apply(c.activation, input: outRow(co, oy), output: outRow(co, oy), count: outWidth,
                                       residual: residual.map { $0 + co * ldc + oy * outWidth })
                    }
                }
            }
            finished = end
        }
        func initialize(upTo end: Int) {
            guard end > initialized else { return }
            for co in 0..<cout {
                for oy in initialized..<end { outRow(co, oy).update(repeating: c.bias[co], count: outWidth) }
            }
            initialized = end
        }
        /// Where column phase `rx`'s Cin x `rows` x width(rx) block of a copied row phase starts in `phaseCopy`.
        func columnPhaseOffset(_ rx: Int, rows: Int) -> Int { cin * rows * plan.planeWidth[..<rx].reduce(0, +) }
        /// Rows `rows` of row phase `ry` (input rows s·py + ry), every column phase rx as its own Cin x rows x
        /// width(rx) block; stride 2 splits each row into even and odd columns in one pass.
        func copyRowPhase(_ ry: Int, rows: Range<Int>) {
            let (sh, sw) = (c.strideH, c.strideW)
            let offsets = (0..<sw).map { columnPhaseOffset($0, rows: rows.count) }
            for ci in 0..<cin {
                let plane = input + ci * channelStride
                for py in rows {
                    let src = plane + (py * sh + ry) * width
                    let r = (ci * rows.count + py - rows.lowerBound)
                    if sw == 2 {
                        let even = phaseCopy + offsets[0] + r * plan.planeWidth[0]
                        let odd = phaseCopy + offsets[1] + r * plan.planeWidth[1]
                        for i in 0..<plan.planeWidth[1] { even[i] = src[2 &* i]; odd[i] = src[2 &* i &+ 1] }
                        if plan.planeWidth[0] > plan.planeWidth[1] { even[plan.planeWidth[0] - 1] = src[width - 1] }
                    } else {
                        for rx in 0..<sw {
                            let d = phaseCopy + offsets[rx] + r * plan.planeWidth[rx]
                            for px in 0..<plan.planeWidth[rx] { d[px] = src[px &* sw &+ rx] }
                        }
                    }
                }
            }
        }
        var b0 = 0
        while b0 < rows {
            let b1 = min(rows, b0 + plan.bandRows)
            var copiedRowPhase = -1
            initialize(upTo: min(outHeight, max(0, b1 - plan.minQy)))
            for phase in plan.phases {
                let (ry, rx) = (plan.taps[phase.lowerBound].ry, plan.taps[phase.lowerBound].rx)
                let pw = plan.planeWidth[rx], end = min(b1, plan.planeHeight[ry])
                guard end > b0, pw > 0 else { continue }
                let n = (end - b0) * pw
                let b: UnsafePointer<Float>, ldb: Int
                if strided {
                    // Phase (ry, rx) of the band: Cin x (end - b0) x pw floats at its column phase's offset.
                    if ry != copiedRowPhase { copyRowPhase(ry, rows: b0..<end); copiedRowPhase = ry }
                    (b, ldb) = (UnsafePointer(phaseCopy + columnPhaseOffset(rx, rows: end - b0)), n)
                } else {
                    (b, ldb) = (input + b0 * width, channelStride)
                }
                BLAS.sgemm(m: phase.count * cout, n: n, k: cin, a: packed + phase.lowerBound * cout * cin, lda: cin,
                           b: b, ldb: ldb, c: gemmOut, ldc: n)
                for co in 0..<cout {
                    for t in phase {
                        let tap = plan.taps[t]
                        let partial = gemmOut + ((t - phase.lowerBound) * cout + co) * n
                        // Output columns with 0 <= ox + qx < pw.
                        let lo = max(0, -tap.qx), hi = min(outWidth, pw - tap.qx)
                        guard hi > lo else { continue }
                        for py in b0..<end {
                            let oy = py - tap.qy
                            guard oy >= 0, oy < outHeight else { continue }
                            let dst = outRow(co, oy), src = partial + (py - b0) * pw + tap.qx
                            for ox in lo..<hi { dst[ox] += src[ox] }
                        }
                    }
                }
            }
            // Rows whose last contribution (plane row oy + maxQy) is in this or an earlier band are complete.
            finish(upTo: min(outHeight, max(0, b1 - plan.maxQy)))
            b0 = b1
        }
        // The rest: rows whose remaining taps fall below the planes (bottom padding), or no taps at all.
        initialize(upTo: outHeight)
        finish(upTo: outHeight)
    }
}
