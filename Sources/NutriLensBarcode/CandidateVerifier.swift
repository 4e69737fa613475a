import Foundation
import NutriLensImaging

/// A scanline that decoded a candidate, in the reader's input image: the point ZBar reported (where a half or the
/// whole symbol finished decoding on that line) and the unit direction, along the line, in which the symbol reads.
struct ScanHit: Equatable {
    var point: PixelPoint
    var direction: PixelPoint
    /// Read on a variant with light and dark swapped (`LadderStep.inverted`): the bars are lighter than the spaces
    /// in the input (white-on-dark print, or ink that reflects more than the paper).
    var lightBars = false
}

/// Checks EAN/UPC candidates against the image itself: each code's ideal module pattern is drawn at its fitted
/// position, module width, blur and ink spread and correlated with grey profiles across several of the scanlines
/// that read it; rival check-valid codes over the same bars (other ZBar reads, and the best strings of
/// `ModuleGridDecoder`) are fitted on the same profiles. A code is verified when it fits the profiles well and
/// clearly better than every rival.
///
/// Why: a small, soft UPC-A whose one-module bars print grey can be misread by edge-based decoders (ZBar, zxing-cpp)
/// as another EAN-13 with a valid check digit, on many scanlines and in both directions, so agreement between
/// scans cannot catch it; the misread trims a module off several wide bars, and the trimmed pattern explains the grey
/// profile measurably worse than the true one (issue 23: correlation ~0.90 against ~0.81).
///
/// One verifier serves one search (it caches profiles, fits and verdicts); not thread-safe.
final class CandidateVerifier {
    /// Mean correlation over the profiles a verified code needs at least.
    static let minimumFit = 0.6
    /// How many times the squared residual of a confirmed code its best rival must leave (over the digits where they
    /// differ); a rival this many times better refutes it (with `refutingFit`).
    static let minimumResidualRatio = 1.3
    /// Mean correlation a rival needs, fitted in its own right, to refute a candidate.
    static let refutingFit = 0.85
    /// Rival strings taken from `ModuleGridDecoder`.
    static let gridRivals = 2

    private let image: GrayImage
    private var lineCache: [String: SymbolProfiles?] = [:]
    private var fitCache: [String: [PatternFit.Fit?]] = [:]
    private var verdictCache: [String: BarcodeVerification] = [:]
    private var gridCache: [String: ModuleGridDecoder?] = [:]

    /// `image` is the reader's input; hits are in its pixels.
    init(image: GrayImage) { self.image = image.packed() }

    /// Verifies the EAN/UPC code `text` read as `symbology` on the scanlines `hits`, against the other codes read over
    /// the same bars (`rivals`). Not verified when the profiles cannot be read or no registration fits.
    func verdict(symbology: Symbology, text: String, hits: [ScanHit],
                 rivals: [(symbology: Symbology, text: String)]) -> BarcodeVerification {
        let key = "\(symbology.rawValue):\(text)"
        let fullKey = key + "|" + rivals.map { "\($0.symbology.rawValue):\($0.text)" }.sorted().joined(separator: ",")
        if let v = verdictCache[fullKey] { return v }
        let v = computeVerdict(key: key, symbology: symbology, text: text, hits: hits, rivals: rivals)
        verdictCache[fullKey] = v
        return v
    }

