import NutriLensImaging

/// Image variants for symbols whose quiet zone is broken by a printed line: a frame or box edge, a rule or the edge of
/// a cut-out closer to the bars than ZBar's EAN decoder accepts (it needs more than 3/4 of a 7-module digit, about 5.3
/// modules, before the guard where it starts; GS1 asks 7 modules for EAN-13, 9 right of a UPC-A).
///
/// For each region that looks like bars (`BarRegionFinder`), the run of bar edges across its middle is found and the
/// outermost dark element of the run on one side, on the other, or on both, is painted over with the paper's grey; each
/// painting is one variant, cropped to the region. A frame line is such an element, so painting it gives the symbol
/// its quiet zone back; painting a genuine guard bar makes the symbol undecodable, never a different valid code, and
/// ZBar still checks the check digit (and `CandidateVerifier` the pattern against the unpainted image).
enum QuietZoneRepair {
    /// Regions tried, largest first.
    static let maximumRegions = 3

    /// The painted crops of `input` (packed), each with its map back to `input`; `regions` as in
    /// `LadderImages.barRegionCrops(_:regions:maximumArea:)`.
    static func variants(from input: GrayImage, regions: [PixelRect]? = nil) -> [LadderImage] {
        var out: [LadderImage] = []
        for region in LadderImages.barRegionCrops(input, regions: regions) {
            let crop = region.image, origin = region.toInput
            // Bars across x, or (a code turned a quarter) across y: then the crop is turned so they run across x.
            let vertical = acrossBarsIsVertical(crop)
            let upright = vertical ? crop.rotated(by: .counterClockwise) : crop
            // Counter-clockwise turn: upright (x', y') came from crop (width - 1 - y', x').
            let back = vertical
                ? origin.concatenating(PixelTransform(a: 0, b: -1, c: 1, d: 0, tx: Double(crop.width - 1), ty: 0))
                : origin
            for painted in paintings(of: upright) {
                // Small modules (under 2.5 px if the run is an EAN-13) are read from a 2x copy, as in `.upscaled`.
                if painted.module < 2.5, let big = LadderImages.upscale(painted.image, factor: 2) {
                    out.append(LadderImage(image: big, toInput: back.concatenating(LadderImages.upscaledToInput(2))))
                } else {
                    out.append(LadderImage(image: painted.image, toInput: back))
                }
            }
        }
        return out
    }

    /// Whether the grey-level gradient in `image` runs mostly along y (bars lying horizontally).
    private static func acrossBarsIsVertical(_ image: GrayImage) -> Bool {
        guard let g = SymbolProfiles.gradientDirection(image, around: (Double(image.width) / 2, Double(image.height) / 2),
                                                       radius: Double(max(image.width, image.height)) / 2)
        else { return false }
        return abs(g.y) > abs(g.x)
    }

    /// `image` (bars across x) with the outermost dark element of the middle bar run painted over on the right, on the
    /// left, and on both sides, each with the run's length over 95 (the module width if it is an EAN-13/UPC-A); `[]`
    /// when no run of bar edges crosses the middle.
    private static func paintings(of image: GrayImage) -> [(image: GrayImage, module: Double)] {
        let w = image.width, h = image.height
        // Profile: column means over the middle third of the rows.
        var profile = [Double](repeating: 0, count: w)
        let rows = (h / 3)..<max(h / 3 + 1, 2 * h / 3)
        image.pixels.withUnsafeBufferPointer { p in
            for y in rows { for x in 0..<w { profile[x] += Double(p[y * image.stride + x]) } }
        }
        profile = profile.map { $0 / Double(rows.count) }
        guard let run = SymbolProfiles.barRun(profile, around: w / 2) else { return [] }
        let edges = BarPatternCheck.swingPositions(profile).filter { run.contains($0) }
        guard edges.count >= 10 else { return [] }
        let paper = profile.sorted()[profile.count * 95 / 100]
        // The outermost dark element on each side: between the run's last two edges (right) or first two (left). The
        // paint starts a third of the way into the light gap before it, so the guard bar keeps its edge.
        let n = edges.count
        let rightStart = edges[n - 2] - max(1, (edges[n - 2] - edges[n - 3]) / 3)
        let leftEnd = edges[1] + max(1, (edges[2] - edges[1]) / 3)
        func painted(from: Int, to: Int, _ base: [UInt8]) -> [UInt8] {
            var pixels = base
            let fill = UInt8(clamping: Int(paper.rounded()))
            for y in 0..<h { for x in max(0, from)..<min(w, to) { pixels[y * w + x] = fill } }
            return pixels
        }
        let packed = image.packed().pixels
        let right = painted(from: rightStart, to: w, packed), left = painted(from: 0, to: leftEnd, packed)
        let module = Double(run.upperBound - run.lowerBound) / 95
        return [right, left, painted(from: 0, to: leftEnd, right)].map { (GrayImage(width: w, height: h, pixels: $0), module) }
    }
}
