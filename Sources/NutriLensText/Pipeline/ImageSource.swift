import NutriLensImaging

/// The caller's pixels seen as network channels: byte offsets of the three channels in network order (PP-OCR's
/// BGR, as PaddleOCR feeds OpenCV images) within each pixel. A grey image gives the same byte to all three.
struct ImageSource {
    let width: Int
    let height: Int
    let stride: Int
    let bytesPerPixel: Int
    /// Offsets of network channels 0, 1, 2 within a pixel.
    let channelOffsets: (Int, Int, Int)
    let pixels: [UInt8]

    /// - Parameter bgr: network channel order is B, G, R (PaddleOCR models) rather than R, G, B.
    init(_ image: DecodedImage, bgr: Bool) {
        switch image {
        case .gray(let g):
            (width, height, stride, bytesPerPixel, pixels) = (g.width, g.height, g.stride, 1, g.pixels)
            channelOffsets = (0, 0, 0)
        case .color(let c):
            (width, height, stride, bytesPerPixel, pixels) = (c.width, c.height, c.stride, c.layout.bytesPerPixel, c.pixels)
            let (r, g, b) = c.layout == .bgra ? (2, 1, 0) : (0, 1, 2)
            channelOffsets = bgr ? (b, g, r) : (r, g, b)
        }
    }

    /// Byte offset of pixel (`x`, `y`) clamped to the image (OpenCV's BORDER_REPLICATE).
    @inline(__always)
    func offset(x: Int, y: Int) -> Int {
        let cx = x < 0 ? 0 : (x >= width ? width &- 1 : x), cy = y < 0 ? 0 : (y >= height ? height &- 1 : y)
        return cy &* stride &+ cx &* bytesPerPixel
    }

    /// `x.rounded(.down)` as an integer, for `x` within ±2^53 (callers clamp positions to the image first).
    /// Truncation plus a correction: without SSE4.1's `roundsd` (the baseline x86-64 build) `rounded(.down)` is a
    /// call into libm, which cost two calls per bilinear sample.
    @inline(__always)
    static func floor(_ x: Double) -> Int {
        let t = Int(x)
        return Double(t) > x ? t &- 1 : t
    }

    /// A sample position along an axis of `size` pixels clamped to [-1, `size`] (NaN to 0) before any integer
    /// conversion: degenerate quads can send a perspective map to infinity or NaN, and positions outside the image
    /// replicate its border anyway.
    @inline(__always)
    static func clampedPosition(_ x: Double, size: Int) -> Double {
        x.isNaN ? 0 : min(max(x, -1), Double(size))
    }

    /// Bilinear sample at (`x`, `y`) in pixel-centre coordinates (pixel i covers [i - 0.5, i + 0.5]), added to
    /// `acc` times `weight` per network channel (lanes 0-2).
    @inline(__always)
    func addBilinear(_ p: UnsafePointer<UInt8>, x: Double, y: Double, weight: Float, to acc: inout SIMD4<Float>) {
        let x = Self.clampedPosition(x, size: width), y = Self.clampedPosition(y, size: height)
        let x0 = Self.floor(x), y0 = Self.floor(y)
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        let w00 = (1 - fx) * (1 - fy) * weight, w01 = fx * (1 - fy) * weight
        let w10 = (1 - fx) * fy * weight, w11 = fx * fy * weight
        let o00: Int, o01: Int, o10: Int, o11: Int
        if x0 >= 0, y0 >= 0, x0 < width &- 1, y0 < height &- 1 {  // all four taps inside: no clamping
            o00 = y0 &* stride &+ x0 &* bytesPerPixel
            (o01, o10) = (o00 &+ bytesPerPixel, o00 &+ stride)
            o11 = o10 &+ bytesPerPixel
        } else {
            (o00, o01) = (offset(x: x0, y: y0), offset(x: x0 &+ 1, y: y0))
            (o10, o11) = (offset(x: x0, y: y0 &+ 1), offset(x: x0 &+ 1, y: y0 &+ 1))
        }
        let (c0, c1, c2) = channelOffsets
        acc[0] += Float(p[o00 &+ c0]) * w00 + Float(p[o01 &+ c0]) * w01 + Float(p[o10 &+ c0]) * w10 + Float(p[o11 &+ c0]) * w11
        acc[1] += Float(p[o00 &+ c1]) * w00 + Float(p[o01 &+ c1]) * w01 + Float(p[o10 &+ c1]) * w10 + Float(p[o11 &+ c1]) * w11
        acc[2] += Float(p[o00 &+ c2]) * w00 + Float(p[o01 &+ c2]) * w01 + Float(p[o10 &+ c2]) * w10 + Float(p[o11 &+ c2]) * w11
    }
}

/// Per-channel normalisation of the network input: `(pixel * scale - mean[c]) / std[c]`, from the model file.
struct Normalization: Sendable, Equatable {
    let scale: Float
    let mean: [Float]
    let std: [Float]

    /// Multiplier and offset of channel `c` so that `value * multiplier + offset` is the normalised value.
    func multiplier(_ c: Int) -> Float { scale / std[c] }
    func offset(_ c: Int) -> Float { -mean[c] / std[c] }
}
