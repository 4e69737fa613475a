import NutriLensImaging

/// Grey profiles along one direction of a packed image: bilinear samples (coordinates clamped to the image), each the
/// mean of `2 halfWidth + 1` parallel lines 1 px apart (5 by default: noise and print dots average out).
///
/// Sample `i` of `profile(at: t)` lies at `centre + (start + i) across + t along`.
struct ProfileReader {
    let image: GrayImage
    let centre: (x: Double, y: Double)
    let across: (x: Double, y: Double)
    let along: (x: Double, y: Double)
    let start: Double
    let count: Int
    /// Lines on each side of the centre line that are averaged in.
    var halfWidth = 2

    func profile(at t: Double) -> [Double] {
        var out = [Double](repeating: 0, count: count)
        let w = image.width, h = image.height
        let maxX = Double(w - 1), maxY = Double(h - 1)
        image.pixels.withUnsafeBufferPointer { buf in
            let p = buf.baseAddress!
            let lines = Double(2 * halfWidth + 1)
            for offset in -halfWidth...halfWidth {
                let tt = t + Double(offset)
                let ox = centre.x + tt * along.x + start * across.x, oy = centre.y + tt * along.y + start * across.y
                for i in 0..<count {
                    let x = min(max(ox + Double(i) * across.x, 0), maxX), y = min(max(oy + Double(i) * across.y, 0), maxY)
                    let xi = min(Int(x), w - 2 < 0 ? 0 : w - 2), yi = min(Int(y), h - 2 < 0 ? 0 : h - 2)
                    let fx = x - Double(xi), fy = y - Double(yi)
                    let row = p + yi * w
                    let x1 = min(xi + 1, w - 1), below = yi + 1 < h ? row + w : row
                    let top = Double(row[xi]) * (1 - fx) + Double(row[x1]) * fx
                    let bottom = Double(below[xi]) * (1 - fx) + Double(below[x1]) * fx
                    out[i] += (top * (1 - fy) + bottom * fy) / lines
                }
            }
        }
        return out
    }
}
