extension GrayImage {
    /// Global binarisation: `0` (ink) where `p <= threshold`, `255` (paper) elsewhere, 16 pixels per step.
    /// Returns a packed 0/255 image of the same size; equals `ScalarReference.binarized(_:threshold:)`.
    public func binarized(threshold: UInt8) -> GrayImage {
        let t = SIMD16<UInt8>(repeating: threshold)
        let white = SIMD16<UInt8>(repeating: 255), black = SIMD16<UInt8>(repeating: 0)
        return mapPixels({ white.replacing(with: black, where: $0 .<= t) }, { $0 <= threshold ? 0 : 255 })
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
