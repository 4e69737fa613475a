/// One attempt in the reader's retry ladder: an image variant handed to ZBar.
///
/// Steps are tried in the order given by `BarcodeReadOptions.ladder`; list cheap ones first.
public enum LadderStep: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// The image as given.
    case native
    /// Box-filtered to 1/`factor` of each side (factor 2...8): merges noise and JPEG blocking on big photos.
    case downscaled(factor: Int)
    /// Upscaled by `factor` (2...4), bilinear: small codes whose narrow bars are ~1 pixel wide.
    case upscaled(factor: Int)
    /// Grey levels stretched so the 1st/99th percentiles map to 0/255: low-contrast or reflective prints.
    case contrastStretched
    /// Histogram equalised (grey levels spread by their cumulative frequency): bars squeezed into a narrow grey
    /// band by glare or a dark cut-out, where a linear stretch gains little.
    case equalized
    /// Local-mean threshold (window of ~1/8 of the shorter side, black below 95% of the mean): uneven lighting,
    /// glare, shadows.
    case binarized
    /// Light and dark swapped: white-on-dark print (ZBar only reads dark bars on light ground).
    case inverted
    /// Rotated by `degrees` (positive = clockwise) about the centre, canvas enlarged to keep every pixel.
    /// ZBar scans rows and columns only, so a 1D code tilted by more than ~15 degrees needs this.
    /// (Exact quarter turns add nothing for ZBar, which already scans columns, but are accepted.)
    case rotated(degrees: Double)
    /// The image cut into `grid` x `grid` overlapping tiles, each upscaled 2x: small codes in big photos.
    case tiles(grid: Int)
    /// Unsharp mask `2 I - box3x3(I)`: mildly defocused photos.
    case sharpened
    /// Upscaled by `factor` (2...4, bilinear), then a wide unsharp mask `I + 6 (I - G(I))` where `G` is three box
    /// passes of radius 4.5 x `factor` px (about a Gaussian of sigma 4.5 input pixels): small, defocused codes
    /// whose bars have blurred into one grey band. The wide blur estimates the local mean over several modules,
    /// so each bar is pushed to black or white against its neighbours; the upscale first gives the steepened
    /// edges room (on the shared corpus 2x read 6 more photos than the same mask at native scale).
    case upscaledSharpened(factor: Int)
    /// Crops of the regions that look like bars with the outermost dark element of their bar run painted over on the
    /// right, left or both sides (`QuietZoneRepair`): a frame line or box edge closer to the bars than ZBar's quiet
    /// zone (about 5.3 modules; GS1 asks 7) otherwise hides the symbol.
    case quietZoneRepaired
    /// Crops of the regions that look like bars (`BarRegionFinder`, up to 3, largest first), each turned by
    /// +`degrees` and by -`degrees` (5...45; canvas enlarged, white outside): codes on a curved pack or bottle, whose
    /// module width shrinks towards one side. ZBar joins an EAN/UPC's two halves only when their digit widths agree
    /// within 1/8 (`check_width` in its ean.c), which a cylinder's foreshortening breaks on straight scan lines;
    /// tilted sweeps cross the halves at other points and often meet that test (issue 23: on 40 rendered curved
    /// packs the whole-image ±20° turns read 31 and 35, native 19). Cropped, the turns cost a fraction of the
    /// whole-image ones, so they can run before the costly 2x unsharp mask.
    case barRegionsTilted(degrees: Double)

    /// The step's short name for traces and reports, e.g. `downscaled/2`, `rotated-30`, `tiles2x2`.
    public var description: String {
        switch self {
        case .native: return "native"
        case .downscaled(let f): return "downscaled/\(f)"
        case .upscaled(let f): return "upscaled*\(f)"
        case .contrastStretched: return "contrast-stretched"
        case .equalized: return "equalized"
        case .binarized: return "binarized"
        case .inverted: return "inverted"
        case .rotated(let deg): return "rotated\(deg >= 0 ? "+" : "")\(Int(deg.rounded()))"
        case .tiles(let g): return "tiles\(g)x\(g)"
        case .sharpened: return "sharpened"
        case .upscaledSharpened(let f): return "upscaled*\(f)+unsharp"
        case .quietZoneRepaired: return "quiet-zone-repaired"
        case .barRegionsTilted(let deg): return "bar-regions-tilted±\(Int(deg.rounded()))"
        }
    }

    /// Work of one swept pixel of this step's images, relative to a plain ZBar sweep (`.native` = 1): ZBar's sweep
    /// plus building the variant. From the thread CPU per swept megapixel of each step on ../shared/corpus/labels and
    /// ../shared/corpus/barcodes (docs/barcode.md, "Session 7"), rounded: the wide unsharp mask over a 2x upscale is
    /// the costly one (75-115 ms per Mpx against 46-48 for `.native`); a downscale reads 4 input pixels per swept one.
    public var workWeight: Double {
        switch self {
        case .native, .inverted, .contrastStretched, .quietZoneRepaired, .barRegionsTilted: return 1
        case .downscaled: return 1.25
        case .equalized, .sharpened: return 1.3
        case .binarized: return 0.9
        case .rotated: return 0.8
        case .upscaled, .tiles: return 0.75
        case .upscaledSharpened: return 2
        }
    }
}

