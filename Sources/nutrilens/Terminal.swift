#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Where the CLI writes: stdout for results, stderr for progress and diagnostics.
enum Terminal {
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) != 0 }
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) != 0 }

    /// Writes `text` plus a newline to stdout and flushes, so streamed results appear as they are ready.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Writes `text` plus a newline to stderr.
    static func err(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}

/// A one-line progress bar on stderr (`[#####.....] 12/40 name`), redrawn in place; only drawn on a terminal.
struct ProgressBar {
    let total: Int
    let enabled: Bool
    private var lastDrawn = -1

    init(total: Int, enabled: Bool) {
        self.total = total
        self.enabled = enabled && total > 0
    }

    mutating func update(done: Int, label: String) {
        guard enabled, done != lastDrawn else { return }
        lastDrawn = done
        let width = 30
        let filled = total == 0 ? width : done * width / total
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let name = label.count > 40 ? "…" + label.suffix(39) : label
        FileHandle.standardError.write(Data("\r\u{1B}[K[\(bar)] \(done)/\(total) \(name)".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
