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
        /// Where the first reading's region, grown where its words show more table, holds the whole table
        /// (``WholeTableCheck``: rows, value columns and headers end inside it) and the first reading parsed at
        /// least ``regionMinimumKeys`` keys, every one of them from that region's words alone. The automatic-layout
        /// hypothesis (PSM 3) stays whole: on a crop it reads unlike on the page and its tidier readings fooled the
        /// grammar's score (docs/ocr.md, "Session 7").
        case whole
        /// ``whole`` without the keys: the geometric check alone decides.
        case geometric
    }

    /// ``RegionRule`` from `NUTRILENS_OCR_REGION` (`off` | `safe` | `keyed` | `whole` | `geometric`);
    /// ``defaultRegionRule`` when unset.
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
        guard !hypothesis.levelled, firstRegion != nil else { return false }
        if rule == .geometric { return hypothesis.segmentation != .auto && firstScore.fields > 0 }
        guard firstScore.fields >= regionMinimumKeys, keysInRegion >= firstScore.fields else { return false }
        switch rule {
        case .off: return false
        case .safe: return firstPasses.contains { $0.kind == .table }
        case .keyed: return true
        case .whole, .geometric: return hypothesis.segmentation != .auto
        }
    }

    /// What the later readings of one photo read, decided once from its first reading under a ``RegionRule``: the
    /// region a region-only reading reads (``region(for:)``), and when such a reading may replace the best one
    /// (``mayWin(_:over:)``).
    struct RegionPlan {
        let rule: RegionRule
        /// The region to read, `nil` when every later reading reads the whole page.
        let region: OCRReadRegion?
        let firstScore: LabelReadingScore
        let firstPasses: [OCRPass]
        /// Keys that parse from the words of the first reading inside ``region`` alone.
        let keysInRegion: Int
        /// ``WholeTableCheck``'s verdict on the first reading (``RegionRule/whole`` and ``RegionRule/geometric``).
        let verdict: WholeTableCheck.Verdict?

        init(first: Reading, firstScore: LabelReadingScore, rule: RegionRule, parser: NutritionParser) {
            self.rule = rule
            self.firstScore = firstScore
            firstPasses = first.passes
            var region: OCRReadRegion?
            switch rule {
            case .off:
                verdict = nil
            case .safe, .keyed:
                verdict = nil
                region = OCRStage.region(toRead: first.page)
            case .whole, .geometric:
                var check = WholeTableCheck()
                // After a table re-read a later whole reading pays a page pass AND a table pass; the region read
                // saves the page pass however much of the page the table covers.
                check.maximumPageShare = first.passes.contains { $0.kind == .table } ? 1 : OCRStage.regionMaximumPageShare
                let verdict = check.check(first.page)
                self.verdict = verdict
                if let rect = verdict.rect, var read = OCRReadRegion(table: first.page) {
                    read.rect = rect
                    region = read
                }
            }
            self.region = region
            keysInRegion = region.map {
                LabelReadingScore(lines: OCRStage.lines(of: first.page, inside: $0.rect, mapping: first.mapping),
                                  parser: parser).fields
            } ?? 0
            if OCRStageTrace.isEnabled, rule != .off { emitTrace(first: first.tableRegion) }
        }

        /// One `ocr-region` line on stderr (before the scan's `ocr-trace` line): the verdict, the region located and
        /// the one read, the keys of the first reading and those its region holds.
        private func emitTrace(first located: PixelRect?) {
            func text(_ r: PixelRect?) -> String { r.map { "\($0.x),\($0.y) \($0.width)x\($0.height)" } ?? "-" }
            let verdictText: String
            switch verdict {
            case .whole?: verdictText = "whole"
            case .incomplete(let why)?: verdictText = why.rawValue
            case nil: verdictText = rule.rawValue
            }
            let line = "ocr-region \(verdictText) located=\(text(located)) read=\(text(region?.rect)) "
                + "keys=\(keysInRegion)/\(firstScore.fields)\n"
            FileHandle.standardError.write(Data(line.utf8))
        }

        /// The region `hypothesis` reads instead of the whole page, `nil` = the whole page.
        func region(for hypothesis: ReadingHypothesis) -> OCRReadRegion? {
            guard let region, OCRStage.readsRegionOnly(hypothesis, firstPasses: firstPasses, firstRegion: region.rect,
                                                       firstScore: firstScore, keysInRegion: keysInRegion, rule: rule)
            else { return nil }
            return region
        }

        /// Whether a region-only reading scored `score` is followed by the same hypothesis on the whole page: when it
        /// parsed fewer keys than the first reading (``regionFallsBackToPage``).
        func readsWholePage(after score: LabelReadingScore, fallsBack: Bool = OCRStage.regionFallsBackToPage) -> Bool {
            fallsBack && score.fields < firstScore.fields
        }

        /// Whether a region-only reading scored `score` replaces the best reading so far, scored `best`: when it
        /// scores higher, and, with fewer keys than the first reading, by more than ``regionFewerKeysMargin``.
        /// Why: a crop reading that lost rows can be tidier (fewer failed checks) and score higher while being
        /// wrong (session 6: `20251114_101253`, 6 right keys and one failed check lost to 4 keys and none).
        func mayWin(_ score: LabelReadingScore, over best: LabelReadingScore) -> Bool {
            guard score > best else { return false }
            return score.fields >= firstScore.fields || score.value > best.value + OCRStage.regionFewerKeysMargin
        }
    }

    /// A region-only reading that parsed fewer keys than the first reading is followed by the same hypothesis on the
    /// whole page (`NUTRILENS_OCR_REGION_FALLBACK=off`: not). Why: fewer keys mean the crop lost rows the page still
    /// holds; measured in docs/ocr.md, "Session 7".
    static let regionFallsBackToPage = ProcessInfo.processInfo.environment["NUTRILENS_OCR_REGION_FALLBACK"] != "off"

    /// ``WholeTableCheck/maximumPageShare`` for the `whole` and `geometric` rules (`NUTRILENS_OCR_REGION_SHARE`,
    /// 0…1, default 0.6).
    static let regionMaximumPageShare = ProcessInfo.processInfo.environment["NUTRILENS_OCR_REGION_SHARE"]
        .flatMap { Double($0) }.map { min(1, max(0, $0)) } ?? 0.6

    /// Score points (``LabelReadingScore/value``, about one per key) by which a region-only reading with fewer keys
    /// than the first reading must beat the best reading to win (`NUTRILENS_OCR_REGION_FEWER`, default 1; `inf` =
    /// never).
    static let regionFewerKeysMargin = ProcessInfo.processInfo.environment["NUTRILENS_OCR_REGION_FEWER"].flatMap { Double($0) } ?? 1

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
