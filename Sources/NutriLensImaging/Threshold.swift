extension GrayImage {
    /// Global binarisation: `0` (ink) where `p <= threshold`, `255` (paper) elsewhere, 16 pixels per step.
    /// Returns a packed 0/255 image of the same size; equals `ScalarReference.binarized(_:threshold:)`.
    public func binarized(threshold: UInt8) -> GrayImage {
        let t = SIMD16<UInt8>(repeating: threshold)
        let white = SIMD16<UInt8>(repeating: 255), black = SIMD16<UInt8>(repeating: 0)
        let w = width, h = height, stride = self.stride
        let out = pixels.withUnsafeBytes { buf in
            makeBytes(count: w * h) { dst in
                let src = buf.baseAddress!
                for y in 0..<h {
                    let row = src + y * stride, d = dst + y * w
                    var x = 0
                    while x + 16 <= w {
                        let p: SIMD16<UInt8> = row.vector(at: x)
                        d.storeVector(white.replacing(with: black, where: p .<= t), at: x)
                        x += 16
                    }
                    let r = row.assumingMemoryBound(to: UInt8.self), o = d.assumingMemoryBound(to: UInt8.self)
                    while x < w { o[x] = r[x] <= threshold ? 0 : 255; x += 1 }
                }
            }
        }
        return GrayImage(width: w, height: h, stride: w, pixels: out)
    }
}

extension ScalarReference {
    /// Global threshold one pixel at a time. Same output as `GrayImage.binarized(threshold:)`.
    public static func binarized(_ image: GrayImage, threshold: UInt8) -> GrayImage {
        var out = GrayImage(width: image.width, height: image.height, fill: 0)
        for y in 0..<image.height {
            for x in 0..<image.width { out[x, y] = image[x, y] <= threshold ? 0 : 255 }
        }
        return out
    }
}