    private func computeVerdict(key: String, symbology: Symbology, text: String, hits: [ScanHit],
                                rivals: [(symbology: Symbology, text: String)]) -> BarcodeVerification {
        var verdict = BarcodeVerification(symbology: symbology, text: text, fit: 0, rival: nil, rivalFit: nil,
                                          residualRatio: nil, outcome: .inconclusive)
        guard let modules = EANPattern.modules(of: text, symbology: symbology) else { return verdict }
        if lineCache[key] == nil { lineCache[key] = .some(SymbolProfiles(image: image, hits: hits, modules: modules)) }
        guard let lines = lineCache[key] ?? nil else { return verdict }
        let own = fits(key: key, modules: modules, lines: lines, seeds: nil)
        verdict.fit = Self.meanFit(own)
        guard own.compactMap({ $0 }).count * 2 > lines.profiles.count else { return verdict }
        if gridCache[key] == nil {
            gridCache[key] = .some(ModuleGridDecoder(symbology: symbology, modules: modules, profiles: lines.profiles,
                                                     fits: own))
        }
        let grid = gridCache[key] ?? nil
        var codes: [(text: String, modules: [Bool])] = rivals.compactMap { r in
            EANPattern.modules(of: r.text, symbology: r.symbology).map { (r.text, $0) }
        }
        for code in grid?.bestCodes(count: Self.gridRivals) ?? [] {
            if let m = EANPattern.modules(of: code, symbology: code.count == 8 ? .ean8 : .ean13) { codes.append((code, m)) }
        }
        var best: (text: String, modules: [Bool], ratio: Double, fits: [PatternFit.Fit?]?)?
        for code in codes where code.modules != modules && code.modules.count == modules.count {
            // EAN-13/UPC-A and EAN-8 rivals: the evidence lies in the digits where they differ (`ModuleGridDecoder`);
            // others (UPC-E) are fitted whole.
            var rivalFits: [PatternFit.Fit?]?
            let ratio: Double
            if let r = grid?.residualRatio(of: code.text, over: text) {
                ratio = r
            } else {
                let f = fits(key: key, modules: code.modules, lines: lines, seeds: own)
                ratio = Self.residualRatio(f, over: own)
                rivalFits = f
            }
            if ratio < best?.ratio ?? .infinity { best = (code.text, code.modules, ratio, rivalFits) }
        }
        guard let best else {
            verdict.outcome = verdict.fit >= Self.minimumFit ? .confirmed : .inconclusive
            return verdict
        }
        verdict.rival = best.text
        verdict.residualRatio = best.ratio
        if best.ratio >= Self.minimumResidualRatio {
            verdict.outcome = verdict.fit >= Self.minimumFit ? .confirmed : .inconclusive
            return verdict
        }
        // A rival the digits favour refutes the candidate only when, fitted in its own right, it explains the bars
        // well and better than the candidate: with a poor fit the grid decoder's best string is tuned to the noise.
        let rivalFit = Self.meanFit(best.fits ?? fits(key: key, modules: best.modules, lines: lines, seeds: own))
        verdict.rivalFit = rivalFit
        if best.ratio <= 1 / Self.minimumResidualRatio && rivalFit >= Self.refutingFit && rivalFit > verdict.fit {
            verdict.outcome = .refuted
        }
        return verdict
    }

    /// Mean correlation over the lines, a line without a fit counting as 0.
    private static func meanFit(_ fits: [PatternFit.Fit?]) -> Double {
        fits.isEmpty ? 0 : fits.reduce(0) { $0 + max(0, $1?.correlation ?? 0) } / Double(fits.count)
    }

    /// The geometric mean over the lines of the rival's unexplained share of the profile's grey-level variance
    /// (`1 - r²`, 1 without a fit) over the candidate's. Under Gaussian noise a line's likelihood ratio is that ratio
    /// to the power n/2, so averaging the logs adds up the evidence of the lines; a line that misses the bars (or
    /// crosses the digits) explains both codes equally badly and counts as 1.
    private static func residualRatio(_ rival: [PatternFit.Fit?], over own: [PatternFit.Fit?]) -> Double {
        func unexplained(_ f: PatternFit.Fit?) -> Double {
            let r = max(0, f?.correlation ?? 0)
            return max(1e-4, 1 - r * r)
        }
        let logs = zip(rival, own).map { log(unexplained($0) / unexplained($1)) }
        return logs.isEmpty ? 1 : exp(logs.reduce(0, +) / Double(logs.count))
    }

