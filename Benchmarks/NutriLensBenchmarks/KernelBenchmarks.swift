import CLeptonica
import NutriLensImaging

/// `kernels`: every SIMD kernel vs its `ScalarReference` twin vs Leptonica's nearest equivalent, on one synthetic
/// 3000x4000 photo-like image (`--size WxH` for another size, e.g. a cache-resident 512x512) (smooth lighting gradient, dark text strokes, sensor noise). Prints median times and
/// the two ratios the project targets: SIMD >= 4x scalar, SIMD faster than Leptonica.
enum KernelBenchmarks {
    struct Case {
        let name: String
        let simd: () throws -> Any
        let scalar: (() throws -> Any)?
        let leptonica: (name: String, run: () -> Any)?
    }

    static func run(arguments: [String]) {
        var reps = 7
        if let i = arguments.firstIndex(of: "--reps"), i + 1 < arguments.count, let n = Int(arguments[i + 1]) {
            reps = max(1, n)
        }
        var only: String?
        if let i = arguments.firstIndex(of: "--only"), i + 1 < arguments.count { only = arguments[i + 1] }
        BenchmarkTiming.reuseLargeAllocations()
        var width = 3000, height = 4000
        if let i = arguments.firstIndex(of: "--size"), i + 1 < arguments.count {
            let parts = arguments[i + 1].split(separator: "x").compactMap { Int($0) }
            if parts.count == 2, parts[0] >= 64, parts[1] >= 64 { (width, height) = (parts[0], parts[1]) }
        }
        let rgb = syntheticPhoto(width: width, height: height)
        let rgba = RGBImage(width: width, height: height, layout: .rgba,
                            pixels: rgbaBytes(rgb))
        let gray = rgb.luminance()
        let leptRGB = LeptonicaPix.color(rgb)
        let leptGray = LeptonicaPix.gray(gray)
        defer { LeptonicaPix.destroy(leptRGB); LeptonicaPix.destroy(leptGray) }

        BenchOutput.line("NutriLens kernel benchmark: \(width)x\(height), thread CPU time, median of \(reps) runs after 1 warm-up")
        BenchOutput.line("(scalar reference: median of \(max(1, reps / 2)) runs)")
        let header = pad("kernel", 34) + pad("SIMD", 11) + pad("scalar", 11) + pad("x scalar", 10)
            + pad("Leptonica", 11) + pad("x Lept", 8) + "Leptonica function"
        BenchOutput.line(header)
        BenchOutput.line(String(repeating: "-", count: header.count + 10))
        for c in cases(rgb: rgb, rgba: rgba, gray: gray, leptRGB: leptRGB, leptGray: leptGray)
        where only.map({ c.name.contains($0) }) ?? true {
            do {
                let t = try BenchmarkTiming.median(reps: reps, c.simd)
                let s = try c.scalar.map { try BenchmarkTiming.median(reps: max(1, reps / 2), $0) }
                let l = c.leptonica.map { BenchmarkTiming.median(reps: reps, $0.run) }
                var line = pad(c.name, 34) + pad(BenchmarkTiming.format(t), 11)
                line += pad(s.map(BenchmarkTiming.format) ?? "-", 11)
                line += pad(s.map { ratio($0 / t) } ?? "-", 10)
                line += pad(l.map(BenchmarkTiming.format) ?? "-", 11)
                line += pad(l.map { ratio($0 / t) } ?? "-", 8)
                line += c.leptonica?.name ?? ""
                BenchOutput.line(line)
            } catch {
                BenchOutput.line(pad(c.name, 34) + "error: \(error)")
            }
        }
    }

