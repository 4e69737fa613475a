import NutriLensImaging

/// Quiet-zone test for short EAN/UPC reads (EAN-8, UPC-E).
///
/// A clipped scan across an EAN-13/UPC-A can decode as a valid EAN-8 or UPC-E (bug case 21). A genuine symbol has
/// light quiet zones (GS1: 7 modules for EAN-8, 9 right of UPC-E); a partial one has more bars right next to its
/// guards. ZBar checks the zone before the guard where decoding starts, not after the one where it stops, so a
/// symbol read in one direction only (all hits at one end) is checked here at that stopping end.
enum QuietZone {
    /// `false` when all hits sit at one end and bars lie 1...5 modules away on both sides of it; `true` otherwise,
    /// including when the test cannot be made (unknown orientation, no contrast, image border).
    static func isClear(_ symbol: ZBarSymbol, in image: GrayImage) -> Bool {
        let horizontal: Bool
        switch symbol.orientation {
        case .up, .down: horizontal = true
        case .left, .right: horizontal = false
        case .unknown: return true
        }
        let box = BoundingBox(symbol.points)
        guard !box.isEmpty else { return true }
        let img = image.packed()
        let across = Int((horizontal ? box.centre.y : box.centre.x).rounded())
        let alongLimit = horizontal ? img.width : img.height
        // Mean of 3 lines across the reading direction at position t along it.
        func sample(_ t: Int) -> Int? {
            guard t >= 0, t < alongLimit else { return nil }
            var sum = 0
            for k in (across - 1)...(across + 1) {
                let (x, y) = horizontal ? (t, k) : (k, t)
                guard y >= 0, x >= 0, y < img.height, x < img.width else { return nil }
                sum += Int(img.pixels[y * img.width + x])
            }
            return sum / 3
        }
        let lo = Int((horizontal ? box.minX : box.minY).rounded()), hi = Int((horizontal ? box.maxX : box.maxY).rounded())
        // Hits at both ends: scans in both directions started at a guard, and ZBar checks the quiet zone before the
        // guard it starts from, so both zones are already vouched for. Hits at one end only mark where decoding
        // STOPPED, a side ZBar never checks: one side of that point must be quiet.
        if hi - lo > 4 { return true }
        return isQuiet(from: lo, outward: -1, sample: sample) || isQuiet(from: lo, outward: 1, sample: sample)
    }

    /// Whether the profile 1...5 modules beyond `e` in direction `outward` holds no bar. A bar is any sample darker
    /// than the light level by more than 35% of the local contrast (thin bars in blurred photos never reach the
    /// mid-grey, so a mid threshold would miss them). The module is estimated as half the median run length
    /// between mid-grey crossings around `e` (EAN/UPC elements are 1...4 modules wide).
    private static func isQuiet(from e: Int, outward: Int, sample: (Int) -> Int?) -> Bool {
        let window = (e - 60...e + 60).compactMap(sample)
        guard window.count > 20 else { return true }
        let sorted = window.sorted()
        let dark = sorted[sorted.count / 10], light = sorted[sorted.count * 9 / 10]
        guard light - dark >= 24 else { return true }
        let mid = (dark + light) / 2
        var runs: [Int] = [], run = 1
        for i in 1..<window.count {
            if (window[i] < mid) == (window[i - 1] < mid) { run += 1 } else { runs.append(run); run = 1 }
        }
        runs.sort()
        let module = runs.isEmpty ? 1.0 : max(1, Double(runs[runs.count / 2]) / 2)
        let barLevel = light - (light - dark) * 35 / 100
        let near = Int(module.rounded(.up)), far = max(near + 2, Int((5 * module).rounded()))
        for step in near...far {
            guard let v = sample(e + outward * step) else { return true }
            if v < barLevel { return false }
        }
        return true
    }
}
