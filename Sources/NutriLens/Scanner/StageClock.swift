/// Collects wall-clock milliseconds per stage for `ScanResult.timingsMs`.
struct StageClock {
    private let clock = ContinuousClock()
    private let start: ContinuousClock.Instant
    private(set) var timings: [Stage: Double] = [:]

    init() { start = clock.now }

    /// Runs `body`, recording its duration under `stage` even when it throws.
    mutating func measure<T>(_ stage: Stage, _ body: () throws -> T) rethrows -> T {
        let t0 = clock.now
        defer { timings[stage] = ScanResultJSON.rounded(Self.milliseconds(clock.now - t0), decimals: 1) }
        return try body()
    }

    /// All stage timings plus ``Stage/total`` since `init`.
    func finished() -> [Stage: Double] {
        var out = timings
        out[.total] = ScanResultJSON.rounded(Self.milliseconds(clock.now - start), decimals: 1)
        return out
    }

    private static func milliseconds(_ d: Duration) -> Double {
        let (s, atto) = d.components
        return Double(s) * 1000 + Double(atto) / 1e15
    }
}
