/// `exp`, `erf` and the activations built on them, written as branch-free scalar code: in loops over pointers the
/// optimiser vectorises them (4 lanes on baseline x86-64 SSE2; measured 2.7x faster than the same maths on
/// `SIMD8<Float>`, whose generic operations LLVM shuffles needlessly), and unoptimised debug builds run them at
/// scalar speed instead of through generic SIMD witnesses. No libm call per element.
enum VectorMath {
    // Cephes expf (also sse_mathfun's exp_ps): x = n ln2 + r, |r| <= ln2/2, exp(r) by a degree-5 polynomial;
    // relative error ~1e-7 over the float range. 2^n is built in the exponent bits.
    @usableFromInline static let expHigh: Float = 88.376_262_664_794_9
    /// 1.5 * 2^23: adding and subtracting it rounds a float of magnitude < 2^22 to the nearest integer.
    @usableFromInline static let roundingMagic: Float = 12_582_912

    @inlinable @inline(__always)
    static func exp(_ x: Float) -> Float {
        let c = clamp(x, -expHigh, expHigh)
        let shifted = c * 1.442_695_040_888_963_41 + roundingMagic
        let n = shifted - roundingMagic
        let r = (c - n * 0.693_359_375) - n * -2.121_944_40e-4
        var p: Float = 1.987_569_150_0e-4
        p = p * r + 1.398_199_950_7e-3
        p = p * r + 8.333_451_907_3e-3
        p = p * r + 4.166_579_589_4e-2
        p = p * r + 1.666_666_545_9e-1
        p = p * r + 5.000_000_120_1e-1
        let e = p * (r * r) + r + 1
        // The integer n sits in the low mantissa bits of `shifted`: (bits - bits(magic) + 127) << 23 = 2^n.
        let bits = (shifted.bitPattern &- 0x4B40_0000 &+ 127) &<< 23
        return e * Float(bitPattern: bits)
    }

    // erf(x) = x * P(t) / Q(t), t = x^2 / 3.92^2, x clamped to +-3.92 (beyond it erf is 1 in float): a (5, 5)
    // rational least-squares fit made in numpy (docs/text.md); max abs error 3.9e-7 evaluated in float against
    // math.erf. One division instead of the exp a piecewise fit needs: GELU is most of the recogniser's time.
    @usableFromInline static let erfLimit: Float = 3.92

    @inlinable @inline(__always)
    static func erf(_ x: Float) -> Float {
        let c = clamp(x, -erfLimit, erfLimit)
        let t = c * c * (1 / (erfLimit * erfLimit))
        var p: Float = 1.837_779_521_942_138_7
        p = p * t + 15.918_187_141_418_457
        p = p * t + 13.029_953_956_604_004
        p = p * t + 12.330_772_399_902_344
        p = p * t + 2.853_985_548_019_409
        p = p * t + 1.128_379_106_521_606_4
        var q: Float = 33.506_874_084_472_656
        q = q * t + 62.935_489_654_541_016
        q = q * t + 53.027_267_456_054_69
        q = q * t + 26.507_261_276_245_117
        q = q * t + 7.651_404_380_798_34
        q = q * t + 1
        return c * p / q
    }

    /// `min(max(x, lo), hi)` as two selects (NaN passes through), which vectorise to `minps`/`maxps`-like code.
    @inlinable @inline(__always)
    static func clamp(_ x: Float, _ lo: Float, _ hi: Float) -> Float {
        let y = x < lo ? lo : x
        return y > hi ? hi : y
    }

    @inlinable @inline(__always)
    static func sigmoid(_ x: Float) -> Float { 1 / (1 + exp(-x)) }

    @inlinable @inline(__always)
    static func gelu(_ x: Float) -> Float { 0.5 * x * (1 + erf(x * 0.707_106_781_186_547_6)) }
}
