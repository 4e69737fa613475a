/// Pooling and resampling on NCHW planes.
enum PoolingKernels {
    /// Max or average over each window; padded positions are skipped (max) or counted per `countIncludePad`.
    static func pool(_ p: PoolLayer, input: UnsafePointer<Float>, channels: Int, height: Int, width: Int,
                     output: UnsafeMutablePointer<Float>, outHeight: Int, outWidth: Int) {
        let g = p.geometry
        let pads = g.padding(height: height, width: width)
        if p.isMax && g.strideH == 1 && g.strideW == 1 && pads.top == 0 && pads.left == 0 {
            maxStrideOne(input: input, channels: channels, height: height, width: width, kh: g.kernelH, kw: g.kernelW,
                         output: output, outHeight: outHeight, outWidth: outWidth)
            return
        }
        let full = Float(g.kernelH * g.kernelW)
        for ch in 0..<channels {
            let plane = input + ch * height * width
            let out = output + ch * outHeight * outWidth
            for oy in 0..<outHeight {
                let y0 = oy * g.strideH - pads.top
                let ys = max(0, y0), ye = min(height, y0 + g.kernelH)
                for ox in 0..<outWidth {
                    let x0 = ox * g.strideW - pads.left
                    let xs = max(0, x0), xe = min(width, x0 + g.kernelW)
                    var acc: Float = p.isMax ? -.infinity : 0
                    var y = ys
                    while y < ye {
                        let row = plane + y &* width
                        var x = xs
                        while x < xe {
                            acc = p.isMax ? max(acc, row[x]) : acc + row[x]
                            x &+= 1
                        }
                        y &+= 1
                    }
                    if !p.isMax { acc /= p.countIncludePad ? full : Float(max(1, (ye - ys) * (xe - xs))) }
                    out[oy * outWidth + ox] = acc
                }
            }
        }
    }

    /// Stride-1 max pooling padded only at the end (PP-OCRv6's 2 x 2 SAME_UPPER stem pool): the maximum over the
    /// window's rows, then over its columns; windows are cut at the image's bottom and right edges.
    static func maxStrideOne(input: UnsafePointer<Float>, channels: Int, height: Int, width: Int, kh: Int, kw: Int,
                             output: UnsafeMutablePointer<Float>, outHeight: Int, outWidth: Int) {
        let rowMax = UnsafeMutablePointer<Float>.allocate(capacity: width)
        defer { rowMax.deallocate() }
        for ch in 0..<channels {
            let plane = input + ch * height * width
            for oy in 0..<outHeight {
                rowMax.update(from: plane + oy * width, count: width)
                for y in (oy + 1)..<min(height, oy + kh) {
                    let row = plane + y * width
                    for x in 0..<width { rowMax[x] = row[x] > rowMax[x] ? row[x] : rowMax[x] }
                }
                let out = output + (ch * outHeight + oy) * outWidth
                out.update(from: rowMax, count: outWidth)
                for kx in 1..<max(1, kw) {
                    // Windows reaching past the right edge stop at it: shift kx only covers ox < width - kx.
                    let shifted = rowMax + kx
                    for ox in 0..<max(0, min(outWidth, width - kx)) { out[ox] = shifted[ox] > out[ox] ? shifted[ox] : out[ox] }
                }
            }
        }
    }

    /// Mean of each channel plane.
    static func globalAverage(input: UnsafePointer<Float>, channels: Int, pixels: Int, output: UnsafeMutablePointer<Float>) {
        for ch in 0..<channels { output[ch] = ElementwiseKernels.sum(input + ch * pixels, count: pixels) / Float(pixels) }
    }

    /// Mean of each `height x width` channel plane of a pass that left `deleted` columns out (`ColumnCut`), each
    /// equal to column `column` of the kept plane: the plane's sum plus `deleted` times that column's, over
    /// `height x (width + deleted)` pixels, the full plane's mean.
    static func globalAverage(input: UnsafePointer<Float>, channels: Int, height: Int, width: Int, column: Int,
                              deleted: Int, output: UnsafeMutablePointer<Float>) {
        let pixels = height * width, count = Float(height * (width + deleted))
        for ch in 0..<channels {
            let plane = input + ch * pixels
            var standIn: Float = 0
            for y in 0..<height { standIn += plane[y * width + column] }
            output[ch] = (ElementwiseKernels.sum(plane, count: pixels) + Float(deleted) * standIn) / count
        }
    }

    /// Nearest-neighbour upsampling by integer factors (ONNX Resize nearest, asymmetric, floor).
    static func upsample(input: UnsafePointer<Float>, channels: Int, height: Int, width: Int, factorH: Int, factorW: Int,
                         output: UnsafeMutablePointer<Float>) {
        let outWidth = width * factorW
        for ch in 0..<channels {
            let plane = input + ch * height * width
            let out = output + ch * height * factorH * outWidth
            for y in 0..<height {
                let dst = out + y * factorH * outWidth
                widenRow(plane + y * width, width: width, factor: factorW, into: dst)
                for r in 1..<max(1, factorH) { (dst + r * outWidth).update(from: dst, count: outWidth) }
            }
        }
    }

    /// One row of nearest-neighbour upsampling along x: each of `width` values repeated `factor` times into `dst`
    /// (`width · factor` floats); factor 2, the FPN's, as one interleaving loop.
    @inline(__always)
    static func widenRow(_ src: UnsafePointer<Float>, width: Int, factor: Int, into dst: UnsafeMutablePointer<Float>) {
        if factor == 2 {
            for x in 0..<width { let v = src[x]; dst[2 &* x] = v; dst[2 &* x &+ 1] = v }
        } else {
            for x in 0..<width { (dst + x * factor).update(repeating: src[x], count: factor) }
        }
    }
}
