/// Process exit codes of `nutrilens`, stable for scripts.
enum ExitCode: Int32 {
    /// Every input succeeded (for `eval`: no regression against the baseline).
    case success = 0
    /// Some input failed (reported and skipped), or `eval --baseline` found a regression.
    case someFailed = 1
    /// The command line was wrong (message and hint on stderr).
    case usage = 2
    /// The scanner could not be set up (missing tessdata/model), a required file could not be read/written (standard
    /// output included), or `eval` could not score everything (a sidecar, folder or link below DIR unreadable).
    case setup = 3
}
