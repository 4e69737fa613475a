import Foundation
import NutriLensImaging
import NutriLensLabel
import NutriLensOCR

/// The first reading on the table found before the LSTM reads the page (docs/ocr.md, "Session 8"): Tesseract's layout
/// analysis gives the word boxes, ``LayoutTableLocator`` the table, and the first reading reads only that region,
/// falling back to the whole page when the region's reading does not hold a whole table.
extension OCRStage {
    /// How the first reading of a photo is made (`NUTRILENS_OCR_LOCATE`).
    enum LocateRule: String, Sendable, Equatable {
        /// The whole page (sessions 1–7).
        case off
        /// The whole page, and the layout locator's candidate measured against it: one `ocr-layout` line per scan on
        /// stderr with `NUTRILENS_OCR_TRACE` (costs the layout call on top of the reading).
        case measure
        /// The layout locator's region only, when it finds a table; the whole page as well when that reading parses
        /// fewer than ``layoutMinimumKeys`` keys, ``WholeTableCheck`` finds fewer than three named rows in it, or
        /// ``TableGeometry`` finds no basis header in it.
        case layout
    }

    /// ``LocateRule`` from `NUTRILENS_OCR_LOCATE` (`off` | `measure` | `layout`); `off` when unset.
    static func locateRule(environment env: [String: String]) -> LocateRule {
        env["NUTRILENS_OCR_LOCATE"].flatMap(LocateRule.init(rawValue:)) ?? .off
    }

    /// The rule this process reads with.
    static let locateRule = locateRule(environment: ProcessInfo.processInfo.environment)

    /// Keys a region-only first reading must parse to stand (`NUTRILENS_OCR_LOCATE_KEYS`, default 5, as
    /// ``regionMinimumKeys``): fewer usually mean the candidate was another block or a part of the table.
    static let layoutMinimumKeys = max(1, ProcessInfo.processInfo.environment["NUTRILENS_OCR_LOCATE_KEYS"].flatMap { Int($0) } ?? 5)

    /// ``LayoutTableLocator/maximumPageShare`` in `layout` mode (`NUTRILENS_OCR_LOCATE_SHARE`, 0…1, default 0.7): a
    /// larger table is read with the page.
    static let layoutMaximumShare = ProcessInfo.processInfo.environment["NUTRILENS_OCR_LOCATE_SHARE"]
        .flatMap { Double($0) }.map { min(1, max(0, $0)) } ?? 0.7

    /// ``LayoutTableLocator/headerRows`` in `layout` mode (`NUTRILENS_OCR_LOCATE_HEADER_ROWS`, row pitches, default 6).
    /// Measured on the corpus against main in the same period (docs/ocr.md, "Session 8"): 3 row pitches lost 2 fields,
    /// 6 gained 2 at the same CPU — a basis header often sits further above the first value row than a title does.
    static let layoutHeaderRows = ProcessInfo.processInfo.environment["NUTRILENS_OCR_LOCATE_HEADER_ROWS"]
        .flatMap { Double($0) }.map { max(0, $0) } ?? 6

    /// Tesseract's layout mode for the locator in `measure` mode (`NUTRILENS_OCR_LOCATE_PSM` = `sparse` default |
    /// `auto`); `layout` mode analyses with the page pass's own segmentation, whose layout the pass reuses.
    static let layoutSegmentation: OCRSegmentation =
        ProcessInfo.processInfo.environment["NUTRILENS_OCR_LOCATE_PSM"] == "auto" ? .auto : .sparse

    /// The first reading of `gray` under `rule` (default: this process's ``locateRule``) with ``readOptions``.
    func firstReading(_ gray: GrayImage, rule: LocateRule = OCRStage.locateRule) throws -> Reading {
        switch rule {
        case .off:
            return try read(gray, levelling: nil, options: readOptions, with: ocr)
        case .measure:
            let candidate = try? ocr.locateTable(gray, options: readOptions, segmentation: Self.layoutSegmentation)
            var reading = try read(gray, levelling: nil, options: readOptions, with: ocr)
            reading.passes = (candidate?.pass.map { [$0] } ?? []) + reading.passes
            if OCRStageTrace.isEnabled { emitLayoutMeasure(candidate, first: reading) }
            return reading
        case .layout:
            return try layoutFirstReading(gray)
        }
    }