/// How hard `BarcodeReader` tries.
public struct BarcodeReadOptions: Sendable, Equatable {
    /// Steps in the order tried. Default: `defaultLadder`.
    public var ladder: [LadderStep]
    /// Budget of the whole ladder in seconds of the reference machine (> 0; default 0.25 s; `.infinity` runs every
    /// step of the ladder, which is finite). It is spent as *work*, not as time: ``workBudget`` = `timeBudget` x
    /// ``referenceWorkRate`` weighted megapixels swept by ZBar (``LadderStep/workWeight``), so the codes found are the
    /// same on a fast or slow, idle or busy machine (a CPU-time budget found `TestImages/deg_curved_fr`'s code at
    /// step 9 of the ladder on an idle machine and missed it under load, and read 190 or 191 of the 207 retail
    /// photos of ../shared/corpus/barcodes depending on the load). A step that starts inside the budget runs to its
    /// end. ``cpuTimeCap`` (4 x `timeBudget` of the calling thread's CPU time) still stops the ladder on a
    /// machine several times slower than the reference, so the worst case stays bounded.
    public var timeBudget: Double
    /// Thread CPU seconds that override ``cpuTimeCap``'s default of 4 x ``timeBudget`` (> 0); `nil` (default) keeps
    /// it. `.infinity` makes the search depend on ``workBudget`` alone, e.g. in a debug build.
    public var cpuTimeLimit: Double?
    /// `false` (default): stop after the first step that yields a checksum-valid GTIN. `true`: run every step
    /// (within budget) and return every distinct code.
    public var findAll: Bool
    /// Largest accepted image, in pixels (default 40 M). Larger inputs throw `BarcodeError.imageTooLarge`.
    public var maxPixels: Int
    /// `true` (default): after the first ladder step (on inputs of `coarseFirstMinimumPixels` and more: before any
    /// ZBar pass over the whole image, see there), the ladder stops unless something in the image looks like 1D
    /// bars — dense parallel edges in one direction, found from the gradient structure tensor (`BarRegionFinder`,
    /// ~3 ms per megapixel). A label photo without a barcode then costs the first step plus that test instead of the
    /// whole budget; photos with bars run the ladder exactly as with `false`. (Running the later steps on crops of
    /// the regions only was tried and dropped: on the label corpus it lost one code and produced one wrong GTIN for
    /// ~10 % less CPU.) QR codes are not bars: a QR code the first step misses is only searched further when bars are
    /// seen too. `false`: every step runs (within the budget) whatever the image holds.
    public var focusOnBarRegions: Bool
    /// Inputs of at least this many pixels (default 1 M; must be > 0) are searched coarse-first:
    /// 1. with `focusOnBarRegions`, whether to run ZBar at all is decided before it sweeps the image: the ladder runs
    ///    when `BarRegionFinder` sees bars or a sparse probe (`SymbolProbe`: ZBar on the 2x box-downscaled copy, every
    ///    4th row and column, ~1/16 of the native step's sweep) decodes any symbol; otherwise the result is `[]`
    ///    without a full-image ZBar pass (the QR codes and the border-cut 1D codes the finder misses are caught by the
    ///    probe);
    /// 2. the ladder tries `.downscaled(factor: 2)` before `.native` when it starts with `.native` and holds that
    ///    step: on the scanner's 4-5 MP label photos a retail code's modules are several pixels wide, and ZBar
    ///    (whose cost grows with the pixels it sweeps) reads the half-size copy for a quarter of the cost; when that
    ///    reads nothing settled, `.native` runs next.
    /// Smaller inputs run the ladder in its written order with the presence test after the first step.
    /// `Int.max` turns coarse-first off for every input (the behaviour before session 4).
    public var coarseFirstMinimumPixels: Int
    /// `true` (default): an EAN/UPC code is reported only when its module pattern, fitted to grey profiles across its
    /// bars, explains them well and clearly better than every rival check-valid code over the same bars (other ZBar
    /// reads, and the best strings of a second, module-grid decoder); see `CandidateVerifier`. `false`: the
    /// acceptance rules alone decide (the behaviour before issue 23).
    public var verifyAgainstImage: Bool
    /// `false` (default): GS1 DataBar and DataBar Expanded are not decoded. Debian's libzbar prints assertion
    /// warnings from its DataBar decoder on the process's stderr (`WARNING: decoder/databar.c:1265: ...`, about one
    /// label photo in ten; no ZBar setting avoids them, mchehab/zbar#177), and a library must not write to its
    /// host's terminal. `true`: DataBar (loose fresh produce, coupons) is read too, and those lines may appear.
    public var readsDataBar: Bool

