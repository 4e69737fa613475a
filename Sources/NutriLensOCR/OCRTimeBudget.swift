import Foundation

/// The wall-clock budget of one ``NutritionOCR/read(_:options:)``: started when the read starts, shared by every
/// recognition and orientation pass, so that each Tesseract call gets only what the earlier ones left.
struct OCRTimeBudget {
    /// Seconds for the whole read; `nil` = unlimited.
    let seconds: Double?
    private let start = DispatchTime.now().uptimeNanoseconds

    init(seconds: Double?) { self.seconds = seconds }

    /// Seconds left (≥ 0), or `nil` when unlimited.
    var remaining: Double? {
        seconds.map { max(0, $0 - Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9) }
    }

    /// True once a limited budget has no time left; later passes are skipped.
    var isSpent: Bool { remaining.map { $0 <= 0 } ?? false }

    /// The remaining time as a Tesseract monitor deadline in milliseconds (≥ 1: Tesseract ignores a deadline ≤ 0,
    /// which would make a spent budget unlimited), or `nil` when unlimited.
    var deadlineMilliseconds: Int32? {
        remaining.map { Int32(clamping: max(1, Int(($0 * 1000).rounded(.up)))) }
    }
}
