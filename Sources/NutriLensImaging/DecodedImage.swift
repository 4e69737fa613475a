/// A decoded photo: grey when the source was grey, colour otherwise.
///
/// Every later stage can ask for `gray` (BT.601 luminance); the classifier wants `rgb` when there is one.
public enum DecodedImage: Sendable, Equatable {
    case gray(GrayImage)
    case color(RGBImage)

    /// Width in pixels of the upright image.
    public var width: Int {
        switch self { case .gray(let g): return g.width; case .color(let c): return c.width }
    }

    /// Height in pixels of the upright image.
    public var height: Int {
        switch self { case .gray(let g): return g.height; case .color(let c): return c.height }
    }
}

extension DecodedImage {
    /// The luminance plane: the grey image itself, or BT.601 luma of the colour image (alpha ignored).
    public var grayscale: GrayImage {
        switch self {
        case .gray(let g): return g
        case .color(let c): return c.luminance()
        }
    }
}
