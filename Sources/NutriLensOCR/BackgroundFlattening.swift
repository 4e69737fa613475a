import NutriLensImaging

/// Divides a grey image by an estimate of its paper brightness, so the background becomes uniform white and
/// Tesseract's single global Otsu threshold separates ink from paper everywhere.
///
/// Why: on a pot photographed under a lamp (corpus `A049E005…`, a light-blue gradient from left to right) Otsu
/// put the threshold inside the background: the left half came out black with white row names and the value
/// column vanished, so not one number was read. Divided by its background the same crop reads "553kJ", "9.5g", ….
///
/// The background is the 90th percentile of each `cell`×`cell` block (dark-on-light text covers well under 10 %
/// of a block three x-heights wide), raised where a block is far darker than its neighbours (full of ink), and interpolated bilinearly between block centres.
/// Light-on-dark text is not what this is for: there the estimate follows the glyphs.
enum BackgroundFlattening {
    /// `image` with each pixel `p` replaced by `min(255, 255 · p / background)`. Same size. `cell` in pixels (≥ 4).
    static func flattened(_ image: GrayImage, cell: Int) -> GrayImage {
        let w = image.width, h = image.height, b = max(4, cell)
        let gw = (w + b - 1) / b, gh = (h + b - 1) / b
        var grid = [Double](repeating: 255, count: gw * gh)
        var histogram = [Int](repeating: 0, count: 256)
        for gy in 0..<gh {
            for gx in 0..<gw {
                let x0 = gx * b, y0 = gy * b
                grid[gy * gw + gx] = Double(paperLevel(image, x: x0..<min(w, x0 + b), y: y0..<min(h, y0 + b),
                                                       histogram: &histogram))
            }
        }
        // A block full of ink (a bold title, a dark logo) does not punch a hole: it is raised to 0.9 × the median
        // of its 3×3 neighbourhood. Not a plain mean: on a gradient a mean pulls the border blocks towards the
        // middle of the page (the dark edge of a lamp-lit pot came out grey, not white).
        var smooth = grid
        for gy in 0..<gh {
            for gx in 0..<gw {
                var around: [Double] = []
                for dy in -1...1 {
                    for dx in -1...1 {
                        let y = gy + dy, x = gx + dx
                        guard y >= 0, y < gh, x >= 0, x < gw else { continue }
                        around.append(grid[y * gw + x])
                    }
                }
                around.sort()
                smooth[gy * gw + gx] = max(1, grid[gy * gw + gx], 0.9 * around[around.count / 2])
            }
        }
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let fy = (Double(y) + 0.5) / Double(b) - 0.5
            let y0 = min(gh - 1, max(0, Int(fy.rounded(.down)))), y1 = min(gh - 1, y0 + 1)
            let ty = min(1, max(0, fy - Double(y0)))
            let row = y * image.stride
            for x in 0..<w {
                let fx = (Double(x) + 0.5) / Double(b) - 0.5
                let x0 = min(gw - 1, max(0, Int(fx.rounded(.down)))), x1 = min(gw - 1, x0 + 1)
                let tx = min(1, max(0, fx - Double(x0)))
                let top = smooth[y0 * gw + x0] * (1 - tx) + smooth[y0 * gw + x1] * tx
                let bottom = smooth[y1 * gw + x0] * (1 - tx) + smooth[y1 * gw + x1] * tx
                let background = top * (1 - ty) + bottom * ty
                out[y * w + x] = UInt8(min(255, 255 * Double(image.pixels[row + x]) / background))
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// The paper level of a block: its 90th percentile, the level that 10 % of its pixels reach or exceed (dark
    /// text covers well under 10 % of a block a few x-heights wide). `histogram`: 256 counters, reused between calls.
    static func paperLevel(_ image: GrayImage, x: Range<Int>, y: Range<Int>, histogram: inout [Int]) -> Int {
        for i in 0..<256 { histogram[i] = 0 }
        for yy in y {
            let row = yy * image.stride
            for xx in x { histogram[Int(image.pixels[row + xx])] += 1 }
        }
        let wanted = max(1, x.count * y.count / 10)
        var above = 0, level = 255
        while level > 0 { above += histogram[level]; if above >= wanted { break }; level -= 1 }
        return level
    }
}
