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
/// step; in a photo over `cropMinimumPixels` the later steps scan only crops of the regions with bars.
///
/// `Sendable` and stateless: each `read` creates its own ZBar scanner, so one reader can serve many threads.
public struct BarcodeReader: Sendable {
    public var options: BarcodeReadOptions

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
        try options.validate()
        guard image.width * image.height <= options.maxPixels else {
            throw BarcodeError.imageTooLarge(width: image.width, height: image.height, limit: options.maxPixels)
        }
        // Narrower than the quiet zones plus a few modules: nothing to decode.
        guard image.width >= 8, image.height >= 8 else { return [] }
        let scanner = try ZBarImageScanner()
        let clock = ContinuousClock()
        let start = clock.now
        // `.infinity` (or any budget past ~290 years) is the step-count mode: every step runs, whatever the load.
        let budget: Duration? = options.timeBudget < 9e9 ? .nanoseconds(Int64(options.timeBudget * 1e9)) : nil
        var pool = CandidatePool()
        let input = image.packed()

        // What each step scans: the whole input, or (after the first step) crops of the regions with bars.
        var areas = [ScanArea(image: input, toOriginal: toOriginal)]
        var scanID = 0
        for (index, step) in options.ladder.enumerated() {
            if index > 0, let budget, clock.now - start > budget { break }
            if index == 1 && options.focusOnBarRegions {
                areas = Self.barAreas(of: input, toOriginal: toOriginal)
                if areas.isEmpty { break }
            }
            for area in areas {
                for variant in LadderImages.variants(of: step, from: area.image) {
                    scanID += 1
                    let fresh = try scan(variant, step: step, scanID: scanID, toOriginal: area.toOriginal,
                                         scanner: scanner, into: &pool)
                    // Agreement check: a GTIN must be read again from the same pixels turned 180 degrees, which
                    // makes ZBar's edge filter and decoder run in the opposite direction over every scanline; until
                    // some variant reads it both ways, every variant that reads it is re-scanned turned.
                    if fresh.contains(where: { pool.needsConfirmation(gtinText: $0) }) {
                        scanID += 1
                        let turned = try scan(LadderImages.turned180(variant), step: step, scanID: scanID,
                                              toOriginal: area.toOriginal, scanner: scanner, into: &pool)
                        pool.recordTurnedScan(forward: fresh, turned: turned)
                    }
                }
            }
            if !options.findAll && pool.hasAcceptedGTIN { break }
        }
        return pool.results()
    }

    /// Regions of `image` (its pixels, top-left origin) that look like 1D bars — the crops the ladder's later steps
    /// scan when `focusOnBarRegions` is on; largest first, empty when nothing looks like bars. Each is grown by half
    /// its size (at least 32 px) for quiet zones and digits. About 1 ms per megapixel; see `BarRegionFinder`.
    public static func barRegions(in image: GrayImage) -> [PixelRect] {
        BarRegionFinder.regions(in: image)
    }

    /// A picture the ladder steps run on, and the map from its pixels to the caller's original.
    private struct ScanArea {
        var image: GrayImage
        var toOriginal: PixelTransform
    }

    /// Images up to this many pixels are scanned whole once bars were seen in them: a crop saves little there, and
    /// on the shared corpus's small blurred photos (240 x 240) the region covers only the sharpest bars, so a crop
    /// cut off digits and quiet zones the later steps need (6 photos lost when cropped).
    static let cropMinimumPixels = 1_000_000

    /// Crops of the regions where `BarRegionFinder` sees bars; the whole input when it is small or they cover more
    /// than half of it; empty when there are none.
    private static func barAreas(of input: GrayImage, toOriginal: PixelTransform) -> [ScanArea] {
        let regions = BarRegionFinder.regions(in: input)
        let covered = regions.reduce(0) { $0 + $1.width * $1.height }
        if regions.isEmpty { return [] }
        let area = input.width * input.height
        if area <= cropMinimumPixels || 2 * covered > area { return [ScanArea(image: input, toOriginal: toOriginal)] }
        return regions.compactMap { r in
            guard let crop = try? input.cropped(to: r) else { return nil }
            return ScanArea(image: crop, toOriginal: toOriginal.concatenating(
                .translation(dx: Double(r.x), dy: Double(r.y))))
        }
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
            keys.append(pool.add(symbol, step: step, scanID: scanID, toOriginal: toOrig, quietZoneClear: clear))
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
