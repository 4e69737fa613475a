import NutriLensImaging

extension OCRStrategy {
    /// Skew at which a levelled reading straightens the page, in degrees. Tesseract's line finding copes with a degree
    /// or so; at 4–7 degrees the rows of a ruled table run into each other and nothing is read (TestImages
    /// `deg_rotate_small_*`).
    static let minimumSkewDegrees = 1.0
    /// Below this `SkewEstimate.confidence` there is no line structure worth trusting (photos of food, blank pages).
    static let minimumSkewConfidence = 0.1

    /// `page` with its text lines levelled (`NutriLensImaging.estimateSkew`, ±10 degrees, then a bilinear rotation that
    /// keeps every pixel) and the mapping back to `page`; `nil` when the page is level or shows no line structure.
    static func levelled(_ page: GrayImage) -> (image: GrayImage, mapping: RotationMapping)? {
        guard let skew = try? page.estimateSkew(), abs(skew.angle) >= minimumSkewDegrees,
              skew.confidence >= minimumSkewConfidence,
              let level = try? page.rotated(byDegrees: -skew.angle, expand: true),
              let mapping = try? page.rotationMapping(byDegrees: -skew.angle, expand: true) else { return nil }
        return (level, mapping)
    }
}
