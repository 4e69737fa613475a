import Foundation

/// Resident memory of this process, from Linux `/proc/self/status` (`VmRSS` now, `VmHWM` peak), in MiB.
enum ProcessMemory {
    static func currentRSSMiB() -> Double { field("VmRSS") }
    static func peakRSSMiB() -> Double { field("VmHWM") }

    /// User + system CPU seconds of the whole process (all threads) so far (`getrusage(RUSAGE_SELF)`).
    static func processCPUSeconds() -> Double { cpuSeconds(of: RUSAGE_SELF.rawValue) }

    /// User + system CPU seconds of this process's children that have ended and been waited for
    /// (`getrusage(RUSAGE_CHILDREN)`): what a peer's command-line processes cost, whatever else the machine runs.
    static func childrenCPUSeconds() -> Double { cpuSeconds(of: RUSAGE_CHILDREN.rawValue) }

    /// User + system CPU seconds `getrusage` reports for `who` (`RUSAGE_SELF` or `RUSAGE_CHILDREN`).
    private static func cpuSeconds(of who: Int32) -> Double {
        var usage = rusage()
        getrusage(who, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// Path of the shared library file this process mapped whose name starts with `prefix` (e.g. `libtesseract.so`),
    /// from `/proc/self/maps`; `nil` when none is mapped. Tells which Tesseract build a figure was measured with
    /// (Debian's in /usr/lib, or scripts/build-tesseract.sh's in /usr/local/lib).
    static func mappedLibrary(named prefix: String) -> String? {
        // Read to the end: /proc files report size 0, and the maps of a process this size run past one page.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps"),
              let data = try? handle.readToEnd(), let maps = String(data: data, encoding: .utf8) else { return nil }
        defer { try? handle.close() }
        for line in maps.split(separator: "\n") {
            guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last, path.hasPrefix("/") else { continue }
            if path.split(separator: "/").last?.hasPrefix(prefix) == true { return String(path) }
        }
        return nil
    }

    private static func field(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
              let kiB = line.split(separator: " ").compactMap({ Double($0) }).first else { return .nan }
        return kiB / 1024
    }
}
