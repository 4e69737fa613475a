extension GrayImage {
    /// The pixels inside `rect` (top-left origin) as a new packed image of size `rect.width x rect.height`.
    /// Rows are copied with `memcpy`-speed block moves.
    /// - Throws: `ImagingError.cropOutOfBounds` if `rect` is empty or not entirely inside the image.
    public func cropped(to rect: PixelRect) throws -> GrayImage {
        try Self.checkCrop(rect, width, height)
        let w = rect.width, stride = self.stride
        let out = pixels.withUnsafeBytes { buf in
            makeBytes(count: w * rect.height) { dst in
                for y in 0..<rect.height {
                    (dst + y * w).copyMemory(from: buf.baseAddress! + (rect.y + y) * stride + rect.x, byteCount: w)
                }
            }
        }
        return GrayImage(width: w, height: rect.height, stride: w, pixels: out)
    }

    static func checkCrop(_ r: PixelRect, _ w: Int, _ h: Int) throws {
        guard r.width > 0, r.height > 0, r.x >= 0, r.y >= 0, r.maxX <= w, r.maxY <= h else {
            throw ImagingError.cropOutOfBounds(rect: r, width: w, height: h)
        }
    }
}

extension ScalarReference {
    /// Crop one pixel at a time. Same contract and output as `GrayImage.cropped(to:)`.
    public static func cropped(_ image: GrayImage, to rect: PixelRect) throws -> GrayImage {
        try GrayImage.checkCrop(rect, image.width, image.height)
        var out = GrayImage(width: rect.width, height: rect.height, fill: 0)
        for y in 0..<rect.height { for x in 0..<rect.width { out[x, y] = image[rect.x + x, rect.y + y] } }
        return out
    }
}
