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

    /// Columns of the terminal on stderr (`TIOCGWINSZ`), or 80 when it does not say.
    static var stderrColumns: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }
}
