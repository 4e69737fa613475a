import Foundation
import NutriLens
import NutriLensImaging

extension HTMLReport {
    // MARK: Reliability diagram

    func reliabilitySection() -> String {
        let fields = scoredFields
        let reliability = Reliability(samples: fields.map { ($0.confidence, $0.correct) })
        let review = ScoredField.reviewSummary(fields)
        let size = 260.0, pad = 30.0
        var svg = "<svg class=\"reliability\" viewBox=\"0 0 \(Int(size + 2 * pad)) \(Int(size + 2 * pad))\" role=\"img\" "
        svg += "aria-label=\"reliability diagram\">"
        svg += "<rect x=\"\(pad)\" y=\"\(pad)\" width=\"\(size)\" height=\"\(size)\" class=\"frame\"/>"
        for bin in reliability.bins {
            guard let accuracy = bin.accuracy else { continue }
            let x = pad + bin.lower * size, w = (bin.upper - bin.lower) * size - 2
            let h = accuracy * size
            svg += String(format: "<rect class=\"acc\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\">", x + 1, pad + size - h, w, h)
            svg += "<title>confidence \(HTML.percent(bin.lower))–\(HTML.percent(bin.upper)): \(bin.correct) of \(bin.count) correct</title></rect>"
            svg += String(format: "<text class=\"n\" x=\"%.1f\" y=\"%.1f\">%d</text>", x + w / 2, pad + size - h - 3, bin.count)
        }
        svg += "<line class=\"ideal\" x1=\"\(pad)\" y1=\"\(pad + size)\" x2=\"\(pad + size)\" y2=\"\(pad)\"/>"
        svg += "<text class=\"axis\" x=\"\(pad + size / 2)\" y=\"\(size + 2 * pad - 6)\">stated confidence</text>"
        svg += "<text class=\"axis\" transform=\"rotate(-90)\" x=\"\(-(pad + size / 2))\" y=\"12\">share correct</text></svg>"
        var html = "<section class=\"card split\"><div><h2>Confidence and the review flag</h2>\(svg)</div><div class=\"facts\">"
        html += "<div><span class=\"big\" data-metric=\"ece\">\(String(format: "%.3f", reliability.expectedCalibrationError))</span>"
        html += "<span class=\"label\">expected calibration error over \(reliability.count) fields read</span></div>"
        html += "<div><span class=\"big\" data-metric=\"unflagged-correct\">\(HTML.percent(review.unflaggedAccuracy))</span>"
        html += "<span class=\"label\">of the \(review.unflagged) values not flagged are correct</span></div>"
        html += "<div><span class=\"big\" data-metric=\"flag-rate\">\(HTML.percent(review.flagRate))</span>"
        html += "<span class=\"label\">of values flagged for review (\(review.flagged))</span></div>"
        html += "<p class=\"legend\"><span class=\"swatch correct\"></span>correct <span class=\"swatch wrong\"></span>wrong, not flagged "
        html += "<span class=\"swatch review\"></span>flagged for review — boxes on the photos below</p></div></section>\n"
        return html
    }

    // MARK: Image cards

    func imagesSection() -> String {
        var html = "<nav class=\"filters\"><button data-filter=\"all\" class=\"on\">all</button>"
        html += "<button data-filter=\"imperfect\">not all correct</button>"
        if baseline != nil { html += "<button data-filter=\"changed\">changed since baseline</button>" }
        html += "</nav>\n<section class=\"images\">\n"
        for entry in entries { html += card(entry) }
        return html + "</section>\n"
    }

