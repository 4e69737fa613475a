import NutriLensImaging

/// Paints over the ruling lines of a boxed nutrition table (bug-case B.17) so Tesseract sees only the glyphs.
///
/// Why: in a boxed table the cell borders run a pixel or two from the digits; Tesseract's layout analysis then
/// takes "0.6 g |" as one blob and the LSTM reads "089]" or nothing (corpus `02CE7C0B…`: 16 of 16 values lost,
/// `tabella_nutrizionale.jpg`). With the rules gone the same crop reads "1859 kJ", "108g", "0.4g".
///
/// Works on a dark-on-light image with a uniform background (``BackgroundFlattening``): ink is `< inkBelow`; a
/// horizontal ink run at least `minimumHorizontal` pixels long, or a vertical one at least `minimumVertical` long,
/// is a rule (no glyph is that wide or tall at the reader's x-height: a run of 5 x-heights is longer than any
/// letter stroke, a vertical one of 3 x-heights taller than "l" or "1"). The run and a 1-pixel border around it
/// become white; glyph strokes that touch it keep everything but the crossing pixels.
enum RulingLineRemoval {
    /// `image` with its rules whitened, and how many pixels were whitened. Same size.
    static func removed(from image: GrayImage, minimumHorizontal: Int, minimumVertical: Int,
                        inkBelow: UInt8 = 150) -> (image: GrayImage, pixels: Int) {
        let w = image.width, h = image.height
        var rule = [Bool](repeating: false, count: w * h)
        let isInk = { (q: (x: Int, y: Int)) in image.pixels[q.y * image.stride + q.x] < inkBelow }
        // One scan for rows and columns: `pixel(line, position)` gives the (x, y) of a position along a line.
        func markRuns(lines: Int, length: Int, minimum: Int, pixel: (Int, Int) -> (x: Int, y: Int)) {
            for line in 0..<lines {
                var p = 0
                while p < length {
                    guard isInk(pixel(line, p)) else { p += 1; continue }
                    let start = p
                    while p < length && isInk(pixel(line, p)) { p += 1 }
                    guard p - start >= minimum else { continue }
                    for i in start..<p { let q = pixel(line, i); rule[q.y * w + q.x] = true }
                }
            }
        }
        markRuns(lines: h, length: w, minimum: minimumHorizontal) { y, x in (x, y) }
        markRuns(lines: w, length: h, minimum: minimumVertical) { x, y in (x, y) }
        var out = image.packed().pixels
        var count = 0
        for y in 0..<h {
            for x in 0..<w where rule[y * w + x] {
                // Anti-aliased rule edges are grey, not ink: whiten one pixel around the run too.
                for dy in -1...1 {
                    for dx in -1...1 {
                        let yy = y + dy, xx = x + dx
                        guard yy >= 0, yy < h, xx >= 0, xx < w, out[yy * w + xx] != 255 else { continue }
                        out[yy * w + xx] = 255; count += 1
                    }
                }
            }
        }
        return (GrayImage(width: w, height: h, pixels: out), count)
    }
}
