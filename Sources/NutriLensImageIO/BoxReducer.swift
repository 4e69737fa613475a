/// Integer-factor area averaging applied while PNG rows stream out of libpng, so a downscaled PNG never holds its
/// full-size pixels in memory (peak is the small image plus one band of `factor` rows).
///
/// PNG has no DCT to scale in, and the SIMD kernels in NutriLensImaging work on whole decoded images; this one is
/// fused with decoding and with alpha, which is averaged premultiplied (so a transparent pixel's hidden colour
/// never bleeds into its neighbours) while the content statistics that choose the flattening background are
/// gathered at full resolution, exactly as the full-size path does.
struct BoxReducer {
    /// Largest factor: keeps `255 * 255 * factor^2` sums inside UInt32.
    static let maxFactor = 256

    let width: Int
    let height: Int
    /// Bytes per source pixel: 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA.
    let channels: Int
    let factor: Int
    /// `ceil(width / factor)`: a partial block at the right edge averages the pixels it has.
    let outWidth: Int
    /// `ceil(height / factor)`.
    let outHeight: Int
    var hasAlpha: Bool { channels == 2 || channels == 4 }

    /// `outWidth * outHeight * channels`; with alpha the colour channels are premultiplied.
    private(set) var output: [UInt8]
    /// Statistics of the full-resolution content pixels (alpha images only).
    private(set) var contentLuma = AlphaFlattening.ContentLuma()
    /// Per-column sums of the current band, `width * channels`.
    private var columnSums: [UInt32]
    private var nextOutputRow = 0

    /// The largest factor (<= `maxFactor`) whose output long side `ceil(longSide / factor)` is still `>= target`.
    static func factor(width: Int, height: Int, target: Int) -> Int {
        let long = max(width, height)
        guard target > 0, long > target else { return 1 }
        var f = max(1, long / target)
        while f < maxFactor && (long + f) / (f + 1) >= target { f += 1 }
        return min(f, maxFactor)
    }

    init(width: Int, height: Int, channels: Int, factor: Int) {
        precondition(factor >= 1 && factor <= Self.maxFactor && (1...4).contains(channels))
        self.width = width
        self.height = height
        self.channels = channels
        self.factor = factor
        outWidth = (width + factor - 1) / factor
        outHeight = (height + factor - 1) / factor
        output = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
        columnSums = [UInt32](repeating: 0, count: width * channels)
    }

    /// Rows the next `add` call must supply: `factor`, fewer for the last band.
    var nextBandRows: Int { min(factor, height - nextOutputRow * factor) }

    /// Averages one band of `nextBandRows` tightly packed source rows into the next output row.
    mutating func add(band: UnsafeRawBufferPointer) {
        let rows = nextBandRows
        precondition(rows > 0 && band.count >= rows * width * channels)
        let ch = channels, w = width, rowBytes = w * ch, f = factor, ow = outWidth, alpha = hasAlpha
        let rowStart = nextOutputRow * ow * ch
        var luma = contentLuma
        // Vertical pass: per-column sums over the band (colour premultiplied by alpha when there is alpha), a
        // straight loop over each row that the compiler vectorises for opaque images.
        columnSums.withUnsafeMutableBufferPointer { sums in
            sums.update(repeating: 0)
            let src = band.baseAddress!.assumingMemoryBound(to: UInt8.self)
            for r in 0..<rows {
                let row = src + r * rowBytes
                if alpha {
                    var o = 0
                    while o < rowBytes {
                        let a = UInt32(row[o + ch - 1])
                        for c in 0..<(ch - 1) { sums[o + c] &+= UInt32(row[o + c]) &* a }
                        sums[o + ch - 1] &+= a
                        luma.add(row + o, channels: ch)
                        o += ch
                    }
                } else {
                    for i in 0..<rowBytes { sums[i] &+= UInt32(row[i]) }
                }
            }
            // Horizontal pass: add `factor` column sums per output pixel and divide with rounding.
            output.withUnsafeMutableBufferPointer { out in
                for ox in 0..<ow {
                    let x0 = ox * f, blockWidth = min(f, w - x0)
                    let n = UInt32(rows * blockWidth)
                    for c in 0..<ch {
                        var total: UInt32 = 0
                        var i = x0 * ch + c
                        for _ in 0..<blockWidth { total &+= sums[i]; i += ch }
                        // With alpha, colour sums carry an extra factor 255 from the premultiplication.
                        let divisor = alpha && c < ch - 1 ? 255 * n : n
                        out[rowStart + ox * ch + c] = UInt8((total + divisor / 2) / divisor)
                    }
                }
            }
        }
        contentLuma = luma
        nextOutputRow += 1
    }

    /// The reduced image with alpha flattened (1 or 3 bytes per pixel), once every band was added.
    func finish() -> (pixels: [UInt8], bytesPerPixel: Int) {
        precondition(nextOutputRow == outHeight, "BoxReducer: \(outHeight - nextOutputRow) bands missing")
        guard hasAlpha else { return (output, channels) }
        let flat = AlphaFlattening.flatten(output, channels: channels, background: contentLuma.background,
                                           premultiplied: true)
        return (flat, channels - 1)
    }
}
