/// Wall-clock timing shared by the benchmark families: warm-up runs, then the median of `reps` timed runs.
enum BenchmarkTiming {
    /// Median seconds of `reps` runs of `body` after `warmup` untimed runs. The result of each run is passed to
    /// `sink` so the optimiser cannot drop the work.
    static func median<T>(reps: Int, warmup: Int = 1, _ body: () throws -> T) rethrows -> Double {
        for _ in 0..<warmup { sink(try body()) }
        var times = [Double]()
        let clock = ContinuousClock()
        for _ in 0..<max(1, reps) {
            var result: T?
            let d = try clock.measure { result = try body() }
            sink(result)
            times.append(Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18)
        }
        times.sort()
        return times[times.count / 2]
    }

    @inline(never) static func sink<T>(_ value: T) { _ = value }

    /// `12.34 ms` style.
    static func format(_ seconds: Double) -> String {
        let ms = seconds * 1000
        return ms >= 100 ? String(Int(ms.rounded())) + " ms" : String(Double(Int(ms * 100)) / 100) + " ms"
    }
}
