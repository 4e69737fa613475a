// Quarter-turn rotations. 90/270 are transposes: 16x16 byte tiles are transposed in registers with four rounds of
// byte interleaves (each round rotates the 8-bit (row, column) index left by one bit, so four rounds swap row and
// column; Eklundh's transpose), then written out, reversed for clockwise. Edge strips narrower than a tile are
// copied pixel by pixel.

/// A rotation by a multiple of 90 degrees, clockwise as displayed (y down).
public enum QuarterTurn: Int, Sendable, CaseIterable {
    /// Identity.
    case none = 0
    /// 90 degrees clockwise: pixel `(x, y)` moves to `(height - 1 - y, x)`; output is `height x width`.
    case clockwise = 1
    /// 180 degrees: `(x, y)` moves to `(width - 1 - x, height - 1 - y)`.
    case halfTurn = 2
    /// 90 degrees counter-clockwise (270 clockwise): `(x, y)` moves to `(y, width - 1 - x)`.
    case counterClockwise = 3

    /// The turn that is `quarterTurns` clockwise quarter turns (any integer, negative = counter-clockwise).
    public init(clockwiseQuarterTurns quarterTurns: Int) {
        self = QuarterTurn(rawValue: ((quarterTurns % 4) + 4) % 4)!
    }

    /// Where source pixel `(x, y)` of a `width x height` image lands.
    @inlinable public func destination(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int) {
        switch self {
        case .none: return (x, y)
        case .clockwise: return (height - 1 - y, x)
        case .halfTurn: return (width - 1 - x, height - 1 - y)
        case .counterClockwise: return (y, width - 1 - x)
        }
    }
}

extension GrayImage {
    /// This image rotated by `turn` (see `QuarterTurn` for the pixel mapping). Output is packed; its size is
    /// `height x width` for the 90-degree turns. Equals `ScalarReference.rotated(_:by:)`.
    public func rotated(by turn: QuarterTurn) -> GrayImage {
        switch turn {
        case .none: return packed()
        case .halfTurn: return rotatedHalfTurn()
        case .clockwise, .counterClockwise: return transposed(clockwise: turn == .clockwise)
        }
    }

    private func rotatedHalfTurn() -> GrayImage {
        let w = width, h = height, stride = self.stride
        let out = pixels.withUnsafeBytes { buf in
            makeBytes(count: w * h) { dst in
                let src = buf.baseAddress!
                for y in 0..<h {
                    let row = src + y &* stride, d = dst + (h &- 1 &- y) &* w
                    var x = 0
                    while x &+ 16 <= w {
                        d.storeVector(reversed(row.vector(at: x, as: SIMD16<UInt8>.self)), at: w &- 16 &- x)
                        x &+= 16
                    }
                    let r = row.assumingMemoryBound(to: UInt8.self), o = d.assumingMemoryBound(to: UInt8.self)
                    while x < w { o[w &- 1 &- x] = r[x]; x &+= 1 }
                }
            }
        }
        return GrayImage(width: w, height: h, stride: w, pixels: out)
    }

    private func transposed(clockwise: Bool) -> GrayImage {
        let w = width, h = height, stride = self.stride
        let turn: QuarterTurn = clockwise ? .clockwise : .counterClockwise
        let out = pixels.withUnsafeBytes { buf in
            makeBytes(count: w * h) { dst in
                let src = buf.baseAddress!
                let s = src.assumingMemoryBound(to: UInt8.self), d = dst.assumingMemoryBound(to: UInt8.self)
                // Output rows are `h` bytes long.
                let tilesX = w / 16, tilesY = h / 16
                for ty in 0..<tilesY {
                    let y0 = ty * 16
                    for tx in 0..<tilesX {
                        let x0 = tx * 16
                        var t = Tile16(src + (y0 &* stride &+ x0), stride: stride)
                        t.transpose()
                        // t.rows[j] = source column x0 + j, rows y0...y0+15 top to bottom.
                        for j in 0..<16 {
                            if clockwise {
                                dst.storeVector(reversed(t.row(j)), at: (x0 &+ j) &* h &+ (h &- 16 &- y0))
                            } else {
                                dst.storeVector(t.row(j), at: (w &- 1 &- x0 &- j) &* h &+ y0)
                            }
                        }
                    }
                }
                // Right strip (columns past the last full tile) and bottom strip, pixel by pixel.
                func move(_ x: Int, _ y: Int) {
                    let p = turn.destination(x: x, y: y, width: w, height: h)
                    d[p.y &* h &+ p.x] = s[y &* stride &+ x]
                }
                for y in 0..<(tilesY * 16) { for x in (tilesX * 16)..<w { move(x, y) } }
                for y in (tilesY * 16)..<h { for x in 0..<w { move(x, y) } }
            }
        }
        return GrayImage(width: h, height: w, stride: h, pixels: out)
    }
}