    func card(_ entry: Entry) -> String {
        let score = entry.score
        let perfect = score.correctFields == score.truthFields && score.predictedFields == score.truthFields
            && score.error == nil
        let change = entry.baseline.map { Self.change(from: $0, to: score) } ?? ""
        var classes = ["card", "image"]
        if !perfect { classes.append("imperfect") }
        if !change.isEmpty { classes.append("changed") }
        var html = "<article class=\"\(classes.joined(separator: " "))\" data-image-path=\"\(HTML.escape(score.path))\" "
        html += "data-correct=\"\(score.correctFields)\" data-truth=\"\(score.truthFields)\" data-predicted=\"\(score.predictedFields)\">"
        html += "<h3>\(HTML.escape(score.path))</h3><p class=\"sub\">"
        html += isScored("fields") ? "\(score.correctFields) of \(score.truthFields) correct, \(score.predictedFields) read"
            : "fields not scored"
        if let ms = score.totalMs { html += String(format: " · %.0f ms", ms) }
        if let error = score.error { html += " · <span class=\"down\">failed: \(HTML.escape(error.rawValue))</span>" }
        if !change.isEmpty { html += " · <span class=\"changed-note\">\(change)</span>" }
        html += "</p><div class=\"pair\">\(figure(entry))\(fieldTable(entry))</div></article>\n"
        return html
    }

    static func change(from before: ImageScore, to now: ImageScore) -> String {
        let keys = Set(before.outcomes.keys).union(now.outcomes.keys).filter { before.outcomes[$0] != now.outcomes[$0] }
        guard !keys.isEmpty || before.correctFields != now.correctFields else { return "" }
        return String(format: "%+d correct since baseline (%d fields changed)", now.correctFields - before.correctFields,
                      keys.count)
    }

    /// Where a field's box is drawn, by what a user should make of the value.
    static func boxClass(outcome: FieldOutcome?, needsReview: Bool) -> String {
        if needsReview { return "review" }
        return outcome == .correct ? "correct" : "wrong"
    }

    func figure(_ entry: Entry) -> String {
        guard let thumb = entry.thumbnail else { return "<figure class=\"photo missing\">no preview</figure>" }
        var html = "<figure class=\"photo\"><img alt=\"\(HTML.escape(entry.score.path))\" width=\"\(thumb.width)\" "
        html += "height=\"\(thumb.height)\" src=\"data:image/jpeg;base64,\(thumb.jpeg.base64EncodedString())\">"
        html += "<svg viewBox=\"0 0 \(thumb.width) \(thumb.height)\" preserveAspectRatio=\"none\">"
        for (key, detail) in (entry.result.nutrition?.fields ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard let box = detail.box else { continue }
            let cls = Self.boxClass(outcome: entry.score.outcomes[key], needsReview: detail.needsReview)
            html += String(format: "<rect class=\"%@\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" data-key=\"%@\">",
                           cls, Double(box.x) * thumb.scale, Double(box.y) * thumb.scale,
                           Double(box.width) * thumb.scale, Double(box.height) * thumb.scale, HTML.escape(key))
            html += "<title>\(HTML.escape(key)): \(Self.readValue(entry.result, key))</title></rect>"
        }
        return html + "</svg></figure>"
    }

