extension GrayImage {
    /// Photographic negative, `255 - p` per pixel (light-on-dark text becomes dark-on-light for OCR/ZBar).
    /// Returns a packed image of the same size; equals `ScalarReference.inverted(_:)`.
    public func inverted() -> GrayImage {
        mapPixels({ ~$0 }, { ~$0 })
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
