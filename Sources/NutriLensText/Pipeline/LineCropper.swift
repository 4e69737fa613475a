import NutriLensImaging

/// Cuts a detected quadrilateral out of the image as an upright line of the recogniser's height, straight into the
/// network's input tensor. Geometry follows PaddleOCR's `get_rotate_crop_image` + `resize_norm_img`: the quad maps
/// by a perspective transform onto a `w x h` rectangle (w, h = the longer of each pair of opposite sides); crops at
/// least 1.5 times taller than wide are turned 90 degrees counter-clockwise; the result is scaled to height 48 and
/// width ceil(48 * w / h). Here both steps are one resampling: bilinear, averaging n x n samples per output pixel
/// when the crop shrinks by n <= 4 (PaddleOCR warps with bicubic, then shrinks bilinearly without averaging).
struct LineCropper {
    let height: Int
    let minimumWidth: Int
    /// Widest line the recogniser is given (PaddleOCR's inference.yml allows inputs up to 48 x 3200); longer lines
    /// are squeezed to it.
    static let maximumWidth = 3200

    /// Quad corners must be finite and within this many pixels of the origin.
    static let maximumCoordinate = 1e7

    /// Throws `invalidInput` unless every corner is finite and within `maximumCoordinate`.
    static func validate(_ quad: [SIMD2<Double>]) throws {
        guard quad.count == 4, quad.allSatisfy({ $0.x.isFinite && $0.y.isFinite && abs($0.x) <= maximumCoordinate
                                                    && abs($0.y) <= maximumCoordinate }) else {
            throw TextReaderError.invalidInput(reason: "quad corners must be finite and within \(Int(maximumCoordinate)) px")
        }
    }

    /// The crop geometry of `quad` (corners top-left, top-right, bottom-right, bottom-left).
    struct Plan {
        var homography: [Double]   // maps crop (x, y) to image (x, y); 3 x 3 row-major
        var cropWidth: Double, cropHeight: Double
        var rotated: Bool
        /// Columns of the tensor holding the line (the rest, up to `tensorWidth`, is zero padding).
        var lineWidth: Int
        var tensorWidth: Int
    }

