import Foundation
import NutriLensImaging

/// An image variant for one ZBar pass plus the map from its pixels back to the reader's input image.
struct LadderImage {
    var image: GrayImage
    var toInput: PixelTransform
}

/// Builds the image variants of each `LadderStep`. Plain scalar loops over tightly packed buffers.
enum LadderImages {
    static func variants(of step: LadderStep, from input: GrayImage) -> [LadderImage] {
        switch step {
        case .native:
            return [LadderImage(image: input, toInput: .identity)]
        case .downscaled(let f):
            guard input.width / f >= 32, input.height / f >= 32, let small = downscale(input, factor: f) else { return [] }
            return [LadderImage(image: small, toInput: downscaledToInput(f))]
        case .upscaled(let f):
            guard let big = upscale(input, factor: f) else { return [] }
            return [LadderImage(image: big, toInput: upscaledToInput(f))]
        case .contrastStretched:
            return [LadderImage(image: contrastStretch(input), toInput: .identity)]
        case .equalized:
            return [LadderImage(image: equalize(input), toInput: .identity)]
        case .binarized:
            return [LadderImage(image: binarize(input), toInput: .identity)]
        case .inverted:
            return [LadderImage(image: invert(input), toInput: .identity)]
        case .rotated(let degrees):
            let (img, t) = rotate(input, degrees: degrees)
            return [LadderImage(image: img, toInput: t)]
        case .sharpened:
            return [LadderImage(image: sharpen(input), toInput: .identity)]
        case .tiles(let grid):
            return tiles(input, grid: grid)
        }
    }

    /// The variant turned by 180 degrees (pixel order reversed), with its map to the input updated.
    static func turned180(_ v: LadderImage) -> LadderImage {
        let p = v.image.packed()
        let flip = PixelTransform(a: -1, b: 0, c: 0, d: -1, tx: Double(p.width - 1), ty: Double(p.height - 1))
        return LadderImage(image: GrayImage(width: p.width, height: p.height, pixels: p.pixels.reversed()),
                           toInput: v.toInput.concatenating(flip))
    }

    // MARK: kernels

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

    /// Area-average downscale (shared `NutriLensImaging` kernel); `nil` when the factor does not fit the image.
    static func downscale(_ src: GrayImage, factor f: Int) -> GrayImage? {
        try? src.downscaled(by: f)
    }

    /// Bilinear upscale (shared kernel, pixel-centre aligned; `upscaledToInput` maps its pixels back).
    static func upscale(_ src: GrayImage, factor f: Int) -> GrayImage? {
        try? src.resized(toWidth: src.width * f, height: src.height * f)
    }

    static func invert(_ src: GrayImage) -> GrayImage {
        let s = src.packed()
        return GrayImage(width: s.width, height: s.height, pixels: s.pixels.map { 255 &- $0 })
    }

    /// Maps the 1st..99th percentile range linearly onto 0...255.
    static func contrastStretch(_ src: GrayImage) -> GrayImage {
        let s = src.packed()
        var hist = [Int](repeating: 0, count: 256)
        for v in s.pixels { hist[Int(v)] += 1 }
        let n = s.pixels.count, cut = n / 100
        var lo = 0, acc = 0
        while lo < 255 && acc + hist[lo] <= cut { acc += hist[lo]; lo += 1 }
        var hi = 255; acc = 0
        while hi > 0 && acc + hist[hi] <= cut { acc += hist[hi]; hi -= 1 }
        guard hi > lo else { return s }
        let lut: [UInt8] = (0..<256).map { v in UInt8(max(0, min(255, (v - lo) * 255 / (hi - lo)))) }
        return GrayImage(width: s.width, height: s.height, pixels: s.pixels.map { lut[Int($0)] })
    }

    /// Histogram equalisation: each level maps to 255 x (its cumulative frequency).
    static func equalize(_ src: GrayImage) -> GrayImage {
        let s = src.packed()
        var hist = [Int](repeating: 0, count: 256)
        for v in s.pixels { hist[Int(v)] += 1 }
        var lut = [UInt8](repeating: 0, count: 256), acc = 0
        let n = s.pixels.count
        for v in 0..<256 { acc += hist[v]; lut[v] = UInt8(acc * 255 / n) }
        return GrayImage(width: s.width, height: s.height, pixels: s.pixels.map { lut[Int($0)] })
    }

