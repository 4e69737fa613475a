import Foundation
import NutriLens

/// One self-contained HTML page of an evaluation (`nutrilens eval --html report.html DIR`): totals, per-nutrient
/// recall and precision bars, a reliability diagram of the field confidences, and a card per image with the photo,
/// a box on every field read (correct, wrong or flagged for review), and truth against read values. With a baseline
/// report, what changed per image is highlighted.
///
/// Images are embedded as downscaled JPEG data URIs, so the page is one file that opens anywhere. No external
/// resource is loaded; a few lines of script count the loaded images (`data-images-loaded` on `<html>`) and filter
/// the cards.
public struct HTMLReport: Sendable {
    /// A downscaled copy of an image for the page.
    public struct Thumbnail: Sendable, Equatable {
        /// A complete JPEG file.
        public var jpeg: Data
        /// Thumbnail size in pixels.
        public var width: Int, height: Int
        /// Thumbnail pixels per pixel of the upright full-resolution image (the space of result boxes), `> 0`.
        public var scale: Double

        /// `jpeg`: a complete JPEG file; `width`, `height`: its size in pixels; `scale`: thumbnail pixels per upright
        /// full-resolution pixel, > 0.
        public init(jpeg: Data, width: Int, height: Int, scale: Double) {
            self.jpeg = jpeg; self.width = width; self.height = height; self.scale = scale
        }
    }

    /// One scored image.
    public struct Entry: Sendable {
        /// How the image scored against its truth.
        public var score: ImageScore
        /// What the scan returned (its boxes are drawn on the thumbnail).
        public var result: ScanResult
        /// The image's ground truth.
        public var truth: GroundTruth
        /// `nil` when the image could not be decoded for the page (the card says so).
        public var thumbnail: Thumbnail?
        /// The same image's score in the baseline report, when one was given and lists it.
        public var baseline: ImageScore?

        /// `score`, `result`, `truth` of one image; `thumbnail` `nil` when it could not be decoded; `baseline` its
        /// score in the baseline report, if any.
        public init(score: ImageScore, result: ScanResult, truth: GroundTruth, thumbnail: Thumbnail?,
                    baseline: ImageScore? = nil) {
            self.score = score; self.result = result; self.truth = truth; self.thumbnail = thumbnail
            self.baseline = baseline
        }
    }

    /// Page heading (e.g. the folder evaluated).
    public var title: String
    /// The totals (`nutrilens eval --report`'s JSON).
    public var report: EvaluationReport
    /// The images, in the report's order.
    public var entries: [Entry]
    /// The baseline's totals, when comparing.
    public var baseline: EvaluationReport?

    /// `title`: the page heading; `report`: the totals; `entries`: the images in the report's order; `baseline`: the
    /// totals compared with, if any.
    public init(title: String, report: EvaluationReport, entries: [Entry], baseline: EvaluationReport? = nil) {
        self.title = title; self.report = report; self.entries = entries; self.baseline = baseline
    }

    /// Every scored predicted field of every image.
    public var scoredFields: [ScoredField] { entries.flatMap { ScoredField.fields(of: $0.result, score: $0.score) } }

    /// The page.
    public func render() -> String {
        var html = """
        <!DOCTYPE html>
        <html lang="en" data-images-loaded="0" data-images-total="\(entries.filter { $0.thumbnail != nil }.count)">
        <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTML.escape(title)) · NutriLens evaluation</title>
        <style>\(HTMLReportStyle.css)</style></head>
        <body>
        <header><h1>NutriLens evaluation</h1><p class="sub">\(HTML.escape(title)) · \(report.images) images\
        \(baseline == nil ? "" : " · compared with a baseline")</p></header>

        """
        html += totalsSection() + nutrientSection() + reliabilitySection() + imagesSection()
        html += "<script>\(HTMLReportStyle.script)</script>\n</body>\n</html>\n"
        return html
    }

    // MARK: Totals

