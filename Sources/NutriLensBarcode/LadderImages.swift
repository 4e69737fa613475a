import Foundation
import NutriLensImaging

/// An image variant for one ZBar pass plus the map from its pixels back to the reader's input image.
struct LadderImage {
    var image: GrayImage
    var toInput: PixelTransform
}

/// Builds the image variants of each `LadderStep` from the shared `NutriLensImaging` kernels, and the pixel maps
/// that take ZBar's coordinates in each variant back to the input.
enum LadderImages {
    /// The variants one step scans; empty when the step does not apply (e.g. too small to downscale). `regions` gives
    /// `BarRegionFinder.regions(in: input)` for the region-only steps (a search computes them once for all its steps);
    /// without it they are found here.
    static func variants(of step: LadderStep, from input: GrayImage,
                         regions: (() -> [PixelRect])? = nil) -> [LadderImage] {
        switch step {
        case .native:
            return [LadderImage(image: input, toInput: .identity)]
        case .downscaled(let f):
            guard input.width / f >= 32, input.height / f >= 32, let small = try? input.downscaled(by: f) else { return [] }
            return [LadderImage(image: small, toInput: downscaledToInput(f))]
        case .upscaled(let f):
            guard let big = upscale(input, factor: f) else { return [] }
            return [LadderImage(image: big, toInput: upscaledToInput(f))]
        case .contrastStretched:
            guard let stretched = try? input.contrastStretched(lowPercentile: 1, highPercentile: 99) else { return [] }
            return [LadderImage(image: stretched, toInput: .identity)]
        case .equalized:
            return [LadderImage(image: equalize(input), toInput: .identity)]
        case .binarized:
            return [LadderImage(image: meanThreshold(input), toInput: .identity)]
        case .inverted:
            return [LadderImage(image: input.inverted(), toInput: .identity)]
        case .rotated(let degrees):
            guard let turned = rotate(input, clockwiseDegrees: degrees) else { return [] }
            return [turned]
        case .sharpened:
            return [LadderImage(image: sharpen(input), toInput: .identity)]
        case .upscaledSharpened(let f):
            guard let big = upscale(input, factor: f) else { return [] }
            return [LadderImage(image: wideUnsharp(big, radius: (9 * f + 1) / 2, amount: 6), toInput: upscaledToInput(f))]
        case .tiles(let grid):
            return tiles(input, grid: grid)
        case .quietZoneRepaired:
            return QuietZoneRepair.variants(from: input, regions: regions?())
        case .barRegionsTilted(let degrees):
            return tiltedRegions(input, regions: regions?(), degrees: degrees)
        }
    }

    /// The regions that look like bars (`regions`: `BarRegionFinder.regions(in: input)` unless given; up to
    /// `QuietZoneRepair.maximumRegions`, largest first) cropped out of `input`, each at least 16 x 16 and, when
    /// `maximumArea` is given, at most that many pixels, with the map from the crop's pixels to `input`'s: what the
    /// region-only steps (`.quietZoneRepaired`, `.barRegionsTilted`) work on.
    static func barRegionCrops(_ input: GrayImage, regions: [PixelRect]? = nil,
                               maximumArea: Int = .max) -> [LadderImage] {
        (regions ?? BarRegionFinder.regions(in: input)).prefix(QuietZoneRepair.maximumRegions).compactMap { region in
            // The size is known before any pixel is copied (a crop has the region's size).
            guard region.width >= 16, region.height >= 16, region.width * region.height <= maximumArea,
                  let crop = try? input.cropped(to: region) else { return nil }
            return LadderImage(image: crop, toInput: .translation(dx: Double(region.x), dy: Double(region.y)))
        }
    }

