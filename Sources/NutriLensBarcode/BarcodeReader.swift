import NutriLensImaging

/// Reads retail barcodes from a grey image with ZBar and a configurable retry ladder.
///
/// Each step of `options.ladder` builds an image variant (downscaled, contrast-stretched, rotated, ...) and scans it.
/// Hits are mapped back to the caller's coordinates, deduplicated by symbology + text across steps, and a short
/// code (EAN-8/UPC-E) lying inside a long one's region (EAN-13/UPC-A) is dropped as a partial read (bug case 21).
/// A GTIN is reported only when its check digit verifies, it was read both ways (some variant that read it also read
/// it turned 180 degrees, so ZBar's edge filter runs the other way), no rival GTIN was read over the same
/// bars (unless one dominates), and, for EAN-8/UPC-E, the quiet zone holds (`QuietZone`). Unless `findAll` is set
/// the ladder stops after the first step that produced such a GTIN with >= 24 scanlines or from two steps; a weaker
/// read lets the ladder go on for a second opinion.
///
/// With `focusOnBarRegions` (default) a photo where `BarRegionFinder` sees no bars ends the ladder after the first
/// step.
///
/// `Sendable` and stateless: each `read` creates its own ZBar scanner, so one reader can serve many threads.
///
/// Process-wide effect: Debian's libzbar is built with its internal assertions on, and its DataBar decoder prints
/// `WARNING: decoder/databar.c:1265: _zbar_decode_databar: Assertion "seg->finder >= 0" failed.` to the process's
/// stderr on some photos (9 messages in an eval of the 128 shared label photos). The read goes on and its result is
/// unaffected; the message comes from ZBar, which offers no switch for it short of disabling DataBar.
public struct BarcodeReader: Sendable {
    /// How hard the reader tries (ladder, budget, limits); `read` and `search` check it and throw
    /// `BarcodeError.invalidOptions` when a field is out of range.
    public var options: BarcodeReadOptions

    /// `options`: the ladder and limits; the default suits 1-12 MP label photos.
    public init(options: BarcodeReadOptions = BarcodeReadOptions()) {
        self.options = options
    }

    /// Finds barcodes in `image`.
    ///
    /// - Parameters:
    ///   - image: 8-bit grey pixels (any stride), upright (EXIF orientation already applied).
    ///   - toOriginal: maps `image`'s pixel coordinates to the photo the caller reports against (e.g. `.scale(2)`
    ///     when `image` is a half-size copy). Polygons in the result are in those original coordinates.
    /// - Returns: distinct codes, best first (GTIN-bearing before others, then by confidence). Empty when nothing is
    ///   found within the ladder's time budget; never throws for "no barcode".
    /// - Throws: `BarcodeError.invalidOptions`, `.imageTooLarge` (more than `options.maxPixels` pixels),
    ///   `.zbarUnavailable`.
    public func read(_ image: GrayImage, toOriginal: PixelTransform = .identity) throws -> [Barcode] {
        try search(image, toOriginal: toOriginal).barcodes
    }