/// The 16 lanes in reverse order.
@inline(__always) func reversed(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
    SIMD16<UInt8>(v[15], v[14], v[13], v[12], v[11], v[10], v[9], v[8], v[7], v[6], v[5], v[4], v[3], v[2], v[1], v[0])
}

/// A 16x16 byte tile held in 16 vectors.
struct Tile16 {
    var r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15: SIMD16<UInt8>

    @inline(__always) init(_ p: UnsafeRawPointer, stride: Int) {
        r0 = p.vector(at: 0); r1 = p.vector(at: stride); r2 = p.vector(at: 2 * stride)
        r3 = p.vector(at: 3 * stride); r4 = p.vector(at: 4 * stride); r5 = p.vector(at: 5 * stride)
        r6 = p.vector(at: 6 * stride); r7 = p.vector(at: 7 * stride); r8 = p.vector(at: 8 * stride)
        r9 = p.vector(at: 9 * stride); r10 = p.vector(at: 10 * stride); r11 = p.vector(at: 11 * stride)
        r12 = p.vector(at: 12 * stride); r13 = p.vector(at: 13 * stride); r14 = p.vector(at: 14 * stride)
        r15 = p.vector(at: 15 * stride)
    }

    @inline(__always) func row(_ j: Int) -> SIMD16<UInt8> {
        switch j {
        case 0: return r0; case 1: return r1; case 2: return r2; case 3: return r3
        case 4: return r4; case 5: return r5; case 6: return r6; case 7: return r7
        case 8: return r8; case 9: return r9; case 10: return r10; case 11: return r11
        case 12: return r12; case 13: return r13; case 14: return r14; default: return r15
        }
    }

    /// Row i pairs with row i + 8: low halves interleaved become row 2i, high halves row 2i + 1.
    @inline(__always) mutating func round() {
        let n0 = lo(r0, r8), n1 = hi(r0, r8), n2 = lo(r1, r9), n3 = hi(r1, r9)
        let n4 = lo(r2, r10), n5 = hi(r2, r10), n6 = lo(r3, r11), n7 = hi(r3, r11)
        let n8 = lo(r4, r12), n9 = hi(r4, r12), n10 = lo(r5, r13), n11 = hi(r5, r13)
        let n12 = lo(r6, r14), n13 = hi(r6, r14), n14 = lo(r7, r15), n15 = hi(r7, r15)
        r0 = n0; r1 = n1; r2 = n2; r3 = n3; r4 = n4; r5 = n5; r6 = n6; r7 = n7
        r8 = n8; r9 = n9; r10 = n10; r11 = n11; r12 = n12; r13 = n13; r14 = n14; r15 = n15
    }

    @inline(__always) mutating func transpose() { round(); round(); round(); round() }

    @inline(__always) func lo(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
        SIMD16(a[0], b[0], a[1], b[1], a[2], b[2], a[3], b[3], a[4], b[4], a[5], b[5], a[6], b[6], a[7], b[7])
    }

    @inline(__always) func hi(_ a: SIMD16<UInt8>, _ b: SIMD16<UInt8>) -> SIMD16<UInt8> {
        SIMD16(a[8], b[8], a[9], b[9], a[10], b[10], a[11], b[11], a[12], b[12], a[13], b[13], a[14], b[14], a[15], b[15])
    }
}

extension ScalarReference {
    /// Quarter-turn rotation moving one pixel at a time with `QuarterTurn.destination`. Same output as
    /// `GrayImage.rotated(by:)`.
    public static func rotated(_ image: GrayImage, by turn: QuarterTurn) -> GrayImage {
        let swap = turn == .clockwise || turn == .counterClockwise
        var out = GrayImage(width: swap ? image.height : image.width, height: swap ? image.width : image.height, fill: 0)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = turn.destination(x: x, y: y, width: image.width, height: image.height)
                out[p.x, p.y] = image[x, y]
            }
        }
        return out
    }
}
