import NutriLensImaging
import NutriLensTestSupport

/// Random grey image with `padding` garbage bytes after each row (stride = width + padding).
func randomGray(_ width: Int, _ height: Int, padding: Int = 0, seed: UInt64 = 1) -> GrayImage {
    var rng = SeededRandom(seed: seed)
    let stride = width + padding
    let bytes = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
    return GrayImage(width: width, height: height, stride: stride, pixels: bytes)
}

/// Random colour image of the given layout with row padding.
func randomRGB(_ width: Int, _ height: Int, layout: ColorLayout, padding: Int = 0, seed: UInt64 = 2) -> RGBImage {
    var rng = SeededRandom(seed: seed)
    let stride = width * layout.bytesPerPixel + padding
    let bytes = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
    return RGBImage(width: width, height: height, layout: layout, stride: stride, pixels: bytes)
}

/// Odd sizes and paddings around the 8/16/64-byte vector widths.
let oddGeometries: [(w: Int, h: Int, pad: Int)] = [
    (1, 1, 0), (7, 3, 1), (15, 17, 3), (16, 16, 0), (17, 9, 5), (33, 31, 7), (64, 5, 0), (97, 41, 13), (130, 67, 2),
]

/// Pixels only (ignores stride padding) so images with different strides compare equal.
func pixelRows(_ g: GrayImage) -> [[UInt8]] {
    (0..<g.height).map { y in (0..<g.width).map { g[$0, y] } }
}

/// Largest absolute per-pixel difference of two same-size images.
func maxDifference(_ a: GrayImage, _ b: GrayImage) -> Int {
    precondition(a.width == b.width && a.height == b.height)
    var m = 0
    for y in 0..<a.height { for x in 0..<a.width { m = max(m, abs(Int(a[x, y]) - Int(b[x, y]))) } }
    return m
}