    func plan(_ quad: [SIMD2<Double>], padding: LinePadding = .paddleOCR) -> Plan {
        func dist(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
        // Callers check the corners are finite and within `maximumCoordinate`, so the integer conversions are safe.
        let w = max(1, max(dist(quad[0], quad[1]), dist(quad[2], quad[3])).rounded(.towardZero))
        let h = max(1, max(dist(quad[0], quad[3]), dist(quad[1], quad[2])).rounded(.towardZero))
        let rotated = h / w >= 1.5
        let aspect = rotated ? h / w : w / h
        let lineWidth = max(1, Int(min(Double(Self.maximumWidth), (Double(height) * aspect).rounded(.up))))
        let tensorWidth: Int
        switch padding {
        case .paddleOCR: tensorWidth = max(minimumWidth, lineWidth)
        case .tight: tensorWidth = max(32, (lineWidth + 7) / 8 * 8)
        case .atLeast(let columns): tensorWidth = max(min(max(columns, 32), minimumWidth), (lineWidth + 7) / 8 * 8)
        }
        let target: [SIMD2<Double>] = [SIMD2(0, 0), SIMD2(w, 0), SIMD2(w, h), SIMD2(0, h)]
        return Plan(homography: Self.homography(from: target, to: quad), cropWidth: w, cropHeight: h, rotated: rotated,
                    lineWidth: lineWidth, tensorWidth: tensorWidth)
    }

    /// Where a crop's samples lie: output pixel (u, v) averages n x n samples at ((u + (sx + 0.5) / n) * scaleX - 0.5,
    /// (v + (sy + 0.5) / n) * scaleY - 0.5) of the (turned) crop, each weighing `weight` = 1 / n².
    struct SampleGrid {
        let scaleX: Double, scaleY: Double
        let n: Int
        let weight: Float

        init(plan: Plan, height: Int) {
            // Output pixel (u, v) -> position in the (possibly rotated) crop -> crop (x, y) -> image via the homography.
            let (outW, outH) = (plan.rotated ? plan.cropHeight : plan.cropWidth, plan.rotated ? plan.cropWidth : plan.cropHeight)
            scaleX = outW / Double(plan.lineWidth)
            scaleY = outH / Double(height)
            // n x n samples per output pixel when shrinking by n, at most 4 x 4 (text up to 192 px high is fully
            // averaged; beyond, 16 samples still cover the pixel well and the cost stays bounded for huge quads).
            n = max(1, Int(min(4, max(scaleX, scaleY).rounded(.up))))
            weight = Float(1) / Float(n * n)
        }

        /// Position of sample `s` (0..<n) of output index `i` along an axis of the (turned) crop scaled by `scale`
        /// (`scaleX` or `scaleY`): every crop path computes its positions here, so they are the same numbers.
        @inline(__always)
        func position(_ i: Int, sample s: Int, scale: Double) -> Double {
            (Double(i) + (Double(s) + 0.5) / Double(n)) * scale - 0.5
        }
    }

    /// Writes the `3 x height x plan.tensorWidth` input tensor (planes in network channel order): upright
    /// axis-aligned crops through `SeparableLineCrop`, the rest sample by sample; the padding columns are zero.
    func tensor(_ source: ImageSource, plan: Plan, normalization: Normalization, into out: UnsafeMutablePointer<Float>) {
        let width = plan.tensorWidth, lineWidth = plan.lineWidth
        if lineWidth < width {
            for row in 0..<(3 * height) { (out + row * width + lineWidth).update(repeating: 0, count: width - lineWidth) }
        }
        let grid = SampleGrid(plan: plan, height: height)
        if let separable = SeparableLineCrop(plan: plan, height: height, grid: grid, source: source) {
            separable.write(source, lineWidth: lineWidth, height: height, width: width, normalization: normalization,
                            into: out)
        } else {
            sampled(source, plan: plan, grid: grid, normalization: normalization, into: out)
        }
    }

    /// Most pixels a `LineCropRegion` may hold: 2 M pixels, 32 MiB of floats (a 2400 x 870 px box; a line crop of a
    /// working-size photo stays far below, larger ones read the bytes).
    static let maximumRegionPixels = 1 << 21

    /// The crop's definition evaluated sample by sample (any quad: turned, rotated, perspective): taps read from
    /// a `LineCropRegion` of floats when its bounding box holds at most `regionLimit` times as many pixels as
    /// there are samples (and at most `maximumRegionPixels`), else from the bytes (very slanted or huge crops,
    /// degenerate perspective).
    func sampled(_ source: ImageSource, plan: Plan, grid: SampleGrid, normalization: Normalization,
                 into out: UnsafeMutablePointer<Float>, regionLimit: Int = 2) {
        let samples = plan.lineWidth * height * grid.n * grid.n
        let limit = min(regionLimit * samples, Self.maximumRegionPixels)
        if let region = LineCropRegion(plan: plan, grid: grid, height: height, source: source, maximumArea: limit) {
            defer { region.deallocate() }
            let (width, height) = (source.width, source.height)
            if region.interior, Self.isAffine(plan) {
                sampleRows(plan: plan, grid: grid, normalization: normalization, into: out, affine: true) { x, y, weight, acc in
                    region.addInteriorBilinear(x: x, y: y, weight: weight, to: &acc)
                }
            } else {
                sampleRows(plan: plan, grid: grid, normalization: normalization, into: out, affine: false) { x, y, weight, acc in
                    region.addBilinear(x: x, y: y, imageWidth: width, imageHeight: height, weight: weight, to: &acc)
                }
            }
        } else {
            source.pixels.withUnsafeBufferPointer { buffer in
                let p = buffer.baseAddress!
                sampleRows(plan: plan, grid: grid, normalization: normalization, into: out, affine: false) { x, y, weight, acc in
                    source.addBilinear(p, x: x, y: y, weight: weight, to: &acc)
                }
            }
        }
    }

    /// The crop's homography is affine within 1e-9 px over its samples: the perspective terms may be dropped (minimum-
    /// area rectangles and other parallelograms; Gaussian elimination leaves about half of them 1e-19-small
    /// rather than zero).
    static func isAffine(_ plan: Plan) -> Bool {
        let m = plan.homography
        let w = plan.cropWidth + 1, h = plan.cropHeight + 1  // samples lie within [-0.5, crop size + 0.5)
        let reach = abs(m[0]) * w + abs(m[1]) * h + abs(m[2]) + abs(m[3]) * w + abs(m[4]) * h + abs(m[5]) + 1
        return m[8] == 1 && (abs(m[6]) * w + abs(m[7]) * h) * reach <= 1e-9
    }

    /// Walks the samples of every output pixel, hands each position (image x, y) with its weight to `read`, which
    /// adds the bilinear sample to the pixel's sum (channels in lanes 0-2), and writes the normalised sums.
    /// `affine`: positions without the homography's denominator (callers check `isAffine`).
    @inline(__always)
    private func sampleRows(plan: Plan, grid: SampleGrid, normalization: Normalization, into out: UnsafeMutablePointer<Float>,
                            affine: Bool, read: (Double, Double, Float, inout SIMD4<Float>) -> Void) {
        let width = plan.tensorWidth, plane = height * width, lineWidth = plan.lineWidth
        let (scaleX, scaleY, n, weight) = (grid.scaleX, grid.scaleY, grid.n, grid.weight)
        let m = plan.homography
        let mul = (0..<3).map(normalization.multiplier), add = (0..<3).map(normalization.offset)
        // Sample positions along an output row (the same for every row), and per-pixel sums of one output row.
        let columns = UnsafeMutablePointer<Double>.allocate(capacity: lineWidth * n)
        let acc = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: lineWidth)
        defer { columns.deallocate(); acc.deallocate() }
        for u in 0..<lineWidth {
            for sx in 0..<n { columns[u * n + sx] = grid.position(u, sample: sx, scale: scaleX) }
        }
        for v in 0..<height {
            acc.update(repeating: .zero, count: lineWidth)
            for sy in 0..<n {
                let ry = grid.position(v, sample: sy, scale: scaleY)
                // Along the row the crop point is (rx, ry), or (cropWidth - 1 - ry, rx) when rotated: the
                // homography's numerators and denominator are each linear in rx, slope + intercept set up here.
                let fixed = plan.rotated ? plan.cropWidth - 1 - ry : ry
                let (i, j) = plan.rotated ? (1, 0) : (0, 1)  // matrix column multiplying rx, and the fixed one
                let xs = m[i], xb = m[j] * fixed + m[2]
                let ys = m[3 + i], yb = m[3 + j] * fixed + m[5]
                let ds = m[6 + i], db = m[6 + j] * fixed + m[8]
                for u in 0..<lineWidth {
                    var sum = acc[u]
                    for sx in 0..<n {
                        let rx = columns[u &* n &+ sx]
                        if affine {
                            read(xs * rx + xb, ys * rx + yb, weight, &sum)
                        } else {
                            let d = ds * rx + db
                            read((xs * rx + xb) / d, (ys * rx + yb) / d, weight, &sum)
                        }
                    }
                    acc[u] = sum
                }
            }
            let o = out + v * width
            for u in 0..<lineWidth {
                o[u] = acc[u][0] * mul[0] + add[0]
                o[plane &+ u] = acc[u][1] * mul[1] + add[1]
                o[2 &* plane &+ u] = acc[u][2] * mul[2] + add[2]
            }
        }
    }

