import Foundation

/// CPU time consumed by the calling thread (`CLOCK_THREAD_CPUTIME_ID`). The stages use it for per-pass accounting
/// and for time budgets that must not shrink when other processes hold the cores (ZBar and Tesseract run on the
/// calling thread, so its CPU time is the work done).
public enum ThreadCPUClock {
    /// Seconds of CPU the calling thread has used since it started (>= 0, monotonic within a thread).
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