    /// Local-mean threshold: black where a pixel is darker than 95% of the mean of its (2r+1)^2 window.
    static func binarize(_ src: GrayImage) -> GrayImage {
        let s = src.packed(), w = s.width, h = s.height
        let r = max(4, min(w, h) / 16)
        let integral = integralImage(s)
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let y0 = max(0, y - r), y1 = min(h, y + r + 1)
            for x in 0..<w {
                let x0 = max(0, x - r), x1 = min(w, x + r + 1)
                let sum = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1]
                    - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0]
                let count = (x1 - x0) * (y1 - y0)
                if Int(s.pixels[y * w + x]) * count * 100 < sum * 95 { out[y * w + x] = 0 }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// `2 * I - boxblur(I)` over a 3x3 neighbourhood (unsharp mask, amount 1).
    static func sharpen(_ src: GrayImage) -> GrayImage {
        let s = src.packed(), w = s.width, h = s.height
        let integral = integralImage(s)
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let y0 = max(0, y - 1), y1 = min(h, y + 2)
            for x in 0..<w {
                let x0 = max(0, x - 1), x1 = min(w, x + 2)
                let sum = integral[y1 * (w + 1) + x1] - integral[y0 * (w + 1) + x1]
                    - integral[y1 * (w + 1) + x0] + integral[y0 * (w + 1) + x0]
                let mean = sum / ((x1 - x0) * (y1 - y0))
                let v = 2 * Int(s.pixels[y * w + x]) - mean
                out[y * w + x] = UInt8(max(0, min(255, v)))
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// Rotates clockwise by `degrees` about the centre into a canvas that holds the whole input (white outside).
    /// Returns the image and the map from its pixels to the input's.
    static func rotate(_ src: GrayImage, degrees: Double) -> (GrayImage, PixelTransform) {
        let s = src.packed()
        let t = degrees * .pi / 180, cs = cos(t), sn = sin(t)
        let w = Int((abs(Double(s.width) * cs) + abs(Double(s.height) * sn)).rounded())
        let h = Int((abs(Double(s.width) * sn) + abs(Double(s.height) * cs)).rounded())
        let cin = (Double(s.width) / 2, Double(s.height) / 2), cout = (Double(w) / 2, Double(h) / 2)
        // Output -> input: inverse rotation about the centres (y points down, so this turns the picture clockwise).
        let toInput = PixelTransform(a: cs, b: sn, c: -sn, d: cs,
                                     tx: cin.0 - cs * cout.0 - sn * cout.1, ty: cin.1 + sn * cout.0 - cs * cout.1)
        // Resampling works on pixel centres: continuous x maps to index x - 0.5.
        let centre = PixelTransform.translation(dx: -0.5, dy: -0.5)
            .concatenating(toInput).concatenating(.translation(dx: 0.5, dy: 0.5))
        return (resample(s, width: max(w, 1), height: max(h, 1), map: centre), toInput)
    }

    /// The image cut into `grid` x `grid` tiles overlapping by a quarter tile, each upscaled 2x.
    static func tiles(_ src: GrayImage, grid: Int) -> [LadderImage] {
        let s = src.packed()
        let tw = s.width / grid, th = s.height / grid
        guard tw >= 16, th >= 16 else { return [] }
        let ow = tw / 4, oh = th / 4
        var out: [LadderImage] = []
        for gy in 0..<grid {
            for gx in 0..<grid {
                let x0 = max(0, gx * tw - ow), y0 = max(0, gy * th - oh)
                let x1 = min(s.width, (gx + 1) * tw + ow), y1 = min(s.height, (gy + 1) * th + oh)
                var pix = [UInt8](repeating: 0, count: (x1 - x0) * (y1 - y0))
                for y in y0..<y1 {
                    for x in x0..<x1 { pix[(y - y0) * (x1 - x0) + (x - x0)] = s.pixels[y * s.width + x] }
                }
                let tile = GrayImage(width: x1 - x0, height: y1 - y0, pixels: pix)
                guard let big = upscale(tile, factor: 2) else { continue }
                out.append(LadderImage(image: big,
                                       toInput: PixelTransform.translation(dx: Double(x0), dy: Double(y0))
                                           .concatenating(upscaledToInput(2))))
            }
        }
        return out
    }

    // MARK: helpers

    /// Bilinear resampling: output pixel (x, y) takes the input value at `map(x, y)` (pixel-index coordinates);
    /// white outside the input.
    private static func resample(_ s: GrayImage, width w: Int, height h: Int, map: PixelTransform) -> GrayImage {
        var out = [UInt8](repeating: 255, count: w * h)
        let sw = s.width, sh = s.height
        s.pixels.withUnsafeBufferPointer { p in
            for y in 0..<h {
                var sx = map.b * Double(y) + map.tx, sy = map.d * Double(y) + map.ty
                for x in 0..<w {
                    if sx > -1 && sy > -1 && sx < Double(sw) && sy < Double(sh) {
                        let fx = sx.rounded(.down), fy = sy.rounded(.down)
                        let ix = Int(fx), iy = Int(fy), ax = sx - fx, ay = sy - fy
                        let x0 = max(ix, 0), x1 = min(ix + 1, sw - 1), y0 = max(iy, 0), y1 = min(iy + 1, sh - 1)
                        let top = Double(p[y0 * sw + x0]) * (1 - ax) + Double(p[y0 * sw + x1]) * ax
                        let bottom = Double(p[y1 * sw + x0]) * (1 - ax) + Double(p[y1 * sw + x1]) * ax
                        out[y * w + x] = UInt8(top * (1 - ay) + bottom * ay + 0.5)
                    }
                    sx += map.a; sy += map.c
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// Summed-area table with a zero first row and column: `(w + 1) * (h + 1)` entries.
    private static func integralImage(_ s: GrayImage) -> [Int] {
        let w = s.width, h = s.height
        var t = [Int](repeating: 0, count: (w + 1) * (h + 1))
        for y in 0..<h {
            var row = 0
            for x in 0..<w {
                row += Int(s.pixels[y * w + x])
                t[(y + 1) * (w + 1) + x + 1] = t[y * (w + 1) + x + 1] + row
            }
        }
        return t
    }
}
