/// Upright line crops as two one-dimensional passes.
///
/// When a crop is read unturned and its homography has no rotation, shear or perspective (an axis-aligned
/// rectangle: about a third of the detector's boxes on the label corpus), image x depends only on the output column
/// and image y only on the output row. `LineCropper`'s n x n bilinear samples per output pixel then factor exactly:
/// the value is `sum over rows r of wy(v, r) * sum over columns c of wx(u, c) * pixel(c, r)`, where `wx(u, ·)` are
/// the bilinear weights of column `u`'s n samples (clamped to the image, equal columns merged) and `wy(v, ·)` the
/// same for row `v` times 1 / n². One output row is a vertical pass (its few source rows, weighted, summed over the
/// bytes the line spans) and then a horizontal pass (each column's few taps per channel). Same sample positions as
/// the per-sample path, so the tensor equals it within float rounding (the products are summed in another order).
struct SeparableLineCrop {
    /// Merged bilinear taps of every output index along one axis: index `i`'s taps are
    /// `index[start[i]..<start[i + 1]]` (clamped source columns or rows) with weights `weight[…]` (no zero weights).
    struct Taps {
        var start: [Int]
        var index: [Int]
        var weight: [Float]

        /// The taps of `count` output indices with `grid.n` samples each at `grid.position(i, sample: s, scale:)` of
        /// the crop, mapped to the image by `a * p + b`, clamped like `ImageSource.addBilinear` (positions to
        /// [-1, `limit`], taps to 0...`limit` - 1), every weight times `sampleWeight`.
        init(count: Int, grid: LineCropper.SampleGrid, scale: Double, a: Double, b: Double, limit: Int,
             sampleWeight: Float) {
            let n = grid.n
            start = [0]
            index = []
            weight = []
            start.reserveCapacity(count + 1)
            index.reserveCapacity(count * (n + 1))
            weight.reserveCapacity(count * (n + 1))
            for i in 0..<count {
                let first = index.count
                for s in 0..<n {
                    let c = ImageSource.clampedPosition(a * grid.position(i, sample: s, scale: scale) + b, size: limit)
                    let c0 = ImageSource.floor(c)
                    let f = Float(c - Double(c0))
                    add(c0, (1 - f) * sampleWeight, first: first, limit: limit)
                    add(c0 &+ 1, f * sampleWeight, first: first, limit: limit)
                }
                start.append(index.count)
            }
        }

        /// Adds tap `tap` (clamped to 0..<`limit`) with weight `w` to the output index whose taps begin at `first`.
        private mutating func add(_ tap: Int, _ w: Float, first: Int, limit: Int) {
            guard w != 0 else { return }
            let clamped = tap < 0 ? 0 : (tap >= limit ? limit &- 1 : tap)
            // At most 2n taps so far for this index: a linear search finds an equal one.
            if let k = index[first...].lastIndex(of: clamped) {
                weight[k] += w
            } else {
                index.append(clamped)
                weight.append(w)
            }
        }
    }

    let columns: Taps
    let rows: Taps

    /// The separable form of `plan`'s crop, or nil when it is turned or its homography's rotation, shear and
    /// perspective terms move any sample by more than 1e-9 px (then the per-sample path reads it).
    init?(plan: LineCropper.Plan, height: Int, grid: LineCropper.SampleGrid, source: ImageSource) {
        let m = plan.homography
        let w = plan.cropWidth + 1, h = plan.cropHeight + 1  // samples lie within [-0.5, crop size + 0.5)
        guard !plan.rotated, LineCropper.isAffine(plan), abs(m[1]) * h <= 1e-9, abs(m[3]) * w <= 1e-9 else { return nil }
        columns = Taps(count: plan.lineWidth, grid: grid, scale: grid.scaleX, a: m[0], b: m[2], limit: source.width,
                       sampleWeight: 1)
        rows = Taps(count: height, grid: grid, scale: grid.scaleY, a: m[4], b: m[5], limit: source.height,
                    sampleWeight: grid.weight)
    }

    /// Writes the line's `lineWidth` columns of each of the three `height x width` planes at `out` (the padding
    /// columns are left alone).
    func write(_ source: ImageSource, lineWidth: Int, height: Int, width: Int, normalization: Normalization,
               into out: UnsafeMutablePointer<Float>) {
        guard let first = columns.index.min(), let last = columns.index.max() else { return }
        let bpp = source.bytesPerPixel, plane = height * width
        let spanBytes = (last - first + 1) * bpp
        let line = UnsafeMutablePointer<Float>.allocate(capacity: spanBytes)
        defer { line.deallocate() }
        let mul = (normalization.multiplier(0), normalization.multiplier(1), normalization.multiplier(2))
        let add = (normalization.offset(0), normalization.offset(1), normalization.offset(2))
        let (c0, c1, c2) = source.channelOffsets
        let grey = c0 == c1 && c1 == c2
        columns.index.withUnsafeBufferPointer { columnIndex in
        columns.weight.withUnsafeBufferPointer { columnWeight in
        source.pixels.withUnsafeBufferPointer { pixels in
            let p = pixels.baseAddress! + first * bpp
            for v in 0..<height {
                // Vertical pass: the output row's source rows, weighted, over the bytes the line spans.
                line.update(repeating: 0, count: spanBytes)
                for k in rows.start[v]..<rows.start[v + 1] {
                    let row = p + rows.index[k] * source.stride, w = rows.weight[k]
                    for i in 0..<spanBytes { line[i] += w * Float(row[i]) }
                }
                // Horizontal pass: each output column's taps per channel.
                let o = out + v * width
                for u in 0..<lineWidth {
                    var sum: (Float, Float, Float) = (0, 0, 0)
                    for k in columns.start[u]..<columns.start[u + 1] {
                        let at = line + (columnIndex[k] - first) * bpp, w = columnWeight[k]
                        sum.0 += w * at[c0]
                        if !grey {
                            sum.1 += w * at[c1]
                            sum.2 += w * at[c2]
                        }
                    }
                    if grey { (sum.1, sum.2) = (sum.0, sum.0) }
                    o[u] = sum.0 * mul.0 + add.0
                    o[plane &+ u] = sum.1 * mul.1 + add.1
                    o[2 &* plane &+ u] = sum.2 * mul.2 + add.2
                }
            }
        }
        }
        }
    }
}
