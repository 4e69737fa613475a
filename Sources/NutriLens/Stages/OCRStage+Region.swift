import Foundation
import NutriLensImaging
import NutriLensOCR

/// Later readings on the table region (docs/ocr.md, "Session 6"): a reading after the first reads only the table
/// the first reading located, at the table's own scale, and takes the first reading's words outside it.
extension OCRStage {
    /// When a later reading (a reading after the first: the routed set, PSM 3, the final set reading) reads only
    /// the first reading's table region instead of the whole page.
    enum RegionRule: String, Sendable, Equatable {
        /// Always the whole page (sessions 1–5).
        case off
        /// Only where the first reading re-read its table at the table's own scale (an `OCRPass.Kind.table` pass):
        /// the later reading's page pass would then have been followed by a table pass whose words replace the
        /// page's inside the region anyway, so only the page outside the region is not read again.
        case safe
        /// Whenever the first reading located a table region and parsed at least one key.
        case keyed
    }

    /// ``RegionRule`` from `NUTRILENS_OCR_REGION` (`off` | `safe` | `keyed`); ``defaultRegionRule`` when unset.
    static func regionRule(environment env: [String: String]) -> RegionRule {
        env["NUTRILENS_OCR_REGION"].flatMap(RegionRule.init(rawValue:)) ?? defaultRegionRule
    }

    static let defaultRegionRule = RegionRule.off

    /// The rule this process reads with.
    static let regionRule = regionRule(environment: ProcessInfo.processInfo.environment)

    /// Whether `hypothesis`, read after a first reading with `firstPasses`, `firstRegion` and `firstScore`, reads only
    /// the region under `rule`. Levelled readings stay whole: the first reading's region is in the unlevelled page's
    /// pixels (and they only run after a first reading of fewer than ``levelledOnlyBelowKeys`` keys).
    static func readsRegionOnly(_ hypothesis: ReadingHypothesis, firstPasses: [OCRPass], firstRegion: PixelRect?,
                                firstScore: LabelReadingScore, rule: RegionRule) -> Bool {
        guard !hypothesis.levelled, firstRegion != nil else { return false }
        switch rule {
        case .off: return false
        case .safe: return firstPasses.contains { $0.kind == .table }
        case .keyed: return firstScore.fields >= 1
        }
    }
}