    static func cases(rgb: RGBImage, rgba: RGBImage, gray: GrayImage,
                      leptRGB: UnsafeMutablePointer<PIX>, leptGray: UnsafeMutablePointer<PIX>) -> [Case] {
        let w = gray.width, h = gray.height
        func lept(_ name: String, _ body: @escaping () -> UnsafeMutablePointer<PIX>?) -> (name: String, run: () -> Any) {
            (name, { let p = body(); LeptonicaPix.destroy(p); return p != nil })
        }
        return [
            Case(name: "luminance rgb (3 B/px)", simd: { rgb.luminance() },
                 scalar: { ScalarReference.luminance(rgb) },
                 leptonica: lept("pixConvertRGBToGray (32 bpp)") { pixConvertRGBToGray(leptRGB, 0, 0, 0) }),
            Case(name: "luminance rgba (4 B/px)", simd: { rgba.luminance() },
                 scalar: { ScalarReference.luminance(rgba) },
                 leptonica: lept("pixConvertRGBToGray (32 bpp)") { pixConvertRGBToGray(leptRGB, 0, 0, 0) }),
            Case(name: "downscale x2 (box)", simd: { try gray.downscaled(by: 2) },
                 scalar: { try ScalarReference.downscaled(gray, by: 2) },
                 leptonica: lept("pixScaleAreaMap2") { pixScaleAreaMap2(leptGray) }),
            Case(name: "downscale x3 (box)", simd: { try gray.downscaled(by: 3) },
                 scalar: { try ScalarReference.downscaled(gray, by: 3) },
                 leptonica: lept("pixScaleAreaMap 1/3") { pixScaleAreaMap(leptGray, 1.0 / 3, 1.0 / 3) }),
            Case(name: "downscale x2.5 (area map)", simd: { try gray.downscaled(by: 2.5) },
                 scalar: { try ScalarReference.downscaled(gray, toWidth: w * 2 / 5, height: h * 2 / 5) },
                 leptonica: lept("pixScaleAreaMap 0.4") { pixScaleAreaMap(leptGray, 0.4, 0.4) }),
            Case(name: "resize bilinear 0.6", simd: { try gray.resized(toWidth: w * 3 / 5, height: h * 3 / 5) },
                 scalar: { try ScalarReference.resized(gray, toWidth: w * 3 / 5, height: h * 3 / 5) },
                 leptonica: lept("pixScaleGrayLI 0.6") { pixScaleGrayLI(leptGray, 0.6, 0.6) }),
            Case(name: "resize bilinear 0.6 vs pixScale", simd: { try gray.resized(toWidth: w * 3 / 5, height: h * 3 / 5) },
                 scalar: nil,
                 leptonica: lept("pixScale 0.6 (LI + sharpen)") { pixScale(leptGray, 0.6, 0.6) }),
            Case(name: "histogram", simd: { gray.histogram() }, scalar: { ScalarReference.histogram(gray) },
                 leptonica: ("pixGetGrayHistogram", { let n = pixGetGrayHistogram(leptGray, 1); var p = n
                                                      numaDestroy(&p); return n != nil })),
            Case(name: "contrast stretch 1..99 %", simd: { try gray.contrastStretched() },
                 scalar: { try ScalarReference.contrastStretched(gray) }, leptonica: nil),
            Case(name: "contrast stretch map only", simd: { gray.stretched(to: ContrastRange(low: 60, high: 200)) },
                 scalar: { ScalarReference.stretched(gray, to: ContrastRange(low: 60, high: 200)) }, leptonica: nil),
            Case(name: "threshold (fixed level)", simd: { gray.binarized(threshold: 128) },
                 scalar: { ScalarReference.binarized(gray, threshold: 128) },
                 leptonica: lept("pixThresholdToBinary (1 bpp out)") { pixThresholdToBinary(leptGray, 128) }),
            Case(name: "Otsu (histogram + threshold)", simd: { gray.otsuBinarized() },
                 scalar: { ScalarReference.otsuBinarized(gray) },
                 leptonica: ("pixOtsuAdaptiveThreshold 1 tile", {
                     var th: UnsafeMutablePointer<PIX>?, d: UnsafeMutablePointer<PIX>?
                     let ok = pixOtsuAdaptiveThreshold(leptGray, Int32(w), Int32(h), 0, 0, 0.1, &th, &d)
                     LeptonicaPix.destroy(th); LeptonicaPix.destroy(d); return ok
                 })),
            Case(name: "integral image (sum + squares)", simd: { IntegralImage(gray) },
                 scalar: { ScalarReference.integralTables(gray) }, leptonica: nil),
            Case(name: "Sauvola r=15 k=0.34", simd: { try gray.sauvolaBinarized(radius: 15, k: 0.34) },
                 scalar: { try ScalarReference.sauvolaBinarized(gray, radius: 15, k: 0.34) },
                 leptonica: ("pixSauvolaBinarize whsize 15", {
                     var d: UnsafeMutablePointer<PIX>?
                     let ok = pixSauvolaBinarize(leptGray, 15, 0.34, 1, nil, nil, nil, &d)
                     LeptonicaPix.destroy(d); return ok
                 })),
            Case(name: "invert", simd: { gray.inverted() }, scalar: { ScalarReference.inverted(gray) },
                 leptonica: lept("pixInvert") { pixInvert(nil, leptGray) }),
            Case(name: "crop (centre half)", simd: { try gray.cropped(to: PixelRect(x: w / 4, y: h / 4, width: w / 2, height: h / 2)) },
                 scalar: { try ScalarReference.cropped(gray, to: PixelRect(x: w / 4, y: h / 4, width: w / 2, height: h / 2)) },
                 leptonica: ("pixClipRectangle", {
                     let box = boxCreate(Int32(w / 4), Int32(h / 4), Int32(w / 2), Int32(h / 2)); var b = box
                     let p = pixClipRectangle(leptGray, box, nil); boxDestroy(&b); LeptonicaPix.destroy(p); return p != nil
                 })),
            Case(name: "rotate 90 clockwise", simd: { gray.rotated(by: .clockwise) },
                 scalar: { ScalarReference.rotated(gray, by: .clockwise) },
                 leptonica: lept("pixRotateOrth 1") { pixRotateOrth(leptGray, 1) }),
            Case(name: "rotate 180", simd: { gray.rotated(by: .halfTurn) },
                 scalar: { ScalarReference.rotated(gray, by: .halfTurn) },
                 leptonica: lept("pixRotate180") { pixRotate180(nil, leptGray) }),
            Case(name: "rotate 0 deg bilinear", simd: { try gray.rotated(byDegrees: 0) },
                 scalar: { try ScalarReference.rotated(gray, byDegrees: 0) }, leptonica: nil),
            Case(name: "rotate 3 deg bilinear", simd: { try gray.rotated(byDegrees: 3) },
                 scalar: { try ScalarReference.rotated(gray, byDegrees: 3) },
                 leptonica: lept("pixRotateAMGray 3 deg") { pixRotateAMGray(leptGray, 3 * .pi / 180, 255) }),
            Case(name: "rotate 30 deg bilinear", simd: { try gray.rotated(byDegrees: 30) },
                 scalar: { try ScalarReference.rotated(gray, byDegrees: 30) },
                 leptonica: lept("pixRotateAMGray 30 deg") { pixRotateAMGray(leptGray, 30 * .pi / 180, 255) }),
            Case(name: "deskew estimate +-10 deg", simd: { try gray.estimateSkew() },
                 scalar: { try ScalarReference.estimateSkew(gray) },
                 leptonica: ("pixThresholdToBinary + pixFindSkew", {
                     let b = pixThresholdToBinary(leptGray, 128)
                     var angle: Float = 0, conf: Float = 0
                     let ok = pixFindSkew(b, &angle, &conf); LeptonicaPix.destroy(b); return ok
                 })),
        ]
    }