    func totalsSection() -> String {
        let fields = report.fields
        var tiles: [(String, String, String, String?)] = [  // id, label, value, detail
            ("fields-recall", "field recall", HTML.percent(fields.recall), "\(fields.correct) of \(fields.truth) truth fields"),
            ("fields-precision", "field precision", HTML.percent(fields.precision), "\(fields.correct) of \(fields.predicted) read"),
            ("tables-exact", "tables exact", HTML.percent(report.tables.rate), "\(report.tables.correct) of \(report.tables.total)"),
            ("barcodes-read", "barcodes read", HTML.percent(report.barcodes.rate),
             "\(report.barcodes.correct) of \(report.barcodes.total), \(report.spuriousBarcodes) spurious"),
            ("kind-right", "image kind", HTML.percent(report.kind.rate), "\(report.kind.correct) of \(report.kind.total)"),
        ]
        if let ms = report.medianScanMs {
            tiles.append(("median-ms", "median scan, ms", String(format: "%.0f", ms), "\(report.failedImages) failed"))
        }
        // A metric whose stage did not run shows "–", not a rate over nothing (EvaluationReport.notScored).
        let unscored = Set(report.notScored ?? [])
        tiles = tiles.map { tile in
            guard let metric = Self.tileMetric[tile.0], unscored.contains(metric) else { return tile }
            return (tile.0, tile.1, "–", "not scored: the stage did not run")
        }
        var html = "<section class=\"tiles\">\n"
        for (id, label, value, detail) in tiles {
            var delta = ""
            if let baseline, let change = Self.baselineDelta(id, now: report, before: baseline) { delta = change }
            html += "<div class=\"card tile\"><div class=\"big\" data-metric=\"\(id)\">\(value)</div>"
            html += "<div class=\"label\">\(label)</div><div class=\"detail\">\(HTML.escape(detail ?? ""))\(delta)</div></div>\n"
        }
        return html + "</section>\n"
    }

    /// The report metric (`EvaluationReport.unscoredMetrics(stages:)`) each tile shows.
    static let tileMetric = ["fields-recall": "fields", "fields-precision": "fields", "tables-exact": "tables",
                             "barcodes-read": "barcodes", "kind-right": "kind"]

    static func baselineDelta(_ id: String, now: EvaluationReport, before: EvaluationReport) -> String? {
        let pair: (Double?, Double?)
        switch id {
        case "fields-recall": pair = (now.fields.recall, before.fields.recall)
        case "fields-precision": pair = (now.fields.precision, before.fields.precision)
        case "tables-exact": pair = (now.tables.rate, before.tables.rate)
        case "barcodes-read": pair = (now.barcodes.rate, before.barcodes.rate)
        case "kind-right": pair = (now.kind.rate, before.kind.rate)
        default: return nil
        }
        guard let a = pair.0, let b = pair.1 else { return nil }
        let points = (a - b) * 100
        guard abs(points) >= 0.05 else { return " <span class=\"same\">= baseline</span>" }
        return String(format: " <span class=\"%@\">%+.1f pts</span>", points > 0 ? "up" : "down", points)
    }

    // MARK: Per nutrient

    func nutrientSection() -> String {
        let order = HTMLReportStyle.nutrientOrder
        let keys = report.perNutrient.keys.sorted { a, b in
            let (na, nb) = (NutritionResult.nutrientName(of: a), NutritionResult.nutrientName(of: b))
            let (ia, ib) = (order.firstIndex(of: na) ?? order.count, order.firstIndex(of: nb) ?? order.count)
            return (ia, na, a) < (ib, nb, b)
        }
        var html = "<section class=\"card\"><h2>Per nutrient</h2><table class=\"bars\">\n"
        html += "<tr><th>key</th><th>recall</th><th>precision</th><th>truth</th><th>read</th></tr>\n"
        for key in keys {
            guard let totals = report.perNutrient[key] else { continue }
            let accent = HTMLReportStyle.accentClass(NutritionResult.nutrientName(of: key))
            html += "<tr class=\"\(accent)\"><td class=\"key\">\(HTML.escape(key))</td>"
            html += "<td>\(Self.bar(totals.recall))</td><td>\(Self.bar(totals.precision))</td>"
            html += "<td class=\"num\">\(totals.truth)</td><td class=\"num\">\(totals.predicted)</td></tr>\n"
        }
        return html + "</table></section>\n"
    }

    static func bar(_ rate: Double?) -> String {
        guard let rate else { return "<span class=\"none\">–</span>" }
        let width = String(format: "%.1f", rate * 100)
        return "<div class=\"bar\"><div class=\"fill\" style=\"width:\(width)%\"></div></div>"
            + "<span class=\"pct\">\(HTML.percent(rate))</span>"
    }
}

/// HTML text helpers.
enum HTML {
    /// `&`, `<`, `>`, `"` and `'` as entities.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }

    /// `73.7%`, or `–` for `nil`.
    static func percent(_ rate: Double?) -> String { rate.map { String(format: "%.1f%%", $0 * 100) } ?? "–" }
}
