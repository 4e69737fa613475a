extension GrayImage {
    /// Photographic negative, `255 - p` per pixel (light-on-dark text becomes dark-on-light for OCR/ZBar).
    /// Returns a packed image of the same size; equals `ScalarReference.inverted(_:)`.
    public func inverted() -> GrayImage {
        let w = width, h = height, stride = self.stride
        let out = pixels.withUnsafeBytes { buf in
            makeBytes(count: w * h) { dst in
                let src = buf.baseAddress!
                for y in 0..<h {
                    let row = src + y * stride, d = dst + y * w
                    var x = 0
                    while x + 16 <= w {
                        d.storeVector(~row.vector(at: x, as: SIMD16<UInt8>.self), at: x)
                        x += 16
                    }
                    let r = row.assumingMemoryBound(to: UInt8.self), o = d.assumingMemoryBound(to: UInt8.self)
                    while x < w { o[x] = ~r[x]; x += 1 }
                }
            }
        }
        return GrayImage(width: w, height: h, stride: w, pixels: out)
    }
}

extension ScalarReference {
    /// `255 - p` one pixel at a time. Same output as `GrayImage.inverted()`.
    public static func inverted(_ image: GrayImage) -> GrayImage {
        var out = GrayImage(width: image.width, height: image.height, fill: 0)
        for y in 0..<image.height { for x in 0..<image.width { out[x, y] = 255 - image[x, y] } }
        return out
    }
}
