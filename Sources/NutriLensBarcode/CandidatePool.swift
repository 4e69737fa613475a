import Foundation
import NutriLensImaging

/// Axis-aligned bounds of a point set.
struct BoundingBox: Equatable {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity

    init(_ points: [PixelPoint]) {
        for p in points {
            minX = min(minX, p.x); minY = min(minY, p.y); maxX = max(maxX, p.x); maxY = max(maxY, p.y)
        }
    }

    var isEmpty: Bool { minX > maxX }
    var width: Double { isEmpty ? 0 : maxX - minX }
    var height: Double { isEmpty ? 0 : maxY - minY }
    var centre: PixelPoint { PixelPoint(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    func centreDistance(to other: BoundingBox) -> Double {
        let a = centre, b = other.centre
        return ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    /// This box grown by `margin` on every side.
    func grown(by margin: Double) -> BoundingBox {
        var b = self
        b.minX -= margin; b.minY -= margin; b.maxX += margin; b.maxY += margin
        return b
    }

    func contains(_ p: PixelPoint) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }

    func intersects(_ o: BoundingBox) -> Bool {
        !isEmpty && !o.isEmpty && minX <= o.maxX && o.minX <= maxX && minY <= o.maxY && o.minY <= maxY
    }
}

/// Hits gathered over the ladder, merged by symbology + text, and the rules that decide which are reported.
///
/// Acceptance (GTIN-bearing symbologies): the check digit verifies, the code was read by at least two independent
/// scans (two ladder images, or one image and the same image turned 180 degrees) and, once a 180-degree re-scan has
/// been tried, read both ways by at least one variant, and no other GTIN was read over
/// the same bars, unless one reading dominates (>= 3x the scanlines and confirmed). A checksum-valid wrong number is
/// worse than none, so an unconfirmed or contested read is dropped rather than guessed. EAN-8/UPC-E additionally
/// need light quiet zones (`QuietZone`) and `shortCodeMinimumQuality` scanlines or two ladder steps.
struct CandidatePool {
    struct Key: Hashable { var symbology: Symbology; var text: String }

    private struct Candidate {
        var key: Key
        var gtin: String?
        var addOn: String?
        /// Scanline hits in original coordinates (all scans).
        var points: [PixelPoint]
        /// Four corners of the first scan's hit area, in original coordinates.
        var polygon: [PixelPoint]
        /// Scanline hits in the reader's input image with their reading directions (for `CandidateVerifier`).
        var hits: [ScanHit]
        var orientation: BarcodeOrientation
        var quality: Int
        var steps: [LadderStep]
        var scans: Set<Int>
        /// 180-degree re-scans of a variant that read this GTIN which read it again / did not.
        var turnedHits = 0, turnedMisses = 0
        /// No scan saw bars on both sides of a one-sided read (only tested for EAN-8/UPC-E; see `QuietZone`).
        var quietZoneClear: Bool
        var order: Int
        var box: BoundingBox { BoundingBox(points) }
    }

    private var candidates: [Key: Candidate] = [:]

    /// Scanlines (summed over the confirming scans) an EAN-8/UPC-E read by one ladder step needs. On the shared
    /// corpus a clipped UPC-A read as UPC-E reached 10; genuine UPC-E/EAN-8 reads mostly reach 20 and more.
    static let shortCodeMinimumQuality = 12

    /// True once some candidate with a verified GTIN survives the acceptance rules and is settled: read by two
    /// ladder steps or by at least `settledQuality` scanlines. A weaker read keeps the ladder going for a second
    /// opinion (which may confirm it or contest it); it is still reported if nothing contests it by the end.
    var hasAcceptedGTIN: Bool { hasAcceptedGTIN(verifier: nil) }

    /// Scanlines after which a single ladder step's GTIN read stops the ladder.
    static let settledQuality = 24

    /// `hasAcceptedGTIN` with, given a `verifier`, the image's verdicts: an EAN/UPC code it confirms settles the
    /// ladder at once, one it does not confirm needs the old settling rule and no refutation (an unconfirmed read lets
    /// the ladder go on for a second opinion only when it is also weak).
    func hasAcceptedGTIN(verifier: CandidateVerifier?) -> Bool {
        let verdicts = verifier.map(verdicts) ?? [:]
        return accepted(confirmed: Self.keys(verdicts, .confirmed), refuted: Self.keys(verdicts, .refuted)).contains { c in
            guard c.gtin != nil else { return false }
            switch verdicts[c.key]?.outcome {
            case .confirmed: return true
            case .refuted: return false
            case .inconclusive, nil: return c.steps.count >= 2 || c.quality >= Self.settledQuality
            }
        }
    }

    /// Whether the verifier confirms the GTIN `key` against the image as things stand: it then needs no 180-degree
    /// re-scan (a second decoding path, on the grey levels themselves, agrees with it clearly).
    func isConfirmed(_ key: Key, by verifier: CandidateVerifier) -> Bool {
        guard let c = candidates[key], c.gtin != nil, key.symbology.isEANUPC else { return false }
        return verdict(on: c, verifier).outcome == .confirmed
    }

    /// The verifier's verdict on every EAN/UPC candidate with a GTIN, by key.
    func verdicts(_ verifier: CandidateVerifier) -> [Key: BarcodeVerification] {
        var out: [Key: BarcodeVerification] = [:]
        for c in candidates.values where c.key.symbology.isEANUPC && c.gtin != nil { out[c.key] = verdict(on: c, verifier) }
        return out
    }

    /// The verdict on `c`, against the other EAN/UPC reads whose hits lie within half a symbol of its own (any of
    /// them, accepted or not).
    private func verdict(on c: Candidate, _ verifier: CandidateVerifier) -> BarcodeVerification {
        let reach = c.box.grown(by: max(c.box.width, c.box.height) / 2)
        let rivals = candidates.values.filter { $0.key != c.key && $0.key.symbology.isEANUPC && $0.box.intersects(reach) }
            .map { (symbology: $0.key.symbology, text: $0.key.text) }
        return verifier.verdict(symbology: c.key.symbology, text: c.key.text, hits: c.hits, rivals: rivals)
    }

    private static func keys(_ verdicts: [Key: BarcodeVerification], _ outcome: BarcodeVerification.Outcome) -> Set<Key> {
        Set(verdicts.filter { $0.value.outcome == outcome }.keys)
    }

    /// Whether `key` holds a checksum-valid GTIN that no 180-degree re-scan has read yet: the variant that read it
    /// should be scanned again turned.
    func needsConfirmation(gtinText key: Key) -> Bool {
        guard let c = candidates[key], c.gtin != nil else { return false }
        return c.turnedHits == 0
    }

    /// Records which GTINs read on a variant (`forward`) its 180-degree turn read again (`turned`).
    mutating func recordTurnedScan(forward: [Key], turned: [Key]) {
        let again = Set(turned)
        for key in Set(forward) where candidates[key]?.gtin != nil {
            if again.contains(key) { candidates[key]!.turnedHits += 1 } else { candidates[key]!.turnedMisses += 1 }
        }
    }

    /// Adds one ZBar symbol read on a ladder variant. `toInput` maps the variant's pixels to the reader's input image
    /// (for the scanline hits `CandidateVerifier` reads profiles along), `t` to the original image.
    @discardableResult
    mutating func add(_ symbol: ZBarSymbol, step: LadderStep, scanID: Int, toOriginal t: PixelTransform,
                      toInput: PixelTransform = .identity, quietZoneClear: Bool = true) -> Key {
        let key = Key(symbology: symbol.symbology, text: symbol.text)
        let mapped = symbol.points.map(t.apply)
        let hits = Self.hits(of: symbol, through: toInput, lightBars: step == .inverted)
        if var c = candidates[key] {
            c.quality += symbol.quality
            c.points += mapped
            c.hits += hits
            c.scans.insert(scanID)
            c.quietZoneClear = c.quietZoneClear && quietZoneClear
            if !c.steps.contains(step) { c.steps.append(step) }
            if c.addOn == nil { c.addOn = symbol.addOn }
            if c.orientation == .unknown { c.orientation = Self.orientation(symbol.orientation, through: t) }
            candidates[key] = c
            return key
        }
        candidates[key] = Candidate(
            key: key, gtin: GTIN.normalForm(of: symbol.text, symbology: symbol.symbology),
            addOn: symbol.addOn, points: mapped, polygon: Self.corners(of: symbol.points, through: t), hits: hits,
            orientation: Self.orientation(symbol.orientation, through: t),
            quality: symbol.quality, steps: [step], scans: [scanID], quietZoneClear: quietZoneClear,
            order: candidates.count)
        return key
    }

    /// Accepted, deduplicated results, GTIN-bearing first, then by confidence. With a `verifier`, an EAN/UPC code that
    /// `CandidateVerifier` refutes against the image is not reported.
    func results(verifier: CandidateVerifier? = nil) -> [Barcode] {
        let verdicts = verifier.map(verdicts) ?? [:]
        return accepted(confirmed: Self.keys(verdicts, .confirmed), refuted: Self.keys(verdicts, .refuted)).sorted { a, b in
            if (a.gtin != nil) != (b.gtin != nil) { return a.gtin != nil }
            let ca = Self.confidence(a), cb = Self.confidence(b)
            return ca != cb ? ca > cb : a.order < b.order
        }.map { c in
            Barcode(symbology: c.key.symbology, text: c.key.text, gtin: c.gtin, addOn: c.addOn, polygon: c.polygon,
                    orientation: c.orientation, quality: c.quality, confidence: Self.confidence(c), step: c.steps[0])
        }
    }

    // MARK: rules

    /// Candidates the rules keep. A GTIN in `confirmed` (confirmed against the image) needs no second scan.
    /// A GTIN in `refuted` (refuted against the image) is never kept, and a confirmed one does not count it as a
    /// rival: it is a known misread, and the true code it was read over must not be dropped for contesting it. An
    /// unconfirmed code still counts it (the misread may be the better of two misreads).
    private func accepted(confirmed: Set<Key> = [], refuted: Set<Key> = []) -> [Candidate] {
        let all = Array(candidates.values)
        let gtinFamily = all.filter { $0.key.symbology.carriesGTIN }
        var out: [Candidate] = all.filter { !$0.key.symbology.carriesGTIN }
        // Direction: a GTIN that its variants' 180-degree turns never read is a one-way read. ZBar's edge filter
        // runs along each scanline, so on a blurred half it can settle on the same wrong digits on every line in
        // one direction (150 agreeing scanlines on zxing-cpp ean13-1/37 upside down, confirmed by a contrast step
        // that misreads it the same way); a true read of the bars also decodes when they are swept the other way.
        for c in gtinFamily where c.gtin != nil && !refuted.contains(c.key) && (c.scans.count >= 2 || confirmed.contains(c.key))
            && (c.turnedHits > 0 || c.turnedMisses == 0) {
            let box = c.box.grown(by: 4)
            let reach = c.box.grown(by: max(c.box.width, c.box.height) / 2)
            // Rivals: other GTINs over the same bars. Hits on other scanlines of the same symbol may not overlap
            // these, so nearby reads that share an EAN/UPC half (ZBar decodes the halves independently, and a
            // misread changes one half only) count too.
            let ignored = confirmed.contains(c.key) ? refuted : []
            let rivals = gtinFamily.filter {
                $0.key != c.key && !ignored.contains($0.key)
                    && ($0.box.intersects(box) || ($0.box.intersects(reach) && Self.shareAHalf($0, c)))
            }
            // A short EAN-8/UPC-E over a long EAN-13/UPC-A's bars is a partial scan of it (bug case 21).
            if c.key.symbology.isShortRetail,
               rivals.contains(where: { !$0.key.symbology.isShortRetail && $0.box.grown(by: 4).contains(c.box.centre) }) {
                continue
            }
            // Short codes are easy to imitate with a clipped scan of longer bars even when no long code was read:
            // they need a clear quiet zone, and more agreeing scanlines or a second ladder step.
            if c.key.symbology.isShortRetail
                && (!c.quietZoneClear || (c.quality < Self.shortCodeMinimumQuality && c.steps.count < 2)) { continue }
            let contested = rivals.contains { r in
                guard !(r.key.symbology.isShortRetail && !c.key.symbology.isShortRetail) else { return false }
                let dominates = c.quality >= 3 * r.quality && r.scans.count < c.scans.count + 1
                return !dominates
            }
            if !contested { out.append(c) }
        }
        return out
    }

    /// Same first 7 or last 6 digits of the GTIN-13 form: the two halves of an EAN-13/UPC-A symbol.
    private static func shareAHalf(_ a: Candidate, _ b: Candidate) -> Bool {
        guard let x = a.gtin.flatMap(GTIN.gtin13), let y = b.gtin.flatMap(GTIN.gtin13) else { return false }
        return x.prefix(7) == y.prefix(7) || x.suffix(6) == y.suffix(6)
    }

    /// `q / (q + 4)` for `q` agreeing scanlines (4 -> 0.5, 12 -> 0.75), halving the remaining doubt when a second
    /// ladder step read the same text; QR Code is Reed-Solomon protected and gets 0.95.
    private static func confidence(_ c: Candidate) -> Double {
        if c.key.symbology == .qrCode { return 0.95 }
        var conf = Double(c.quality) / Double(c.quality + 4)
        if c.steps.count >= 2 { conf = 1 - (1 - conf) / 2 }
        return conf
    }

    /// ZBar's points as scanline hits in the input image, each with the direction the symbol reads in: along the
    /// rows of its variant (`up`: left to right, `down`: right to left) or columns (`right`: top to bottom, `left`:
    /// bottom to top), mapped through `toInput`; none when ZBar gives no direction.
    private static func hits(of symbol: ZBarSymbol, through toInput: PixelTransform, lightBars: Bool) -> [ScanHit] {
        let unit: (Double, Double)
        switch symbol.orientation {
        case .up: unit = (1, 0)
        case .down: unit = (-1, 0)
        case .right: unit = (0, 1)
        case .left: unit = (0, -1)
        case .unknown: return []
        }
        let dx = toInput.a * unit.0 + toInput.b * unit.1, dy = toInput.c * unit.0 + toInput.d * unit.1
        let norm = (dx * dx + dy * dy).squareRoot()
        guard norm > 0 else { return [] }
        let direction = PixelPoint(x: dx / norm, y: dy / norm)
        return symbol.points.map { ScanHit(point: toInput.apply($0), direction: direction, lightBars: lightBars) }
    }

    /// Four corners of the hits' bounding box in the scanned image, mapped to original coordinates.
    private static func corners(of points: [PixelPoint], through t: PixelTransform) -> [PixelPoint] {
        let b = BoundingBox(points)
        guard !b.isEmpty else { return [] }
        return [PixelPoint(x: b.minX, y: b.minY), PixelPoint(x: b.maxX, y: b.minY),
                PixelPoint(x: b.maxX, y: b.maxY), PixelPoint(x: b.minX, y: b.maxY)].map(t.apply)
    }

    /// Orientation in the original image: the scanned image's orientation turned by the transform's rotation,
    /// rounded to quarter turns.
    private static func orientation(_ o: BarcodeOrientation, through t: PixelTransform) -> BarcodeOrientation {
        let degrees = atan2(t.c, t.a) * 180 / .pi
        return o.turned(clockwiseQuarterTurns: Int((degrees / 90).rounded()))
    }
}

extension Symbology {
    /// Symbologies whose data is a GTIN with a check digit (EAN/UPC, ITF-14, DataBar).
    var carriesGTIN: Bool { isEANUPC || self == .itf14 || self == .dataBar }
    /// EAN-8 and UPC-E: short codes a clipped scan of an EAN-13/UPC-A can imitate.
    var isShortRetail: Bool { self == .ean8 || self == .upcE }
}
