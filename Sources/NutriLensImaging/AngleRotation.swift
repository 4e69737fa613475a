// Rotation by an arbitrary angle with bilinear sampling. Along an output row the source coordinate moves by
// (cos, sin) per pixel, so 8 lanes of source positions are one multiply-add from the row start; the four
// neighbours are gathered lane by lane (no portable gather instruction) and blended in 16.16 fixed point.

extension GrayImage {
    /// This image rotated counter-clockwise (as displayed, y down) by `degrees` about its centre, bilinear
    /// interpolation, uncovered area filled with `fill` (default white so text stays dark-on-light).
    ///
    /// - Parameters:
    ///   - degrees: any finite angle; positive turns the content counter-clockwise. Deskewing an image whose
    ///     `estimateSkew()` is `a` means `rotated(byDegrees: -a)`.
    ///   - expand: `false` keeps `width x height` (corners are cut off); `true` grows the canvas to the rotated
    ///     bounding box so nothing is lost (what the barcode stage wants for 20-45 degree tries).
    /// - Returns: a packed image; equals `ScalarReference.rotated(_:byDegrees:expand:fill:)` exactly.
    /// - Throws: `ImagingError.parameterOutOfRange` for a non-finite angle, or for a source of 2^32 bytes or
    ///   more (vector lanes hold 32-bit offsets).
    public func rotated(byDegrees degrees: Double, expand: Bool = false, fill: UInt8 = 255) throws -> GrayImage {
        guard stride * height < 1 << 32 else {
            throw ImagingError.parameterOutOfRange(name: "bytes", value: Double(stride * height), allowed: 1...4294967295)
        }
        let g = try RotationGeometry(width: width, height: height, degrees: degrees, expand: expand)
        let w = width, h = height, stride = self.stride, ow = g.outWidth, oh = g.outHeight
        let out = pixels.withUnsafeBytes { buf in
            makeBytes(count: ow * oh) { dst in
                let src = buf.baseAddress!.assumingMemoryBound(to: UInt8.self)
                let lane = SIMD8<Float>(0, 1, 2, 3, 4, 5, 6, 7)
                let cosv = SIMD8<Float>(repeating: g.cos), sinv = SIMD8<Float>(repeating: g.sin)
                let maxX = SIMD8<Float>(repeating: Float(w) + 1), maxY = SIMD8<Float>(repeating: Float(h) + 1)
                let zero = SIMD8<Float>(), one = SIMD8<Float>(repeating: 1)
                let scale = SIMD8<Float>(repeating: 256), half = SIMD8<Float>(repeating: 0.5)
                let one32 = SIMD8<UInt32>(repeating: 1), bias = SIMD8<Float>(repeating: 32768)
                let wv = SIMD8<UInt32>(repeating: UInt32(w)), hv = SIMD8<UInt32>(repeating: UInt32(h))
                for oy in 0..<oh {
                    let start = g.rowStart(oy)
                    let d = dst + oy * ow
                    var ox = 0
                    while ox + 8 <= ow {
                        let xf = SIMD8<Float>(repeating: Float(ox)) + lane
                        // Shifted by +1 and clamped so truncation is floor and every index is in [-1, size].
                        var tx = SIMD8<Float>(repeating: start.x) + xf * cosv + one
                        var ty = SIMD8<Float>(repeating: start.y) + xf * sinv + one
                        tx = tx.replacing(with: zero, where: tx .< zero).replacing(with: maxX, where: tx .> maxX)
                        ty = ty.replacing(with: zero, where: ty .< zero).replacing(with: maxY, where: ty .> maxY)
                        let ix1 = truncateToUInt32(tx), iy1 = truncateToUInt32(ty)
                        // Lanes whose 2x2 neighbourhood touches the border or the outside take the scalar path.
                        guard all((ix1 .>= one32) .& (ix1 .< wv) .& (iy1 .>= one32) .& (iy1 .< hv)) else {
                            let o = d.assumingMemoryBound(to: UInt8.self)
                            for i in 0..<8 {
                                o[ox + i] = g.sample(src, stride: stride, width: w, height: h, start: start,
                                                     x: ox + i, fill: fill)
                            }
                            ox += 8
                            continue
                        }
                        // Integer 8-bit weights, held in Float lanes: every product and sum below is an integer
                        // < 2^24, so Float arithmetic is exact and equals the scalar integer formula.
                        let wx = toFloat(truncateToUInt32((tx - toFloat(ix1)) * scale + half))
                        let wy = toFloat(truncateToUInt32((ty - toFloat(iy1)) * scale + half))
                        // One 16-bit load per row of the 2x2 neighbourhood: low byte left pixel, high byte right.
                        @inline(__always) func pair(_ i: Int, _ extra: Int) -> UInt32 {
                            let o = (Int(iy1[i]) - 1) * stride + Int(ix1[i]) - 1 + extra
                            return UInt32(UnsafeRawPointer(src).loadUnaligned(fromByteOffset: o, as: UInt16.self))
                        }
                        let top = SIMD8<UInt32>(pair(0, 0), pair(1, 0), pair(2, 0), pair(3, 0),
                                                pair(4, 0), pair(5, 0), pair(6, 0), pair(7, 0))
                        let bottom = SIMD8<UInt32>(pair(0, stride), pair(1, stride), pair(2, stride), pair(3, stride),
                                                   pair(4, stride), pair(5, stride), pair(6, stride), pair(7, stride))
                        let p00 = toFloat(top & 0xFF), p10 = toFloat(top &>> 8)
                        let p01 = toFloat(bottom & 0xFF), p11 = toFloat(bottom &>> 8)
                        let ax = scale - wx, ay = scale - wy
                        let blended = (p00 * ax + p10 * wx) * ay + (p01 * ax + p11 * wx) * wy + bias
                        let v = truncateToUInt32(blended) &>> 16
                        d.storeVector(narrowToBytes(v), at: ox)
                        ox += 8
                    }
                    let o = d.assumingMemoryBound(to: UInt8.self)
                    while ox < ow {
                        o[ox] = g.sample(src, stride: stride, width: w, height: h, start: start, x: ox, fill: fill)
                        ox += 1
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

    /// `(x, y)` is the top-left neighbour, in `-1...width` x `-1...height`.
    @inline(__always)
    init(_ src: UnsafePointer<UInt8>, stride: Int, width w: Int, height h: Int, x: Int, y: Int, fill: UInt8) {
        @inline(__always) func at(_ px: Int, _ py: Int) -> UInt32 {
            px >= 0 && px < w && py >= 0 && py < h ? UInt32(src[py * stride + px]) : UInt32(fill)
        }
        p00 = at(x, y); p10 = at(x + 1, y); p01 = at(x, y + 1); p11 = at(x + 1, y + 1)
    }
}

/// Output size and inverse mapping of a rotation about the image centre.
struct RotationGeometry {
    let outWidth: Int, outHeight: Int
    let cos: Float, sin: Float
    let srcCentreX: Float, srcCentreY: Float, outCentreX: Float, outCentreY: Float

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
        cos = Float(c)
        sin = Float(s)
        srcCentreX = Float(width - 1) / 2
        srcCentreY = Float(height - 1) / 2
        outCentreX = Float(outWidth - 1) / 2
        outCentreY = Float(outHeight - 1) / 2
    }

    /// Source coordinate of output pixel `(0, oy)`; pixel `ox` of the row samples `start + ox * (cos, sin)`.
    /// Inverse of a counter-clockwise display rotation: `src = R(theta) (dst - c_out) + c_src` with y down.
    @inline(__always) func rowStart(_ oy: Int) -> (x: Float, y: Float) {
        let dx = -outCentreX, dy = Float(oy) - outCentreY
        return (srcCentreX + dx * cos - dy * sin, srcCentreY + dx * sin + dy * cos)
    }

    /// One output pixel with the same Float and fixed-point steps as the vector lanes.
    @inline(__always)
    func sample(_ src: UnsafePointer<UInt8>, stride: Int, width w: Int, height h: Int,
                start: (x: Float, y: Float), x ox: Int, fill: UInt8) -> UInt8 {
        let xf = Float(ox)
        let tx = min(max(start.x + xf * cos + 1, 0), Float(w) + 1)
        let ty = min(max(start.y + xf * sin + 1, 0), Float(h) + 1)
        let ix1 = UInt32(Int32(tx)), iy1 = UInt32(Int32(ty))
        let wx = UInt32(Int32((tx - Float(Int32(bitPattern: ix1))) * 256 + 0.5))
        let wy = UInt32(Int32((ty - Float(Int32(bitPattern: iy1))) * 256 + 0.5))
        let n = BilinearNeighbours(src, stride: stride, width: w, height: h, x: Int(ix1) - 1, y: Int(iy1) - 1,
                                   fill: fill)
        let ax = 256 - wx, ay = 256 - wy
        let v = n.p00 * ax * ay + n.p10 * wx * ay + n.p01 * ax * wy + n.p11 * wx * wy + 32768
        return UInt8(v >> 16)
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
                let start = g.rowStart(oy)
                for ox in 0..<g.outWidth {
                    out[ox, oy] = g.sample(src.baseAddress!, stride: image.stride, width: image.width,
                                           height: image.height, start: start, x: ox, fill: fill)
                }
            }
        }
        return out
    }
}
