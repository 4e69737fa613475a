extension GrayImage {
    /// Bilinear resize to `newWidth x newHeight` (up or down), pixel-centre aligned: output `(i, j)` samples the
    /// source at `((i + 0.5) * width / newWidth - 0.5, (j + 0.5) * height / newHeight - 0.5)`, clamped to the
    /// border pixels; interpolation weights are 8.8 fixed point, the result rounded to nearest.
    ///
    /// For shrinking by more than 2x prefer `downscaled(by:)` (area average), which does not alias. Equals
    /// `ScalarReference.resized(_:toWidth:height:)` exactly. Same idea as Leptonica's `pixScaleGrayLI`.
    /// - Throws: `ImagingError.invalidTargetSize` when either size is `< 1` or the output would exceed `2^28` pixels.
    public func resized(toWidth newWidth: Int, height newHeight: Int) throws -> GrayImage {
        try Self.checkResize(newWidth, newHeight, width, height)
        return SeparableResampler.resample(self, horizontal: .bilinear(source: width, output: newWidth),
                                           vertical: .bilinear(source: height, output: newHeight))
    }

    static func checkResize(_ w: Int, _ h: Int, _ sw: Int, _ sh: Int) throws {
        guard w >= 1, h >= 1, w <= 1 << 28, h <= 1 << 28, w * h <= 1 << 28 else {
            throw ImagingError.invalidTargetSize(width: w, height: h, sourceWidth: sw, sourceHeight: sh)
        }
    }
}

extension ScalarReference {
    /// Bilinear resize one output pixel at a time (direct 2x2 weighted sum). Same contract and output as
    /// `GrayImage.resized(toWidth:height:)`.
    public static func resized(_ image: GrayImage, toWidth newWidth: Int, height newHeight: Int) throws -> GrayImage {
        try GrayImage.checkResize(newWidth, newHeight, image.width, image.height)
        return SeparableResampler.referenceResample(image,
                                                    horizontal: .bilinear(source: image.width, output: newWidth),
                                                    vertical: .bilinear(source: image.height, output: newHeight))
    }
}