    /// The 3 x 3 perspective transform taking `from[i]` to `to[i]` (four point pairs; OpenCV's
    /// `getPerspectiveTransform`), row-major with the last entry 1. Degenerate quads give the identity.
    static func homography(from: [SIMD2<Double>], to: [SIMD2<Double>]) -> [Double] {
        var a = [[Double]](repeating: [Double](repeating: 0, count: 9), count: 8)
        for i in 0..<4 {
            let (x, y, X, Y) = (from[i].x, from[i].y, to[i].x, to[i].y)
            a[2 * i] = [x, y, 1, 0, 0, 0, -x * X, -y * X, X]
            a[2 * i + 1] = [0, 0, 0, x, y, 1, -x * Y, -y * Y, Y]
        }
        // Gaussian elimination with partial pivoting on the 8 x 9 augmented system.
        for col in 0..<8 {
            let pivot = (col..<8).max { abs(a[$0][col]) < abs(a[$1][col]) }!
            guard abs(a[pivot][col]) > 1e-12 else { return [1, 0, 0, 0, 1, 0, 0, 0, 1] }
            a.swapAt(col, pivot)
            for row in 0..<8 where row != col {
                let f = a[row][col] / a[col][col]
                if f != 0 { for k in col..<9 { a[row][k] -= f * a[col][k] } }
            }
        }
        return (0..<8).map { a[$0][8] / a[$0][$0] } + [1]
    }
}
