// A histogram is a scatter (each pixel increments a data-dependent bin), which no portable SIMD instruction set
// vectorises. The kernel instead reads 8 pixels per 64-bit load and spreads increments over four sub-histograms so
// consecutive equal pixels do not serialise on one counter; that is what the speed-up here comes from.

extension GrayImage {
    /// Pixel counts per grey level: element `v` is the number of pixels equal to `v` (256 elements, summing to
    /// `width * height`). Equals `ScalarReference.histogram(_:)`.
    public func histogram() -> [Int] {
        var sub = [UInt32](repeating: 0, count: 4 * 256)
        let w = width, h = height, stride = self.stride
        pixels.withUnsafeBytes { buf in
            sub.withUnsafeMutableBufferPointer { hist in
                let src = buf.baseAddress!, hp = hist.baseAddress!
                for y in 0..<h {
                    let row = src + y &* stride
                    var x = 0
                    while x &+ 8 <= w {
                        let v = row.loadUnaligned(fromByteOffset: x, as: UInt64.self)
                        hp[Int(v & 0xFF)] &+= 1
                        hp[256 + Int((v >> 8) & 0xFF)] &+= 1
                        hp[512 + Int((v >> 16) & 0xFF)] &+= 1
                        hp[768 + Int((v >> 24) & 0xFF)] &+= 1
                        hp[Int((v >> 32) & 0xFF)] &+= 1
                        hp[256 + Int((v >> 40) & 0xFF)] &+= 1
                        hp[512 + Int((v >> 48) & 0xFF)] &+= 1
                        hp[768 + Int(v >> 56)] &+= 1
                        x &+= 8
                    }
                    let r = row.assumingMemoryBound(to: UInt8.self)
                    while x < w { hp[Int(r[x])] &+= 1; x &+= 1 }
                }
            }
        }
        // A UInt32 sub-count could only wrap past 2^32 equal pixels in one quarter: no addressable image has that.
        var hist = [Int](repeating: 0, count: 256)
        for v in 0..<256 {
            let a = Int(sub[v]) + Int(sub[256 + v])
            hist[v] = a + Int(sub[512 + v]) + Int(sub[768 + v])
        }
        return hist
    }
}

extension ScalarReference {
    /// Pixel counts per grey level, one pixel at a time. Same output as `GrayImage.histogram()`.
    public static func histogram(_ image: GrayImage) -> [Int] {
        var hist = [Int](repeating: 0, count: 256)
        for y in 0..<image.height { for x in 0..<image.width { hist[Int(image[x, y])] += 1 } }
        return hist
    }
}