    /// The pattern `modules` fitted on every profile of `lines` (cached per candidate and pattern). Without seeds (the
    /// candidate itself) the middle profile holds `lines.anchor` and the others search near it; with seeds (the
    /// candidate's fits, when fitting a rival) every line searches near its seed.
    private func fits(key: String, modules: [Bool], lines: SymbolProfiles, seeds: [PatternFit.Fit?]?) -> [PatternFit.Fit?] {
        let cacheKey = key + "#" + String(modules.map { $0 ? "1" : "0" })
        if let f = fitCache[cacheKey] { return f }
        let w = modules.count
        let bars = EANPattern.bars(modules)
        var out = [PatternFit.Fit?](repeating: nil, count: lines.profiles.count)
        let middle = lines.profiles.count / 2
        let anchors = seeds ?? [PatternFit.Fit?](repeating: lines.anchor, count: lines.profiles.count)
        let fallback = anchors.compactMap { $0 }.first?.registration
        for (i, p) in lines.profiles.enumerated() {
            if seeds == nil && i == middle { out[i] = lines.anchor; continue }
            guard let seed = anchors[i]?.registration ?? fallback else { continue }
            out[i] = Self.fitNear(p, bars: bars, modules: w, around: seed)
        }
        fitCache[cacheKey] = out
        return out
    }

    /// `seed` moved along the profile by up to 3 modules (box model, sixth-of-a-module steps: a neighbouring line
    /// of a tilted symbol, or a rival over the same bars), then refined.
    private static func fitNear(_ p: FitProfile, bars: [(start: Int, end: Int)], modules w: Int,
                                around seed: PatternRegistration) -> PatternFit.Fit? {
        var best: (PatternRegistration, Double)?
        for k in -18...18 {
            var r = seed
            r.start += Double(k) * seed.module / 6
            if let c = PatternFit.boxCorrelation(p, bars: bars, modules: w, at: r), c > best?.1 ?? -2 { best = (r, c) }
        }
        guard let start = best?.0, let first = PatternFit.blurredFit(p, bars: bars, modules: w, at: start) else { return nil }
        return PatternFit.refine(p, bars: bars, modules: w,
                                 from: PatternFit.Fit(registration: start, correlation: first.correlation,
                                                      light: first.light, depth: first.depth), evaluations: 40)
    }
}

/// What the reader checked about one EAN/UPC candidate against the image (see `CandidateVerifier`).
public struct BarcodeVerification: Sendable, Equatable, Codable {
    /// The verdict.
    public enum Outcome: String, Sendable, Codable {
        /// The code's pattern explains the grey profiles (mean correlation >= 0.6) and clearly better than every
        /// rival: its best rival leaves at least 1.3 times its squared residual over the digits where they differ.
        case confirmed
        /// Neither confirmed nor refuted: the profiles are too poor (glare, reflections, strong warps) or a rival
        /// comes close. The acceptance rules still hold, so the code is reported, marked unconfirmed.
        case inconclusive
        /// A rival fitted in its own right explains the bars well (mean correlation >= 0.85), better than the code,
        /// and leaves at most 1/1.3 of its squared residual over the differing digits: the code is not reported.
        case refuted
    }

    /// The candidate as read.
    public var symbology: Symbology
    /// The candidate's text as read (13 digits for EAN-13, 12 for UPC-A, 8 for EAN-8 / UPC-E).
    public var text: String
    /// Mean correlation, over several profiles across its bars, of the grey levels with the code's module pattern
    /// drawn at its fitted position, module width, warp, blur and ink spread; 0...1, 0 when nothing could be fitted.
    public var fit: Double
    /// The rival check-valid code (EAN-13 or EAN-8 text from the module-grid decoder, or as ZBar read it) with the
    /// lowest `residualRatio`, if any.
    public var rival: String?
    /// That rival's mean correlation fitted in its own right; computed only when it came close (`residualRatio` < 1.3).
    public var rivalFit: Double?
    /// The rival's squared residual over the candidate's, over the digits where they differ (for a UPC-E rival, the
    /// geometric mean over the profiles of the unexplained variance ratio); > 1: the candidate fits better.
    public var residualRatio: Double?
    /// Whether the code was confirmed, left inconclusive (still reported) or refuted (not reported).
    public var outcome: Outcome
}
