import Foundation
import NutriLensImaging
import XCTest
@testable import NutriLensText

/// `LineCropper.tensor` against the crop's definition evaluated pixel by pixel (the form it had before it set up
/// the homography once per sample row): output pixel (u, v), n x n samples at ((u + (sx + 0.5) / n) * scaleX - 0.5,
/// (v + (sy + 0.5) / n) * scaleY - 0.5) of the line, turned for tall crops, mapped through the homography and read
/// bilinearly with the border replicated. Quads cover the cases the row set-up must get right: shrinking (several
/// samples per pixel), a tall crop read turned, a perspective quad, and a quad hanging over the image's edge.
final class LineCropperTests: XCTestCase {
    /// A 160 x 120 RGB image whose channels vary differently in x and y, so a wrong axis or turn shows.
    static let image: DecodedImage = {
        let (w, h) = (160, 120)
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * 3
                pixels[i] = UInt8((x * 7 + y * 3) % 256)
                pixels[i + 1] = UInt8((x * x + 5 * y) % 256)
                pixels[i + 2] = UInt8(((x / 4) ^ (y / 3)) * 9 % 256)
            }
        }
        return .color(RGBImage(width: w, height: h, layout: .rgb, pixels: pixels))
    }()

    static let normalization = Normalization(scale: 1 / 255, mean: [0.5, 0.5, 0.5], std: [0.5, 0.5, 0.5])

    func testTensorEqualsThePerPixelDefinition() {
        let cropper = LineCropper(height: 48, minimumWidth: 320)
        let quads: [(String, [SIMD2<Double>])] = [
            ("shrink 3x", [SIMD2(10, 10), SIMD2(150, 10), SIMD2(150, 110), SIMD2(10, 110)]),
            ("tall, read turned", [SIMD2(60, 5), SIMD2(90, 5), SIMD2(90, 115), SIMD2(60, 115)]),
            ("perspective", [SIMD2(12, 30), SIMD2(140, 22), SIMD2(147, 61), SIMD2(9, 70)]),
            ("rotated, over the edge", [SIMD2(-20, 40), SIMD2(120, -10), SIMD2(135, 30), SIMD2(-5, 80)]),
            ("enlarged", [SIMD2(30.5, 40.25), SIMD2(70.5, 40.25), SIMD2(70.5, 52.25), SIMD2(30.5, 52.25)]),
        ]
        let source = ImageSource(Self.image, bgr: true)
        for (name, quad) in quads {
            for padding in [LinePadding.paddleOCR, .tight] {
                let plan = cropper.plan(quad, padding: padding)
                let (fast, worst) = Self.tensorAndError(cropper, source, plan)
                XCTAssertLessThan(worst, 1e-4, "\(name), \(padding)")
                // The padding columns stay zero.
                XCTAssertEqual(fast[(plan.lineWidth)..<plan.tensorWidth].filter { $0 != 0 }.count, 0, name)
            }
        }
        XCTAssertTrue(cropper.plan(quads[1].1).rotated)
        XCTAssertGreaterThan(cropper.plan(quads[0].1).cropWidth / 48, 2, "the first quad must shrink")
    }

    /// A deterministic test image of odd size whose channels vary differently in x and y.
    static func pattern(width w: Int, height h: Int, layout: ColorLayout?) -> DecodedImage {
        let bpp = layout?.bytesPerPixel ?? 1
        var pixels = [UInt8](repeating: 0, count: w * h * bpp)
        for y in 0..<h {
            for x in 0..<w {
                let i = (y * w + x) * bpp
                pixels[i] = UInt8((x * 7 + y * 13 + (x * y) % 11) % 256)
                if bpp > 1 {
                    pixels[i + 1] = UInt8((x * x + 5 * y) % 256)
                    pixels[i + 2] = UInt8(((x / 4) ^ (y / 3)) * 9 % 256)
                }
                if bpp > 3 { pixels[i + 3] = UInt8((x + y) % 256) }
            }
        }
        guard let layout else { return .gray(GrayImage(width: w, height: h, pixels: pixels)) }
        return .color(RGBImage(width: w, height: h, layout: layout, pixels: pixels))
    }

    /// Upright axis-aligned quads go through `SeparableLineCrop` and give the per-pixel definition within float
    /// rounding: shrink factors 1 to 4 (and beyond, where 4 x 4 samples skip rows), enlarging, fractional and odd
    /// sizes, quads over every edge, on grey, RGB and BGRA images.
    func testSeparablePathEqualsThePerPixelDefinition() {
        let cropper = LineCropper(height: 48, minimumWidth: 320)
        let images: [(String, DecodedImage)] = [
            ("grey", Self.pattern(width: 401, height: 277, layout: nil)),
            ("rgb", Self.pattern(width: 401, height: 277, layout: .rgb)),
            ("bgra", Self.pattern(width: 401, height: 277, layout: .bgra)),
        ]
        // (name, top-left, width, height): the crop's height over 48 is the shrink factor.
        let quads: [(String, SIMD2<Double>, Double, Double)] = [
            ("shrink 1", SIMD2(20.25, 30.5), 211.5, 48.4),
            ("shrink 1.5", SIMD2(7, 11), 301, 72.9),
            ("shrink 2", SIMD2(50.5, 60.75), 97.3, 96),
            ("shrink 3", SIMD2(13.1, 70.2), 377.7, 143.9),
            ("shrink 4", SIMD2(0, 0), 401, 192),
            ("shrink 5.7, capped at 4 x 4 samples", SIMD2(3.3, 1.6), 390.2, 273.6),
            ("enlarged", SIMD2(100.6, 200.3), 31.1, 9.7),
            ("narrow, odd", SIMD2(151.5, 91.5), 5.5, 5),
            ("over the top-left", SIMD2(-17.5, -9.25), 140, 60.5),
            ("over the bottom-right", SIMD2(310.75, 240.5), 120, 50),
            ("wider than the image", SIMD2(-30, 100), 470, 41),
        ]
        for (imageName, image) in images {
            let source = ImageSource(image, bgr: true)
            for (name, origin, w, h) in quads {
                let quad = [origin, origin + SIMD2(w, 0), origin + SIMD2(w, h), origin + SIMD2(0, h)]
                for padding in [LinePadding.paddleOCR, .tight] {
                    let plan = cropper.plan(quad, padding: padding)
                    XCTAssertNotNil(SeparableLineCrop(plan: plan, height: 48, grid: .init(plan: plan, height: 48), source: source),
                                    "\(name) must take the separable path")
                    let worst = Self.tensorAndError(cropper, source, plan).worst
                    // Float rounding of a sum of at most 64 weighted bytes, normalised by 2 / 255: ~1e-6.
                    XCTAssertLessThan(worst, 1e-5, "\(imageName), \(name), \(padding)")
                }
            }
        }
    }

    /// Turned, rotated and perspective quads keep the per-sample path.
    func testOnlyUprightAxisAlignedCropsAreSeparable() {
        let cropper = LineCropper(height: 48, minimumWidth: 320)
        let source = ImageSource(Self.image, bgr: true)
        let quads: [[SIMD2<Double>]] = [
            [SIMD2(60, 5), SIMD2(90, 5), SIMD2(90, 115), SIMD2(60, 115)],      // tall: read turned
            [SIMD2(10, 12), SIMD2(150, 10), SIMD2(150.3, 30), SIMD2(10.3, 32)],  // rotated by ~0.8 degrees
            [SIMD2(12, 30), SIMD2(140, 22), SIMD2(147, 61), SIMD2(9, 70)],      // perspective
        ]
        for quad in quads {
            let plan = cropper.plan(quad)
            XCTAssertNil(SeparableLineCrop(plan: plan, height: 48, grid: .init(plan: plan, height: 48), source: source))
        }
    }

    /// Crops that are not upright rectangles read their taps from a `LineCropRegion` of floats: bit-identical to
    /// reading the bytes where the homography is kept (perspective, over the edge), within float rounding where an
    /// affine crop inside the image drops the denominator; either way the per-pixel definition within 1e-5. Slanted
    /// crops whose bounding box is much larger than the samples keep reading the bytes.
    func testRegionPathEqualsThePerPixelDefinition() {
        let cropper = LineCropper(height: 48, minimumWidth: 320)
        let images: [(String, DecodedImage)] = [("grey", Self.pattern(width: 301, height: 201, layout: nil)),
                                                ("rgb", Self.pattern(width: 301, height: 201, layout: .rgb)),
                                                ("bgra", Self.pattern(width: 301, height: 201, layout: .bgra))]
        func rectangle(centre: SIMD2<Double>, width: Double, height: Double, degrees: Double) -> [SIMD2<Double>] {
            let a = degrees * .pi / 180
            let u = SIMD2(cos(a), sin(a)) * (width / 2), v = SIMD2(-sin(a), cos(a)) * (height / 2)
            return [centre - u - v, centre + u - v, centre + u + v, centre - u + v]
        }
        // (name, quad, region expected, interior affine expected)
        let quads: [(String, [SIMD2<Double>], Bool, Bool)] = [
            ("rotated 2 degrees, shrink 2", rectangle(centre: SIMD2(150, 100), width: 250, height: 96, degrees: 2), true, true),
            ("rotated -4 degrees, enlarged", rectangle(centre: SIMD2(80.3, 60.7), width: 90, height: 20, degrees: -4), true, true),
            ("tall, read turned", [SIMD2(60, 5), SIMD2(90, 5), SIMD2(90, 115), SIMD2(60, 115)], true, true),
            ("perspective", [SIMD2(12, 30), SIMD2(140, 22), SIMD2(147, 61), SIMD2(9, 70)], true, false),
            ("rotated, over the edge", [SIMD2(-20, 40), SIMD2(120, -10), SIMD2(135, 30), SIMD2(-5, 80)], true, false),
            ("rotated 45 degrees: bounding box over twice the samples", rectangle(centre: SIMD2(150, 100), width: 180, height: 96, degrees: 45), false, false),
        ]
        for (imageName, image) in images {
            let source = ImageSource(image, bgr: true)
            for (name, quad, regionExpected, interiorAffine) in quads {
                let plan = cropper.plan(quad)
                let grid = LineCropper.SampleGrid(plan: plan, height: 48)
                XCTAssertNil(SeparableLineCrop(plan: plan, height: 48, grid: grid, source: source), name)
                let samples = plan.lineWidth * 48 * grid.n * grid.n
                let region = LineCropRegion(plan: plan, grid: grid, height: 48, source: source, maximumArea: 2 * samples)
                XCTAssertEqual(region != nil, regionExpected, name)
                XCTAssertEqual(region.map { $0.interior && LineCropper.isAffine(plan) } ?? false, interiorAffine, name)
                region?.deallocate()
                func crop(regionLimit: Int) -> [Float] {
                    var out = [Float](repeating: 0, count: 3 * 48 * plan.tensorWidth)  // `sampled` leaves the padding
                    out.withUnsafeMutableBufferPointer {
                        cropper.sampled(source, plan: plan, grid: grid, normalization: Self.normalization, into: $0.baseAddress!,
                                        regionLimit: regionLimit)
                    }
                    return out
                }
                let bytes = crop(regionLimit: 0), regionPath = crop(regionLimit: 1 << 20)
                if !interiorAffine && regionExpected { XCTAssertTrue(regionPath == bytes, "\(imageName), \(name): not bit-identical") }
                XCTAssertLessThan(Self.tensorAndError(cropper, source, plan).worst, 1e-5, "\(imageName), \(name)")
                let reference = Self.referenceTensor(source, plan: plan, height: 48)
                let worstRegion = zip(regionPath, reference).map { abs($0 - $1) }.max() ?? .nan
                XCTAssertLessThan(worstRegion, 1e-5, "\(imageName), \(name), region forced")
            }
        }
    }

    /// `ImageSource.floor` is `rounded(.down)` on either side of integers, at zero and at the clamp limits.
    func testFloorMatchesRoundingDown() {
        let values: [Double] = [-1, -0.999_999_999, -0.5, -1e-300, -0.0, 0, 1e-300, 0.5, 0.999_999_999_999, 1, 2.5,
                                3199.999_999, 3200, 1e7, -1e7 + 0.5]
        for x in values { XCTAssertEqual(ImageSource.floor(x), Int(x.rounded(.down)), "\(x)") }
    }

    /// `cropper.tensor` of `plan` (height 48) and its largest difference from the per-pixel definition.
    static func tensorAndError(_ cropper: LineCropper, _ source: ImageSource, _ plan: LineCropper.Plan) -> (tensor: [Float], worst: Float) {
        var tensor = [Float](repeating: .nan, count: 3 * 48 * plan.tensorWidth)
        tensor.withUnsafeMutableBufferPointer {
            cropper.tensor(source, plan: plan, normalization: normalization, into: $0.baseAddress!)
        }
        let reference = referenceTensor(source, plan: plan, height: 48)
        return (tensor, zip(tensor, reference).map { abs($0 - $1) }.max() ?? .nan)
    }

    /// The per-pixel definition (see the type's comment), normalised as the cropper does.
    static func referenceTensor(_ source: ImageSource, plan: LineCropper.Plan, height: Int) -> [Float] {
        let width = plan.tensorWidth, plane = height * width
        var out = [Float](repeating: 0, count: 3 * plane)
        let (outW, outH) = plan.rotated ? (plan.cropHeight, plan.cropWidth) : (plan.cropWidth, plan.cropHeight)
        let scaleX = outW / Double(plan.lineWidth), scaleY = outH / Double(height)
        let n = max(1, Int(min(4, max(scaleX, scaleY).rounded(.up))))
        let m = plan.homography
        source.pixels.withUnsafeBufferPointer { buffer in
            for v in 0..<height {
                for u in 0..<plan.lineWidth {
                    var acc: (Float, Float, Float) = (0, 0, 0)
                    for sy in 0..<n {
                        let ry = (Double(v) + (Double(sy) + 0.5) / Double(n)) * scaleY - 0.5
                        for sx in 0..<n {
                            let rx = (Double(u) + (Double(sx) + 0.5) / Double(n)) * scaleX - 0.5
                            let (cx, cy) = plan.rotated ? (plan.cropWidth - 1 - ry, rx) : (rx, ry)
                            let d = m[6] * cx + m[7] * cy + m[8]
                            let sample = bilinear(buffer, source, x: (m[0] * cx + m[1] * cy + m[2]) / d,
                                                  y: (m[3] * cx + m[4] * cy + m[5]) / d)
                            let w = 1 / Float(n * n)
                            acc = (acc.0 + sample[0] * w, acc.1 + sample[1] * w, acc.2 + sample[2] * w)
                        }
                    }
                    let values = [acc.0, acc.1, acc.2]
                    for c in 0..<3 {
                        out[c * plane + v * width + u] = values[c] * normalization.multiplier(c) + normalization.offset(c)
                    }
                }
            }
        }
        return out
    }

    /// Bilinear sample of network channels at pixel-centre coordinates, positions clamped to the image.
    static func bilinear(_ p: UnsafeBufferPointer<UInt8>, _ s: ImageSource, x: Double, y: Double) -> [Float] {
        let x = min(max(x, -1), Double(s.width)), y = min(max(y, -1), Double(s.height))
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = Float(x - x.rounded(.down)), fy = Float(y - y.rounded(.down))
        func at(_ xi: Int, _ yi: Int, _ c: Int) -> Float {
            let cx = min(max(xi, 0), s.width - 1), cy = min(max(yi, 0), s.height - 1)
            return Float(p[cy * s.stride + cx * s.bytesPerPixel + c])
        }
        let offsets = [s.channelOffsets.0, s.channelOffsets.1, s.channelOffsets.2]
        return offsets.map { c in
            (1 - fx) * (1 - fy) * at(x0, y0, c) + fx * (1 - fy) * at(x0 + 1, y0, c)
                + (1 - fx) * fy * at(x0, y0 + 1, c) + fx * fy * at(x0 + 1, y0 + 1, c)
        }
    }
}
