#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import NutriLensEvaluation

/// Where the CLI writes: stdout for results, stderr for progress and diagnostics. Both are written with POSIX
/// `write`, so a failed write is an error the CLI handles, never `FileHandle.write`'s crash with a stack dump.
enum Terminal {
    static var stdoutIsTTY: Bool { isatty(STDOUT_FILENO) != 0 }
    static var stderrIsTTY: Bool { isatty(STDERR_FILENO) != 0 }

    /// Writes `text` plus a newline to stdout at once, so streamed results appear as they are ready. When stdout
    /// cannot take it (a full disk, a closed descriptor, a closed pipe while SIGPIPE is ignored; with SIGPIPE at its
    /// default a closed pipe ends the process as it ends other Unix filters, status 141 in the shell), the results
    /// are lost: the run stops with one line on stderr and exit status 3, as when a report file cannot be written.
    static func out(_ text: String) {
        let code = StandardStreams.write(STDOUT_FILENO, text + "\n")
        guard code == 0 else { stdoutFailed(code) }
    }

    /// Writes `text` plus a newline to stderr.
    static func err(_ text: String) { errRaw(text + "\n") }

    /// Writes `text` to stderr as it is (the progress bar's carriage returns). A failure is ignored: stderr is where
    /// failures would be reported, and results on stdout do not depend on it.
    static func errRaw(_ text: String) { _ = StandardStreams.write(STDERR_FILENO, text) }

    /// Columns of the terminal on stderr (`TIOCGWINSZ`), or 80 when it does not say.
    static var stderrColumns: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Reports that stdout took no more (the `errno` `code`) and ends the process with status 3.
    private static func stdoutFailed(_ code: Int32) -> Never {
        err("nutrilens: cannot write the results to standard output: \(String(cString: strerror(code)))")
        exit(ExitCode.setup.rawValue)
    }
}
