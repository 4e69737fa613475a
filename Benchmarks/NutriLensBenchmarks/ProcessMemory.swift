import Foundation

/// Resident memory of this process, from Linux `/proc/self/status` (`VmRSS` now, `VmHWM` peak), in MiB.
enum ProcessMemory {
    static func currentRSSMiB() -> Double { field("VmRSS") }
    static func peakRSSMiB() -> Double { field("VmHWM") }

    /// User + system CPU seconds of the whole process (all threads) so far (`getrusage(RUSAGE_SELF)`).
    static func processCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) * 1e-6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    private static func field(_ name: String) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
              let kiB = line.split(separator: " ").compactMap({ Double($0) }).first else { return .nan }
        return kiB / 1024
    }
}
