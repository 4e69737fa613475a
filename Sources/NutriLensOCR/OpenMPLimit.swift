import Foundation

/// Keeps Tesseract single-threaded per engine.
///
/// Debian's libtesseract is built with OpenMP; its LSTM layers open `num_threads(N)` parallel regions that, on a
/// shared machine, cost ~3x wall time (measured: 2.9 s vs 0.9 s per label photo). `OMP_THREAD_LIMIT=1` only
/// works when set before libgomp loads, which for a linked library is before `main` — too late for us. So we
/// also set `max-active-levels` to 0 for the calling thread (OpenMP 5.0: no parallel region becomes active, every
/// region runs on one thread). The libgomp entry point is looked up at run time, so a Tesseract built without
/// OpenMP needs nothing.
enum OpenMPLimit {
    private typealias SetLevels = @convention(c) (Int32) -> Void

    private static let setMaxActiveLevels: SetLevels? = {
        setenv("OMP_THREAD_LIMIT", "1", 0)
        // The process's global symbol scope (libtesseract pulls in libgomp).
        guard let process = dlopen(nil, RTLD_NOW), let sym = dlsym(process, "omp_set_max_active_levels") else { return nil }
        return unsafeBitCast(sym, to: SetLevels.self)
    }()

    /// Makes OpenMP regions entered from the current thread run serially. Cheap; call before each use of an
    /// engine, since OpenMP keeps this setting per thread.
    static func serialiseCurrentThread() {
        setMaxActiveLevels?(0)
    }
}
