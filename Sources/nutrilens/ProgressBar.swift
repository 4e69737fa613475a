import Foundation

/// A one-line progress bar on stderr, redrawn in place: `[######......] 12/40  1.3 img/s  ETA 0:21  name`.
/// Drawn only when enabled (the CLI enables it when stderr is a terminal and `--quiet` was not given, whatever the
/// output format); results printed on stdout in between call ``clear()`` first so the bar never lands inside them.
struct ProgressBar {
    let total: Int
    let enabled: Bool
    /// Seconds on a monotonic clock (injectable so the rate and time left can be checked).
    private let now: () -> Double
    private let start: Double
    private var done = 0
    private var label = ""
    private var visible = false

    /// - Parameters:
    ///   - total: inputs the run will take, `>= 0`; a bar for 0 inputs is never drawn.
    ///   - now: seconds on a monotonic clock; default `ProcessInfo.systemUptime`.
    init(total: Int, enabled: Bool, now: @escaping () -> Double = { ProcessInfo.processInfo.systemUptime }) {
        self.total = total
        self.enabled = enabled && total > 0
        self.now = now
        start = now()
    }

    /// Draws the bar with `done` of `total` finished, `label` naming the last one.
    mutating func update(done: Int, label: String) {
        self.done = done
        self.label = label
        draw()
    }

    /// Draws the bar as it stands (e.g. `0/40` before the first result).
    mutating func draw() {
        guard enabled else { return }
        Terminal.errRaw("\r\u{1B}[K" + line(columns: Terminal.stderrColumns))
        visible = true
    }

    /// Erases the bar from its line (before a result is printed, and at the end).
    mutating func clear() {
        guard visible else { return }
        Terminal.errRaw("\r\u{1B}[K")
        visible = false
    }

    /// The bar's text for a terminal `columns` wide: count, rate, time left, then as much of the label as fits.
    func line(columns: Int) -> String {
        let elapsed = max(now() - start, 0)
        let width = columns >= 100 ? 30 : 20
        let filled = min(width, done * width / max(total, 1))
        var text = "[" + String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled) + "]"
        text += " \(done)/\(total)"
        if done > 0, elapsed > 0 {
            let rate = Double(done) / elapsed
            text += rate >= 1 ? String(format: "  %.1f img/s", rate) : String(format: "  %.1f s/img", 1 / rate)
            text += "  ETA " + Self.clock(Double(total - done) / rate)
        } else {
            text += "  ETA --:--"
        }
        let room = columns - 1 - text.count - 2
        if room >= 8, !label.isEmpty {
            text += "  " + (label.count > room ? "…" + label.suffix(room - 1) : label)
        }
        return text
    }

    /// `m:ss`, or `h:mm:ss` from an hour on.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded(.up))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                         : String(format: "%d:%02d", s / 60, s % 60)
    }
}
