/// The pixels a turned, rotated or perspective line crop reads, as floats: the bounding box of its bilinear taps,
/// one `SIMD4<Float>` per pixel (network channels 0, 1, 2 and a zero), converted once.
///
/// `LineCropper`'s per-sample path reads four taps per sample, n x n samples per output pixel, and each tap's three
/// bytes were loaded and converted to float one by one (12 scalar conversions per sample). From this region a tap is
/// one vector load and one multiply-add for the three channels, in the same order and with the same weights, so the
/// tensor is bit-identical to reading the bytes. The region holds the crop's bounding box, which for a rectangle
/// turned by angle a is (w cos a + h sin a) x (w sin a + h cos a) pixels: more than the w x h the samples cover, so
/// very slanted crops convert pixels they never read (`LineCropper` then keeps reading bytes, see `maximumArea`).
struct LineCropRegion {
    /// Tap columns `x0...x1` and rows `y0...y1` of the image.
    let x0: Int, y0: Int, x1: Int, y1: Int
    let pixels: UnsafeMutablePointer<SIMD4<Float>>
    var width: Int { x1 - x0 + 1 }
    /// Every sample position lies at least 1e-6 px inside [0, image width - 1) x [0, image height - 1) (rounding
    /// of positions computed row by row included): no position or tap needs clamping (`addInteriorBilinear`).
    let interior: Bool

    /// The region of every tap the crop can read, or nil when the homography's denominator is not positive at all
    /// four corners of the sample grid (then the sample positions are not bounded by the corners' images), or the
    /// region would hold more than `maximumArea` pixels. Call `deallocate()` when done.
    init?(plan: LineCropper.Plan, grid: LineCropper.SampleGrid, height: Int, source: ImageSource, maximumArea: Int) {
        let m = plan.homography
        // Extreme sample positions along the output axes, then the crop points they become (turned crops swap).
        let lowX = grid.position(0, sample: 0, scale: grid.scaleX)
        let highX = grid.position(plan.lineWidth - 1, sample: grid.n - 1, scale: grid.scaleX)
        let lowY = grid.position(0, sample: 0, scale: grid.scaleY)
        let highY = grid.position(height - 1, sample: grid.n - 1, scale: grid.scaleY)
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for rx in [lowX, highX] {
            for ry in [lowY, highY] {
                let (cx, cy) = plan.rotated ? (plan.cropWidth - 1 - ry, rx) : (rx, ry)
                let d = m[6] * cx + m[7] * cy + m[8]
                guard d > 0 else { return nil }
                let x = (m[0] * cx + m[1] * cy + m[2]) / d, y = (m[3] * cx + m[4] * cy + m[5]) / d
                guard x.isFinite, y.isFinite else { return nil }
                (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), max(maxY, y))
            }
        }
        // Taps of positions clamped to [-1, size] are floor(position) and the next one, clamped to the image; one
        // pixel of margin on each side covers the rounding of positions computed row by row.
        func taps(_ low: Double, _ high: Double, size: Int) -> (Int, Int) {
            let l = ImageSource.floor(min(max(low, -1), Double(size))) - 1
            let h = ImageSource.floor(min(max(high, -1), Double(size))) + 2
            return (min(max(l, 0), size - 1), min(max(h, 0), size - 1))
        }
        let margin = 1e-6
        interior = minX >= margin && minY >= margin && maxX <= Double(source.width - 1) - margin
            && maxY <= Double(source.height - 1) - margin
        (x0, x1) = taps(minX, maxX, size: source.width)
        (y0, y1) = taps(minY, maxY, size: source.height)
        let area = (x1 - x0 + 1) * (y1 - y0 + 1)
        guard area <= maximumArea else { return nil }
        pixels = .allocate(capacity: area)
        let (c0, c1, c2) = source.channelOffsets
        let (bpp, regionWidth) = (source.bytesPerPixel, x1 - x0 + 1)
        source.pixels.withUnsafeBufferPointer { buffer in
            for y in y0...y1 {
                let row = buffer.baseAddress! + y * source.stride + x0 * bpp, out = pixels + (y - y0) * regionWidth
                for x in 0..<regionWidth {
                    let p = row + x * bpp
                    out[x] = SIMD4(Float(p[c0]), Float(p[c1]), Float(p[c2]), 0)
                }
            }
        }
    }

    func deallocate() { pixels.deallocate() }

    /// `addBilinear` for a region whose samples are all `interior`: no clamping, and truncation is the floor.
    @inline(__always)
    func addInteriorBilinear(x: Double, y: Double, weight: Float, to acc: inout SIMD4<Float>) {
        let tx = Int(x), ty = Int(y)
        let fx = Float(x - Double(tx)), fy = Float(y - Double(ty))
        let w00 = (1 - fx) * (1 - fy) * weight, w01 = fx * (1 - fy) * weight
        let w10 = (1 - fx) * fy * weight, w11 = fx * fy * weight
        let top = pixels + ((ty &- y0) &* width &+ (tx &- x0)), bottom = top + width
        acc += top[0] * w00 + top[1] * w01 + bottom[0] * w10 + bottom[1] * w11
    }

    /// Bilinear sample at (`x`, `y`) as `ImageSource.addBilinear` takes it (same clamping, weights and order of
    /// the sums), added to `acc` times `weight`; lane 3 stays zero.
    @inline(__always)
    func addBilinear(x: Double, y: Double, imageWidth: Int, imageHeight: Int, weight: Float, to acc: inout SIMD4<Float>) {
        let x = ImageSource.clampedPosition(x, size: imageWidth), y = ImageSource.clampedPosition(y, size: imageHeight)
        let tx = ImageSource.floor(x), ty = ImageSource.floor(y)
        let fx = Float(x - Double(tx)), fy = Float(y - Double(ty))
        let w00 = (1 - fx) * (1 - fy) * weight, w01 = fx * (1 - fy) * weight
        let w10 = (1 - fx) * fy * weight, w11 = fx * fy * weight
        // Taps clamped to the region: it holds every tap of the crop clamped to the image, so this is the image's
        // clamping (border replicated) for every tap, and never reads outside the region.
        @inline(__always) func clamp(_ v: Int, _ low: Int, _ high: Int) -> Int { v < low ? low : (v > high ? high : v) }
        let ax = clamp(tx, x0, x1) &- x0, bx = clamp(tx &+ 1, x0, x1) &- x0
        let ay = clamp(ty, y0, y1) &- y0, by = clamp(ty &+ 1, y0, y1) &- y0
        let w = width
        let p00 = pixels[ay &* w &+ ax], p01 = pixels[ay &* w &+ bx]
        let p10 = pixels[by &* w &+ ax], p11 = pixels[by &* w &+ bx]
        acc += p00 * w00 + p01 * w01 + p10 * w10 + p11 * w11
    }
}
