import NutriLensImaging
import NutriLensTestSupport
import XCTest
@testable import NutriLensText

/// `DetectorInput.tensor` against the plain definition it replaced (session 24): every pixel's taps summed one at a
/// time from zero, bytes converted per tap, one source row cached. The floats must be equal bit for bit, shrinking,
/// enlarging, same size, grey and colour, BGRA, with stride padding and a region inside the image.
final class DetectorInputTests: XCTestCase {
    /// The session-23 implementation, kept as the reference.
    private func reference(_ source: ImageSource, region: PixelRect, height: Int, width: Int,
                           normalization: Normalization) -> [Float] {
        let tx = DetectorInput.Taps(origin: region.x, length: region.width, output: width)
        let ty = DetectorInput.Taps(origin: region.y, length: region.height, output: height)
        let plane = height * width
        var out = [Float](repeating: 0, count: 3 * plane)
        var row = [Float](repeating: 0, count: 3 * width)
        var cachedRow = -1
        let (c0, c1, c2) = source.channelOffsets
        let bpp = source.bytesPerPixel
        for oy in 0..<height {
            for t in 0..<ty.count[oy] {
                let sy = ty.start[oy] + t
                let wy = ty.weights[ty.offsets[oy] + t]
                if sy != cachedRow {
                    let src = sy * source.stride
                    for ox in 0..<width {
                        var a0: Float = 0, a1: Float = 0, a2: Float = 0
                        var byte = src + tx.start[ox] * bpp
                        for s in 0..<tx.count[ox] {
                            let w = tx.weights[tx.offsets[ox] + s]
                            a0 += Float(source.pixels[byte + c0]) * w
                            a1 += Float(source.pixels[byte + c1]) * w
                            a2 += Float(source.pixels[byte + c2]) * w
                            byte += bpp
                        }
                        row[ox] = a0
                        row[width + ox] = a1
                        row[2 * width + ox] = a2
                    }
                    cachedRow = sy
                }
                for c in 0..<3 {
                    for ox in 0..<width { out[c * plane + oy * width + ox] += row[c * width + ox] * wy }
                }
            }
            for c in 0..<3 {
                let m = normalization.multiplier(c), a = normalization.offset(c)
                for ox in 0..<width { out[c * plane + oy * width + ox] = out[c * plane + oy * width + ox] * m + a }
            }
        }
        return out
    }

    private func image(width: Int, height: Int, layout: ColorLayout?, stridePadding: Int, seed: UInt64) -> DecodedImage {
        var rng = SeededRandom(seed: seed)
        let bpp = layout?.bytesPerPixel ?? 1
        let stride = width * bpp + stridePadding
        let pixels = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        guard let layout else { return .gray(GrayImage(width: width, height: height, stride: stride, pixels: pixels)) }
        return .color(RGBImage(width: width, height: height, layout: layout, stride: stride, pixels: pixels))
    }

    func testTensorEqualsThePlainDefinitionBitForBit() {
        let normalization = Normalization(scale: 1 / 255, mean: [0.485, 0.456, 0.406], std: [0.229, 0.224, 0.225])
        // (image w, h, region, network h, w): shrinking by 1.03-3.2x (2-5 taps), enlarging by 1.07-2.1x, the same
        // size, shrinking along one axis and enlarging along the other.
        let cases: [(Int, Int, PixelRect, Int, Int)] = [
            (250, 180, PixelRect(x: 0, y: 0, width: 250, height: 180), 64, 96),
            (250, 180, PixelRect(x: 0, y: 0, width: 250, height: 180), 160, 224),
            (250, 180, PixelRect(x: 17, y: 9, width: 201, height: 150), 128, 160),
            (120, 90, PixelRect(x: 5, y: 3, width: 61, height: 47), 96, 128),
            (120, 90, PixelRect(x: 0, y: 0, width: 120, height: 90), 96, 128),
            (96, 64, PixelRect(x: 0, y: 0, width: 96, height: 64), 64, 96),
            (300, 40, PixelRect(x: 10, y: 2, width: 280, height: 33), 64, 96),
            (33, 410, PixelRect(x: 0, y: 0, width: 33, height: 410), 128, 32),
        ]
        let layouts: [ColorLayout?] = [.rgb, .bgra, nil]
        var seed: UInt64 = 1
        for (w, h, region, nh, nw) in cases {
            for layout in layouts {
                seed += 1
                let decoded = image(width: w, height: h, layout: layout, stridePadding: Int(seed % 3), seed: seed)
                for bgr in [true, false] {
                    let source = ImageSource(decoded, bgr: bgr)
                    let expected = reference(source, region: region, height: nh, width: nw, normalization: normalization)
                    var got = [Float](repeating: .nan, count: 3 * nh * nw)
                    got.withUnsafeMutableBufferPointer {
                        DetectorInput.tensor(source, region: region, height: nh, width: nw, normalization: normalization,
                                             into: $0.baseAddress!)
                    }
                    let differing = zip(got, expected).filter { $0.bitPattern != $1.bitPattern }.count
                    XCTAssertEqual(differing, 0, "\(w)x\(h) \(region) -> \(nw)x\(nh) \(String(describing: layout)) bgr \(bgr)")
                }
            }
        }
    }
}