    func fieldTable(_ entry: Entry) -> String {
        let truth = entry.truth.nutrition?.nutriments ?? [:]
        let read = entry.result.nutrition?.nutriments ?? [:]
        let keys = Set(truth.keys).union(read.keys).filter(FieldScoring.isScored).sorted { a, b in
            let order = HTMLReportStyle.nutrientOrder
            let (na, nb) = (NutritionResult.nutrientName(of: a), NutritionResult.nutrientName(of: b))
            return (order.firstIndex(of: na) ?? order.count, a) < (order.firstIndex(of: nb) ?? order.count, b)
        }
        var html = "<table class=\"fields\"><tr><th>key</th><th>truth</th><th>read</th><th>conf.</th><th></th></tr>"
        for key in keys where isScored("fields") {
            let outcome = entry.score.outcomes[key]
            let detail = entry.result.nutrition?.fields?[key]
            let accent = HTMLReportStyle.accentClass(NutritionResult.nutrientName(of: key))
            let was = entry.baseline?.outcomes[key]
            let changed = entry.baseline != nil && was != outcome
            html += "<tr class=\"\(outcome?.rawValue ?? "")\(changed ? " changed" : "")\"><td class=\"key \(accent)\">\(HTML.escape(key))</td>"
            html += "<td class=\"num\">\(Self.truthValue(entry.truth, key))</td><td class=\"num\">\(Self.readValue(entry.result, key))</td>"
            html += "<td class=\"num\">\(detail.map { String(format: "%.2f", $0.confidence) } ?? "")</td><td>"
            html += "<span class=\"tag \(outcome?.rawValue ?? "")\">\(outcome?.rawValue ?? "")</span>"
            if detail?.needsReview == true { html += " <span class=\"tag review\">review</span>" }
            if changed { html += " <span class=\"tag was\">was \(was?.rawValue ?? "absent")</span>" }
            html += "</td></tr>"
        }
        if !isScored("fields") {
            html += "<tr><td colspan=\"5\" class=\"sub\">not scored: the nutrition stage did not run</td></tr>"
        } else if keys.isEmpty {
            html += "<tr><td colspan=\"5\" class=\"sub\">no nutrition fields in truth or scan</td></tr>"
        }
        html += "</table>"
        let truthCodes = (entry.truth.barcodes ?? []).map(\.text)
        let readCodes = (entry.result.barcodes ?? []).map(\.text)
        if !isScored("barcodes"), !truthCodes.isEmpty {
            html += "<p class=\"sub\">barcodes: truth \(HTML.escape(truthCodes.joined(separator: ", "))) · not scored: "
            html += "the barcode stage did not run</p>"
        } else if !truthCodes.isEmpty || !readCodes.isEmpty {
            html += "<p class=\"sub\">barcodes: truth \(HTML.escape(truthCodes.joined(separator: ", "))) · read "
            html += "\(HTML.escape(readCodes.joined(separator: ", ")))</p>"
        }
        let truthFood = (entry.truth.foodItems ?? []).map(\.label)
        let readFood = (entry.result.foodItems ?? []).prefix(5).map { item in
            item.label + String(format: " %.2f", item.confidence)
        }
        if !truthFood.isEmpty || !readFood.isEmpty {
            html += "<p class=\"sub\">food: truth \(HTML.escape(truthFood.joined(separator: ", "))) · read "
            html += "\(HTML.escape(readFood.joined(separator: ", ")))</p>"
        }
        if let kind = entry.truth.kind {
            html += "<p class=\"sub\">kind: truth \(kind.rawValue) · "
            html += isScored("kind") ? "read \(entry.result.kind?.rawValue ?? "–")</p>" : "not scored: the classifier did not run</p>"
        }
        return "<div class=\"table\">\(html)</div>"
    }

    /// Whether the report scored `metric` (`EvaluationReport.notScored` does not name it).
    func isScored(_ metric: String) -> Bool { !(report.notScored ?? []).contains(metric) }

    static func truthValue(_ truth: GroundTruth, _ key: String) -> String {
        guard let value = truth.nutrition?.nutriments[key] else { return "" }
        return qualified(value, truth.nutrition?.qualifiers?[key]) + " " + HTMLReportStyle.unit(of: key)
    }

    static func readValue(_ result: ScanResult, _ key: String) -> String {
        guard let value = result.nutrition?.nutriments[key] else { return "" }
        var text = qualified(value, result.nutrition?.qualifiers?[key]) + " " + HTMLReportStyle.unit(of: key)
        if let printed = result.nutrition?.fields?[key]?.unit, printed != HTMLReportStyle.unit(of: key) {
            text += " (printed in \(HTML.escape(printed)))"
        }
        return text
    }

    static func qualified(_ value: Decimal, _ qualifier: String?) -> String {
        switch qualifier {
        case "<": return "&lt;\(value)"
        case "trace": return "trace"
        default: return "\(value)"
        }
    }
}