    /// ``barRegionCrops(_:)`` covering at most half of `input`, each turned by +`degrees` and -`degrees`, with maps
    /// back to `input`. A region grown over most of a small photo (a 0.5 MP label shot whose bars fill it) would make
    /// this step a whole-image turn, which the ladder's later `.rotated` steps already are, at the cost of the
    /// budget the 2x unsharp step needs (julielee9067 `eng_real_4`, docs/barcode.md).
    static func tiltedRegions(_ input: GrayImage, regions: [PixelRect]? = nil, degrees: Double) -> [LadderImage] {
        barRegionCrops(input, regions: regions, maximumArea: input.width * input.height / 2).flatMap { region in
            [degrees, -degrees].compactMap { angle in
                rotate(region.image, clockwiseDegrees: angle).map {
                    LadderImage(image: $0.image, toInput: region.toInput.concatenating($0.toInput))
                }
            }
        }
    }

    /// The variant turned by 180 degrees, with its map to the input updated.
    static func turned180(_ v: LadderImage) -> LadderImage {
        let w = Double(v.image.width - 1), h = Double(v.image.height - 1)
        let flip = PixelTransform(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        return LadderImage(image: v.image.rotated(by: .halfTurn), toInput: v.toInput.concatenating(flip))
    }

    // MARK: pixel maps

    /// Output pixel `x` of an `f`x box downscale averages input `f x ... f x + f - 1`, centred at `f x + (f - 1) / 2`.
    static func downscaledToInput(_ f: Int) -> PixelTransform {
        let s = Double(f)
        return PixelTransform(a: s, b: 0, c: 0, d: s, tx: (s - 1) / 2, ty: (s - 1) / 2)
    }

    /// Output pixel `x` of a pixel-centre aligned `f`x upscale samples input `(x + 0.5) / f - 0.5`.
    static func upscaledToInput(_ f: Int) -> PixelTransform {
        let s = 1 / Double(f)
        return PixelTransform(a: s, b: 0, c: 0, d: s, tx: 0.5 * s - 0.5, ty: 0.5 * s - 0.5)
    }

    // MARK: variants

    static func upscale(_ src: GrayImage, factor f: Int) -> GrayImage? {
        try? src.resized(toWidth: src.width * f, height: src.height * f)
    }

    /// Turned clockwise by `degrees` into a canvas that holds the whole input (white outside).
    /// `GrayImage.rotated(byDegrees:expand:)` turns counter-clockwise; its `rotationMapping` (an affine map from
    /// output to input pixels) is read off at three points to give the variant's `toInput`.
    static func rotate(_ src: GrayImage, clockwiseDegrees degrees: Double) -> LadderImage? {
        guard let out = try? src.rotated(byDegrees: -degrees, expand: true, fill: 255),
              let mapping = try? src.rotationMapping(byDegrees: -degrees, expand: true) else { return nil }
        let o = mapping.sourcePoint(x: 0, y: 0), ex = mapping.sourcePoint(x: 1, y: 0), ey = mapping.sourcePoint(x: 0, y: 1)
        let map = PixelTransform(a: ex.x - o.x, b: ey.x - o.x, c: ex.y - o.y, d: ey.y - o.y, tx: o.x, ty: o.y)
        return LadderImage(image: out, toInput: map)
    }

    /// Histogram equalisation: each level maps to 255 x (its cumulative frequency).
    static func equalize(_ src: GrayImage) -> GrayImage {
        let hist = src.histogram()
        let n = max(1, src.width * src.height)
        var lut = [UInt8](repeating: 0, count: 256), acc = 0
        for v in 0..<256 { acc += hist[v]; lut[v] = UInt8(acc * 255 / n) }
        let s = src.packed()
        return GrayImage(width: s.width, height: s.height, pixels: s.pixels.map { lut[Int($0)] })
    }

    /// Local-mean threshold: black where a pixel is darker than 95% of the mean of its window (about 1/8 of the
    /// shorter side: wider than a digit's bars, narrower than a lighting gradient). Unlike Sauvola's text rule it
    /// ignores the window's spread, so faint bars in a low-contrast window still come out black; on the shared
    /// corpus Sauvola (k 0.05...0.34) read 2-3 photos fewer.
    static func meanThreshold(_ src: GrayImage) -> GrayImage {
        let s = src.packed(), w = s.width, h = s.height
        let r = max(4, min(w, h) / 16)
        let integral = IntegralImage(s)
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let y0 = max(0, y - r), y1 = min(h, y + r + 1)
            for x in 0..<w {
                let x0 = max(0, x - r), x1 = min(w, x + r + 1)
                let box = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                if Int(s.pixels[y * w + x]) * box.width * box.height * 100 < Int(integral.sum(of: box)) * 95 {
                    out[y * w + x] = 0
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// Unsharp mask `2 I - box3x3(I)` (amount 1): steepens the bar edges of a mildly defocused photo.
    static func sharpen(_ src: GrayImage) -> GrayImage {
        let s = src.packed(), w = s.width, h = s.height
        let integral = IntegralImage(s)
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let y0 = max(0, y - 1), y1 = min(h, y + 2)
            for x in 0..<w {
                let x0 = max(0, x - 1), x1 = min(w, x + 2)
                let box = PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
                let mean = Int(integral.sum(of: box)) / (box.width * box.height)
                out[y * w + x] = UInt8(clamping: 2 * Int(s.pixels[y * w + x]) - mean)
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// Unsharp mask `I + amount (I - G(I))` with `G` three passes of a separable `(2 radius + 1)`-wide box blur
    /// (edges clamped), close to a Gaussian of sigma `radius`; results clamped to 0...255.
    static func wideUnsharp(_ src: GrayImage, radius r: Int, amount: Int) -> GrayImage {
        let s = src.packed(), w = s.width, h = s.height
        var blur = s.pixels.map { Int32($0) }
        var line = [Int32](repeating: 0, count: max(w, h))
        for _ in 0..<3 {
            for y in 0..<h { boxLine(&blur, start: y * w, stride: 1, count: w, radius: r, scratch: &line) }
            for x in 0..<w { boxLine(&blur, start: x, stride: w, count: h, radius: r, scratch: &line) }
        }
        var out = [UInt8](repeating: 0, count: w * h)
        for i in 0..<(w * h) {
            let v = Int32(s.pixels[i])
            out[i] = UInt8(clamping: v + Int32(amount) * (v - blur[i]))
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// Running-sum box mean of one row or column of `data` in place (window `2 radius + 1`, edge pixels repeated).
    private static func boxLine(_ data: inout [Int32], start: Int, stride: Int, count n: Int, radius r: Int,
                                scratch line: inout [Int32]) {
        for i in 0..<n { line[i] = data[start + i * stride] }
        let window = Int32(2 * r + 1)
        var acc: Int32 = 0
        for k in -r...r { acc += line[min(max(k, 0), n - 1)] }
        for i in 0..<n {
            data[start + i * stride] = (acc + window / 2) / window
            acc += line[min(i + r + 1, n - 1)] - line[max(i - r, 0)]
        }
    }

    /// The image cut into `grid` x `grid` tiles overlapping by a quarter tile, each upscaled 2x.
    static func tiles(_ src: GrayImage, grid: Int) -> [LadderImage] {
        let tw = src.width / grid, th = src.height / grid
        guard tw >= 16, th >= 16 else { return [] }
        let ow = tw / 4, oh = th / 4
        var out: [LadderImage] = []
        for gy in 0..<grid {
            for gx in 0..<grid {
                let x0 = max(0, gx * tw - ow), y0 = max(0, gy * th - oh)
                let x1 = min(src.width, (gx + 1) * tw + ow), y1 = min(src.height, (gy + 1) * th + oh)
                guard let tile = try? src.cropped(to: PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)),
                      let big = upscale(tile, factor: 2) else { continue }
                out.append(LadderImage(image: big, toInput: PixelTransform.translation(dx: Double(x0), dy: Double(y0))
                    .concatenating(upscaledToInput(2))))
            }
        }
        return out
    }
}
