// Rotation by an arbitrary angle with bilinear sampling. Source coordinates are 16.16 fixed point: along an
// output row they advance by (cos, sin) per pixel, so 8 lanes step with one integer add, floor is an arithmetic
// shift and the 8-bit interpolation weights are a shift and a mask. The four neighbours are gathered lane by
// lane (no portable gather instruction; two 16-bit loads per lane) and blended in integer lanes: each row in 16-bit
// lanes, the two rows in 32-bit lanes (no float-to-integer conversion, whose range check a safe build keeps).

extension GrayImage {
    /// Largest width or height (of source and output) `rotated(byDegrees:)` accepts: 16.16 fixed-point
    /// coordinates must stay within Int32 (drift along a row is at most 2^-17 px per pixel, 0.125 px at this size).
    public static let maxRotationSide = 16_383

    /// This image rotated counter-clockwise (as displayed, y down) by `degrees` about its centre, bilinear
    /// interpolation, uncovered area filled with `fill` (default white so text stays dark-on-light).
    ///
    /// - Parameters:
    ///   - degrees: any finite angle; positive turns the content counter-clockwise. Deskewing an image whose
    ///     `estimateSkew()` is `a` means `rotated(byDegrees: -a)`.
    ///   - expand: `false` keeps `width x height` (corners are cut off); `true` grows the canvas to the rotated
    ///     bounding box so nothing is lost (what the barcode stage wants for 20-45 degree tries).
    /// - Returns: a packed image; equals `ScalarReference.rotated(_:byDegrees:expand:fill:)` exactly.
    /// - Throws: `ImagingError.parameterOutOfRange` for a non-finite angle or when a side of the source or of the
    ///   output exceeds `maxRotationSide` (downscale first).
    public func rotated(byDegrees degrees: Double, expand: Bool = false, fill: UInt8 = 255) throws -> GrayImage {
        let g = try RotationGeometry(width: width, height: height, degrees: degrees, expand: expand)
        let w = width, h = height, stride = self.stride, ow = g.outWidth, oh = g.outHeight
        let out = pixels.withUnsafeBytes { buf in
            makeBytes(count: ow * oh) { dst in
                let src = buf.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let lane = SIMD8<Int32>(0, 1, 2, 3, 4, 5, 6, 7)
                let stepX = SIMD8<Int32>(repeating: 8 &* g.cosFixed), stepY = SIMD8<Int32>(repeating: 8 &* g.sinFixed)
                let zero = SIMD8<Int32>(), byteMask = SIMD8<Int32>(repeating: 0xFF)
                let lastX = SIMD8<Int32>(repeating: Int32(w - 1)), lastY = SIMD8<Int32>(repeating: Int32(h - 1))
                let full = SIMD8<UInt16>(repeating: 256), half = SIMD8<UInt32>(repeating: 32768)
                for oy in 0..<oh {
                    let start = g.rowStartFixed(oy)
                    let d = dst + oy &* ow
                    var tx = SIMD8<Int32>(repeating: start.x) &+ lane &* SIMD8<Int32>(repeating: g.cosFixed)
                    var ty = SIMD8<Int32>(repeating: start.y) &+ lane &* SIMD8<Int32>(repeating: g.sinFixed)
                    var ox = 0
                    while ox &+ 8 <= ow {
                        let ix = tx &>> 16, iy = ty &>> 16
                        // Lanes whose 2x2 neighbourhood touches the border or the outside take the scalar path.
                        guard all((ix .>= zero) .& (ix .< lastX) .& (iy .>= zero) .& (iy .< lastY)) else {
                            let o = d.assumingMemoryBound(to: UInt8.self)
                            for i in 0..<8 {
                                o[ox &+ i] = g.sample(src, stride: stride, width: w, height: h, start: start,
                                                      x: ox &+ i, fill: fill)
                            }
                            tx &+= stepX; ty &+= stepY; ox &+= 8
                            continue
                        }
                        let wx = lowHalves((tx &>> 8) & byteMask), wy = lowHalves((ty &>> 8) & byteMask)
                        // One 16-bit load per row of the 2x2 neighbourhood: low byte left pixel, high byte right.
                        @inline(__always) func pair(_ i: Int, _ extra: Int) -> UInt16 {
                            let o = Int(iy[i]) &* stride &+ Int(ix[i]) &+ extra
                            return UnsafeRawPointer(src).loadUnaligned(fromByteOffset: o, as: UInt16.self)
                        }
                        let top = SIMD8<UInt16>(pair(0, 0), pair(1, 0), pair(2, 0), pair(3, 0),
                                                pair(4, 0), pair(5, 0), pair(6, 0), pair(7, 0))
                        let bottom = SIMD8<UInt16>(pair(0, stride), pair(1, stride), pair(2, stride), pair(3, stride),
                                                   pair(4, stride), pair(5, stride), pair(6, stride), pair(7, stride))
                        // Rows blended in 16-bit lanes (at most 255 * 256), the two rows in 32-bit lanes (< 2^24).
                        let ax = full &- wx, ay = full &- wy
                        let upper = (top & 0xFF) &* ax &+ (top &>> 8) &* wx
                        let lower = (bottom & 0xFF) &* ax &+ (bottom &>> 8) &* wx
                        let blended = widen(upper) &* widen(ay) &+ widen(lower) &* widen(wy) &+ half
                        d.storeVector(narrowToBytes(blended &>> 16), at: ox)
                        tx &+= stepX; ty &+= stepY; ox &+= 8
                    }
                    let o = d.assumingMemoryBound(to: UInt8.self)
                    while ox < ow {
                        o[ox] = g.sample(src, stride: stride, width: w, height: h, start: start, x: ox, fill: fill)
                        ox &+= 1
                    }
                }
            }
        }
        return GrayImage(width: ow, height: oh, stride: ow, pixels: out)
    }
}