    /// ``read(_:toOriginal:)`` with an account of the search: the work it did and whether the budget ended it.
    /// Parameters and errors as ``read(_:toOriginal:)``.
    public func search(_ image: GrayImage, toOriginal: PixelTransform = .identity) throws -> BarcodeSearch {
        try options.validate()
        guard image.width * image.height <= options.maxPixels else {
            throw BarcodeError.imageTooLarge(width: image.width, height: image.height, limit: options.maxPixels)
        }
        // Narrower than the quiet zones plus a few modules: nothing to decode.
        guard image.width >= 8, image.height >= 8 else { return .nothingSwept }
        let scanner = try ZBarImageScanner(dataBar: options.readsDataBar)
        // Work (weighted pixels swept), not time, decides where the ladder stops, so the codes found do not depend on
        // the machine; the CPU-time cap only bounds a much slower machine. `.infinity`: every step runs.
        let start = ThreadCPUClock.now()
        var work = 0.0
        var stoppedByBudget = false
        var pool = CandidatePool()
        let input = image.packed()

        let pixels = input.width * input.height
        let coarseFirst = pixels >= options.coarseFirstMinimumPixels
        // Bar-presence gate. On a big photo it runs before any ZBar pass over the whole image (most label photos carry
        // no code, and that pass is most of the stage's cost); the sparse probe catches what the finder misses.
        // Whether the finder saw bar texture: only then is a search the budget cut short worth a warning (a probe hit
        // alone sends a big photo to the ladder, but without bars the later steps rarely read anything).
        var sawBars = true
        // The finder's regions, computed once for the gate and every region-only step of this search.
        var foundRegions: [PixelRect]?
        func barRegions() -> [PixelRect] {
            if let found = foundRegions { return found }
            let found = BarRegionFinder.regions(in: input)
            foundRegions = found
            return found
        }
        if coarseFirst && options.focusOnBarRegions && barRegions().isEmpty {
            guard try SymbolProbe.seesSymbol(in: input, dataBar: options.readsDataBar) else { return .nothingSwept }
            sawBars = false
        }
        let verifier = options.verifyAgainstImage ? CandidateVerifier(image: input) : nil
        var scanID = 0
        for (index, step) in options.ladder(forPixels: pixels).enumerated() {
            // Without anything that looks like bars the later steps have nothing to work on.
            if index == 1 && !coarseFirst && options.focusOnBarRegions && barRegions().isEmpty {
                break
            }
            if index > 0, work >= options.workBudget || ThreadCPUClock.now() - start > options.cpuTimeCap {
                // Below 1 MP the ladder ran on the cell test alone, which dense print and table rules also pass; the
                // budget is worth a warning only where the pattern check sees real bars.
                stoppedByBudget = sawBars && !BarRegionFinder.regions(in: input, checkPattern: true).isEmpty
                break
            }
            for variant in LadderImages.variants(of: step, from: input, regions: barRegions) {
                scanID += 1
                let sweep = step.workWeight * Double(variant.image.width * variant.image.height) / 1e6
                work += sweep
                let fresh = try scan(variant, step: step, scanID: scanID, toOriginal: toOriginal, scanner: scanner,
                                     into: &pool)
                // Agreement check: a GTIN must be read again from the same pixels turned 180 degrees, which makes
                // ZBar's edge filter and decoder run in the opposite direction over every scanline; until some
                // variant reads it both ways, every variant that reads it is re-scanned turned.
                // A GTIN the verifier confirms against the image needs no turned re-scan: a second decoder, on the
                // grey levels themselves, agrees with it clearly.
                if fresh.contains(where: { key in
                    pool.needsConfirmation(gtinText: key) && !(verifier.map { pool.isConfirmed(key, by: $0) } ?? false)
                }) {
                    scanID += 1
                    work += sweep
                    let turned = try scan(LadderImages.turned180(variant), step: step, scanID: scanID,
                                          toOriginal: toOriginal, scanner: scanner, into: &pool)
                    pool.recordTurnedScan(forward: fresh, turned: turned)
                }
            }
            if !options.findAll && pool.hasAcceptedGTIN(verifier: verifier) { break }
        }
        return BarcodeSearch(barcodes: pool.results(verifier: verifier), work: work, stoppedByBudget: stoppedByBudget,
                             verifications: verifier.map { pool.verdicts($0).values.sorted { $0.text < $1.text } } ?? [])
    }

    /// Regions of `image` (its pixels, top-left origin) that look like 1D bars — with `focusOnBarRegions` on, the
    /// ladder's later steps run only when there is one (on inputs of `coarseFirstMinimumPixels` and more, any step
    /// does, unless `SymbolProbe`'s sparse sweep decodes a symbol); largest first, empty when nothing looks like
    /// bars. Each is grown by half its size (at least 32 px) for quiet zones and digits. About 1 ms per megapixel in a
    /// release build, plus the pattern check's profiles on photos of 1 MP and more; see `BarRegionFinder`.
    public static func barRegions(in image: GrayImage) -> [PixelRect] {
        BarRegionFinder.regions(in: image)
    }

    /// Scans one variant into `pool`; returns the keys (symbology + text) of GTIN-bearing hits.
    private func scan(_ variant: LadderImage, step: LadderStep, scanID: Int, toOriginal: PixelTransform,
                      scanner: ZBarImageScanner, into pool: inout CandidatePool) throws -> [CandidatePool.Key] {
        let toOrig = toOriginal.concatenating(variant.toInput)
        let (symbols, addOns) = try scanner.scan(variant.image)
        var keys: [CandidatePool.Key] = []
        for var symbol in symbols {
            if symbol.addOn == nil && symbol.symbology.isEANUPC {
                symbol.addOn = Self.nearestAddOn(to: symbol, in: addOns)
            }
            let clear = symbol.symbology.isShortRetail ? QuietZone.isClear(symbol, in: variant.image) : true
            keys.append(pool.add(symbol, step: step, scanID: scanID, toOriginal: toOrig, toInput: variant.toInput,
                                 quietZoneClear: clear))
        }
        return keys
    }

    /// The add-on whose scanline hits lie closest to `symbol`'s, within two symbol widths.
    private static func nearestAddOn(to symbol: ZBarSymbol, in addOns: [ZBarAddOn]) -> String? {
        guard !addOns.isEmpty else { return nil }
        let box = BoundingBox(symbol.points)
        let reach = 2 * max(box.width, box.height, 8)
        return addOns.map { ($0, BoundingBox($0.points).centreDistance(to: box)) }
            .filter { $0.1 <= reach }
            .min { $0.1 < $1.1 }?.0.text
    }
}
