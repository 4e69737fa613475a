/// Channel layout of an interleaved 8-bit colour buffer.
public enum ColorLayout: Int, Sendable, Equatable {
    /// Red, green, blue: 3 bytes per pixel.
    case rgb = 3
    /// Red, green, blue, alpha (straight, not premultiplied): 4 bytes per pixel.
    case rgba = 4
    /// Blue, green, red, alpha: 4 bytes per pixel (common camera/CoreVideo frame order).
    case bgra = 5

    /// Bytes per pixel: 3 for `.rgb`, 4 otherwise.
    @inlinable public var bytesPerPixel: Int { self == .rgb ? 3 : 4 }
}

/// An 8-bit-per-channel interleaved colour image, row-major, top row first.
///
/// Shape: `height` rows of `stride` bytes; each row holds `width * layout.bytesPerPixel` pixel bytes then padding.
/// Values are sRGB-encoded 0...255.
public struct RGBImage: Sendable, Equatable {
    /// Width in pixels, `> 0`.
    public let width: Int
    /// Height in pixels, `> 0`.
    public let height: Int
    /// Bytes from one row start to the next, `>= width * layout.bytesPerPixel`.
    public let stride: Int
    /// Channel order.
    public let layout: ColorLayout
    /// `stride * height` bytes.
    public var pixels: [UInt8]

    /// Wraps existing interleaved bytes.
    /// - Precondition: positive size, `stride >= width * layout.bytesPerPixel`, `pixels.count >= stride * height`.
    public init(width: Int, height: Int, layout: ColorLayout = .rgb, stride: Int? = nil, pixels: [UInt8]) {
        let stride = stride ?? width * layout.bytesPerPixel
        precondition(width > 0 && height > 0 && stride >= width * layout.bytesPerPixel,
                     "invalid RGBImage geometry \(width)x\(height) stride \(stride)")
        precondition(pixels.count >= stride * height, "RGBImage buffer too small")
        self.width = width
        self.height = height
        self.stride = stride
        self.layout = layout
        self.pixels = pixels
    }

    /// Red, green, blue (and alpha, 255 when the layout has none) of the pixel at (`x`, `y`).
    @inlinable public func rgba(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let o = y * stride + x * layout.bytesPerPixel
        switch layout {
        case .rgb: return (pixels[o], pixels[o + 1], pixels[o + 2], 255)
        case .rgba: return (pixels[o], pixels[o + 1], pixels[o + 2], pixels[o + 3])
        case .bgra: return (pixels[o + 2], pixels[o + 1], pixels[o], pixels[o + 3])
        }
    }
}