/// The four pixels around a sample point, `fill` where a neighbour lies outside the image.
struct BilinearNeighbours {
    var p00: UInt32, p10: UInt32, p01: UInt32, p11: UInt32

    /// `(x, y)` is the top-left neighbour (any position; outside pixels read as `fill`).
    @inline(__always)
    init(_ src: UnsafePointer<UInt8>, stride: Int, width w: Int, height h: Int, x: Int, y: Int, fill: UInt8) {
        @inline(__always) func at(_ px: Int, _ py: Int) -> UInt32 {
            px >= 0 && px < w && py >= 0 && py < h ? UInt32(src[py &* stride &+ px]) : UInt32(fill)
        }
        p00 = at(x, y); p10 = at(x &+ 1, y); p01 = at(x, y &+ 1); p11 = at(x &+ 1, y &+ 1)
    }
}

/// Output size and inverse mapping of a rotation about the image centre, in 16.16 fixed point.
struct RotationGeometry {
    let outWidth: Int, outHeight: Int
    let cos: Double, sin: Double
    let srcCentreX: Double, srcCentreY: Double, outCentreX: Double, outCentreY: Double
    /// `round(cos * 2^16)`, `round(sin * 2^16)`.
    let cosFixed: Int32, sinFixed: Int32

    init(width: Int, height: Int, degrees: Double, expand: Bool) throws {
        guard degrees.isFinite else {
            throw ImagingError.parameterOutOfRange(name: "degrees", value: degrees, allowed: -360...360)
        }
        let rad = degrees.truncatingRemainder(dividingBy: 360) * .pi / 180
        let c = cosine(rad), s = sine(rad)
        if expand {
            // Bounding box of the rotated rectangle, rounded to whole pixels (tiny epsilon absorbs cos(90) ~ 6e-17).
            outWidth = max(1, Int((abs(c) * Double(width) + abs(s) * Double(height) - 1e-9).rounded(.up)))
            outHeight = max(1, Int((abs(s) * Double(width) + abs(c) * Double(height) - 1e-9).rounded(.up)))
        } else {
            outWidth = width
            outHeight = height
        }
        let side = GrayImage.maxRotationSide
        guard max(width, height, outWidth, outHeight) <= side else {
            throw ImagingError.parameterOutOfRange(name: "rotation side length",
                                                   value: Double(max(width, height, outWidth, outHeight)),
                                                   allowed: 1...Double(side))
        }
        cos = c
        sin = s
        cosFixed = Int32((c * 65536).rounded())
        sinFixed = Int32((s * 65536).rounded())
        srcCentreX = Double(width - 1) / 2
        srcCentreY = Double(height - 1) / 2
        outCentreX = Double(outWidth - 1) / 2
        outCentreY = Double(outHeight - 1) / 2
    }

