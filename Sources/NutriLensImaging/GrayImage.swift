/// An 8-bit single-channel (luminance) image, row-major, top row first.
///
/// Shape: `height` rows of `stride` bytes, of which the first `width` are pixels (0 = black, 255 = white).
/// `stride >= width`; padding bytes are unspecified. This is the buffer every stage shares: ZBar reads it as `Y800`,
/// Tesseract/Leptonica as an 8 bpp grey image, without conversion.
public struct GrayImage: Sendable, Equatable {
    /// Width in pixels, `> 0`.
    public let width: Int
    /// Height in pixels, `> 0`.
    public let height: Int
    /// Bytes from the start of one row to the start of the next, `>= width`.
    public let stride: Int
    /// `stride * height` bytes.
    public var pixels: [UInt8]

    /// Wraps existing pixel bytes.
    /// - Precondition: `width > 0`, `height > 0`, `stride >= width`, `pixels.count >= stride * height`.
    public init(width: Int, height: Int, stride: Int? = nil, pixels: [UInt8]) {
        let stride = stride ?? width
        precondition(width > 0 && height > 0 && stride >= width, "invalid GrayImage geometry \(width)x\(height) stride \(stride)")
        precondition(pixels.count >= stride * height, "GrayImage buffer too small")
        self.width = width
        self.height = height
        self.stride = stride
        self.pixels = pixels
    }

    /// A new image filled with `value` (default white), tightly packed (`stride == width`).
    /// `width`, `height`: pixels, both > 0 (as for ``init(width:height:stride:pixels:)``).
    public init(width: Int, height: Int, fill value: UInt8 = 255) {
        self.init(width: width, height: height, stride: width, pixels: [UInt8](repeating: value, count: width * height))
    }

    /// The pixel at column `x`, row `y` (0-based, top-left origin).
    @inlinable public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * stride + x] }
        set { pixels[y * stride + x] = newValue }
    }

    /// A copy with `stride == width` (drops row padding); returns `self` when already packed.
    public func packed() -> GrayImage {
        if stride == width { return self }
        var out = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            out.withUnsafeMutableBufferPointer { dst in
                pixels.withUnsafeBufferPointer { src in
                    UnsafeMutableRawPointer(dst.baseAddress! + y * width)
                        .copyMemory(from: src.baseAddress! + y * stride, byteCount: width)
                }
            }
        }
        return GrayImage(width: width, height: height, stride: width, pixels: out)
    }
}