    /// Cheapest first: native, 2x down, contrast stretch, equalisation, local threshold, inverted, quiet zone
    /// repaired and bar regions tilted ±20° (crops of the bar regions only), 2x up with a wide unsharp mask, then
    /// whole-image tilts, 2x up, sharpening and finally upscaled tiles. Exact 90/180 degree turns are omitted on
    /// purpose: ZBar already scans columns and reads EAN/UPC right to left.
    public static let defaultLadder: [LadderStep] = [
        .native, .downscaled(factor: 2), .contrastStretched, .equalized, .binarized, .inverted, .quietZoneRepaired,
        .barRegionsTilted(degrees: 20), .upscaledSharpened(factor: 2),
        .rotated(degrees: 30), .rotated(degrees: -30), .rotated(degrees: 45), .rotated(degrees: -45),
        .rotated(degrees: 20), .rotated(degrees: -20), .upscaled(factor: 2), .sharpened, .tiles(grid: 2),
    ]

    /// Defaults: `ladder` `defaultLadder`, `timeBudget` 0.25 s of the reference machine, `findAll` off, `maxPixels`
    /// 40 M, `focusOnBarRegions` on, `coarseFirstMinimumPixels` 1 M, `verifyAgainstImage` on, `readsDataBar` off. Not
    /// checked here: `BarcodeReader` throws `BarcodeError.invalidOptions` for a field out of its range.
    public init(ladder: [LadderStep] = BarcodeReadOptions.defaultLadder, timeBudget: Double = 0.25,
                findAll: Bool = false, maxPixels: Int = 40_000_000, focusOnBarRegions: Bool = true,
                coarseFirstMinimumPixels: Int = 1_000_000, verifyAgainstImage: Bool = true, readsDataBar: Bool = false) {
        self.ladder = ladder; self.timeBudget = timeBudget; self.findAll = findAll; self.maxPixels = maxPixels
        self.focusOnBarRegions = focusOnBarRegions; self.coarseFirstMinimumPixels = coarseFirstMinimumPixels
        self.verifyAgainstImage = verifyAgainstImage; self.readsDataBar = readsDataBar
    }