    /// Source coordinate of output pixel `(x, y)`: `src = R(theta) (dst - c_out) + c_src` with y down, the
    /// inverse of a counter-clockwise display rotation.
    @inline(__always) func sourcePoint(x: Double, y: Double) -> (x: Double, y: Double) {
        let dx = x - outCentreX, dy = y - outCentreY
        return (srcCentreX + dx * cos - dy * sin, srcCentreY + dx * sin + dy * cos)
    }

    /// 16.16 source coordinate of output pixel `(0, oy)`; pixel `ox` samples `start + ox * (cosFixed, sinFixed)`.
    @inline(__always) func rowStartFixed(_ oy: Int) -> (x: Int32, y: Int32) {
        let p = sourcePoint(x: 0, y: Double(oy))
        return (Int32((p.x * 65536).rounded()), Int32((p.y * 65536).rounded()))
    }

    /// One output pixel with the same fixed-point steps as the vector lanes; neighbours outside are `fill`.
    @inline(__always)
    func sample(_ src: UnsafePointer<UInt8>, stride: Int, width w: Int, height h: Int,
                start: (x: Int32, y: Int32), x ox: Int, fill: UInt8) -> UInt8 {
        let tx = start.x &+ Int32(ox) &* cosFixed, ty = start.y &+ Int32(ox) &* sinFixed
        let wx = UInt32(truncatingIfNeeded: (tx >> 8) & 0xFF), wy = UInt32(truncatingIfNeeded: (ty >> 8) & 0xFF)
        let n = BilinearNeighbours(src, stride: stride, width: w, height: h, x: Int(tx >> 16), y: Int(ty >> 16),
                                   fill: fill)
        // Products and sums stay below 2^24 (8-bit pixels, weights <= 256).
        let ax = 256 &- wx, ay = 256 &- wy
        let v = (n.p00 &* ax &+ n.p10 &* wx) &* ay &+ (n.p01 &* ax &+ n.p11 &* wx) &* wy &+ 32768
        return UInt8(truncatingIfNeeded: v >> 16)
    }
}

extension ScalarReference {
    /// Arbitrary-angle rotation one output pixel at a time. Same contract and output as
    /// `GrayImage.rotated(byDegrees:expand:fill:)`.
    public static func rotated(_ image: GrayImage, byDegrees degrees: Double, expand: Bool = false,
                               fill: UInt8 = 255) throws -> GrayImage {
        let g = try RotationGeometry(width: image.width, height: image.height, degrees: degrees, expand: expand)
        var out = GrayImage(width: g.outWidth, height: g.outHeight, fill: 0)
        image.pixels.withUnsafeBufferPointer { src in
            for oy in 0..<g.outHeight {
                let start = g.rowStartFixed(oy)
                for ox in 0..<g.outWidth {
                    out[ox, oy] = g.sample(src.baseAddress!, stride: image.stride, width: image.width,
                                           height: image.height, start: start, x: ox, fill: fill)
                }
            }
        }
        return out
    }
}

/// Where the pixels of `GrayImage.rotated(byDegrees:expand:fill:)` come from: lets a caller map a point found in
/// the rotated image (a barcode corner, a text box) back to the unrotated image.
public struct RotationMapping: Sendable, Equatable {
    /// Size of the rotated image.
    public let outputWidth: Int, outputHeight: Int
    let cos: Double, sin: Double, srcCentreX: Double, srcCentreY: Double, outCentreX: Double, outCentreY: Double

    /// Source-image coordinates (pixel-index units, may lie outside the source) of point `(x, y)` of the rotated
    /// image.
    public func sourcePoint(x: Double, y: Double) -> PixelPoint {
        let dx = x - outCentreX, dy = y - outCentreY
        return PixelPoint(x: srcCentreX + dx * cos - dy * sin, y: srcCentreY + dx * sin + dy * cos)
    }
}

extension GrayImage {
    /// The geometry of `rotated(byDegrees: degrees, expand: expand)` without rotating any pixels.
    /// - Throws: `ImagingError.parameterOutOfRange` for a non-finite angle.
    public func rotationMapping(byDegrees degrees: Double, expand: Bool = false) throws -> RotationMapping {
        let g = try RotationGeometry(width: width, height: height, degrees: degrees, expand: expand)
        return RotationMapping(outputWidth: g.outWidth, outputHeight: g.outHeight, cos: g.cos, sin: g.sin,
                               srcCentreX: g.srcCentreX, srcCentreY: g.srcCentreY,
                               outCentreX: g.outCentreX, outCentreY: g.outCentreY)
    }
}
