import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// Later readings on the table region (docs/ocr.md, "Session 6"): a reading after the first reads only the table
/// the first reading located, at the table's own scale, and takes the first reading's words outside it.
extension OCRStage {
    /// When a later reading (a reading after the first: the routed set, PSM 3, the final set reading) reads only
    /// the first reading's table region instead of the whole page.
    enum RegionRule: String, Sendable, Equatable {
        /// Always the whole page (sessions 1–5).
        case off
        /// Where the first reading re-read its table at the table's own scale (an `OCRPass.Kind.table` pass: a later
        /// reading's page pass would have been followed by one too, whose words replace the page's in the region)
        /// and every key it parsed (at least ``regionMinimumKeys``) comes from the region's words alone.
        case safe
        /// Where every key the first reading parsed (at least ``regionMinimumKeys``) comes from its table region's
        /// words alone.
        case keyed
    }

    /// ``RegionRule`` from `NUTRILENS_OCR_REGION` (`off` | `safe` | `keyed`); ``defaultRegionRule`` when unset.
    static func regionRule(environment env: [String: String]) -> RegionRule {
        env["NUTRILENS_OCR_REGION"].flatMap(RegionRule.init(rawValue:)) ?? defaultRegionRule
    }

    static let defaultRegionRule = RegionRule.off

    /// Keys the first reading must have parsed for a later one to read only its region (`NUTRILENS_OCR_REGION_KEYS`,
    /// default 5, as ``levelledOnlyBelowKeys``): a reading of fewer often located a part of the table, or another
    /// block (corpus `nutrition_en`: 2 keys in the first reading's region, 8 in PSM 3's whole page, 2 on the region).
    static let regionMinimumKeys = max(1, ProcessInfo.processInfo.environment["NUTRILENS_OCR_REGION_KEYS"].flatMap { Int($0) } ?? 5)

    /// Line heights (2 x-heights of the first reading) the region is grown by on each side before a region-only
    /// reading (`NUTRILENS_OCR_REGION_MARGIN`, default 0: the region the first reading's table re-read read, which
    /// already reaches one line height past its anchors and across every word on their lines). A margin keeps a
    /// header row the region's edge cuts through whole (measured in docs/ocr.md, "Session 6").
    static let regionMarginLines = max(0, ProcessInfo.processInfo.environment["NUTRILENS_OCR_REGION_MARGIN"].flatMap { Double($0) } ?? 0)

    /// `first`'s table region to read, grown by ``regionMarginLines``; `nil` without one.
    static func region(toRead first: OCRPage, marginLines: Double = regionMarginLines) -> OCRReadRegion? {
        guard var region = OCRReadRegion(table: first) else { return nil }
        let margin = Int((marginLines * 2 * first.xHeight).rounded())
        guard margin > 0 else { return region }
        let x0 = max(0, region.rect.x - margin), y0 = max(0, region.rect.y - margin)
        let x1 = min(first.imageWidth, region.rect.maxX + margin), y1 = min(first.imageHeight, region.rect.maxY + margin)
        region.rect = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        return region
    }

    /// The rule this process reads with.
    static let regionRule = regionRule(environment: ProcessInfo.processInfo.environment)

    /// Whether `hypothesis`, read after a first reading with `firstPasses`, `firstRegion` and `firstScore`, of which
    /// `keysInRegion` keys parse from the region's words alone, reads only the region under `rule`.
    ///
    /// Why the keys must come from the region: a region located from a few anchors (a title, one row word) can hold
    /// a fraction of the table; its rows outside were then read only by the first reading (corpus `eng_real_4`: the
    /// region was the "Nutrition Facts" title, the set's page reading parsed the rows below it right, 9 → 0 fields
    /// with the region alone). Levelled readings stay whole: the first reading's region is in the unlevelled page's
    /// pixels (and they only run after a first reading of fewer than ``levelledOnlyBelowKeys`` keys).
    static func readsRegionOnly(_ hypothesis: ReadingHypothesis, firstPasses: [OCRPass], firstRegion: PixelRect?,
                                firstScore: LabelReadingScore, keysInRegion: Int, rule: RegionRule) -> Bool {
        guard !hypothesis.levelled, firstRegion != nil, firstScore.fields >= regionMinimumKeys,
              keysInRegion >= firstScore.fields else { return false }
        switch rule {
        case .off: return false
        case .safe: return firstPasses.contains { $0.kind == .table }
        case .keyed: return true
        }
    }

    /// `page`'s lines with only the words mostly (≥ half their area) inside `region`, as ``OCRStage/read`` hands them
    /// to the grammar (boxes on the upright page through `mapping`).
    static func lines(of page: OCRPage, inside region: PixelRect, mapping: ReadPageMapping) -> [TextLine] {
        page.lines.compactMap { line in
            let words = line.words.filter { $0.liesMostlyInside(region) }
            return words.isEmpty ? nil : TextLine(words: words.map { textWord($0, mapping: mapping) })
        }
    }

    /// `word` as the grammar takes it: its box on the upright page.
    static func textWord(_ word: OCRWord, mapping: ReadPageMapping) -> TextWord {
        TextWord(text: word.text,
                 box: mapping.upright(TextBox(x: Double(word.box.x), y: Double(word.box.y),
                                              width: Double(word.box.width), height: Double(word.box.height))),
                 confidence: word.confidence)
    }
}
