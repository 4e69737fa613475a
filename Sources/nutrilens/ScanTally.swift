import Foundation
import NutriLens

/// Counts for the closing summary line of `scan` (on stderr): files, failures, barcodes, tables, time.
struct ScanTally {
    var inputs = 0, failed = 0, barcodes = 0, tables = 0, fields = 0
    var totalMs: [Double] = []
    /// When the run started, on the monotonic clock of ``ProgressBar``.
    let started = ProcessInfo.processInfo.systemUptime

    mutating func add(_ r: ScanResult) {
        inputs += 1
        if r.failed { failed += 1 }
        barcodes += r.barcodes?.count ?? 0
        if let n = r.nutrition { tables += 1; fields += n.nutriments.count }
        if let t = r.timingsMs?[.total], !r.failed { totalMs.append(t) }
    }

    /// "3 files: 2 scanned, 1 failed; 1 barcode, 2 nutrition tables (23 values); 4.1 s, median 1830 ms/image".
    var summary: String {
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var s = plural(inputs, "file") + ": \(inputs - failed) scanned, \(failed) failed; "
        s += plural(barcodes, "barcode") + ", " + plural(tables, "nutrition table") + " (" + plural(fields, "value") + ")"
        s += String(format: "; %.1f s", ProcessInfo.processInfo.systemUptime - started)
        if !totalMs.isEmpty {
            let sorted = totalMs.sorted()
            s += String(format: ", median %.0f ms/image", sorted[sorted.count / 2])
        }
        return s
    }
}
