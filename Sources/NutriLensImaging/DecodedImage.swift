/// A decoded photo: grey when the source was grey, colour otherwise.
///
/// Every later stage can ask for `gray` (BT.601 luminance); the classifier wants `rgb` when there is one.
public enum DecodedImage: Sendable, Equatable {
    /// One 8-bit plane, 0 black to 255 white: a grey source, or a colour one decoded without colour
    /// (`DecodeOptions.wantColor == false`: BT.601 luma); an alpha channel is flattened onto its background first.
    case gray(GrayImage)
    /// A colour source, 8 bits a channel (the decoders give `layout == .rgb`, alpha already flattened).
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
