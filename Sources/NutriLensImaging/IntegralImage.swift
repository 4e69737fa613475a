// Summed-area tables (Crow, SIGGRAPH 1984; Viola & Jones, CVPR 2001). Entries are UInt32 with wrapping
// arithmetic: the four-corner difference of a rectangle is computed modulo 2^32, so it is exact whenever the true
// rectangle sum is below 2^32 even though whole-image totals overflow. That halves the memory of 64-bit tables.

/// Integral images of the pixel values and of their squares, for O(1) box sums (Sauvola, box filters).
///
/// Shape: `(width + 1) x (height + 1)` entries, row-major; entry `(x, y)` is the sum over pixels `x' < x, y' < y`,
/// modulo 2^32 (row 0 and column 0 are zero).
public struct IntegralImage: Sendable {
    /// Source width in pixels.
    public let width: Int
    /// Source height in pixels.
    public let height: Int
    /// Pixel-value table, `(width + 1) * (height + 1)` entries.
    public let sums: [UInt32]
    /// Squared-value table, same shape.
    public let squaredSums: [UInt32]

    /// Builds both tables, 8 pixels per step (in-register prefix scan along the row plus the row above).
    /// `image`: any size. A rectangle's four-corner difference is exact while its true sum is below 2^32: any
    /// rectangle of up to 16.8 M pixels for `sums`, up to 66 051 pixels for `squaredSums` (255² each); Sauvola's
    /// radius limit (`GrayImage.maxSauvolaRadius`) keeps its windows inside that.
    public init(_ image: GrayImage) {
        width = image.width
        height = image.height
        let n = (image.width + 1) * (image.height + 1), rowLen = image.width + 1
        // Row 0 is zeroed here; `accumulate` writes every entry of the other rows, so no full-table zero fill.
        func table(_ fill: (UnsafeMutablePointer<UInt32>) -> Void) -> [UInt32] {
            [UInt32](unsafeUninitializedCapacity: n) { buf, count in
                buf.baseAddress!.initialize(repeating: 0, count: rowLen)
                fill(buf.baseAddress!)
                count = n
            }
        }
        var q = [UInt32]()
        let s = table { sb in
            q = table { qb in
                image.pixels.withUnsafeBytes { src in
                    for y in 0..<image.height {
                        IntegralRows.accumulate(src.baseAddress! + y * image.stride, width: image.width,
                                                previousSums: sb + y * rowLen, previousSquares: qb + y * rowLen,
                                                sums: sb + (y + 1) * rowLen, squares: qb + (y + 1) * rowLen)
                    }
                }
            }
        }
        sums = s
        squaredSums = q
    }

    /// Sum of the pixels in `rect` (which must lie inside the image). Exact for every rectangle (its true sum is
    /// at most `255 * width * height < 2^32` for any image below 16.8 megapixels, and taken modulo 2^32 above).
    @inlinable public func sum(of rect: PixelRect) -> UInt32 { Self.box(sums, width + 1, rect) }

    /// Sum of squared pixels in `rect`. Exact when `rect.width * rect.height <= 66051` (true sum < 2^32).
    @inlinable public func squaredSum(of rect: PixelRect) -> UInt32 { Self.box(squaredSums, width + 1, rect) }

    @inlinable static func box(_ t: [UInt32], _ rowLen: Int, _ r: PixelRect) -> UInt32 {
        t[r.maxY * rowLen + r.maxX] &- t[r.y * rowLen + r.maxX] &- t[r.maxY * rowLen + r.x] &+ t[r.y * rowLen + r.x]
    }
}

enum IntegralRows {
    /// Next integral row from the previous one and a pixel row: `sums[x+1] = previousSums[x+1] + sum(row[0...x])`
    /// (and the same for squares); `sums[0] = 0`.
    @inline(__always)
    static func accumulate(_ row: UnsafeRawPointer, width w: Int,
                           previousSums: UnsafePointer<UInt32>, previousSquares: UnsafePointer<UInt32>,
                           sums: UnsafeMutablePointer<UInt32>, squares: UnsafeMutablePointer<UInt32>) {
        sums[0] = 0
        squares[0] = 0
        let ps = UnsafeRawPointer(previousSums + 1), pq = UnsafeRawPointer(previousSquares + 1)
        let os = UnsafeMutableRawPointer(sums + 1), oq = UnsafeMutableRawPointer(squares + 1)
        var carry = SIMD8<UInt32>(), carryQ = SIMD8<UInt32>()
        var x = 0
        while x &+ 8 <= w {
            let b: SIMD8<UInt8> = row.vector(at: x)
            let p = SIMD8<UInt32>(UInt32(b[0]), UInt32(b[1]), UInt32(b[2]), UInt32(b[3]),
                                  UInt32(b[4]), UInt32(b[5]), UInt32(b[6]), UInt32(b[7]))
            let s = prefixSum(p) &+ carry, q = prefixSum(p &* p) &+ carryQ
            os.storeVector(s &+ ps.vector(at: x &* 4, as: SIMD8<UInt32>.self), at: x &* 4)
            oq.storeVector(q &+ pq.vector(at: x &* 4, as: SIMD8<UInt32>.self), at: x &* 4)
            carry = SIMD8(repeating: s[7])
            carryQ = SIMD8(repeating: q[7])
            x &+= 8
        }
        var s = carry[0], q = carryQ[0]
        let r = row.assumingMemoryBound(to: UInt8.self)
        while x < w {
            let p = UInt32(r[x])
            s &+= p
            q &+= p &* p
            sums[x &+ 1] = previousSums[x &+ 1] &+ s
            squares[x &+ 1] = previousSquares[x &+ 1] &+ q
            x &+= 1
        }
    }

    /// Inclusive prefix sum across the 8 lanes in three shift-and-add steps (Hillis-Steele scan).
    @inline(__always)
    static func prefixSum(_ v: SIMD8<UInt32>) -> SIMD8<UInt32> {
        var v = v
        v &+= SIMD8(0, v[0], v[1], v[2], v[3], v[4], v[5], v[6])
        v &+= SIMD8(0, 0, v[0], v[1], v[2], v[3], v[4], v[5])
        v &+= SIMD8(0, 0, 0, 0, v[0], v[1], v[2], v[3])
        return v
    }
}

extension ScalarReference {
    /// Integral tables computed with the textbook recurrence `I(x, y) = p + I(x-1, y) + I(x, y-1) - I(x-1, y-1)`,
    /// one pixel at a time, as `(sums, squaredSums)` in the layout of `IntegralImage`.
    public static func integralTables(_ image: GrayImage) -> (sums: [UInt32], squaredSums: [UInt32]) {
        let rowLen = image.width + 1
        var s = [UInt32](repeating: 0, count: rowLen * (image.height + 1)), q = s
        for y in 1...image.height {
            for x in 1...image.width {
                let p = UInt32(image[x - 1, y - 1]), i = y * rowLen + x
                s[i] = p &+ s[i - 1] &+ s[i - rowLen] &- s[i - rowLen - 1]
                q[i] = p &* p &+ q[i - 1] &+ q[i - rowLen] &- q[i - rowLen - 1]
            }
        }
        return (s, q)
    }
}
