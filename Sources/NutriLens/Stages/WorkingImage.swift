import NutriLensImaging

/// The decoded photo as the stages see it: possibly downscaled for speed, plus the upright size of the original so
/// results report full-resolution dimensions and boxes.
struct WorkingImage: Sendable {
    /// Pixels at working resolution, upright.
    var image: DecodedImage
    /// Upright width of the original, in pixels.
    var originalWidth: Int
    /// Upright height of the original, in pixels.
    var originalHeight: Int

    /// Factor from working to original coordinates (`>= 1` when the working image was downscaled).
    var scaleToOriginal: Double { Double(originalWidth) / Double(image.width) }

    /// `rect` (working coordinates) mapped to the original image.
    func toOriginal(_ rect: PixelRect) -> PixelRect {
        let s = scaleToOriginal
        if s == 1 { return rect }
        return PixelRect(x: Int((Double(rect.x) * s).rounded()), y: Int((Double(rect.y) * s).rounded()),
                         width: Int((Double(rect.width) * s).rounded()), height: Int((Double(rect.height) * s).rounded()))
    }
}
