// Unaligned vector loads/stores used by the kernels. Swift's `loadUnaligned` / `storeBytes` lower to single
// movdqu / ldr q instructions, so kernels can walk rows that start at any byte offset (odd strides, crops).

extension UnsafeRawPointer {
    @inline(__always) func vector<V: SIMD>(at byteOffset: Int, as: V.Type = V.self) -> V {
        loadUnaligned(fromByteOffset: byteOffset, as: V.self)
    }
}

extension UnsafeMutableRawPointer {
    @inline(__always) func vector<V: SIMD>(at byteOffset: Int, as: V.Type = V.self) -> V {
        UnsafeRawPointer(self).loadUnaligned(fromByteOffset: byteOffset, as: V.self)
    }

    @inline(__always) func storeVector<V: SIMD>(_ v: V, at byteOffset: Int) {
        storeBytes(of: v, toByteOffset: byteOffset, as: V.self)
    }
}

/// A new byte array of `count` bytes whose contents are written by `body` (no zero-fill first).
@inline(__always)
func makeBytes(count: Int, _ body: (UnsafeMutableRawPointer) -> Void) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: count) { buf, initialized in
        if count > 0 { body(UnsafeMutableRawPointer(buf.baseAddress!)) }
        initialized = count
    }
}

// Lane conversions spelled out lane by lane: LLVM folds these into pack/convert instructions, whereas the generic
// `init(truncatingIfNeeded:)` / `init(_:rounding:)` of the standard library stay out-of-line calls in hot loops.

/// Low byte of each lane (UInt16 or UInt32 lanes).
@inline(__always) func narrowToBytes<T: FixedWidthInteger & SIMDScalar>(_ v: SIMD16<T>) -> SIMD16<UInt8> {
    SIMD16<UInt8>(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]), UInt8(truncatingIfNeeded: v[2]),
                  UInt8(truncatingIfNeeded: v[3]), UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
                  UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]), UInt8(truncatingIfNeeded: v[8]),
                  UInt8(truncatingIfNeeded: v[9]), UInt8(truncatingIfNeeded: v[10]), UInt8(truncatingIfNeeded: v[11]),
                  UInt8(truncatingIfNeeded: v[12]), UInt8(truncatingIfNeeded: v[13]),
                  UInt8(truncatingIfNeeded: v[14]), UInt8(truncatingIfNeeded: v[15]))
}

/// Low byte of each lane.
@inline(__always) func narrowToBytes(_ v: SIMD8<UInt32>) -> SIMD8<UInt8> {
    SIMD8<UInt8>(UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]), UInt8(truncatingIfNeeded: v[2]),
                 UInt8(truncatingIfNeeded: v[3]), UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
                 UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]))
}

/// Low 16 bits of each lane.
@inline(__always) func lowHalves(_ v: SIMD8<Int32>) -> SIMD8<UInt16> {
    SIMD8<UInt16>(UInt16(truncatingIfNeeded: v[0]), UInt16(truncatingIfNeeded: v[1]), UInt16(truncatingIfNeeded: v[2]),
                  UInt16(truncatingIfNeeded: v[3]), UInt16(truncatingIfNeeded: v[4]), UInt16(truncatingIfNeeded: v[5]),
                  UInt16(truncatingIfNeeded: v[6]), UInt16(truncatingIfNeeded: v[7]))
}

/// Zero-extends bytes to 16-bit lanes.
@inline(__always) func widen(_ v: SIMD16<UInt8>) -> SIMD16<UInt16> {
    SIMD16<UInt16>(UInt16(v[0]), UInt16(v[1]), UInt16(v[2]), UInt16(v[3]), UInt16(v[4]), UInt16(v[5]),
                   UInt16(v[6]), UInt16(v[7]), UInt16(v[8]), UInt16(v[9]), UInt16(v[10]), UInt16(v[11]),
                   UInt16(v[12]), UInt16(v[13]), UInt16(v[14]), UInt16(v[15]))
}

/// Zero-extends 16-bit lanes to 32 bits.
@inline(__always) func widen(_ v: SIMD8<UInt16>) -> SIMD8<UInt32> {
    SIMD8<UInt32>(UInt32(v[0]), UInt32(v[1]), UInt32(v[2]), UInt32(v[3]), UInt32(v[4]), UInt32(v[5]),
                  UInt32(v[6]), UInt32(v[7]))
}

/// Floor of non-negative Float lanes below 2^22, as integers, in vector instructions only: adding and subtracting
/// 2^23 rounds to the nearest integer (every Float in [2^23, 2^24) is one), a lane that rounded up steps down, and the
/// bits of `2^23 + n` are those of 2^23 plus `n`. (A lane-wise `UInt32(v[i])` keeps a range check per lane in a
/// safe build and stays eight scalar conversions.)
@inline(__always) func floorToUInt32(_ v: SIMD8<Float>) -> SIMD8<UInt32> {
    let magic = SIMD8<Float>(repeating: 8_388_608)
    let nearest = (v + magic) - magic
    let floor = nearest.replacing(with: nearest - 1, where: nearest .> v)
    return unsafeBitCast(floor + magic, to: SIMD8<UInt32>.self) &- 0x4B00_0000
}

/// Lane-wise UInt32 -> Float (exact below 2^24).
@inline(__always) func toFloat(_ v: SIMD8<UInt32>) -> SIMD8<Float> {
    SIMD8<Float>(Float(Int32(bitPattern: v[0])), Float(Int32(bitPattern: v[1])), Float(Int32(bitPattern: v[2])),
                 Float(Int32(bitPattern: v[3])), Float(Int32(bitPattern: v[4])), Float(Int32(bitPattern: v[5])),
                 Float(Int32(bitPattern: v[6])), Float(Int32(bitPattern: v[7])))
}

/// Lane-wise UInt32 -> Float over the full unsigned range, correctly rounded like scalar `Float(UInt32)`: both
/// 16-bit halves convert exactly and `hi * 65536` is exact, so the one rounding is that of the final add.
/// (A lane-wise `Float(v[i])` stays eight scalar conversions on SSE2.)
@inline(__always) func toFloatUnsigned(_ v: SIMD8<UInt32>) -> SIMD8<Float> {
    toFloat(v &>> 16) * SIMD8<Float>(repeating: 65536) + toFloat(v & 0xFFFF)
}

extension GrayImage {
    /// A packed image whose pixels are `vector` applied to 16 source pixels at a time, `scalar` for the row tails
    /// (`scalar(p)` must equal the corresponding lane of `vector`). The loop shared by the point-wise kernels.
    @inline(__always)
    func mapPixels(_ vector: (SIMD16<UInt8>) -> SIMD16<UInt8>, _ scalar: (UInt8) -> UInt8) -> GrayImage {
        let w = width, h = height, stride = self.stride
        let out = pixels.withUnsafeBytes { buf in
            makeBytes(count: w * h) { dst in
                let src = buf.baseAddress!
                for y in 0..<h {
                    let row = src + y &* stride, d = dst + y &* w
                    var x = 0
                    while x &+ 16 <= w {
                        d.storeVector(vector(row.vector(at: x)), at: x)
                        x &+= 16
                    }
                    let r = row.assumingMemoryBound(to: UInt8.self), o = d.assumingMemoryBound(to: UInt8.self)
                    while x < w { o[x] = scalar(r[x]); x &+= 1 }
                }
            }
        }
        return GrayImage(width: w, height: h, stride: w, pixels: out)
    }
}