    /// A deterministic photo-like RGB image: lighting gradient, dark glyph-like strokes, +-8 noise.
    static func syntheticPhoto(width: Int, height: Int) -> RGBImage {
        var bytes = [UInt8](repeating: 0, count: width * height * 3)
        var state: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 1_664_525 &+ 1_013_904_223
                let noise = Int(state >> 28) - 8
                let light = 150 + (x * 60) / width + (y * 40) / height
                let stroke = ((x / 3) % 13 < 2 && (y / 40) % 3 == 1) || ((y % 40) < 3 && (x / 200) % 2 == 0)
                let v = (stroke ? 40 : light) + noise
                let o = (y * width + x) * 3
                bytes[o] = UInt8(clamping: v + 10)
                bytes[o + 1] = UInt8(clamping: v)
                bytes[o + 2] = UInt8(clamping: v - 15)
            }
        }
        return RGBImage(width: width, height: height, layout: .rgb, pixels: bytes)
    }

    static func rgbaBytes(_ rgb: RGBImage) -> [UInt8] {
        var out = [UInt8](repeating: 255, count: rgb.width * rgb.height * 4)
        for i in 0..<(rgb.width * rgb.height) {
            out[4 * i] = rgb.pixels[3 * i]; out[4 * i + 1] = rgb.pixels[3 * i + 1]; out[4 * i + 2] = rgb.pixels[3 * i + 2]
        }
        return out
    }

    static func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count) }
    static func ratio(_ r: Double) -> String { String(Double(Int(r * 10)) / 10) + "x" }
}
