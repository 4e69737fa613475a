/// Deterministic pseudo-random numbers (SplitMix64, Steele et al. 2014) so randomised and property tests reproduce
/// from their seed on every platform; the standard library's generator is seeded per process.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// - Parameter seed: any value; equal seeds give equal sequences.
    public init(seed: UInt64) { state = seed }

    /// The next 64 uniformly distributed bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
