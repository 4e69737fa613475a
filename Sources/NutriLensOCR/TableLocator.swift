import NutriLensImaging

/// Finds the nutrition table from anchor words of a first OCR pass.
///
/// Anchors are grouped by vertical proximity (a table's rows are at most a few line heights apart; a stray
/// "salt" in the ingredients list is not); the group with the highest anchor weight wins and must weigh ≥ 2
/// (a title, or two row words). The region is the group's box widened to every word on the same lines — the
/// value columns — plus a margin of one line height.
enum TableLocator {
    struct Result {
        var region: PixelRect
        var anchors: [OCRWord]
    }

    static func locate(words: [OCRWord], imageWidth: Int, imageHeight: Int) -> Result? {
        let anchors = words.filter { NutritionAnchors.weight(of: $0.text) > 0 }
        guard !anchors.isEmpty else { return nil }
        let lineHeight = median(words.map { Double($0.box.height) }) ?? 10
        let sorted = anchors.sorted { $0.box.y < $1.box.y }
        var groups: [[OCRWord]] = [[sorted[0]]]
        for a in sorted.dropFirst() {
            let lastBottom = groups[groups.count - 1].map(\.box.maxY).max()!
            if Double(a.box.y - lastBottom) > 4 * lineHeight { groups.append([a]) } else { groups[groups.count - 1].append(a) }
        }
        let weigh = { (g: [OCRWord]) in g.map { NutritionAnchors.weight(of: $0.text) }.reduce(0, +) }
        guard let best = groups.max(by: { weigh($0) < weigh($1) }), weigh(best) >= 2 else { return nil }
        var box = best.map(\.box).reduce(best[0].box) { $0.union($1) }
        // Widen to the value columns: words whose vertical centre lies inside the anchors' vertical span.
        for w in words where w.box.centerY >= Double(box.y) && w.box.centerY <= Double(box.maxY) {
            box = box.union(w.box)
        }
        let margin = Int(lineHeight.rounded())
        return Result(region: box.insetClipped(dx: margin, dy: margin, width: imageWidth, height: imageHeight), anchors: best)
    }
}

/// The median of `values`, `nil` when empty.
func median(_ values: [Double]) -> Double? {
    guard !values.isEmpty else { return nil }
    let s = values.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}
