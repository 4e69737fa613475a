import Foundation
import NutriLensImaging

/// The budget of one ``NutritionOCR/read(_:options:)`` in CPU time of the reading thread (`ThreadCPUClock`): started
/// when the read starts, shared by every recognition and orientation pass, so that each Tesseract call gets only what
/// the earlier ones left. CPU time, not wall time: Tesseract runs on the calling thread, so the budget bounds the work
/// done, and other processes holding the cores do not cut a read short and change the fields found.
struct OCRTimeBudget {
    /// Seconds for the whole read; `nil` = unlimited.
    let seconds: Double?
    /// The thread CPU time (`ThreadCPUClock.now()`) at which the budget is spent; `.infinity` when unlimited.
    let deadline: Double

    init(seconds: Double?) {
        self.seconds = seconds
        deadline = seconds.map { ThreadCPUClock.now() + $0 } ?? .infinity
    }

    /// Seconds left (≥ 0), or `nil` when unlimited.
    var remaining: Double? {
        seconds == nil ? nil : max(0, deadline - ThreadCPUClock.now())
    }

    /// True once a limited budget has no time left; later passes are skipped.
    var isSpent: Bool { ThreadCPUClock.now() >= deadline }
}