    /// The ladder as run on an input of `pixels` pixels: `ladder`, with `.downscaled(factor: 2)` moved to the front
    /// when `pixels >= coarseFirstMinimumPixels` and the ladder starts with `.native`.
    public func ladder(forPixels pixels: Int) -> [LadderStep] {
        let half = LadderStep.downscaled(factor: 2)
        guard pixels >= coarseFirstMinimumPixels, ladder.first == .native,
              let i = ladder.firstIndex(of: half) else { return ladder }
        var out = ladder
        out.remove(at: i)
        out.insert(half, at: 0)
        return out
    }

    /// Weighted megapixels of ZBar sweep (``LadderStep/workWeight``) per second of ``timeBudget``: 20, so the default
    /// 0.25 s is 5 weighted Mpx, about what the 0.25 s CPU-time budget allowed: 42–51 ms of thread CPU per weighted Mpx
    /// on ../shared/corpus/barcodes and the 2400 px label photos (session 7, 2-core development machine under load;
    /// docs/barcode.md "Session 7"). A label photo at the scanner's 2400 x 1800 working size gets its half-size and
    /// native sweeps (1.35 + 4.3 Mpx) and stops, as before; a 0.8 MP photo reaches the 2x unsharp mask (after 4.35
    /// Mpx) that reads the blurred UPC-A codes of `eng_real_2` and `eng_real_11`. A clean, cheap-to-sweep photo can no
    /// longer run further than that on a fast machine: TestImages `deg_curved_fr`'s curved code, read by the whole-image
    /// -30° turn after 8.4 weighted Mpx, needed `timeBudget` 0.43 until `.barRegionsTilted` (issue 23) read it early.
    public static let referenceWorkRate = 20.0

    /// ``timeBudget`` as weighted megapixels of ZBar sweep; `.infinity` when the budget is.
    public var workBudget: Double { timeBudget * Self.referenceWorkRate }

    /// Thread CPU seconds after which the ladder stops whatever work is left: ``cpuTimeLimit``, or 4 x ``timeBudget``
    /// when that is `nil`. On the reference machine (release build) ``workBudget`` ends the ladder first.
    public var cpuTimeCap: Double { cpuTimeLimit ?? timeBudget * 4 }

    /// Throws `BarcodeError.invalidOptions` naming the first field out of range.
    public func validate() throws {
        guard timeBudget > 0, !timeBudget.isNaN else {
            throw BarcodeError.invalidOptions(reason: "timeBudget must be a positive number of seconds (or .infinity), got \(timeBudget)")
        }
        if let limit = cpuTimeLimit, !(limit > 0) {
            throw BarcodeError.invalidOptions(reason: "cpuTimeLimit must be a positive number of seconds (or .infinity), got \(limit)")
        }
        guard maxPixels > 0 else { throw BarcodeError.invalidOptions(reason: "maxPixels must be > 0, got \(maxPixels)") }
        guard coarseFirstMinimumPixels > 0 else {
            throw BarcodeError.invalidOptions(reason: "coarseFirstMinimumPixels must be > 0 (Int.max turns coarse-first off), got \(coarseFirstMinimumPixels)")
        }
        for step in ladder {
            switch step {
            case .downscaled(let f) where !(2...8).contains(f):
                throw BarcodeError.invalidOptions(reason: "downscaled factor must be 2...8, got \(f)")
            case .upscaled(let f) where !(2...4).contains(f),
                 .upscaledSharpened(let f) where !(2...4).contains(f):
                throw BarcodeError.invalidOptions(reason: "upscaled factor must be 2...4, got \(f)")
            case .tiles(let g) where !(2...6).contains(g):
                throw BarcodeError.invalidOptions(reason: "tiles grid must be 2...6, got \(g)")
            case .rotated(let d) where !d.isFinite:
                throw BarcodeError.invalidOptions(reason: "rotation must be finite, got \(d)")
            case .barRegionsTilted(let d) where !(5...45).contains(d):
                throw BarcodeError.invalidOptions(reason: "bar-region tilt must be 5...45 degrees, got \(d)")
            default: continue
            }
        }
    }
}
