#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
@_silgen_name("mallopt") private func glibcMallopt(_ param: Int32, _ value: Int32) -> Int32
#endif

/// Timing shared by the benchmark families: warm-up runs, then the median of `reps` timed runs.
///
/// Times are CPU time of the calling thread (`CLOCK_THREAD_CPUTIME_ID`), not wall time: the benchmark machine is
/// shared, and CPU time does not count the intervals the thread spends descheduled. All work measured here is
/// single-threaded (our kernels and Leptonica's), so CPU time equals wall time on an idle machine.
enum BenchmarkTiming {
    /// Keeps large buffers on the heap between runs (glibc would otherwise `mmap`/`munmap` every 12 MB result
    /// and each run would pay ~3000 fresh page faults), so runs measure the kernels rather than the kernel's
    /// page-zeroing. Applies to every contender alike.
    static func reuseLargeAllocations() {
        #if canImport(Glibc)
        _ = glibcMallopt(-3, 512 << 20)   // M_MMAP_THRESHOLD (malloc.h is not in the Glibc module)
        _ = glibcMallopt(-1, 1 << 30)     // M_TRIM_THRESHOLD
        #endif
    }

    /// Median CPU seconds of `reps` runs of `body` after `warmup` untimed runs. Each result goes to `sink` so
    /// the optimiser cannot drop the work.
    static func median<T>(reps: Int, warmup: Int = 1, _ body: () throws -> T) rethrows -> Double {
        for _ in 0..<warmup { sink(try body()) }
        var times = [Double]()
        for _ in 0..<max(1, reps) {
            let start = threadCPUTime()
            let result = try body()
            times.append(threadCPUTime() - start)
            sink(result)
        }
        times.sort()
        return times[times.count / 2]
    }

    static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    @inline(never) static func sink<T>(_ value: T) { _ = value }

    /// `12.34 ms` style.
    static func format(_ seconds: Double) -> String {
        let ms = seconds * 1000
        return ms >= 100 ? String(Int(ms.rounded())) + " ms" : String(Double(Int(ms * 100)) / 100) + " ms"
    }
}