    /// ``LocateRule/layout``: the page pass analyses the layout first (``OCRReadOptions/layoutLocator``); without a
    /// table it reads the page on (the layout reused), with one the first reading is the region's, and the whole page
    /// is read after all when that reading does not stand.
    private func layoutFirstReading(_ gray: GrayImage) throws -> Reading {
        let started = ThreadCPUClock.now()
        var options = readOptions
        var locator = LayoutTableLocator()
        locator.maximumPageShare = Self.layoutMaximumShare
        locator.headerRows = Self.layoutHeaderRows
        options.layoutLocator = locator
        let located = try read(gray, levelling: nil, options: options, with: ocr)
        guard let table = located.page.layoutTable else {
            if OCRStageTrace.isEnabled { emitLayoutVerdict("page", region: nil, keys: nil) }
            return located
        }
        options = readOptions
        options.region = table
        options.knownOrientation = .upright
        options.knownLightOnDark = located.lightOnDark
        var region = try read(gray, levelling: nil, options: options, with: ocr)
        region.passes = located.passes + region.passes
        let score = LabelReadingScore(lines: region.lines, parser: parser)
        var check = WholeTableCheck()
        check.maximumPageShare = 1
        // A region without its basis header ("per 100 g", "per serving") parses its values into the wrong column
        // and can still look convincing (corpus 02CE7C0B, 4527F77A: 8 and 12 keys, 0 right).
        let rejection = score.fields < Self.layoutMinimumKeys ? "keys"
            : check.check(region.page).rect == nil ? "rows"
            : TableGeometry(words: region.page.words).headers.isEmpty ? "header" : nil
        let stands = rejection == nil
        if OCRStageTrace.isEnabled {
            emitLayoutVerdict(rejection.map { "fallback-" + $0 } ?? "region", region: table.rect, keys: score.fields)
        }
        if stands { return region }
        options = readOptions
        options.knownLightOnDark = located.lightOnDark
        if let total = options.timeBudget { options.timeBudget = max(0.05, total - (ThreadCPUClock.now() - started)) }
        var page = try read(gray, levelling: nil, options: options, with: ocr)
        page.passes = region.passes + page.passes
        return page
    }

    /// One `ocr-layout` line (before the scan's `ocr-trace` line) in `measure` mode: the candidate against the table
    /// the whole first reading located from its words (`located`), `cover` = the share of `located`'s area inside the
    /// candidate, `keys` = keys the grammar parses from the first reading's words inside the candidate / in all.
    private func emitLayoutMeasure(_ candidate: LayoutTableCandidate?, first: Reading) {
        let all = LabelReadingScore(lines: first.lines, parser: parser).fields
        let keysInside = candidate?.region.map {
            LabelReadingScore(lines: Self.lines(of: first.page, inside: $0, mapping: first.mapping), parser: parser).fields
        } ?? 0
        /// The share of `r`'s area inside `by`, -1 without either.
        func covered(_ r: PixelRect?, _ by: PixelRect?) -> Double {
            guard let r, let by, r.width * r.height > 0 else { return -1 }
            let inside = r.intersection(by).map { $0.width * $0.height } ?? 0
            return Double(inside) / Double(r.width * r.height)
        }
        // Tesseract's table blocks as one box.
        let tables = candidate?.tesseractTables ?? []
        let tess = tables.first.map { tables.dropFirst().reduce($0) { $0.union($1) } }
        let pageWords = first.passes.first { $0.kind == .page }?.words ?? 0
        let line = "ocr-layout measure " + Self.describe(candidate, imageArea: first.page.imageWidth * first.page.imageHeight)
            + " located=\(Self.text(first.tableRegion)) cover=\(String(format: "%.2f", covered(first.tableRegion, candidate?.region)))"
            + " keys=\(keysInside)/\(all) tess=\(Self.text(tess))"
            + " tessCover=\(String(format: "%.2f", covered(first.tableRegion, tess))) pageWords=\(pageWords)\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// One `ocr-layout` line in `layout` mode: what the first reading read (`region`; `fallback-keys|rows|header` =
    /// region then page, and why; `page` = no table found, the page read on) and the keys the region reading parsed.
    private func emitLayoutVerdict(_ verdict: String, region: PixelRect?, keys: Int?) {
        let line = "ocr-layout \(verdict) cand=\(Self.text(region)) regionKeys=\(keys.map(String.init) ?? "-")\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The candidate's fields of an `ocr-layout measure` line; `share` = its region over `imageArea`.
    private static func describe(_ c: LayoutTableCandidate?, imageArea: Int) -> String {
        guard let c else { return "cand=- share=- cols=0 rows=0 glyphs=0 layoutWords=0 layoutMs=0" }
        let share = c.region.map { Double($0.width * $0.height) / Double(max(1, imageArea)) }
        return "cand=\(text(c.region)) share=\(share.map { String(format: "%.2f", $0) } ?? "-")"
            + " cols=\(c.table?.columns ?? 0) rows=\(c.table?.rows ?? 0) glyphs=\(c.surveyGlyphs) layoutWords=\(c.words)"
            + " layoutMs=\(Int(((c.pass?.cpuSeconds ?? 0) * 1000).rounded()))"
    }

    /// `x,y,WxH`, `-` for none.
    private static func text(_ r: PixelRect?) -> String { r.map { "\($0.x),\($0.y),\($0.width)x\($0.height)" } ?? "-" }
}
